/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * A site whose n8n reaches the platform only through an outbound proxy: a real forward proxy in a
 * process of its own (dev/scripts/forward-proxy.mjs) in front of the simulator over HTTPS, through
 * real n8n-core. The proxy's log shows every request of the credential — the token request, the
 * node's requests and the credential test — going through it (CONNECT for https), with the proxy
 * user; a wrong user, a proxy that is down and hosts that bypass it each say so.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import {
	issue,
	makeAuthority,
	type Authority,
	type Issued,
} from '../../dev/simulator/certificates';
import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { startForwardProxy, type ForwardProxy } from '../support/forwardProxy';
import { testCredential } from '../support/credentialTester';
import { harnessFor } from '../support/harness';
import { waitFor } from '../support/simulatorClient';

const add = (code: string) => ({
	type: 'wmsSupplier',
	parameters: {
		resource: 'supplier',
		operation: 'upsert',
		code,
		name: code,
		options: { maxAttempts: 1 },
	},
});
const getMany = {
	type: 'wmsSupplier',
	parameters: { resource: 'supplier', operation: 'getMany', limit: 5 },
};
const PROXY_USER = 'wms-n8n';
const PROXY_PASSWORD = 'Forklift-Route-77';

describe('an outbound proxy at the site (real n8n-core, a real forward proxy, HTTPS simulator)', () => {
	let ca: Authority;
	let server: Issued;
	let sim: RunningSimulator;
	let proxy: ForwardProxy | undefined;

	beforeAll(() => {
		ca = makeAuthority('Proxy Site CA');
		server = issue(ca, { commonName: 'wms', hosts: ['localhost', '127.0.0.1'] });
	});
	beforeEach(async () => (sim = await startSimulator({ tls: server })));
	afterEach(async () => {
		await proxy?.close();
		proxy = undefined;
		await sim.close();
	});

	const platformHost = () => new URL(sim.baseUrl).host;
	const through = (
		url: string,
		fields: ICredentialDataDecryptedObject = {},
	): ICredentialDataDecryptedObject => ({
		trustPrivateCa: true,
		caCertificate: ca.cert,
		useProxy: true,
		proxyUrl: url,
		...fields,
	});
	const requestsSent = () =>
		Object.values(sim.stats().requests).reduce((sum, count) => sum + count, 0);

	it('every request of the credential goes through the proxy as CONNECT to the platform: token, node, credential test', async () => {
		proxy = await startForwardProxy();
		const harness = harnessFor(sim, through(proxy.url));
		expect((await harness.run(add('VIA-PROXY'), [{}])).error).toBeUndefined();
		expect((await harness.run(getMany, [{}])).outputs[0]).toHaveLength(1);
		expect((await testCredential(harness)).status).toBe('OK');
		// Two token requests (the node's, the credential test's), two node requests, one test request.
		expect(requestsSent()).toBe(5);
		await waitFor(() => proxy!.log().length === 5);
		expect(proxy.log()).toEqual(
			Array(5).fill({ method: 'CONNECT', target: platformHost(), user: null, allowed: true }),
		);
	});

	it('a platform that moved within its host: each hop of a redirect goes through the proxy, with its user', async () => {
		const moved = await startSimulator({ tls: server, moved: '/old' });
		try {
			proxy = await startForwardProxy({ user: PROXY_USER, password: PROXY_PASSWORD });
			const harness = harnessFor(moved, {
				...through(proxy.url, { proxyUser: PROXY_USER, proxyPassword: PROXY_PASSWORD }),
				baseUrl: moved.baseUrl.replace(/\/v1$/, '/old/v1'),
			});
			expect((await harness.run(add('MOVED'), [{}])).error).toBeUndefined();
			expect(moved.stats().statuses['307']).toBe(2);
			// The token request and the write, each asked at the old address and then at /v1.
			await waitFor(() => proxy!.log().length === 4);
			expect(proxy.log()).toEqual(
				Array(4).fill({
					method: 'CONNECT',
					target: new URL(moved.baseUrl).host,
					user: PROXY_USER,
					allowed: true,
				}),
			);
		} finally {
			await moved.close();
		}
	});

	it('a plain-http platform (the simulator on localhost) is reached through the proxy as well', async () => {
		const plain = await startSimulator();
		try {
			proxy = await startForwardProxy();
			const harness = harnessFor(plain, { useProxy: true, proxyUrl: proxy.url });
			expect((await harness.run(add('PLAIN'), [{}])).error).toBeUndefined();
			await waitFor(() => proxy!.log().length === 2);
			expect(proxy.log().map((line) => `${line.method} ${line.target}`)).toEqual([
				`POST ${plain.baseUrl}/oauth/token`,
				`POST ${plain.baseUrl}/supplier/add`,
			]);
		} finally {
			await plain.close();
		}
	});

	it('a proxy with a user: the right one passes; a wrong password says to check the proxy user, never showing it', async () => {
		proxy = await startForwardProxy({ user: PROXY_USER, password: PROXY_PASSWORD });
		const right = harnessFor(
			sim,
			through(proxy.url, { proxyUser: PROXY_USER, proxyPassword: PROXY_PASSWORD }),
		);
		expect((await right.run(add('WITH-USER'), [{}])).error).toBeUndefined();
		expect(new Set(proxy.log().map((line) => line.user))).toEqual(new Set([PROXY_USER]));

		const wrong = harnessFor(
			sim,
			through(proxy.url, { proxyUser: PROXY_USER, proxyPassword: 'Forklift-Route-78' }),
		);
		const { error } = await wrong.run(add('WRONG-USER'), [{}]);
		const words = `The proxy ${proxy.url} refused the connection (407 Proxy Authentication Required): check Proxy User and Proxy Password in the credential`;
		expect(error?.message).toContain(words);
		expect(await testCredential(wrong)).toEqual({ status: 'Error', message: words });
		// The harness fails the run above if the proxy password shows in its output, errors or log.
		expect(wrong.secrets()).toContain('Forklift-Route-78');
	});

	it('a proxy that wants a user when none is given says so', async () => {
		proxy = await startForwardProxy({ user: PROXY_USER, password: PROXY_PASSWORD });
		const { error } = await harnessFor(sim, through(proxy.url)).run(add('NO-USER'), [{}]);
		expect(error?.message).toContain(
			`The proxy ${proxy.url} refused the connection (407 Proxy Authentication Required): it wants a user: enter Proxy User and Proxy Password in the credential`,
		);
		expect(requestsSent()).toBe(0);
	});

	it('user and password written into the Proxy URL work too, and the password is kept out of every message', async () => {
		proxy = await startForwardProxy({ user: PROXY_USER, password: PROXY_PASSWORD });
		const url = new URL(proxy.url);
		url.username = PROXY_USER;
		url.password = PROXY_PASSWORD;
		const harness = harnessFor(sim, through(url.href));
		expect((await harness.run(add('IN-URL'), [{}])).error).toBeUndefined();
		url.password = 'Wrong-Password-1';
		const wrong = harnessFor(sim, through(url.href));
		const { error } = await wrong.run(add('IN-URL-WRONG'), [{}]);
		expect(error?.message).toContain(`The proxy ${proxy.url} refused the connection (407`);
		expect(JSON.stringify({ m: error?.message, d: error?.description })).not.toContain(
			'Wrong-Password-1',
		);
	});

	it('a host on Hosts Without Proxy is reached directly; one that is not goes through', async () => {
		proxy = await startForwardProxy();
		const direct = harnessFor(
			sim,
			through(proxy.url, { proxyBypass: 'wms.example.com, 127.0.0.1' }),
		);
		expect((await direct.run(add('DIRECT'), [{}])).error).toBeUndefined();
		expect(await testCredential(direct)).toMatchObject({ status: 'OK' });
		expect(requestsSent()).toBe(4);

		const viaProxy = harnessFor(sim, through(proxy.url, { proxyBypass: '.example.com' }));
		expect((await viaProxy.run(add('NOT-BYPASSED'), [{}])).error).toBeUndefined();
		// The proxy logs in order: once the two requests after are in, none came from the four before.
		await waitFor(() => proxy!.log().length >= 2);
		expect(proxy.log()).toHaveLength(2);
	});

	it('a proxy that is down: says the proxy cannot be reached, naming its address', async () => {
		proxy = await startForwardProxy();
		const url = proxy.url;
		await proxy.close();
		const harness = harnessFor(sim, through(url));
		const { error } = await harness.run(add('PROXY-DOWN'), [{}]);
		const words = `Could not reach the proxy at ${url} (connection refused): check Proxy URL in the credential, and that the proxy is up`;
		expect(error?.message).toContain(words);
		expect(await testCredential(harness)).toEqual({ status: 'Error', message: words });
	});

	it.each([
		[
			'socks5://127.0.0.1:1080',
			/Proxy URL must start with http:\/\/ or https:\/\/ \(found socks5:\)/,
		],
		['http://', /Proxy URL is not a valid address/],
		['', /Proxy URL is empty/],
	])('Proxy URL %j is refused before anything is sent', async (proxyUrl, words) => {
		const { error } = await harnessFor(sim, through(proxyUrl)).run(add('BAD-PROXY'), [{}]);
		expect(error?.message).toMatch(words);
		expect(sim.load().connections).toBe(0);
	});
});
