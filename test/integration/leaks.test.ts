/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The leak suite: every secret the package knows — a random client secret, a client ID that looks
 * like a secret, an opaque or a JWT access token, the client key of a client certificate (a line
 * of it), its passphrase, the proxy password (in its field or in the Proxy URL), and the HTTP Basic
 * forms of the client's and the proxy user's credentials — made to appear wherever a platform, or
 * the proxy before it, can echo it: token errors with HTTP 200, 400 and 401, data errors, web
 * pages, headers and status lines, redirect targets, even successful answers, a proxy's 407 and
 * 502 pages; at a random place in a random body. Every run goes through a proxy with a user, with
 * a client certificate and its encrypted key in the credential. Through every kind of node (a bulk
 * write, a read, a read by keys, the trigger's poll, the credential test, the credential test
 * reading the platform's own description (its title echoing it too), a picker in the editor),
 * through real n8n-core; the secret never appears in an output item, an error (message,
 * description, cause, context), a hint, a log line or the credential test's words.
 *
 * To add a kind of secret: a line in SECRET_KINDS, with where the credential holds it (harnessOf),
 * what must never show of it (mustNotShow), and where the platform could echo it in ECHOES.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import fc from 'fast-check';
import type { IDataObject, INodeType, IRun } from 'n8n-workflow';
import { parse } from 'yaml';

import { encryptKey, issue } from '../../dev/simulator/certificates';
import { secretLike } from '../../nodes/shared/transport/secrets';
import { testCredential } from '../support/credentialTester';
import { EchoProxy } from '../support/echoProxy';
import { Harness } from '../support/harness';
import { capturedLogs } from '../support/leaks';
import { QuirkyPlatform, type Call, type Reply } from '../support/quirkyPlatform';

const SEED = Number(process.env.LEAK_SEED ?? 2_111_2026);
const RUNS = Number(process.env.LEAK_RUNS ?? 150);

const b64url = (min: number, max: number) =>
	fc.stringMatching(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`));

/** The secrets one run holds. */
interface Held {
	clientSecret: string;
	clientId: string;
	token: string;
	/** The client certificate's key as the credential holds it: PEM, encrypted with the passphrase. */
	clientKey: string;
	keyPassphrase: string;
	proxyPassword: string;
}

const PROXY_USER = 'n8n-at-site';
/** Keys made once (a key per run would cost seconds); each run encrypts one with its passphrase. */
const KEYS = [1, 2, 3].map(
	() =>
		generateKeyPairSync('rsa', {
			modulusLength: 2048,
			privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
			publicKeyEncoding: { type: 'spki', format: 'pem' },
		}).privateKey,
);
/** Any certificate will do: over plain http the key is never used, only held. */
const CERTIFICATE = issue(undefined, { commonName: 'n8n at the site', client: true }).cert;

const base64 = (text: string) => Buffer.from(text).toString('base64');
/** The lines of a PEM's body, any of which may come back alone. */
const pemLines = (pem: string) =>
	pem.split('\n').filter((line) => /^[A-Za-z0-9+/=]{16,}$/.test(line));
const passwordLike = fc.stringMatching(/^[A-Za-z0-9._~!*+=@-]{8,30}$/);

/** Every kind of secret the package holds, and how a random one looks (the key: before it is encrypted). */
const SECRET_KINDS = {
	clientSecret: fc.stringMatching(/^[A-Za-z0-9+/=._~-]{8,40}$/),
	clientId: fc.oneof(
		fc.constant('erp-client'),
		fc.stringMatching(/^[a-z]{3}[0-9]{3}[a-z0-9]{12,20}$/),
	),
	token: fc.oneof(
		b64url(16, 48),
		fc
			.tuple(b64url(8, 30), b64url(8, 60), b64url(16, 43))
			.map(([header, payload, signature]) => `eyJ${header}.eyJ${payload}.${signature}`),
	),
	clientKey: fc.constantFrom(...KEYS),
	keyPassphrase: passwordLike,
	proxyPassword: passwordLike,
} satisfies { [kind in keyof Held]: fc.Arbitrary<string> };

/** The secrets of one run: the key as the credential holds it, encrypted with its passphrase. */
const HELD = fc
	.record(SECRET_KINDS)
	.map((raw): Held => ({ ...raw, clientKey: encryptKey(raw.clientKey, raw.keyPassphrase) }));

/**
 * What must never show: each secret held (a client ID only when it looks like one), the key whole
 * and line by line, the Basic forms the credential sends (client, proxy user); as is and
 * URL-encoded.
 */
function mustNotShow(held: Held): string[] {
	const values = [
		held.clientSecret,
		held.token,
		...(secretLike(held.clientId) ? [held.clientId] : []),
		held.clientKey,
		...pemLines(held.clientKey),
		held.keyPassphrase,
		held.proxyPassword,
		base64(`${PROXY_USER}:${held.proxyPassword}`),
		base64(`${held.clientId}:${held.clientSecret}`),
	];
	return [...new Set(values.flatMap((value) => [value, encodeURIComponent(value)]))];
}

/** How a secret comes back: as is, or as a platform or proxy would have it (a line of the key, a Basic header's value). */
function echoOf(kind: keyof Held, held: Held, pick: number): string {
	if (kind === 'clientKey') {
		const lines = pemLines(held.clientKey);
		return lines[pick % lines.length];
	}
	if (kind === 'proxyPassword' && pick % 2 === 1)
		return base64(`${PROXY_USER}:${held.proxyPassword}`);
	if (kind === 'clientSecret' && pick % 2 === 1)
		return base64(`${held.clientId}:${held.clientSecret}`);
	return held[kind];
}

/** A harness whose credential holds every secret of the run, reaching the platform through `proxy`. */
function harnessOf(
	platform: QuirkyPlatform,
	proxy: EchoProxy,
	held: Held,
	inUrl: boolean,
): Harness {
	const address = new URL(proxy.url);
	if (inUrl) {
		address.username = PROXY_USER;
		address.password = encodeURIComponent(held.proxyPassword);
	}
	return new Harness({
		baseUrl: platform.baseUrl,
		clientId: held.clientId,
		clientSecret: held.clientSecret,
		useClientCertificate: true,
		clientCertificate: CERTIFICATE,
		clientKey: held.clientKey,
		clientKeyPassphrase: held.keyPassphrase,
		useProxy: true,
		proxyUrl: address.href,
		...(inUrl ? {} : { proxyUser: PROXY_USER, proxyPassword: held.proxyPassword }),
	});
}

/** A random body around the echoed text. */
const BODIES: Array<(text: string) => unknown> = [
	(text) => ({ error: { code: 'invalid_request', message: text } }),
	(text) => ({
		error: {
			code: 'validation_failed',
			message: 'rejected',
			details: [{ path: '/items/0/sku', message: text }],
			request_id: text,
		},
	}),
	(text) => ({ error: text }),
	(text) => ({ message: text, trace: { request: { headers: { authorization: text } } } }),
	(text) => ({ error: 'invalid_client', error_description: text }),
];

type Echo = (
	platform: QuirkyPlatform,
	text: string,
	body: unknown,
	held: Held,
	proxy: EchoProxy,
) => void;

const DATA = '*';
const onData = (platform: QuirkyPlatform, reply: (call: Call) => Reply | undefined) =>
	platform.on(DATA, (call) => (call.route === '/oauth/token' ? undefined : reply(call)));
const onToken = (platform: QuirkyPlatform, reply: Reply) =>
	platform.on('/oauth/token', () => reply);

/** Every place a platform can echo what it was sent, or what it knows. */
const ECHOES: Record<string, Echo> = {
	'token endpoint, HTTP 200 with an OAuth error': (p, text) =>
		onToken(p, { json: { error: 'invalid_client', error_description: text } }),
	'token endpoint, HTTP 200 without access_token': (p, text, body) =>
		onToken(p, { json: { token_type: 'Bearer', ...(body as object), note: text } }),
	'token endpoint, HTTP 400': (p, _, body) => onToken(p, { status: 400, json: body }),
	'token endpoint, HTTP 401 with WWW-Authenticate': (p, text, body) =>
		onToken(p, {
			status: 401,
			headers: { 'www-authenticate': `Bearer error_description="${text}"` },
			json: body,
		}),
	'token endpoint, a web page': (p, text) =>
		onToken(p, { headers: { 'content-type': 'text/html' }, raw: `<html><p>${text}</p></html>` }),
	'token endpoint, a redirect to another host': (p, text, _, held) =>
		onToken(p, {
			status: 307,
			headers: {
				location: `${p.elsewhere.origin}/token?client_secret=${encodeURIComponent(held.clientSecret)}&t=${encodeURIComponent(text)}`,
			},
		}),
	'data route, HTTP 401 every time': (p, _, body) =>
		void onData(p, () => ({ status: 401, json: body })),
	'data route, HTTP 403': (p, _, body) => void onData(p, () => ({ status: 403, json: body })),
	'data route, HTTP 422 with details': (p, _, body) =>
		void onData(p, () => ({ status: 422, json: body })),
	'data route, HTTP 500 web page': (p, text) =>
		void onData(p, () => ({
			status: 500,
			headers: { 'content-type': 'text/html' },
			raw: `<html><pre>${text}</pre></html>`,
		})),
	'data route, HTTP 200 with an error': (p, _, body) => void onData(p, () => ({ json: body })),
	'data route, headers and status line it reflects': (p, text, body) =>
		void onData(p, () => ({
			status: 418,
			reason: `Teapot ${text}`.replace(/[^\t\x20-\x7e]/g, ''),
			headers: { 'x-echo-authorization': `Bearer ${text}`, 'retry-after': text },
			json: body,
		})),
	'data route, a redirect whose target carries the token': (p, text, _, held) =>
		void onData(p, () => ({
			status: 308,
			headers: {
				location: `${p.elsewhere.origin}/v1/cb?access_token=${encodeURIComponent(held.token)}&x=${encodeURIComponent(text)}`,
			},
		})),
	'data route, busy once, then the answer': (p, text, body) =>
		void onData(p, (call) =>
			call.n === 1
				? { status: 429, headers: { 'retry-after': '0', 'x-echo': text }, json: body }
				: undefined,
		),
	'proxy, HTTP 407 with a page and a header echoing it': (_, text, __, ___, proxy) =>
		void (proxy.answer = {
			status: 407,
			headers: { 'proxy-authenticate': `Basic realm="${text}"`, 'content-type': 'text/html' },
			body: `<html><body>${text}</body></html>`,
		}),
	'proxy, HTTP 502 page echoing it': (_, text, __, ___, proxy) =>
		void (proxy.answer = {
			status: 502,
			headers: { 'content-type': 'text/html', 'x-squid-error': text },
			body: `<html><pre>${text}</pre></html>`,
		}),
	'proxy, cutting every connection': (_, __, ___, ____, proxy) => void (proxy.cut = true),
	'data route, success answers echoing it': (p, text) => {
		for (const route of ['/inventory/check', '/sales_order/check', '/warehouse/check'])
			p.records.set(route, [
				{ sku: 'R-1', order_number: 'SO-1', code: 'WH1', name: text, note: text },
			]);
		p.records.set('/erp_update/outgoing_consignment', [
			{ id: 'UPD-1', kind: 'outgoing_consignment', status: 'pending', payload: { note: text } },
		]);
		onData(p, (call) =>
			call.items.length > 0
				? {
						json: {
							results: call.items.map((item, index) => ({
								index,
								key: String(item.sku ?? item.id ?? ''),
								status: 'created',
								message: text,
							})),
						},
					}
				: undefined,
		);
	},
};

/** How one kind of node is run, and every text it leaves: output items, errors, hints. `text` is what the platform echoes. */
type NodeKind = (harness: Harness, platform: QuirkyPlatform, text: string) => Promise<string[]>;

/** The contract as the platform's own description (JSON), once; each run puts the echo in its title. */
const CONTRACT = parse(
	readFileSync(join(__dirname, '..', '..', 'contract', 'openapi.yaml'), 'utf8'),
);

/** Every text of an error a user or a log may see. */
function errorTexts(error: unknown): string[] {
	if (!error || typeof error !== 'object') return error === undefined ? [] : [String(error)];
	const parts = error as Record<string, unknown>;
	return ['message', 'description', 'cause', 'context', 'errorResponse', 'messages'].map((field) =>
		safeJson(parts[field]),
	);
}

function safeJson(value: unknown): string {
	const seen = new WeakSet<object>();
	try {
		return (
			JSON.stringify(value, (_, inner: unknown) => {
				if (inner instanceof Error) return { ...inner, message: inner.message };
				if (inner && typeof inner === 'object') {
					if (seen.has(inner)) return undefined;
					seen.add(inner);
				}
				return inner;
			}) ?? ''
		);
	} catch {
		return String(value);
	}
}

function runTexts(run: {
	outputs: Array<Array<{ json: IDataObject }>>;
	error?: unknown;
	run: IRun;
}): string[] {
	const hints = Object.values(run.run.data.resultData.runData).flatMap((tasks) =>
		tasks.flatMap((task) => (task.hints ?? []).map((hint) => safeJson(hint))),
	);
	return [
		...run.outputs.flat().map((item) => JSON.stringify(item.json)),
		...errorTexts(run.error),
		...errorTexts(run.run.data.resultData.error),
		...hints,
	];
}

const NODE_KINDS: Record<string, NodeKind> = {
	'bulk write (Inventory: Add or Update)': async (harness) =>
		runTexts(
			await harness.run(
				{
					type: 'wmsInventory',
					parameters: {
						resource: 'item',
						operation: 'upsert',
						fieldsToSend: 'inputItem',
						options: { maxAttempts: 2 },
					},
					onError: 'continueErrorOutput',
				},
				[
					{ sku: 'L-1', description: 'one' },
					{ sku: 'L-2', description: 'two' },
				],
			),
		),
	'read (Inventory: Get Many)': async (harness) =>
		runTexts(
			await harness.run(
				{
					type: 'wmsInventory',
					parameters: {
						resource: 'item',
						operation: 'getMany',
						returnAll: true,
						options: { maxAttempts: 2 },
					},
				},
				[{}],
			),
		),
	'read by keys (Sales Order: Get Status)': async (harness) =>
		runTexts(
			await harness.run(
				{
					type: 'wmsSalesOrder',
					parameters: {
						resource: 'salesOrder',
						operation: 'getStatus',
						returnAll: true,
						filters: { orderNumbers: 'SO-1, SO-2' },
						options: { maxAttempts: 2 },
					},
					onError: 'continueRegularOutput',
				},
				[{}],
			),
		),
	'trigger poll (Acknowledge on Emit)': async (harness) => {
		const spec = {
			type: 'wmsErpUpdateTrigger',
			parameters: {
				updateKinds: ['outgoing_consignment'],
				options: { acknowledgeOnEmit: true },
			},
		};
		const workflow = harness.workflow([harness.node(spec)]);
		const type = harness.nodeTypes.getByNameAndVersion(harness.node(spec).type) as INodeType;
		try {
			const emitted = await type.poll!.call(harness.pollContext(spec, workflow));
			return (emitted ?? []).flat().map((item) => JSON.stringify(item.json));
		} catch (error) {
			return errorTexts(error);
		}
	},
	'credential test': async (harness) => {
		const result = await testCredential(harness);
		return [result.message];
	},
	'credential test, the description read from the platform': async (harness, platform, text) => {
		// Echo answers of data routes answer the description too; where none does, this one does.
		platform.on('*', (call) =>
			call.route === '/openapi.json'
				? {
						raw: JSON.stringify({ ...CONTRACT, info: { ...CONTRACT.info, title: `Echo ${text}` } }),
					}
				: undefined,
		);
		harness.store.data.description = 'platform';
		harness.store.data.descriptionUrl = 'openapi.json';
		const result = await testCredential(harness);
		return [result.message];
	},
	'picker in the editor (Warehouse: From List)': async (harness) => {
		try {
			const page = await harness.listSearch(
				{ type: 'wmsInventory', parameters: { resource: 'stockingFactor', operation: 'set' } },
				'getWarehouses',
			);
			return [safeJson(page)];
		} catch (error) {
			return errorTexts(error);
		}
	},
};

describe('leak suite: no secret shows, whatever the platform echoes (fast-check, real n8n-core)', () => {
	it('every kind of node, every echo, random secrets at random places', async () => {
		const tried = new Set<string>();
		await fc.assert(
			fc.asyncProperty(
				HELD,
				fc.constantFrom(...Object.keys(ECHOES)),
				fc.constantFrom(...Object.keys(NODE_KINDS)),
				fc.constantFrom<Array<keyof Held>>(
					['clientSecret'],
					['token'],
					['clientId'],
					['clientKey'],
					['keyPassphrase'],
					['proxyPassword'],
					['clientSecret', 'token', 'clientId', 'clientKey', 'keyPassphrase', 'proxyPassword'],
				),
				fc.string({ maxLength: 12 }),
				fc.string({ maxLength: 12 }),
				fc.nat(BODIES.length - 1),
				fc.nat(),
				fc.boolean(),
				async (held, echo, nodeKind, echoed, before, after, body, pick, inUrl) => {
					const platform = await QuirkyPlatform.start();
					const proxy = await EchoProxy.start(PROXY_USER, held.proxyPassword);
					try {
						const clean = (text: string) => text.replace(/[\\"\r\n]/g, '');
						const text = `${clean(before)}${echoed.map((kind) => echoOf(kind, held, pick)).join(' ')}${clean(after)}`;
						platform.on('/oauth/token', (call) =>
							call.body.client_secret === held.clientSecret
								? (platform.acceptToken(held.token),
									{ json: { access_token: held.token, token_type: 'Bearer', expires_in: 3600 } })
								: { status: 401, json: { error: { code: 'invalid_client', message: text } } },
						);
						ECHOES[echo](platform, text, BODIES[body](text), held, proxy);
						const harness = harnessOf(platform, proxy, held, inUrl);
						const logsFrom = capturedLogs.length;
						const texts = [
							...(await NODE_KINDS[nodeKind](harness, platform, text)),
							...capturedLogs.slice(logsFrom),
						];
						const shown = mustNotShow(held).filter((secret) =>
							texts.some((seen) => seen.includes(secret)),
						);
						expect({ echo, nodeKind, shown }).toEqual({ echo, nodeKind, shown: [] });
						expect(platform.elsewhere.calls).toEqual([]);
						// Everything that went out went through the proxy, to the platform.
						const origin = new URL(platform.baseUrl).origin;
						expect(
							proxy.seen.filter(
								(seen) => !/^(POST|GET) /.test(seen) || !seen.includes(` ${origin}/`),
							),
						).toEqual([]);
						if (!proxy.answer && !proxy.cut) expect(proxy.seen.length).toBeGreaterThan(0);
						tried.add(`${nodeKind} × ${echo}`);
					} finally {
						await proxy.close();
						await platform.close();
					}
				},
			),
			{ seed: SEED, numRuns: RUNS },
		);
		// Each node kind met each place of echo at least once over the runs.
		expect(tried.size).toBeGreaterThanOrEqual(Object.keys(NODE_KINDS).length * 5);
	}, 120_000);

	it('finds a secret where one is: the check itself can fail', () => {
		const held = {
			clientSecret: 'sec+ret/1234',
			clientId: 'abc123def456ghi789',
			token: 'tok-123456789',
			clientKey: encryptKey(KEYS[0], 'pass-Phrase-1'),
			keyPassphrase: 'pass-Phrase-1',
			proxyPassword: 'proxy@Pass-2',
		};
		expect(mustNotShow(held)).toEqual(
			expect.arrayContaining([
				'sec+ret/1234',
				'sec%2Bret%2F1234',
				'abc123def456ghi789',
				'tok-123456789',
				pemLines(held.clientKey)[5],
				'pass-Phrase-1',
				'proxy@Pass-2',
				'proxy%40Pass-2',
				base64('n8n-at-site:proxy@Pass-2'),
				base64('abc123def456ghi789:sec+ret/1234'),
			]),
		);
		expect(echoOf('clientKey', held, 5)).toBe(pemLines(held.clientKey)[5]);
		expect(mustNotShow({ ...held, clientId: 'erp-client' })).not.toContain('erp-client');
	});
});
