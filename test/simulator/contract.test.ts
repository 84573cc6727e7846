/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/* eslint-disable @typescript-eslint/no-explicit-any -- walks the OpenAPI document as plain JSON */
/**
 * The contract covers the seed's routes, its examples hold against its own schemas, and the
 * simulator serves every route: each operation's request example answers 2xx with a body that
 * matches the operation's response schema.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContract, repoRoot } from '../../dev/simulator/contract';
import { client, type Client } from '../support/simulatorClient';

const contract = loadContract();
const doc = contract.doc;
const paths = Object.keys(doc.paths);
const operations = paths.map((p) => ({ path: p, op: doc.paths[p].post }));
// The platform's interface specification, carried in the repository so this test runs on a fresh clone.
const seedFile = join(repoRoot(), 'contract', 'seed', 'interface-spec.md');

/** Every example of a response (single `example` or named `examples`). */
function responseExamples(response: any): unknown[] {
	const resolved = response.$ref
		? doc.components.responses[response.$ref.split('/').pop()]
		: response;
	const media = resolved.content?.['application/json'];
	if (!media) return [];
	if (media.example !== undefined) return [media.example];
	return Object.values<any>(media.examples ?? {}).map((e) => e.value);
}

function schemaPointer(response: any): string {
	const resolved = response.$ref
		? doc.components.responses[response.$ref.split('/').pop()]
		: response;
	return resolved.content['application/json'].schema.$ref;
}

/**
 * Routes this package assumes beyond the seed, each said in the contract: a list of bins searched
 * and paged on the platform, for the bin picker (a warehouse holds thousands).
 */
const BEYOND_SEED = ['/bin/check'];

describe('contract/openapi.yaml', () => {
	it("describes the 40 routes of the seed and the package's own, all POST", () => {
		expect(paths).toHaveLength(40 + BEYOND_SEED.length);
		expect(paths).toContain('/oauth/token');
		for (const p of paths) expect(Object.keys(doc.paths[p])).toEqual(['post']);
	});

	it('matches the route tables of the seed (section 4)', () => {
		const seed = readFileSync(seedFile, 'utf8');
		const section4 = seed.slice(seed.indexOf('## 4. Endpoints'), seed.indexOf('## 5.'));
		const seedRoutes = [...section4.matchAll(/^\| (\/[a-z_/]+) \|/gm)].map((m) => m[1]);
		expect(seedRoutes.length).toBeGreaterThanOrEqual(40);
		expect([...paths].sort()).toEqual([...new Set([...seedRoutes, ...BEYOND_SEED])].sort());
	});

	it('needs the bearer token on every route except /oauth/token', () => {
		expect(doc.security).toEqual([{ bearerAuth: [] }]);
		for (const { path, op } of operations) {
			if (path === '/oauth/token') expect(op.security).toEqual([]);
			else expect(op.security).toBeUndefined();
		}
	});

	it.each(operations.map((o) => [o.path, o.op]))(
		'%s has request and response examples that match their schemas',
		(_path, op: any) => {
			const media = op.requestBody.content['application/json'];
			expect(media.example).toBeDefined();
			const request = contract.validator(media.schema.$ref);
			expect(request(structuredClone(media.example)) ? [] : request.errors).toEqual([]);
			for (const [status, response] of Object.entries<any>(op.responses)) {
				const examples = responseExamples(response);
				expect(examples.length).toBeGreaterThan(0);
				const validate = contract.validator(schemaPointer(response));
				for (const example of examples) {
					expect({
						status,
						errors: validate(structuredClone(example)) ? [] : validate.errors,
					}).toEqual({ status, errors: [] });
				}
			}
		},
	);

	it('gives every bulk write an x-max-items equal to its schema maxItems, and reads a 1..500 limit', () => {
		for (const { path, op } of operations) {
			const schema =
				doc.components.schemas[
					op.requestBody.content['application/json'].schema.$ref.split('/').pop()
				];
			const items = schema.properties?.items;
			if (items?.type === 'array') {
				expect({ path, max: op['x-max-items'] }).toEqual({ path, max: items.maxItems });
				expect(items.minItems).toBe(1);
			}
			if (path.endsWith('/check') && path !== '/comparison/check_status') {
				expect(schema.properties.limit).toEqual({ $ref: '#/components/schemas/ReadLimit' });
				expect(schema.properties.cursor).toEqual({ $ref: '#/components/schemas/ReadCursor' });
			}
		}
		expect(doc.paths['/inventory/add'].post['x-max-items']).toBe(1000);
	});

	it('lets records carry x_ fields and nothing else unknown', () => {
		for (const name of [
			'Supplier',
			'InventoryItem',
			'SalesOrder',
			'PurchaseOrder',
			'ProductionOrder',
			'Customer',
			'SupplyLocation',
			'Warehouse',
			'Bin',
			'CourierService',
			'DangerousGoodsLookup',
		]) {
			const s = doc.components.schemas[name];
			expect({
				name,
				additionalProperties: s.additionalProperties,
				x: s['x-patternProperties']?.['^x_'],
			}).toEqual({ name, additionalProperties: false, x: {} });
		}
	});
});

describe('the simulator serves every contract route', () => {
	let c: Client;
	beforeAll(async () => {
		c = await client({ demoData: true });
	});
	afterAll(async () => await c.sim.close());

	// In contract order: the examples build on the demo data and on each other (a comparison walks its states).
	it('answers each request example with 200 and a body matching the response schema', async () => {
		const served: string[] = [];
		for (const { path, op } of operations) {
			const example = op.requestBody.content['application/json'].example;
			const reply = await c.post(path, example, {
				token: path === '/oauth/token' ? null : undefined,
			});
			const validate = contract.validator(
				op.responses['200'].content['application/json'].schema.$ref,
			);
			expect({
				path,
				status: reply.status,
				body: reply.status === 200 ? undefined : reply.body,
			}).toEqual({ path, status: 200, body: undefined });
			expect({ path, errors: validate(reply.body) ? [] : validate.errors }).toEqual({
				path,
				errors: [],
			});
			served.push(path);
		}
		expect(served).toHaveLength(40 + BEYOND_SEED.length);
		expect(Object.keys(c.sim.stats().requests).sort()).toEqual([...paths].sort());
	});
});
