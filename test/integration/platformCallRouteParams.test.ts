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

const description = () => {
	const warehouse = warehousePath();
	warehouse.get.parameters.push(
		{ name: 'view', in: 'query', required: true, schema: { type: 'string' } },
		{ name: 'X-Tenant', in: 'header', schema: { type: 'string' } },
	);
	return {
		openapi: '3.0.3',
		info: { title: 'Stock REST', version: '1.0.0' },
		paths: { [STOCK_LIST]: stockListPath(), [WAREHOUSE]: warehouse },
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
});
