/**
 * WMS Platform → Call a Route through real n8n-core against the simulator's REST vendor, a
 * description of the test's own giving its warehouse route a required query parameter and a header
 * parameter: a value for the path, the query or a header with spaces before or after it, or with a
 * line break, is refused before it is sent (the path would carry it encoded, a header would lose it
 * silently), naming the item, the field and the parameter; the other items go on.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import {
	STOCK_LIST,
	stockHeaders,
	stockListPath,
	WAREHOUSE,
	warehousePath,
} from '../../dev/simulator/restStock';
import { harnessFor, type Harness } from '../support/harness';
import { callRoute, itemOf } from '../support/platform';

const VENDOR = { description: 'platform', descriptionUrl: 'openapi.json' };
const mapped = (value: IDataObject) => ({ mappingMode: 'defineBelow', value, matchingColumns: [] });

/** A route that writes records in batches, the warehouse they go to named by its path. */
const COUNTS = '/warehouses/{warehouse_id}/counts';
const countsPath = () => ({
	post: {
		operationId: 'addCounts',
		'x-natural-key': ['sku'],
		parameters: [{ name: 'warehouse_id', in: 'path', required: true, schema: { type: 'string' } }],
		requestBody: {
			required: true,
			content: {
				'application/json': {
					schema: {
						type: 'object',
						required: ['items'],
						properties: {
							items: {
								type: 'array',
								maxItems: 100,
								items: {
									type: 'object',
									required: ['sku', 'quantity'],
									properties: { sku: { type: 'string' }, quantity: { type: 'integer' } },
								},
							},
						},
					},
				},
			},
		},
		responses: {
			'200': {
				description: 'One result per row',
				content: {
					'application/json': {
						schema: {
							type: 'object',
							properties: {
								results: {
									type: 'array',
									items: {
										type: 'object',
										properties: {
											index: { type: 'integer' },
											key: { type: 'string' },
											status: { type: 'string', enum: ['created', 'updated'] },
										},
									},
								},
							},
						},
					},
				},
			},
		},
	},
});

const description = () => {
	const warehouse = warehousePath();
	warehouse.get.parameters.push(
		{ name: 'view', in: 'query', required: true, schema: { type: 'string' } },
		{ name: 'X-Tenant', in: 'header', schema: { type: 'string' } },
	);
	const list = stockListPath();
	const object = {
		type: 'object',
		properties: { sku: { type: 'string' }, min: { type: 'integer' } },
	};
	list.get.parameters.push(
		{ name: 'where', in: 'query', style: 'deepObject', schema: object },
		{ name: 'range', in: 'query', schema: object },
	);
	return {
		openapi: '3.0.3',
		info: { title: 'Stock REST', version: '1.0.0' },
		paths: { [STOCK_LIST]: list, [WAREHOUSE]: warehouse, [COUNTS]: countsPath() },
		components: { headers: stockHeaders() },
	};
};

const GET_WAREHOUSE = callRoute(
	`GET ${WAREHOUSE}`,
	mapped({ warehouse_id: '={{ $json.w }}', view: '={{ $json.v }}', 'X-Tenant': '={{ $json.t }}' }),
	{},
	'continueErrorOutput',
);

const messages = (items: INodeExecutionData[]) =>
	items.map((item) => [itemOf(item), item.json.message]);

