/**
 * Item counts at the edges: 0, 1, the route's limit and one more, and 100,000 inventory items
 * with bad ones among them. Requests, rows and pairing are checked, not only "it ran".
 */
import type { IDataObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { Harness } from '../support/harness';
import { harnessFor, onAFreshPlatform } from '../support/platform';

const addItems = {
	type: 'wmsInventory',
	parameters: { resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem' },
};
const addOrders = {
	type: 'wmsSalesOrder',
	parameters: { resource: 'salesOrder', operation: 'add', fieldsToSend: 'inputItem' },
};

const items = (n: number, prefix = 'V'): IDataObject[] =>
	Array.from({ length: n }, (_, i) => ({
		sku: `${prefix}-${String(i).padStart(6, '0')}`,
		description: `Item ${i}`,
	}));
const orders = (n: number): IDataObject[] =>
	Array.from({ length: n }, (_, i) => ({
		order_number: `SO-V${i}`,
		customer_code: 'CUST-1',
		warehouse_code: 'WH1',
		order_date: '2026-11-21',
		lines: [{ sku: 'NUT-M8', quantity: 1 }],
	}));
const pairs = (indexes: number[]) => indexes.map((item) => ({ item }));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('item counts at the edges, through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));

	it('0 items: n8n does not run the node, and nothing is sent (not even a token request)', async () => {
		const { outputs, error, run } = await harness.run(addItems, []);
		expect(error).toBeUndefined();
		expect(outputs).toEqual([]);
		expect(run.data.resultData.runData.WMS).toBeUndefined();
		expect(sim.stats()).toEqual({ requests: {}, items: {}, statuses: {}, tokensIssued: 0 });
	});

	it.each([
		[1, [1]],
		[1000, [1000]],
		[1001, [1000, 1]],
	])('%i inventory items: %j rows per request, every output paired in order', async (n, chunks) => {
		const input = items(n);
		const { outputs, error } = await harness.run(addItems, input);
		expect(error).toBeUndefined();
		expect(sim.stats().requests['/inventory/add']).toBe(chunks.length);
		expect(sim.stats().items['/inventory/add']).toBe(n);
		expect(outputs[0].map((item) => item.pairedItem)).toEqual(pairs(range(n)));
		expect(outputs[0].map((item) => item.json.key)).toEqual(input.map((item) => item.sku));
	});

	it.each([
		[100, 1],
		[101, 2],
	])(
		'%i sales orders: %i requests (100 orders per request), each order once',
		async (n, requests) => {
			const { outputs, error } = await harness.run(addOrders, orders(n));
			expect(error).toBeUndefined();
			expect(sim.stats().requests['/sales_order/add']).toBe(requests);
			expect(outputs[0].map((item) => item.pairedItem)).toEqual(pairs(range(n)));
			expect(
				sim.store
					.list('sales_order')
					.filter((order) => String(order.order_number).startsWith('SO-V')),
			).toHaveLength(n);
		},
	);

	it('1001 items, the bad one last: 1000 sent in one request, the last named on the error output', async () => {
		const input = items(1001);
		input[1000] = { sku: 'V-LAST', description: 'x', weight_kg: -1 };
		const { outputs } = await harness.run({ ...addItems, onError: 'continueErrorOutput' }, input);
		expect(sim.stats().requests['/inventory/add']).toBe(1);
		expect(outputs[0]).toHaveLength(1000);
		expect(outputs[1].map((item) => [item.pairedItem, item.json.message])).toEqual([
			[{ item: 1000 }, 'Inventory item V-LAST: weight_kg must be 0 or more (got -1)'],
		]);
	});

	it('100,000 inventory items with 3 bad ones: 99,997 stored in 100 requests, the 3 named and paired, nothing sent for them', async () => {
		const input = items(100_000, 'H');
		const bad = [0, 54_321, 99_999];
		input[0] = { sku: 'H-BAD-0', description: '' };
		input[54_321] = {
			sku: 'H-BAD-1',
			description: 'x',
			pack_sizes: [{ unit_of_measure: 'CASE', quantity: 0.5 }],
		};
		input[99_999] = { sku: 'H-BAD|2', description: 'x' };
		const { outputs, error } = await harness.run(
			{ ...addItems, onError: 'continueErrorOutput' },
			input,
		);
		expect(error).toBeUndefined();
		expect(outputs[1].map((item) => item.pairedItem)).toEqual(pairs(bad));
		expect(outputs[1].map((item) => item.json.message)).toEqual([
			'Inventory item H-BAD-0: description is required but missing or empty',
			'Inventory item H-BAD-1: pack_sizes.1.quantity must be a whole number (got 0.5)',
			expect.stringMatching(
				/^The 100000th input item \("x"\): sku must be a code without blanks at either end and without "\|"/,
			),
		]);
		const good = range(100_000).filter((index) => !bad.includes(index));
		expect(outputs[0]).toHaveLength(good.length);
		expect(
			outputs[0].every((item, k) => (item.pairedItem as { item: number }).item === good[k]),
		).toBe(true);
		expect(sim.stats().requests['/inventory/add']).toBe(100);
		expect(sim.stats().items['/inventory/add']).toBe(99_997);
		expect(sim.stats().tokensIssued).toBe(1);
		expect(sim.store.get('inventory_item', 'H-BAD-1')).toBeUndefined();
		expect(sim.store.get('inventory_item', 'H-099998')).toBeDefined();
	}, 180_000);
});

describe('node settings that make no sense are named before anything is sent', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	beforeAll(async () => {
		sim = await startSimulator();
		harness = harnessFor(sim);
	});
	afterAll(async () => await sim.close());

	it('ERP Update Trigger watching no kind', async () => {
		const workflow = harness.workflow([
			harness.node({ type: 'wmsErpUpdateTrigger', parameters: { updateKinds: [] } }),
		]);
		const node = workflow.getNode('WMS')!;
		const type = harness.nodeTypes.getByNameAndVersion(node.type);
		await expect(
			type.poll!.call(
				harness.pollContext({ type: 'wmsErpUpdateTrigger', parameters: {} }, workflow),
			),
		).rejects.toThrow('No update kind is selected');
		expect(sim.stats().requests).toEqual({});
	});

	it('Supplier: an Extra Fields entry without a name', async () => {
		const { error } = await harness.run(
			{
				type: 'wmsSupplier',
				parameters: {
					resource: 'supplier',
					operation: 'upsert',
					code: 'X',
					name: 'X',
					extraFields: { field: [{ name: ' ', value: 'v' }] },
				},
			},
			[{}],
		);
		expect(error?.message).toBe('The 1st input item: Extra Fields has an entry without a name');
		expect(sim.stats().requests).toEqual({});
	});
});
