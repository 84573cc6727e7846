/**
 * WMS Platform → Call a Route on a vendor's stock routes through real n8n-core, the simulator's
 * REST vendor answering a description of the test's own: a POST search whose path names the
 * warehouse and whose filters sit in a filter object (the warehouse filled per item into the path,
 * the filters in their object, page after page), and a GET list answered as the list itself whose
 * next page's address is in the Link header its description declares (through components/headers),
 * its declared headers put into each item on request, never one that carries a credential.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import {
	STOCK_LIST,
	STOCK_SEARCH,
	stockHeaders,
	stockListPath,
	stockSearchPath,
	WAREHOUSE,
	warehousePath,
} from '../../dev/simulator/restStock';
import { harnessFor, type Harness } from '../support/harness';
import { callRoute, itemOf } from '../support/platform';

const VENDOR = { description: 'platform', descriptionUrl: 'openapi.json' };

const mapped = (value: IDataObject) => ({ mappingMode: 'defineBelow', value, matchingColumns: [] });

const description = () => ({
	openapi: '3.0.3',
	info: { title: 'Stock REST', version: '1.0.0' },
	paths: {
		[STOCK_SEARCH]: stockSearchPath(),
		[STOCK_LIST]: stockListPath(),
		[WAREHOUSE]: warehousePath(),
	},
	components: { headers: stockHeaders() },
});

const LIST = `GET ${STOCK_LIST}`;

describe('WMS Platform → Call a Route on a vendor stock search', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	beforeAll(async () => {
		sim = await startSimulator({});
		sim.description.set({ text: JSON.stringify(description()), format: 'json' });
		harness = harnessFor(sim, VENDOR);
	});
	afterAll(async () => await sim.close());
	beforeEach(() => {
		sim.rest.seen.length = 0;
		sim.rest.stock.length = 0;
		for (const [warehouse_id, sku, quantity] of [
			['W/1', 'A', 1],
			['W/1', 'B', 2],
			['W/1', 'A', 3],
			['W/1', 'A', 4],
			['W2', 'A', 5],
		] as const)
			sim.rest.stock.push({ warehouse_id, sku, quantity });
	});

	it('fills the warehouse its path names per item, the filters in their object, page after page', async () => {
		const fields = await harness.mapperFields(
			callRoute(STOCK_SEARCH, { mappingMode: 'defineBelow', value: null }),
			'routeFields',
		);
		expect(fields.fields.map((field) => [field.id, field.required])).toEqual([
			['warehouse_id', true],
			['sku', false],
		]);
		const { outputs, error } = await harness.run(
			callRoute(STOCK_SEARCH, mapped({ warehouse_id: '={{ $json.w }}', sku: 'A' }), {
				returnAll: true,
			}),
			[{ w: 'W/1' }, { w: 'W2' }],
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => [itemOf(item), item.json.quantity])).toEqual([
			[0, 1],
			[0, 3],
			[0, 4],
			[1, 5],
		]);
		expect(sim.rest.seen.map(({ path, body }) => [path, JSON.parse(body)])).toEqual([
			['/warehouses/W%2F1/stock/search', { filter: { sku: 'A' }, page: 1, per_page: 2 }],
			['/warehouses/W%2F1/stock/search', { filter: { sku: 'A' }, page: 2, per_page: 2 }],
			['/warehouses/W2/stock/search', { filter: { sku: 'A' }, page: 1, per_page: 2 }],
		]);
	});

	it('reads a list page after page by the Link header its description declares', async () => {
		const { outputs, error } = await harness.run(
			callRoute(LIST, mapped({ warehouse_id: 'W/1' }), { returnAll: true }),
			[{}],
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json)).toEqual([
			{ sku: 'A', quantity: 1 },
			{ sku: 'B', quantity: 2 },
			{ sku: 'A', quantity: 3 },
			{ sku: 'A', quantity: 4 },
		]);
		expect(sim.rest.seen.map(({ method, path, query }) => [method, path, query])).toEqual([
			['GET', '/warehouses/W%2F1/stock', { per_page: ['2'] }],
			['GET', '/warehouses/W%2F1/stock', { per_page: ['2'], page: ['2'] }],
		]);
	});

	it('stops where a Link header names another site, sending nothing there', async () => {
		for (const quantity of [1, 2, 3])
			sim.rest.stock.push({ warehouse_id: 'W9', sku: 'ELSEWHERE', quantity });
		const { error } = await harness.run(
			callRoute(LIST, mapped({ warehouse_id: 'W9', sku: 'ELSEWHERE' }), { returnAll: true }),
			[{}],
		);
		expect(error?.message).toMatch(
			/Link header on GET \/warehouses\/\{warehouse_id\}\/stock names its next page at http:\/\/elsewhere\.invalid, not the platform's own site/,
		);
		expect(sim.rest.seen).toHaveLength(1);
	});

	it('puts the declared headers into each item under Include Response Headers, never a credential', async () => {
		const plain = await harness.run(
			callRoute(LIST, mapped({ warehouse_id: 'W/1' }), { returnAll: true }),
			[{}],
		);
		expect(plain.outputs[0][0].json.headers).toBeUndefined();
		const { outputs, error } = await harness.run(
			callRoute(LIST, mapped({ warehouse_id: 'W/1' }), {
				returnAll: true,
				options: { includeHeaders: true },
			}),
			[{}],
		);
		expect(error).toBeUndefined();
		const headers = outputs[0].map((item) => item.json.headers as IDataObject);
		expect(headers.map((one) => one['x-request-id'])).toEqual(['req-1', 'req-1', 'req-2', 'req-2']);
		expect(headers[0]).toEqual({
			link: expect.stringContaining('rel="next"'),
			'x-total-count': '4',
			'x-request-id': 'req-1',
		});
		expect(JSON.stringify(outputs)).not.toMatch(/secret/);
	});

	it('puts the declared headers beside the answer of a route called once per item', async () => {
		const { outputs, error } = await harness.run(
			callRoute(`GET ${WAREHOUSE}`, mapped({ warehouse_id: '={{ $json.w }}' }), {
				options: { includeHeaders: true },
			}),
			[{ w: 'W1' }, { w: 'W2' }],
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => [itemOf(item), item.json])).toEqual([
			[0, { id: 'W1', headers: { 'x-request-id': 'wh-W1' } }],
			[1, { id: 'W2', headers: { 'x-request-id': 'wh-W2' } }],
		]);
	});
});
