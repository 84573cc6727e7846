/**
 * Bad input to the order nodes, ERP Update, Inventory Reconciliation's line operations, and
 * malformed JSON in JSON mode, table-driven.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { Harness } from '../support/harness';
import { harnessFor } from '../support/platform';
import { long, runCase, table } from '../support/badInputCases';

const inputItems = (type: string, resource: string, route: string) => ({
	type,
	parameters: { resource, operation: 'add', fieldsToSend: 'inputItem' },
	route,
});

const salesOrder = table({
	...inputItems('wmsSalesOrder', 'salesOrder', '/sales_order/add'),
	good: (order_number) => ({
		order_number,
		customer_code: 'CUST-1',
		warehouse_code: 'WH1',
		order_date: '2026-11-21',
		lines: [{ line_number: 1, sku: 'NUT-M8', quantity: 2 }],
	}),
});
const so = (
	order_number: string,
	lines: IDataObject['lines'],
	extra: IDataObject = {},
): IDataObject => ({
	order_number,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines,
	...extra,
});
const line = (extra: IDataObject = {}) => ({ sku: 'NUT-M8', quantity: 1, ...extra });

const salesOrderCases = [
	salesOrder(
		'zero quantity on the second line',
		(key) => so(key, [line(), line({ quantity: 0 })]),
		'The 2nd input item, line 2: quantity must be more than 0 (got 0)',
	),
	salesOrder(
		'word for a quantity',
		(key) => so(key, [line({ quantity: 'ten' })]),
		'The 2nd input item, line 1: quantity must be a number (got "ten")',
	),
	salesOrder(
		'fractional line number',
		(key) => so(key, [line({ line_number: 1.5 })]),
		'The 2nd input item, line 1: line_number must be a whole number (got 1.5)',
	),
	salesOrder(
		'line number 0 from an input item',
		(key) => so(key, [line({ line_number: 0 })]),
		'The 2nd input item, line 1: line_number must be 1 or more (got 0)',
	),
	salesOrder(
		'text for the lines list',
		(key) => so(key, 'NUT-M8 x 2'),
		'The 2nd input item: lines must be a list of lines (got string)',
	),
	salesOrder(
		'null line',
		(key) => so(key, [null]),
		'The 2nd input item, line 1 must be an object (got null)',
	),
	salesOrder(
		'line without its sku',
		(key) => so(key, [{ quantity: 3 }]),
		'The 2nd input item, line 1: sku is required but missing or empty',
	),
	salesOrder(
		'date that does not exist',
		(key) => so(key, [line()], { order_date: '2026-02-30' }),
		'The 2nd input item: order_date must be a date like 2026-11-21 (got "2026-02-30")',
	),
	salesOrder(
		'word for a boolean',
		(key) => so(key, [line()], { cancel: 'perhaps' }),
		'The 2nd input item: cancel must be yes or no, written as true/false, yes/no, y/n, on/off, 1/0 (in any case) (got "perhaps")',
	),
	salesOrder(
		'missing customer',
		(key) => ({ ...so(key, [line()]), customer_code: undefined }),
		'The 2nd input item: customer_code is required but missing or empty',
	),
	salesOrder(
		'unknown field',
		(key) => so(key, [line()], { priority: 'high' }),
		/^The 2nd input item: priority is not a field the platform knows/,
	),
	salesOrder(
		'over-long customer reference (101)',
		(key) => so(key, [line()], { reference: long(101) }),
		'The 2nd input item: reference must be at most 100 characters long (got 101)',
	),
	salesOrder(
		'fractional quantity (accepted: 1.5 m of cable)',
		(key) => so(key, [line({ quantity: 1.5 })]),
		undefined,
		(sim, key) => expect(sim.store.get('sales_order', key)?.lines[0].quantity).toBe(1.5),
	),
	salesOrder(
		'unicode notes (accepted as sent)',
		(key) =>
			so(key, [line({ notes: 'Vorsicht: zerbrechlich — 易碎 ⚠️' })], {
				notes: 'Lieferung über Hof Nord',
			}),
		undefined,
		(sim, key) =>
			expect(sim.store.get('sales_order', key)).toMatchObject({
				notes: 'Lieferung über Hof Nord',
				lines: [{ notes: 'Vorsicht: zerbrechlich — 易碎 ⚠️' }],
			}),
	),
];

// Quantities and dates that could be read two ways: refused with what to write instead.
const salesOrderValueCases = [
	salesOrder(
		'"1.000" pieces on a line',
		(key) => so(key, [line({ quantity: '1.000' })]),
		/^The 2nd input item, line 1: quantity is ambiguous \(got "1.000"\): 1000 with a thousands separator, or 1 with three decimals\?/,
	),
	salesOrder(
		'hexadecimal line number',
		(key) => so(key, [line({ line_number: '0x10' })]),
		'The 2nd input item, line 1: line_number is written in hexadecimal (got "0x10"): write it in decimal digits, like 16',
	),
	salesOrder(
		'day.month.year',
		(key) => so(key, [line()], { order_date: '21.11.2026' }),
		'The 2nd input item: order_date must be a date like 2026-11-21 (got "21.11.2026"): write it as 2026-11-21',
	),
	salesOrder(
		'month/day/year',
		(key) => so(key, [line()], { order_date: '11/21/2026' }),
		'The 2nd input item: order_date must be a date like 2026-11-21 (got "11/21/2026"): write it as 2026-11-21',
	),
	salesOrder(
		'03/04/2026: March or April?',
		(key) => so(key, [line()], { order_date: '03/04/2026' }),
		'The 2nd input item: order_date must be a date like 2026-11-21 (got "03/04/2026"): could be 2026-04-03 or 2026-03-04: write it as YYYY-MM-DD',
	),
	salesOrder(
		'"cancel": "N" (accepted as false)',
		(key) => so(key, [line()], { cancel: 'N' }),
		undefined,
		(sim, key) => expect(sim.store.get('sales_order', key)?.status).toBe('open'),
	),
];

const purchaseOrder = table({
	...inputItems('wmsPurchaseOrder', 'purchaseOrder', '/purchase_order/add'),
	good: (order_number) => ({
		order_number,
		supplier_code: 'SUP-1',
		warehouse_code: 'WH1',
		order_date: '2026-11-21',
		lines: [{ sku: 'NUT-M8', quantity: 100 }],
	}),
});
const po = (order_number: string, extra: IDataObject = {}, lineExtra: IDataObject = {}) => ({
	order_number,
	supplier_code: 'SUP-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines: [{ sku: 'NUT-M8', quantity: 100, ...lineExtra }],
	...extra,
});

const purchaseOrderCases = [
	purchaseOrder(
		'negative quantity',
		(key) => po(key, {}, { quantity: -3 }),
		'The 2nd input item, line 1: quantity must be more than 0 (got -3)',
	),
	purchaseOrder(
		'negative unit cost',
		(key) => po(key, {}, { unit_cost: -1 }),
		'The 2nd input item, line 1: unit_cost must be 0 or more (got -1)',
	),
	purchaseOrder(
		'expected before ordered',
		(key) => po(key, { expected_date: '2026-11-20' }),
		'The 2nd input item: expected_date must not be before order_date 2026-11-21 (got 2026-11-20)',
	),
	purchaseOrder(
		'missing supplier',
		(key) => ({ ...po(key), supplier_code: '' }),
		'The 2nd input item: supplier_code is required but missing or empty',
	),
];

const productionOrder = table({
	type: 'wmsProductionOrder',
	parameters: { resource: 'productionOrder', operation: 'add', fieldsToSend: 'inputItem' },
	route: '/production_order/add',
	good: (order_number) => ({
		order_number,
		warehouse_code: 'WH1',
		output_sku: 'KIT-FIX-M8',
		output_quantity: 5,
		due_date: '2026-12-01',
		components: [{ sku: 'BOLT-M8-40', quantity: 4 }],
	}),
});
const mo = (order_number: string, extra: IDataObject = {}) => ({
	order_number,
	warehouse_code: 'WH1',
	output_sku: 'KIT-FIX-M8',
	output_quantity: 5,
	due_date: '2026-12-01',
	components: [{ sku: 'BOLT-M8-40', quantity: 4 }],
	...extra,
});

const productionOrderCases = [
	productionOrder(
		'zero output quantity',
		(key) => mo(key, { output_quantity: 0 }),
		'The 2nd input item: output_quantity must be more than 0 (got 0)',
	),
	productionOrder(
		'no components',
		(key) => mo(key, { components: [] }),
		'The 2nd input item: components must have at least 1 entry (got 0)',
	),
	productionOrder(
		'negative component quantity',
		(key) => mo(key, { components: [{ sku: 'BOLT-M8-40', quantity: -1 }] }),
		'The 2nd input item, component 1: quantity must be more than 0 (got -1)',
	),
	productionOrder(
		'start after due',
		(key) => mo(key, { start_date: '2026-12-02' }),
		'The 2nd input item: due_date must not be before start_date 2026-12-02 (got 2026-12-01)',
	),
	productionOrder(
		'fractional output quantity (accepted: 2.5 kg of mix)',
		(key) => mo(key, { output_quantity: 2.5 }),
		undefined,
		(sim, key) => expect(sim.store.get('production_order', key)?.output_quantity).toBe(2.5),
	),
];

/** JSON mode: each item's record is a JSON text from the item (an expression), so one bad text sits beside good ones. */
const jsonMode = (
	type: string,
	resource: string,
	operation: string,
	route: string,
	good: (key: string) => IDataObject,
) =>
	table({
		type,
		parameters: { resource, operation, fieldsToSend: 'json', jsonRecord: '={{ $json.record }}' },
		route,
		good: (key) => ({ record: JSON.stringify(good(key)) }),
	});
