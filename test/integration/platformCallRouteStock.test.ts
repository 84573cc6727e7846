/**
 * WMS Platform → Call a Route on a vendor's stock routes through real n8n-core, the simulator's
 * REST vendor answering a description of the test's own: a POST search whose path names the
 * warehouse and whose filters sit in a filter object (the warehouse filled per item into the path,
 * the filters in their object, page after page).
 */
import type { IDataObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { STOCK_SEARCH, stockSearchPath } from '../../dev/simulator/restStock';
import { harnessFor, type Harness } from '../support/harness';
import { callRoute, itemOf } from '../support/platform';

const VENDOR = { description: 'platform', descriptionUrl: 'openapi.json' };

const mapped = (value: IDataObject) => ({ mappingMode: 'defineBelow', value, matchingColumns: [] });

const description = () => ({
	openapi: '3.0.3',
	info: { title: 'Stock REST', version: '1.0.0' },
	paths: { [STOCK_SEARCH]: stockSearchPath() },
});

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
});
