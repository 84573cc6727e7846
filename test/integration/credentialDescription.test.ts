/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * What the credential test says of the platform's API description, as n8n's tester runs it
 * (real n8n-core's CredentialTestContext and its one request helper), against the simulator
 * speaking Acme WMS 2.4.0 (items under `data`, page numbers, `item_number`, 250 per request):
 * From the Platform and Pasted (JSON and YAML) pass and say how the description differs from the
 * built-in one; a description that cannot be used names the place; one on another host, or
 * redirected there, is read without the credential; the test read follows the platform's paging
 * and list, so a good credential for a platform of another shape passes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { testCredential } from '../support/credentialTester';
import { harnessFor } from '../support/harness';
import { QuirkyPlatform } from '../support/quirkyPlatform';

const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8');

const ACME_WORDS =
	/^Read the platform's API description \(Acme WMS Public API 2\.4\.0\): 42 routes\. Differs from the built-in one: .*\/inventory\/add names no key \(was sku\).*; \/inventory\/add 2 new required fields \(item_number, owner_code\);.*, and \d+ more\. 2 routes no node names \(see Call a Route\)\. Not taken from it: \/inventory\/add: the description names no key for its records .*; and 4 more\.$/;

describe('the credential test reads the API description and says what it found', () => {
	let sim: RunningSimulator;
	afterEach(async () => await sim.close());

	describe('a platform of another shape (Acme WMS 2.4.0)', () => {
		beforeEach(async () => (sim = await startSimulator({ shape: 'acme' })));

		it('From the Platform: read with the token, told against the built-in one; the test read pages by page number and finds data', async () => {
			const result = await testCredential(
				harnessFor(sim, { description: 'platform', descriptionUrl: 'openapi.json' }),
			);
			expect(result).toEqual({ status: 'OK', message: expect.stringMatching(ACME_WORDS) });
			expect(sim.description.requests()).toEqual([
				expect.objectContaining({
					origin: 'main',
					path: '/v1/openapi.json',
					status: 200,
					authorization: true,
				}),
			]);
			expect(sim.stats().requests['/warehouse/check']).toBe(1);
			expect(sim.stats().statuses['200']).toBeGreaterThanOrEqual(2);
		});

		it.each([
			['JSON', 'acme-wms-2.4.0.json'],
			['YAML', 'acme-wms-2.4.0.yaml'],
		])('Pasted %s: the same words, and no description asked of the platform', async (_, file) => {
			const result = await testCredential(
				harnessFor(sim, { description: 'pasted', descriptionText: fixture(file) }),
			);
			expect(result).toEqual({ status: 'OK', message: expect.stringMatching(ACME_WORDS) });
			expect(sim.description.requests()).toEqual([]);
		});

		it('Built In: the test read as the built-in description asks it is refused, and the words say to read the platform', async () => {
			const result = await testCredential(harnessFor(sim));
			expect(result).toEqual({
				status: 'Error',
				message:
					'The platform refused the test read (/warehouse/check, HTTP 422) as the built-in description asks for it: the platform may read another way; set API Description to From the Platform (or Pasted) in the credential',
			});
		});

		it('asks the platform again at every test: a description changed since is the one told', async () => {
			const harness = harnessFor(sim, { description: 'platform', descriptionUrl: 'openapi.json' });
			expect((await testCredential(harness)).message).toContain('(Acme WMS Public API 2.4.0)');
			sim.description.set({
				shape: 'acme',
				tweak: (doc: { info: { version: string } }) => void (doc.info.version = '2.5.0'),
			});
			expect((await testCredential(harness)).message).toContain('(Acme WMS Public API 2.5.0)');
			expect(sim.description.requests().map((request) => request.status)).toEqual([200, 200]);
		});
	});

	describe('a description that cannot be used or read, or lacks the route the test reads', () => {
		beforeEach(async () => (sim = await startSimulator()));

		const broken = () => {
			const doc = JSON.parse(JSON.stringify(sim.description.document())) as {
				paths: Record<string, { post: { requestBody: unknown } }>;
			};
			doc.paths['/inventory/add'].post.requestBody = {
				content: { 'application/json': { schema: { $ref: 'other.yaml#/Inventory' } } },
			};
			return JSON.stringify(doc);
		};
		const place =
			"a $ref to another document (other.yaml#/Inventory): only references inside the description are read; use the platform's bundled, one-file description (in route /inventory/add, request body)";

		it('Pasted: the test fails naming the place and what is wrong', async () => {
			const result = await testCredential(
				harnessFor(sim, { description: 'pasted', descriptionText: broken() }),
			);
			expect(result).toEqual({
				status: 'Error',
				message: `The platform's API description pasted in the credential cannot be used: ${place}. Paste the whole description as the platform publishes it, or choose Built In`,
			});
		});

		it('From the Platform: the same, naming the address it was read from', async () => {
			sim.description.set({ text: broken(), format: 'json' });
			const result = await testCredential(
				harnessFor(sim, { description: 'platform', descriptionUrl: 'openapi.json' }),
			);
			expect(result).toEqual({
				status: 'Error',
				message: `The platform's API description read from ${sim.baseUrl}/openapi.json cannot be used: ${place}. Ask the platform for its OpenAPI 3 description, or choose Built In`,
			});
			expect(sim.stats().requests['/warehouse/check']).toBeUndefined();
		});

		it('an address with no description: says so, and which address', async () => {
			const result = await testCredential(
				harnessFor(sim, { description: 'platform', descriptionUrl: 'docs/none.json' }),
			);
			expect(result).toEqual({
				status: 'Error',
				message: `The platform's API description could not be read from ${sim.baseUrl}/docs/none.json (HTTP 404): there is no description at that address. Check the Description URL in the credential (ask the platform for the address of its OpenAPI description), or choose Built In`,
			});
		});

		it('a description without /warehouse/check: the test reads its first read route instead', async () => {
			const doc = JSON.parse(JSON.stringify(sim.description.document())) as {
				paths: Record<string, unknown>;
			};
			delete doc.paths['/warehouse/check'];
			const result = await testCredential(
				harnessFor(sim, { description: 'pasted', descriptionText: JSON.stringify(doc) }),
			);
			expect(result).toEqual({
				status: 'OK',
				message: expect.stringContaining(
					'Differs from the built-in one: /warehouse/check is missing.',
				),
			});
			expect(sim.stats().requests['/warehouse/check']).toBeUndefined();
			expect(sim.stats().requests['/inventory/check']).toBe(1);
		});

		it('From the Platform without an address: says to enter one', async () => {
			const result = await testCredential(harnessFor(sim, { description: 'platform' }));
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(
				/gives no Description URL\. Enter the address of the description/,
			);
		});
	});

	describe('the description on another host gets no credential', () => {
		it('an address on another host: read there without the token; the test passes', async () => {
			sim = await startSimulator({ description: { otherOrigin: true } });
			const result = await testCredential(
				harnessFor(sim, {
					description: 'platform',
					descriptionUrl: sim.description.urls.otherOrigin!.yaml,
				}),
			);
			expect(result).toEqual({
				status: 'OK',
				message: expect.stringMatching(
					/It agrees with the built-in one on every route the nodes name\.$/,
				),
			});
			expect(sim.description.requests()).toEqual([
				expect.objectContaining({ origin: 'other', status: 200, authorization: false }),
			]);
		});

		it('a description address that redirects to another host: the credential stays behind', async () => {
			sim = await startSimulator({
				description: { otherOrigin: true, redirectToOtherOrigin: true },
			});
			const result = await testCredential(
				harnessFor(sim, { description: 'platform', descriptionUrl: 'openapi.json' }),
			);
			expect(result.status).toBe('OK');
			expect(sim.description.requests()).toEqual([
				expect.objectContaining({ origin: 'main', status: 307, authorization: true }),
				expect.objectContaining({ origin: 'other', status: 200, authorization: false }),
			]);
		});
	});
});

describe('a description redirected with a secret in its address', () => {
	it('a description address that redirects to another host with the token written into it: not followed', async () => {
		const platform = await QuirkyPlatform.start();
		try {
			platform.on('/openapi.json', (call) => ({
				status: 307,
				headers: {
					location: `${platform.elsewhere.origin}/openapi.json?access_token=${call.authorization?.replace(/^Bearer /, '')}`,
				},
			}));
			const result = await testCredential(
				harnessFor(platform, { description: 'platform', descriptionUrl: 'openapi.json' }),
			);
			expect(result).toEqual({
				status: 'Error',
				message: `The platform's API description could not be read from ${platform.baseUrl}/openapi.json (HTTP 307): it redirects to another host with a credential in the address, which is not followed. Check the Description URL in the credential (ask the platform for the address of its OpenAPI description), or choose Built In`,
			});
			expect(platform.elsewhere.calls).toEqual([]);
		} finally {
			await platform.close();
		}
	});
});
