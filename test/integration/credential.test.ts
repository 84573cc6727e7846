/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The credential through real n8n-core: one token for many requests and executions, one new
 * token after a 401, a clear failure after a second 401, and clear words for a wrong secret,
 * an unreachable platform and an unsafe base URL — never the secret itself.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { testCredential } from '../support/credentialTester';
import { Harness } from '../support/harness';
import { QuirkyPlatform } from '../support/quirkyPlatform';

const getMany = {
	type: 'wmsSupplier',
	parameters: { resource: 'supplier', operation: 'getMany', limit: 5 },
};
const add = (code: string) => ({
	type: 'wmsSupplier',
	parameters: { resource: 'supplier', operation: 'upsert', code, name: code },
});

describe('WMS Integration API credential', () => {
	let sim: RunningSimulator;
	beforeEach(async () => (sim = await startSimulator()));
	afterEach(async () => await sim.close());

	const harnessWith = (
		overrides: Partial<{ baseUrl: string; clientId: string; clientSecret: string }> = {},
	) =>
		new Harness({
			baseUrl: sim.baseUrl,
			clientId: sim.clientId,
			clientSecret: sim.clientSecret,
			...overrides,
		});

	it('fetches one token that serves many requests and two executions', async () => {
		const harness = harnessWith();
		for (let i = 0; i < 5; i++)
			expect((await harness.run(add(`T-${i}`), [{}])).error).toBeUndefined();
		expect((await harness.run(getMany, [{}])).outputs[0]).toHaveLength(5);
		expect(sim.stats().tokensIssued).toBe(1);
		expect(harness.store.saves).toBe(1);
		expect(String(harness.store.data.accessToken)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
	});

	it('tolerates a trailing slash on the base URL', async () => {
		const { error } = await harnessWith({ baseUrl: `${sim.baseUrl}/` }).run(getMany, [{}]);
		expect(error).toBeUndefined();
	});

	it('spends exactly one new token request when the platform stops accepting the token', async () => {
		const harness = harnessWith();
		await harness.run(getMany, [{}]);
		sim.revokeTokens();
		const { error, outputs } = await harness.run(add('AFTER-REVOKE'), [{}]);
		expect(error).toBeUndefined();
		expect(outputs[0][0].json.status).toBe('created');
		expect(sim.stats().tokensIssued).toBe(2);
		expect(harness.store.saves).toBe(2);
	});

	it('fails clearly when the new token is refused too', async () => {
		const harness = harnessWith();
		sim.faults.add({ route: '/supplier/check', kind: '401', times: 2 });
		const { error } = await harness.run(getMany, [{}]);
		expect(error?.message).toMatch(/rejected the access token twice \(HTTP 401\)/);
		expect(sim.stats().tokensIssued).toBe(2);
	});

	it('says the client ID or secret was rejected, and never shows the secret', async () => {
		const secret = 'wrong-Secret-7f3a9c';
		const { error } = await harnessWith({ clientSecret: secret }).run(getMany, [{}]);
		expect(error?.message).toMatch(/client ID or secret rejected by the platform/i);
		expect(
			JSON.stringify({ message: error?.message, description: error?.description }),
		).not.toContain(secret);
		expect(sim.stats().requests['/supplier/check']).toBeUndefined();
	});

	it('says the platform cannot be reached when nothing listens at the base URL', async () => {
		const closed = await startSimulator();
		const deadUrl = closed.baseUrl;
		await closed.close();
		const { error } = await harnessWith({ baseUrl: deadUrl }).run(
			{
				...getMany,
				parameters: { ...getMany.parameters, options: { maxAttempts: 2, maxWaitSeconds: 5 } },
			},
			[{}],
		);
		expect(error?.message).toMatch(
			/Could not reach the platform at http:\/\/127\.0\.0\.1:\d+\/v1 \(connection refused\): check the credential's Base URL and that the platform is up\. Gave up after 2 tries/,
		);
	});

	it.each([
		['http://wms.example.com/v1', /plain http to a remote host/],
		['wms.example.com/v1', /is not a valid address/],
		['ftp://wms.example.com/v1', /must start with https:\/\//],
		['', /Base URL is empty/],
	])('refuses the base URL %j before sending anything', async (baseUrl, message) => {
		const { error } = await harnessWith({ baseUrl }).run(getMany, [{}]);
		expect(error?.message).toMatch(message);
		expect(sim.stats().tokensIssued).toBe(0);
	});

	it('says so when the base URL answers with a web page instead of the API', async () => {
		const web = createServer((_, res) =>
			res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>'),
		);
		await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
		try {
			const { port } = web.address() as AddressInfo;
			const { error } = await harnessWith({ baseUrl: `http://127.0.0.1:${port}/v1` }).run(getMany, [
				{},
			]);
			expect(error?.message).toMatch(
				/did not answer with an access token but with a web page instead of JSON \(a proxy, firewall or login page in between\?\): check the Base URL/,
			);
		} finally {
			await new Promise((resolve) => web.close(resolve));
		}
	});

	it('says so when the base URL answers but is not the platform API', async () => {
		const { error } = await harnessWith({ baseUrl: sim.baseUrl.replace(/\/v1$/, '/v9') }).run(
			getMany,
			[{}],
		);
		expect(error?.message).toMatch(/answered HTTP 404: check the Base URL \(it must end in \/v1\)/);
	});

	describe('executions of one n8n process that need a token at the same moment share one fetch', () => {
		const atOnce = (harness: Harness, n: number) =>
			Promise.all(Array.from({ length: n }, (_, i) => harness.run(add(`AT-ONCE-${i}`), [{}])));

		it('twenty executions starting together on a new credential fetch one token', async () => {
			const runs = await atOnce(harnessWith(), 20);
			expect(runs.map((run) => run.error?.message)).toEqual(Array(20).fill(undefined));
			expect(sim.stats().tokensIssued).toBe(1);
		});

		it('twenty executions that all meet a revoked token fetch one new token, and every record is stored', async () => {
			const harness = harnessWith();
			await harness.run(getMany, [{}]);
			sim.revokeTokens();
			const runs = await atOnce(harness, 20);
			expect(runs.map((run) => run.outputs[0]?.[0]?.json.status)).toEqual(
				Array(20).fill('created'),
			);
			expect(sim.stats().tokensIssued).toBe(2);
		});

		it('a token the platform rejects is never handed on: the next 401 fetches a new one', async () => {
			const harness = harnessWith();
			await harness.run(getMany, [{}]);
			sim.revokeTokens();
			await harness.run(getMany, [{}]);
			sim.revokeTokens();
			expect((await harness.run(getMany, [{}])).error).toBeUndefined();
			expect(sim.stats().tokensIssued).toBe(3);
		});

		it('a changed secret is never served the token the old secret got', async () => {
			await harnessWith().run(getMany, [{}]);
			const { error } = await harnessWith({ clientSecret: 'changed-secret' }).run(getMany, [{}]);
			expect(error?.message).toMatch(/client ID or secret rejected by the platform/i);
		});
	});

	describe("the credential test, as n8n's tester runs it and words it", () => {
		it('passes against the platform, and says what to fix when the Base URL is not the API', async () => {
			expect(await testCredential(harnessWith())).toEqual({
				status: 'OK',
				message: 'Connected: the nodes use the built-in API description.',
			});
			expect(
				await testCredential(harnessWith({ baseUrl: sim.baseUrl.replace(/\/v1$/, '/v9') })),
			).toEqual({
				status: 'Error',
				message: expect.stringMatching(/answered HTTP 404: check the Base URL/),
			});
			expect(await testCredential(harnessWith({ clientSecret: 'wrong-secret-1' }))).toEqual({
				status: 'Error',
				message: expect.stringMatching(/Client ID or secret rejected by the platform \(HTTP 401\)/),
			});
		});

		describe('against a platform that answers its own way', () => {
			let platform: QuirkyPlatform;
			beforeEach(async () => (platform = await QuirkyPlatform.start()));
			afterEach(async () => await platform.close());
			const test = async () =>
				await testCredential(
					new Harness({
						baseUrl: platform.baseUrl,
						clientId: platform.clientId,
						clientSecret: platform.clientSecret,
					}),
				);

			it.each([
				[403, /refused this API client the test read \(\/warehouse\/check, HTTP 403\)/],
				[404, /The Base URL does not point at the platform API: it must end in \/v1/],
				[503, /The platform is busy or unavailable \(HTTP 503\): try again later/],
				[308, /The Base URL answers with a redirect, which is not followed/],
				[418, /did not answer the test read \(\/warehouse\/check\) with a list of records/],
				[200, /did not answer the test read \(\/warehouse\/check\) with a list of records/],
			])(
				'HTTP %i on the test read: its own words, never the status text',
				async (status, words) => {
					platform.on('/warehouse/check', () => ({
						status,
						reason: 'Secret quirky-secret-5b8e1d here',
						headers: { location: `${platform.elsewhere.origin}/v1/warehouse/check` },
						json: { error: { code: 'x', message: 'no' } },
					}));
					const result = await test();
					expect(result).toEqual({ status: 'Error', message: expect.stringMatching(words) });
					expect(result.message).not.toContain('Secret');
					expect(platform.elsewhere.calls).toEqual([]);
				},
			);

			it('a token endpoint redirecting to another host: the secret is not posted there', async () => {
				platform.on('/oauth/token', () => ({
					status: 307,
					headers: { location: `${platform.elsewhere.origin}/v1/oauth/token` },
				}));
				expect((await test()).message).toMatch(
					/token endpoint answered HTTP 307 with a redirect away from the Base URL's host, to http:\/\/127\.0\.0\.1:\d+: not followed, so the client secret was not sent there/,
				);
				expect(platform.elsewhere.calls).toEqual([]);
			});
		});
	});
});