const inventoryJson = jsonMode('wmsInventory', 'item', 'upsert', '/inventory/add', (sku) => ({
	sku,
	description: 'From JSON',
}));
const salesOrderJson = jsonMode('wmsSalesOrder', 'salesOrder', 'add', '/sales_order/add', (key) =>
	so(key, [line()]),
);

const jsonCases = [
	inventoryJson(
		'cut-off JSON',
		() => ({ record: '{"sku": "J-1", "description":' }),
		/^The 2nd input item: inventory item \(JSON\) is not valid JSON: /,
	),
	inventoryJson(
		'JSON list instead of one record',
		() => ({ record: '[{"sku": "J-2", "description": "x"}]' }),
		'The 2nd input item: inventory item (JSON) must be one JSON object, like {"code": "A1"}',
	),
	inventoryJson(
		'JSON null',
		() => ({ record: 'null' }),
		'The 2nd input item: inventory item (JSON) must be one JSON object, like {"code": "A1"}',
	),
	inventoryJson(
		'single quotes (not JSON)',
		() => ({ record: "{'sku': 'J-3'}" }),
		/^The 2nd input item: inventory item \(JSON\) is not valid JSON: /,
	),
	inventoryJson(
		'valid JSON with a wrong type inside',
		(sku) => ({ record: JSON.stringify({ sku, description: ['a', 'b'] }) }),
		'The 2nd input item: description must be text (got a list)',
	),
	salesOrderJson(
		'cut-off JSON order',
		() => ({ record: '{"order_number": "SO-J", "lines": [' }),
		/^The 2nd input item: sales order \(JSON\) is not valid JSON: /,
	),
	salesOrderJson(
		'unicode order in JSON (accepted)',
		(key) => ({ record: JSON.stringify(so(key, [line()], { notes: 'Straße 5, 2. OG — 注意' })) }),
		undefined,
		(sim, key) => expect(sim.store.get('sales_order', key)?.notes).toBe('Straße 5, 2. OG — 注意'),
	),
];

