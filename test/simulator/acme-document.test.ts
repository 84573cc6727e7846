/* eslint-disable @typescript-eslint/no-explicit-any -- walks the OpenAPI document as plain JSON */
/**
 * Acme WMS 2.4.0's description, as the simulator writes it from our contract: the differences
 * acme-shape.md lists, none of our x- keys, examples that hold against its own schemas, and a
 * simulator that answers each request example with 200 and a body matching its response schema.
 */
import { compileContract, loadContract } from '../../dev/simulator/contract';
import { shapeDocument } from '../../dev/simulator/shapes';
import { client, type Client } from '../support/simulatorClient';

const ours = loadContract().doc;
const doc = shapeDocument('acme', ours);
const theirs = compileContract(doc, 'acme');
const schemas = doc.components.schemas;
const operations = Object.entries<any>(doc.paths).map(([path, item]) => ({ path, op: item.post }));
const requestOf = (path: string) =>
	schemas[
		doc.paths[path].post.requestBody.content['application/json'].schema.$ref.split('/').pop()
	];

describe("Acme WMS 2.4.0's description", () => {
	it('is their document: title, version, 43 routes, and not one x- key of ours', () => {
		expect(doc.info).toMatchObject({ title: 'Acme WMS Public API', version: '2.4.0' });
		expect(operations).toHaveLength(43);
		expect(JSON.stringify(doc)).not.toMatch(/"x-[a-z-]+":/);
		expect(JSON.stringify(ours)).toMatch(/"x-max-items":/);
	});

	it('keys inventory records by item_number, order lines by sku', () => {
		for (const name of ['InventoryItem', 'StockingFactor', 'WarehouseInfo', 'ItemDangerousGoods']) {
			expect({ name, has: Object.keys(schemas[name].properties) }).toEqual({
				name,
				has: expect.arrayContaining(['item_number']),
			});
			expect(schemas[name].properties.sku).toBeUndefined();
			expect(schemas[name].required).toContain('item_number');
		}
		expect(schemas.SalesOrderLine.properties.sku).toBeDefined();
		expect(Object.keys(requestOf('/inventory/check').properties)).toEqual(
			expect.arrayContaining(['page', 'per_page', 'item_number', 'item_numbers']),
		);
		expect(doc.paths['/inventory/add'].post.summary).toBe(
			'Add or update inventory items (upsert by item_number)',
		);
	});

	it('puts bulk records under data with their limits: 250 on /inventory/add, ours elsewhere', () => {
		for (const { path, op } of operations) {
			const props = requestOf(path).properties ?? {};
			expect({ path, items: props.items }).toEqual({ path, items: undefined });
			const limit = ours.paths[path]?.post['x-max-items'];
			if (limit !== undefined && path !== '/inventory/add')
				expect({ path, max: props.data?.maxItems }).toEqual({ path, max: limit });
			expect(op['x-max-items']).toBeUndefined();
		}
		expect(requestOf('/inventory/add').properties.data.maxItems).toBe(250);
		expect(requestOf('/inventory_batch/add').properties.data.maxItems).toBe(500);
	});

	it('requires owner_code (1..20) and unit_of_measure of inventory items, and narrows the address type', () => {
		expect(schemas.InventoryItem.required).toEqual(
			expect.arrayContaining(['owner_code', 'unit_of_measure']),
		);
		expect(schemas.InventoryItem.properties.owner_code).toMatchObject({
			type: 'string',
			minLength: 1,
			maxLength: 20,
		});
		expect(schemas.InventoryItem.properties.unit_of_measure.default).toBeUndefined();
		expect(schemas.CustomerAddress.properties.type.enum).toEqual(['billing', 'shipping']);
	});

	it('pages reads by number and answers data with meta; batches with accepted and rejected', () => {
		const read = requestOf('/erp_update/move_attempt');
		expect(read.properties.page).toEqual({ $ref: '#/components/schemas/Page' });
		expect(schemas.PerPage).toMatchObject({ minimum: 1, maximum: 200, default: 50 });
		expect(read.properties.filter).toBeUndefined();
		expect(read.properties.statuses).toBeDefined();
		expect(schemas.MoveAttemptResponse.required).toEqual(['data', 'meta']);
		expect(schemas.BulkWriteResponse.required).toEqual(['accepted', 'rejected']);
		expect(schemas.ReadCursor).toBeUndefined();
	});

	it('moves the dangerous goods lookups to /dangerous_goods/check with the same operationId', () => {
		expect(doc.paths['/dangerous_goods_lookup/check']).toBeUndefined();
		expect(doc.paths['/dangerous_goods/check'].post.operationId).toBe(
			ours.paths['/dangerous_goods_lookup/check'].post.operationId,
		);
	});

	it.each(operations.map((o) => [o.path, o.op]))(
		'%s has examples that match its schemas',
		(_path, op: any) => {
			const media = op.requestBody.content['application/json'];
			const request = theirs.validator(media.schema.$ref);
			expect(request(structuredClone(media.example)) ? [] : request.errors).toEqual([]);
			const answer = op.responses['200'].content['application/json'];
			const response = theirs.validator(answer.schema.$ref);
			expect(response(structuredClone(answer.example)) ? [] : response.errors).toEqual([]);
		},
	);
});

describe('the acme simulator serves every route of their document', () => {
	let c: Client;
	beforeAll(async () => {
		c = await client({ shape: 'acme', demoData: true });
	});
	afterAll(async () => await c.sim.close());

	// In document order: the examples build on the demo data and on each other.
	it('answers each request example with 200 and a body matching their response schema', async () => {
		for (const { path, op } of operations) {
			const media = op.requestBody.content['application/json'];
			const reply = await c.post(path, media.example, {
				token: path === '/oauth/token' ? null : undefined,
			});
			const validate = theirs.validator(
				op.responses['200'].content['application/json'].schema.$ref,
			);
			expect({ path, status: reply.status, rejected: reply.body.rejected ?? [] }).toEqual({
				path,
				status: 200,
				rejected: [],
			});
			expect({ path, errors: validate(reply.body) ? [] : validate.errors }).toEqual({
				path,
				errors: [],
			});
		}
		expect(Object.keys(c.sim.stats().requests).sort()).toEqual(
			operations.map((o) => o.path).sort(),
		);
	});
});