describe('WMS Platform → Call a Route: path, query and header values as they would be sent', () => {
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
	});

	const sent = () => sim.rest.seen.map(({ path, query }) => [path, query]);

	it('refuses a query value with spaces before or after it, or a line break, naming the item, the field and the parameter', async () => {
		const { outputs, error } = await harness.run(GET_WAREHOUSE, [
			{ w: 'W1', v: ' full' },
			{ w: 'W2', v: 'full\n' },
			{ w: 'W3', v: 'full' },
		]);
		expect(error).toBeUndefined();
		expect(outputs[0].map(itemOf)).toEqual([2]);
		expect(messages(outputs[1])).toEqual([
			[
				0,
				'The 1st input item: View is " full", with spaces before or after it, which would be sent as part of the query parameter view: remove the spaces before or after it (an expression often gains them)',
			],
			[
				1,
				'The 2nd input item: View is "full\\n", with a line break in it, which would be sent as part of the query parameter view: remove the line break (a value read from a file or a text box often has one)',
			],
		]);
		expect(sent()).toEqual([['/warehouses/W3', { view: ['full'] }]]);
	});

	it('refuses a header value with spaces before or after it, or a line break, which the header would lose', async () => {
		const { outputs, error } = await harness.run(GET_WAREHOUSE, [
			{ w: 'W1', v: 'full', t: ' t1 ' },
			{ w: 'W2', v: 'full', t: 't1\r\nX-Other: 1' },
			{ w: 'W3', v: 'full', t: 't1' },
		]);
		expect(error).toBeUndefined();
		expect(outputs[0].map(itemOf)).toEqual([2]);
		expect(messages(outputs[1])).toEqual([
			[
				0,
				expect.stringMatching(
					/^The 1st input item: X Tenant is " t1 ", with spaces before or after it, which the header X-Tenant cannot carry as given: remove the spaces/,
				),
			],
			[
				1,
				expect.stringMatching(
					/^The 2nd input item: X Tenant is "t1\\r\\nX-Other: 1", with a line break in it, which the header X-Tenant cannot carry as given: remove the line break/,
				),
			],
		]);
		expect(sent()).toEqual([['/warehouses/W3', { view: ['full'] }]]);
	});

	it('refuses a path value of dots, which would send the request to another route', async () => {
		const { outputs, error } = await harness.run(GET_WAREHOUSE, [
			{ w: '..', v: 'full' },
			{ w: '.', v: 'full' },
			{ w: '...', v: 'full' },
		]);
		expect(error).toBeUndefined();
		expect(messages(outputs[1])).toEqual([
			[
				0,
				'The 1st input item: Warehouse ID is "..", which in a path means the level above, so the request would go to another route: give the record\'s own value',
			],
			[
				1,
				expect.stringMatching(
					/^The 2nd input item: Warehouse ID is "\.", which in a path means this level/,
				),
			],
		]);
		expect(sent()).toEqual([['/warehouses/...', { view: ['full'] }]]);
	});

	it("refuses a path value with a line break, and a read's query value with spaces, before anything is sent", async () => {
		const path = await harness.run(GET_WAREHOUSE, [{ w: 'W\n1', v: 'full' }]);
		expect(messages(path.outputs[1])).toEqual([
			[
				0,
				expect.stringMatching(
					/^The 1st input item: Warehouse ID is "W\\n1", with a line break in it, which would be sent as part of the path: remove the line break/,
				),
			],
		]);
		const read = await harness.run(
			callRoute(
				`GET ${STOCK_LIST}`,
				mapped({ warehouse_id: 'W1', sku: '={{ $json.sku }}' }),
				{ returnAll: true },
				'continueErrorOutput',
			),
			[{ sku: 'A ' }],
		);
		expect(messages(read.outputs[1])).toEqual([
			[
				0,
				expect.stringMatching(
					/^The 1st input item: SKU is "A ", with spaces before or after it, which would be sent as part of the query parameter sku: remove the spaces/,
				),
			],
		]);
		expect(sent()).toEqual([]);
	});

	it('sends an object query parameter as its style says (deepObject, form), and none when it is left empty', async () => {
		const { error } = await harness.run(
			callRoute(
				`GET ${STOCK_LIST}`,
				mapped({ warehouse_id: 'W1', where: '={{ $json.where }}', range: '={{ $json.range }}' }),
				{ returnAll: false, limit: 1 },
			),
			[{}, { where: { sku: 'A', min: 2 }, range: { min: 1 } }],
		);
		expect(error).toBeUndefined();
		const spaced = await harness.run(
			callRoute(
				`GET ${STOCK_LIST}`,
				mapped({ warehouse_id: 'W1', where: '={{ $json.where }}' }),
				{},
				'continueErrorOutput',
			),
			[{ where: { sku: 'A ' } }],
		);
		expect(messages(spaced.outputs[1])).toEqual([
			[
				0,
				expect.stringMatching(
					/^The 1st input item: Where is "A ", with spaces before or after it, which would be sent as part of the query parameter where: remove the spaces/,
				),
			],
		]);
		expect(sent()).toEqual([
			['/warehouses/W1/stock', { per_page: ['1'] }],
			[
				'/warehouses/W1/stock',
				{ 'where[sku]': ['A'], 'where[min]': ['2'], min: ['1'], per_page: ['1'] },
			],
		]);
	});

	it('refuses a value with spaces for the path of a route that writes records in batches, naming the record', async () => {
		const fields = await harness.mapperFields(
			callRoute(COUNTS, { mappingMode: 'defineBelow', value: null }),
			'routeFields',
		);
		expect(fields.fields.map((field) => field.id)).toEqual(['warehouse_id', 'sku', 'quantity']);
		const { outputs, error } = await harness.run(
			callRoute(
				COUNTS,
				{
					mappingMode: 'defineBelow',
					value: { warehouse_id: '={{ $json.w }}', sku: '={{ $json.sku }}', quantity: 1 },
					matchingColumns: ['sku'],
				},
				{},
				'continueErrorOutput',
			),
			[
				{ w: 'W1 ', sku: 'A' },
				{ w: 'W\t2', sku: 'B' },
			],
		);
		expect(error).toBeUndefined();
		expect(messages(outputs[1])).toEqual([
			[
				0,
				expect.stringMatching(
					/^Warehouses A: Warehouse ID is "W1 ", with spaces before or after it, which would be sent as part of the path: remove the spaces/,
				),
			],
			[
				1,
				expect.stringMatching(
					/^Warehouses B: Warehouse ID is "W\\t2", with a tab in it, which would be sent as part of the path: remove the tab/,
				),
			],
		]);
		expect(sent()).toEqual([]);
	});
});