describe('bad input to the order nodes and in JSON mode, each beside good items under continue-on-fail', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	beforeAll(async () => {
		sim = await startSimulator({ demoData: true });
		harness = harnessFor(sim);
	});
	afterAll(async () => await sim.close());

	describe.each([
		['WMS Sales Order', salesOrderCases],
		['WMS Sales Order: quantities and dates', salesOrderValueCases],
		['WMS Purchase Order', purchaseOrderCases],
		['WMS Production Order', productionOrderCases],
		['JSON mode', jsonCases],
	])('%s', (_, cases) => {
		it.each(cases.map((testCase) => [testCase.title, testCase] as const))(
			'%s',
			async (_title, testCase) => await runCase(harness, sim, testCase),
		);
	});

	describe('WMS ERP Update', () => {
		const update = (operation: string, ids: string[]) =>
			table({
				type: 'wmsErpUpdate',
				parameters: { resource: 'update', operation },
				route: `/erp_update/${operation === 'setComplete' ? 'set_complete' : 'set_error'}`,
				good: (key) => ({ id: ids[key.endsWith('-0') ? 0 : 1], error: 'closed in the ERP' }),
			});

		it.each([
			[
				'Set Complete: no id anywhere on the item',
				'setComplete',
				{ order: 'SO-1' },
				/^The 2nd input item: Update ID was not found/,
			],
			[
				'Set Complete: id of 51 characters',
				'setComplete',
				{ id: long(51, '9') },
				'The 2nd input item: id must be at most 50 characters long (got 51)',
			],
			[
				'Set Complete: object for the id',
				'setComplete',
				{ id: { value: 'UPD-1' } },
				/^The 2nd input item: Update ID was not found/,
			],
			[
				'Set Complete: over-long ERP reference (101)',
				'setComplete',
				{ id: 'UPD-X', erp_reference: long(101) },
				'The 2nd input item: erp_reference must be at most 100 characters long (got 101)',
			],
			[
				'Set Complete: unknown id (refused by the platform, alone)',
				'setComplete',
				{ id: 'UPD-999999' },
				/^The 2nd input item: .*UPD-999999 does not exist/,
			],
			[
				'Set Error: no error message on the item',
				'setError',
				{ id: 'UPD-X' },
				/^The 2nd input item: Error Message was not found/,
			],
		])('%s', async (_title, operation, bad, message) => {
			const ids = sim.work.createPendingUpdates('outgoing_consignment', 2);
			const testCase = update(operation as string, ids)(
				'',
				() => bad as IDataObject,
				message as string | RegExp,
			);
			await runCase(harness, sim, testCase);
			expect(ids.map((id) => sim.store.get('erp_update', id)?.status)).toEqual(
				operation === 'setComplete' ? ['complete', 'complete'] : ['error', 'error'],
			);
		});

		it("Set Error: a message over 2,000 characters is cut to the platform's limit, not refused", async () => {
			const ids = sim.work.createPendingUpdates('move_attempt', 3);
			const testCase = update('setError', ids)('', () => ({ id: ids[2], error: long(2500, 'e') }));
			await runCase(harness, sim, testCase);
			expect(sim.store.get('erp_update', ids[2])?.error.message).toHaveLength(2000);
		});
	});

	describe('WMS Inventory Reconciliation: Add ERP On-Hand', () => {
		let comparisonId: string;
		beforeAll(async () => {
			const created = await harness.run(
				{
					type: 'wmsInventoryReconciliation',
					parameters: { resource: 'comparison', operation: 'create', warehouseCode: 'WH1' },
				},
				[{}],
			);
			comparisonId = created.outputs[0][0].json.comparison_id as string;
		});
		const skus = ['BOLT-M8-40', 'NUT-M8', 'WASHER-M8'];

		it.each([
			[
				'negative on-hand quantity',
				{ sku: 'NUT-M8', quantity: -1 },
				'The 2nd input item: quantity must be 0 or more (got -1)',
			],
			[
				'word for a quantity',
				{ sku: 'NUT-M8', quantity: 'many' },
				'The 2nd input item: quantity must be a number (got "many")',
			],
			[
				'line without its sku',
				{ quantity: 4 },
				'The 2nd input item: sku is required but missing or empty',
			],
			[
				'line without its comparison',
				{ sku: 'NUT-M8', quantity: 4, comparison_id: '' },
				'The 2nd input item: Comparison ID is required but missing or empty',
			],
			['fractional on-hand (accepted: 12.5 kg)', { sku: 'NUT-M8', quantity: 12.5 }, undefined],
		])('%s', async (_title, bad, message) => {
			const lines = table({
				type: 'wmsInventoryReconciliation',
				parameters: {
					resource: 'comparison',
					operation: 'addErpOnHand',
					fieldsToSend: 'inputItem',
				},
				route: '/comparison_erp_on_hand/add',
				good: (key) => ({
					comparison_id: comparisonId,
					sku: skus[key.endsWith('-0') ? 0 : 2],
					quantity: 7,
				}),
			});
			await runCase(
				harness,
				sim,
				lines('', () => ({ comparison_id: comparisonId, ...bad }), message),
			);
		});
	});

	describe('Get Many / Get Status filters from each input item', () => {
		it.each([
			[
				'WMS Sales Order: an order number with "|"',
				{
					type: 'wmsSalesOrder',
					parameters: {
						resource: 'salesOrder',
						operation: 'getStatus',
						returnAll: true,
						filters: { orderNumbers: '={{ $json.value }}' },
					},
				},
				'/sales_order/check',
				['SO-DEMO-1', 'SO|1', 'SO-DEMO-2'],
				/^The 2nd input item: Filters → Order Numbers entry 1 must be a code without blanks at either end and without "\|"/,
			],
			[
				'WMS Supplier: "yesterday" for Changed Since',
				{
					type: 'wmsSupplier',
					parameters: {
						resource: 'supplier',
						operation: 'getMany',
						returnAll: true,
						filters: { changedSince: '={{ $json.value }}' },
					},
				},
				'/supplier/check',
				['2020-01-01', 'yesterday', '2020-01-01T00:00:00Z'],
				'The 2nd input item: Filters → Changed Since must be a date like 2026-11-21T14:30:00 (in the workflow\'s time zone) or 2026-11-21T14:30:00Z (got "yesterday")',
			],
			[
				'WMS Dangerous Goods: a UN number of 2 digits among good ones',
				{
					type: 'wmsDangerousGoods',
					parameters: {
						resource: 'lookup',
						operation: 'getMany',
						returnAll: true,
						filters: { unNumbers: '={{ $json.value }}' },
					},
				},
				'/dangerous_goods_lookup/check',
				['1263', '1263, 12', '1993'],
				/^The 2nd input item: Filters → UN Numbers entry 2 must be a UN number of four digits/,
			],
			[
				'WMS Customer: a lower-case country',
				{
					type: 'wmsCustomer',
					parameters: {
						resource: 'supplyLocation',
						operation: 'getMany',
						returnAll: true,
						filters: { country: '={{ $json.value }}' },
					},
				},
				'/supply_location/check',
				['DE', 'de', 'NO'],
				/^The 2nd input item: Filters → Country must be a two-letter ISO country code/,
			],
		])('%s', async (_title, node, route, values, message) => {
			sim.resetStats();
			const { outputs, error } = await harness.run(
				{ ...node, onError: 'continueErrorOutput' },
				values.map((value) => ({ value })),
			);
			expect(error).toBeUndefined();
			const [main, errors] = outputs;
			expect(errors.map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
			if (typeof message === 'string') expect(errors[0].json.message).toBe(message);
			else expect(errors[0].json.message).toMatch(message);
			// The good items were read, each paired to itself; nothing was asked for the bad one. Reads by
			// key (order numbers, UN numbers) of both good items go in one request; other filters, one each.
			expect(new Set(main.map((item) => (item.pairedItem as { item: number }).item))).toEqual(
				new Set([0, 2]),
			);
			expect(sim.stats().requests[route]).toBe(
				/Numbers/.test(JSON.stringify(node.parameters.filters)) ? 1 : 2,
			);
		});
	});
});
