/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The one redaction path (nodes/shared/transport/secrets.ts): known values in every form a text
 * may carry them, token-shaped text in words built from failures, and success answers scrubbed of
 * known values only (a JWT in a record is data).
 */
import {
	REDACTED,
	rememberFetchedToken,
	Secrets,
	secretLike,
} from '../../nodes/shared/transport/secrets';

const credentials = {
	baseUrl: 'https://wms.example.com/v1/',
	clientId: 'erp-client',
	clientSecret: 's3cr3t+/value"x',
	accessToken: 'opaque-token-123',
};

describe('Secrets', () => {
	it('redacts the client secret as is, URL-encoded and JSON-escaped, and the token held', () => {
		const secrets = Secrets.of(credentials);
		const text = [
			credentials.clientSecret,
			encodeURIComponent(credentials.clientSecret),
			JSON.stringify(credentials.clientSecret),
			`token ${credentials.accessToken} refused`,
		].join(' | ');
		const out = secrets.redact(text);
		expect(out).not.toContain('s3cr3t');
		expect(out).not.toContain('opaque-token-123');
		expect(out).toContain(`token ${REDACTED} refused`);
	});

	it("redacts the client's HTTP Basic credentials without their scheme, as a gateway may echo them", () => {
		const secrets = Secrets.of({ ...credentials, clientSecret: 'sec ret+1' });
		const basic = btoa('erp-client:sec ret+1');
		const formBasic = btoa('erp-client:sec+ret%2B1');
		expect(secrets.redact(`bad client ${basic} / ${formBasic}`)).toBe(
			`bad client ${REDACTED} / ${REDACTED}`,
		);
	});

	it('redacts the client key, its passphrase and the proxy password, whatever switch is off', () => {
		const key =
			'-----BEGIN PRIVATE KEY-----\n' +
			'QUJD'.repeat(16) +
			'\n' +
			'REVG'.repeat(8) +
			'\n-----END PRIVATE KEY-----\n';
		const secrets = Secrets.of({
			...credentials,
			clientKey: key,
			clientKeyPassphrase: 'pallet-Pass-1',
			proxyUser: 'lager',
			proxyPassword: 'Dock-Door-3',
		});
		expect(
			secrets.redact(`${'QUJD'.repeat(16)} pallet-Pass-1 Dock-Door-3 ${btoa('lager:Dock-Door-3')}`),
		).toBe([REDACTED, REDACTED, REDACTED, REDACTED].join(' '));
	});

	it('keeps a plain client ID, redacts one that looks like a secret', () => {
		expect(Secrets.of(credentials).redact('unknown client erp-client')).toBe(
			'unknown client erp-client',
		);
		const id = '0oa1b2c3d4e5f6g7h8i9';
		expect(secretLike(id)).toBe(true);
		expect(Secrets.of({ ...credentials, clientId: id }).redact(`client ${id}`)).toBe(
			`client ${REDACTED}`,
		);
	});

	it('knows every token this process fetched for the same client, also after the run began', () => {
		const secrets = Secrets.of(credentials);
		rememberFetchedToken('https://wms.example.com/v1', 'erp-client', 'fetched-later-token-9');
		expect(secrets.redact('token fetched-later-token-9')).toBe(`token ${REDACTED}`);
		expect(Secrets.of({ ...credentials, clientId: 'other' }).redact('fetched-later-token-9')).toBe(
			'fetched-later-token-9',
		);
	});

	it('redacts bearer headers, JWTs and secret=value pairs in failure words', () => {
		const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
		const secrets = new Secrets();
		expect(secrets.redact(`Authorization: Bearer abcdef123 and ${jwt}`)).toBe(
			`Authorization: Bearer ${REDACTED} and ${REDACTED}`,
		);
		expect(secrets.redact('url?client_secret=abc123&x=1 {"access_token": "zzz999"}')).toBe(
			`url?client_secret=${REDACTED}&x=1 {"access_token": "${REDACTED}"}`,
		);
		expect(secrets.redact(`Authorization: Basic ${btoa('user:pass')}`)).toBe(
			`Authorization: Basic ${REDACTED}`,
		);
		expect(secrets.redact('Bearer abcdefghijklmnopqrstuvwxyz')).toBe(`Bearer ${REDACTED}`);
	});

	it('leaves the words Basic and Bearer stand in a sentence', () => {
		const words =
			'Basic authentication required; set Token Request to Form Body, HTTP Basic Client Authentication';
		expect(new Secrets().redact(words)).toBe(words);
	});

	it('scrubs known values out of an answer, keeps its JWT-shaped data and the same object when clean', () => {
		const secrets = Secrets.of(credentials);
		const clean = { items: [{ label_url: 'https://x/eyJhbGciOi.eyJzdWIi.c2ln' }] };
		expect(secrets.scrub(clean)).toBe(clean);
		const echoed = { items: [{ note: `seen opaque-token-123`, [credentials.accessToken]: 1 }] };
		expect(secrets.scrub(echoed)).toEqual({ items: [{ note: `seen ${REDACTED}`, [REDACTED]: 1 }] });
	});

	it('finds a known value wherever an answer holds it: deep in lists, as a key alone, or as a number', () => {
		const secrets = new Secrets();
		secrets.add('s3cret-value');
		secrets.add('9876543210123');
		const deep = { a: [{ b: [[{ c: 'x s3cret-value y' }]] }] };
		expect(secrets.scrub(deep)).toEqual({ a: [{ b: [[{ c: `x ${REDACTED} y` }]] }] });
		expect(secrets.scrub({ results: [{ ['s3cret-value']: true }] })).toEqual({
			results: [{ [REDACTED]: true }],
		});
		expect(secrets.scrub({ id: 9876543210123, count: 3 })).toEqual({ id: REDACTED, count: 3 });
		const clean = { results: [{ index: 0, key: 's3cret', status: 'created' }] };
		expect(secrets.scrub(clean)).toBe(clean);
	});
});
