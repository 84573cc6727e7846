/**
 * The credential's site settings read and checked (PEM as people paste it, the proxy, the hosts that
 * bypass it), the request options they become, and the words for each way a connection fails.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { encryptKey, issue, makeAuthority } from '../../dev/simulator/certificates';
import { CERTIFICATES, PRIVATE_KEY, readPem } from '../../nodes/shared/transport/pem';
import {
	connectionOptions,
	readSite,
	siteSecrets,
	summaryOf,
	withConnection,
	type Site,
} from '../../nodes/shared/transport/site';
import { siteProblem } from '../../nodes/shared/transport/siteProblems';

const ca = makeAuthority('Unit CA');
const leaf = issue(ca, { commonName: 'leaf', hosts: ['localhost'] });
const asCa = { field: 'CA Certificate', ...CERTIFICATES };
const asKey = { field: 'Client Key', ...PRIVATE_KEY };
const pemOf = (result: ReturnType<typeof readPem>) =>
	'pem' in result ? result.pem : result.problem;
interface ProxyExpected {
	protocol?: string;
	host: string;
	port?: number;
	auth?: { username: string; password: string };
}
const siteOf = (fields: ICredentialDataDecryptedObject): Site => {
	const site = readSite(fields);
	if ('problem' in site) throw new Error(site.problem);
	return site;
};

describe('PEM as people paste it', () => {
	it.each([
		['as the file has it', (pem: string) => pem],
		['on one line (a single-line field)', (pem: string) => pem.replace(/\n/g, ' ')],
		['with \\n written out (an environment variable)', (pem: string) => pem.replace(/\n/g, '\\n')],
		['with CRLF line ends', (pem: string) => pem.replace(/\n/g, '\r\n')],
		[
			'with openssl Bag Attributes around it',
			(pem: string) => `Bag Attributes\n    friendlyName: ca\n${pem}`,
		],
	])('a certificate %s is read as OpenSSL wants it', (_, paste) => {
		expect(pemOf(readPem(paste(ca.cert), asCa))).toBe(ca.cert.replace(/\r/g, ''));
	});

	it('a chain keeps every certificate, in order', () => {
		expect(pemOf(readPem(`${leaf.cert}${ca.cert}`.replace(/\n/g, ' '), asCa))).toBe(
			`${leaf.cert}${ca.cert}`,
		);
	});

	it('an encrypted key in the legacy format keeps its headers when flattened', () => {
		const legacy = [
			'-----BEGIN RSA PRIVATE KEY-----',
			'Proc-Type: 4,ENCRYPTED',
			'DEK-Info: AES-256-CBC,0123456789ABCDEF0123456789ABCDEF',
			'',
			'QUJDREVGR0g=',
			'-----END RSA PRIVATE KEY-----',
			'',
		].join('\n');
		expect(pemOf(readPem(legacy.replace(/\n/g, ' '), asKey))).toBe(legacy);
	});

	it.each([
		['', asCa, 'CA Certificate is empty: paste the text from -----BEGIN CERTIFICATE-----'],
		['just some text', asCa, 'CA Certificate holds no PEM block where a certificate belongs'],
		[leaf.key, asCa, 'CA Certificate holds a private key where a certificate belongs'],
		[ca.cert, asKey, 'Client Key holds a certificate where a private key belongs'],
		[
			'-----BEGIN CERTIFICATE-----\nnot*base64!\n-----END CERTIFICATE-----',
			asCa,
			'CA Certificate is not readable PEM',
		],
	])('%#: a field that does not hold what it is named for says so', (raw, kind, words) => {
		const result = readPem(raw, kind);
		expect(pemOf(result)).toMatch(new RegExp(`^${words.replace(/[()*.]/g, '\\$&')}`));
		// A key pasted into the wrong field is a secret all the same: the words never quote it.
		if (raw.length > 100) expect(pemOf(result)).not.toContain(raw.split('\n')[1]);
	});
});

describe('the site settings of a credential', () => {
	it('a credential saved before these fields adds nothing to a request', () => {
		const site = siteOf({
			baseUrl: 'https://wms.example.com/v1',
			clientId: 'a',
			clientSecret: 'b',
		});
		expect(connectionOptions(site, 'https://wms.example.com/v1/oauth/token')).toEqual({});
		expect(summaryOf(site, 'https://wms.example.com/v1')).toEqual({
			privateCa: false,
			clientCertificate: false,
			proxy: undefined,
			proxyUser: false,
			ignoreCertificateErrors: false,
		});
	});

	it('fields of a group left off are not used, however filled in', () => {
		const site = siteOf({ caCertificate: 'junk', proxyUrl: 'socks5://x', clientKey: 'junk' });
		expect(connectionOptions(site, 'https://wms.example.com/v1')).toEqual({});
	});

	it('CA, client certificate with its passphrase, and certificate checks off become agent options', () => {
		const key = encryptKey(leaf.key, 'pallet-Pass-1');
		const fields = {
			trustPrivateCa: true,
			caCertificate: ca.cert,
			useClientCertificate: true,
			clientCertificate: leaf.cert,
			clientKey: key,
			clientKeyPassphrase: 'pallet-Pass-1',
			ignoreCertificateErrors: true,
		};
		const site = siteOf(fields);
		expect(connectionOptions(site, 'https://wms.example.com/v1')).toEqual({
			agentOptions: {
				ca: ca.cert,
				cert: leaf.cert,
				key,
				passphrase: 'pallet-Pass-1',
				rejectUnauthorized: false,
			},
			skipSslCertificateValidation: true,
		});
		expect(siteSecrets(fields)).toEqual(
			expect.arrayContaining([key, 'pallet-Pass-1', key.split('\n')[3]]),
		);
		expect(siteSecrets(fields)).not.toContain(ca.cert);
	});

	it('the key, its passphrase and the proxy password are secrets with their switch off, or the rest unreadable', () => {
		const key = encryptKey(leaf.key, 'pallet-Pass-1');
		const fields = {
			useClientCertificate: false,
			clientKey: key.replace(/\n/g, ' '),
			clientKeyPassphrase: 'pallet-Pass-1',
			useProxy: true,
			proxyUrl: 'socks5://proxy:1080',
			proxyPassword: 'Dock-Door-3',
		};
		expect(readSite(fields)).toHaveProperty('problem');
		expect(siteSecrets(fields)).toEqual(
			expect.arrayContaining([
				fields.clientKey,
				key.split('\n')[2],
				'pallet-Pass-1',
				'Dock-Door-3',
			]),
		);
	});

	it('a client certificate needs its key, and an encrypted key its passphrase', () => {
		expect(readSite({ useClientCertificate: true, clientCertificate: leaf.cert })).toEqual({
			problem: expect.stringMatching(/^Client Key is empty/),
		});
		expect(
			readSite({
				useClientCertificate: true,
				clientCertificate: leaf.cert,
				clientKey: encryptKey(leaf.key, 'pallet-Pass-1'),
			}),
		).toEqual({
			problem:
				'Client Key is encrypted: enter its passphrase under Client Key Passphrase in the credential',
		});
	});

	it.each<[string, ICredentialDataDecryptedObject, ProxyExpected]>([
		[
			'http://proxy.example.com:3128',
			{},
			{ protocol: 'http', host: 'proxy.example.com', port: 3128 },
		],
		['proxy.example.com:3128', {}, { protocol: 'http', host: 'proxy.example.com', port: 3128 }],
		['http://proxy.example.com', {}, { protocol: 'http', host: 'proxy.example.com', port: 80 }],
		['https://proxy.example.com', {}, { protocol: 'https', host: 'proxy.example.com', port: 443 }],
		[
			'http://proxy.example.com:3128',
			{ proxyUser: 'n8n', proxyPassword: 'Dock-Door-3' },
			{ host: 'proxy.example.com', auth: { username: 'n8n', password: 'Dock-Door-3' } },
		],
		[
			'http://n8n:Dock%40Door@proxy.example.com:3128',
			{},
			{ host: 'proxy.example.com', auth: { username: 'n8n', password: 'Dock@Door' } },
		],
	])('Proxy URL %j %j', (proxyUrl, fields, expected) => {
		const site = siteOf({ useProxy: true, proxyUrl, ...fields });
		expect(connectionOptions(site, 'https://wms.example.com/v1').proxy).toMatchObject(expected);
		expect(summaryOf(site, 'https://wms.example.com/v1').proxy).toBe(
			`${expected.protocol ?? 'http'}://proxy.example.com:${expected.port ?? 3128}`,
		);
	});

	it('the password written into a Proxy URL is one of the secrets, and the header that carries it', () => {
		expect(siteSecrets({ useProxy: true, proxyUrl: 'http://n8n:Dock-Door-3@proxy:3128' })).toEqual([
			'Dock-Door-3',
			btoa('n8n:Dock-Door-3'),
		]);
		expect(siteSecrets({ proxyUrl: 'n8n:Dock%40Door@proxy:3128' })).toEqual([
			'Dock@Door',
			btoa('n8n:Dock@Door'),
		]);
		expect(siteSecrets({ proxyUser: 'lager', proxyPassword: 'Dock-Door-3' })).toEqual([
			'Dock-Door-3',
			btoa('lager:Dock-Door-3'),
		]);
	});

	it.each([
		['*', 'https://wms.example.com/v1', true],
		['wms.example.com', 'https://wms.example.com/v1', true],
		['example.com', 'https://wms.example.com/v1', true],
		['.example.com', 'https://wms.example.com/v1', true],
		['*.example.com', 'https://wms.example.com/v1', true],
		['ample.com', 'https://wms.example.com/v1', false],
		['wms.example.com:443', 'https://wms.example.com/v1', true],
		['wms.example.com:8443', 'https://wms.example.com/v1', false],
		['localhost, 10.0.0.5', 'https://10.0.0.5:8443/v1', true],
		['[::1]', 'http://[::1]:8787/v1', true],
		['', 'https://wms.example.com/v1', false],
	])('Hosts Without Proxy %j: %s goes direct: %s', (proxyBypass, url, direct) => {
		const site = siteOf({ useProxy: true, proxyUrl: 'http://proxy:3128', proxyBypass });
		expect(connectionOptions(site, url).proxy === undefined).toBe(direct);
	});

	it("what a request sets itself wins (an HTTP Request node's own proxy or certificates)", () => {
		const site = siteOf({
			trustPrivateCa: true,
			caCertificate: ca.cert,
			useProxy: true,
			proxyUrl: 'http://proxy:3128',
		});
		const own = { host: 'own-proxy', port: 8080 };
		const request = withConnection(
			{ url: 'https://wms.example.com/v1/x', proxy: own, agentOptions: { ca: leaf.cert } },
			site,
			'https://wms.example.com/v1/x',
		);
		expect(request.proxy).toBe(own);
		expect(request.agentOptions).toEqual({ ca: leaf.cert });
	});
});

describe('the words for a connection that failed at the site', () => {
	const none = summaryOf(siteOf({}), 'https://wms.example.com/v1');
	const withAll = {
		privateCa: true,
		clientCertificate: true,
		proxy: 'http://proxy:3128',
		proxyUser: true,
		ignoreCertificateErrors: false,
	};
	const base = 'https://wms.example.com/v1';

	it.each([
		[
			{ code: 'SELF_SIGNED_CERT_IN_CHAIN' },
			none,
			/not signed by a CA this credential trusts: add the CA under Trust a Private CA → CA Certificate/,
		],
		[
			{ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' },
			withAll,
			/not signed by the CA under Trust a Private CA → CA Certificate .*NODE_EXTRA_CA_CERTS/,
		],
		[{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, none, /has a self-signed certificate/],
		[{ code: 'CERT_HAS_EXPIRED' }, none, /has expired: ask the platform's operator to renew it/],
		[
			{ code: 'CERT_NOT_YET_VALID' },
			none,
			/is not valid yet: check the date and time of the n8n server/,
		],
		[
			{
				code: 'ERR_TLS_CERT_ALTNAME_INVALID',
				certificateNames: 'DNS:wms.internal, IP Address:10.0.0.5',
			},
			none,
			/is for another host name than wms\.example\.com \(it names wms\.internal, 10\.0\.0\.5\)/,
		],
		[
			{ code: 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED' },
			none,
			/asked for a client certificate \(mutual TLS\)/,
		],
		[
			{ code: 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA' },
			withAll,
			/refused this credential's client certificate \(unknown_ca\)/,
		],
		[
			{ code: 'ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED' },
			withAll,
			/refused this credential's client certificate \(certificate_expired\)/,
		],
		[
			{ code: 'ERR_OSSL_BAD_DECRYPT' },
			withAll,
			/^The Client Key could not be opened: check Client Key Passphrase/,
		],
		[
			{ code: 'ERR_OSSL_X509_KEY_VALUES_MISMATCH' },
			withAll,
			/does not belong to the Client Certificate/,
		],
		[
			{ code: 'ERR_SSL_WRONG_VERSION_NUMBER' },
			none,
			/does not answer TLS: check the Base URL's scheme and port/,
		],
		[
			{ status: 407 },
			withAll,
			/^The proxy http:\/\/proxy:3128 refused the connection \(407 Proxy Authentication Required\): check Proxy User and Proxy Password/,
		],
		[{ status: 407 }, none, /^A proxy between n8n and the platform refused the connection \(407/],
		[
			{ code: 'ECONNREFUSED' },
			withAll,
			/^Could not reach the proxy at http:\/\/proxy:3128 \(connection refused\)/,
		],
		[
			{ code: 'ENOTFOUND' },
			withAll,
			/^Could not reach the proxy at http:\/\/proxy:3128 \(host not found\)/,
		],
		[
			{ status: 400, text: '<center>No required SSL certificate was sent</center>' },
			none,
			/asked for a client certificate/,
		],
		[
			{ status: 400, text: '<center>The SSL certificate error</center>' },
			withAll,
			/refused this credential's client certificate \(HTTP 400/,
		],
	])('%j (%#)', (failure, site, words) => {
		const text = siteProblem(failure, site, base);
		expect(text).toMatch(words);
		// n8n swaps a message naming a socket code (ECONNREFUSED…) for its own generic words.
		expect(text).not.toMatch(/\bE[A-Z]{4,}\b/);
	});

	it.each([
		[{ code: 'ECONNREFUSED' }, none],
		[{ code: 'ECONNRESET' }, none],
		[{ code: 'ECONNRESET' }, { ...none, proxy: 'http://proxy:3128' }],
		[{ status: 400 }, withAll],
		[{ status: 401 }, none],
		[{ status: 503 }, withAll],
		[{}, withAll],
	])('%j is not a failure at the site: the usual words apply', (failure, site) => {
		expect(siteProblem(failure, site, base)).toBeUndefined();
	});
});
