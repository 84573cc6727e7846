/**
 * Check Only looks up what an order names on the platform (its customer, warehouse, its lines'
 * items), through real n8n-core against the simulator: a record the platform does not have refuses
 * the order in the words a real run gives, each key is read once, as many per request as the read
 * route takes, and the Summary says which look-ups ran and which could not.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import { useBinaryData, type Harness, type NodeUnderTest } from '../support/harness';
import { onCase, PASTED, v2, writes, type Case } from '../support/otherShape';
import { onAFreshPlatform } from '../support/platform';

const salesOrders = (
	options: IDataObject,
	typeVersion = 3,
	onError: NodeUnderTest['onError'] = 'continueErrorOutput',
): NodeUnderTest => ({
	type: 'wmsSalesOrder',
	typeVersion,
	parameters: {
		resource: 'salesOrder',
		operation: 'add',
		fieldsToSend: 'inputItem',
		...(typeVersion >= 3 ? { columns: { mappingMode: 'autoMapInputData', value: null } } : {}),
		options,
	},
	onError,
});

const order = (orderNumber: string, extra: IDataObject = {}): IDataObject => ({
	order_number: orderNumber,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines: [{ line_number: 1, sku: 'BOLT-M8-40', quantity: 2 }],
	...extra,
});

/** What a person reads of an error item: its message, the field and the code. */
const said = (item: INodeExecutionData) => {
	const json = item.json as IDataObject;
	const error = (json.error ?? {}) as IDataObject;
	return { message: json.message, field: error.field, code: error.code };
};

describe('Check Only looks up what a record names on the platform', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));
	beforeAll(async () => await useBinaryData('filesystem'));

	for (const typeVersion of [1, 3])
		it(`refuses an order whose customer is not on the platform in a real run's words (version ${typeVersion})`, async () => {
			const orders = [order('SO-CO-1', { customer_code: 'CUST-NOPE' }), order('SO-CO-2')];
			const checked = await harness.run(salesOrders({ checkOnly: true }, typeVersion), orders);
			expect(checked.error).toBeUndefined();
			expect(sim.stats().requests['/sales_order/add']).toBeUndefined();
			expect(
				checked.outputs[0].map((item) => [
					item.json.key ?? item.json.order_number,
					item.json.checked,
				]),
			).toEqual([['SO-CO-2', true]]);
			expect(checked.outputs[1]).toHaveLength(1);
			expect(checked.outputs[1][0].pairedItem).toEqual({ item: 0 });

			const real = await harness.run(salesOrders({}, typeVersion), orders);
			expect(real.outputs[1]).toHaveLength(1);
			expect(said(checked.outputs[1][0])).toEqual(said(real.outputs[1][0]));
			expect(String(checked.outputs[1][0].json.message)).toMatch(
				/customer CUST-NOPE does not exist/,
			);
		});

	it('refuses an order whose line names an item the platform does not have, as a real run does', async () => {
		const orders = [
			order('SO-IT-1', {
				lines: [
					{ line_number: 1, sku: 'BOLT-M8-40', quantity: 1 },
					{ line_number: 2, sku: 'NO-SUCH-SKU', quantity: 1 },
				],
			}),
		];
		const checked = await harness.run(salesOrders({ checkOnly: true }), orders);
		const real = await harness.run(salesOrders({}), orders);
		expect(checked.outputs[0]).toHaveLength(0);
		expect(String(checked.outputs[1][0].json.message)).toMatch(
			/inventory item NO-SUCH-SKU does not exist/,
		);
		expect(said(checked.outputs[1][0])).toEqual(said(real.outputs[1][0]));
		expect(sim.store.get('sales_order', 'SO-IT-1')).toBeUndefined();
	});

	it("refuses a production order whose output item and a component's item are not on the platform, as a real run does", async () => {
		const node = (options: IDataObject): NodeUnderTest => ({
			...salesOrders(options),
			type: 'wmsProductionOrder',
			parameters: {
				...salesOrders(options).parameters,
				resource: 'productionOrder',
			},
		});
		const orders = [
			{
				order_number: 'MO-REF-1',
				warehouse_code: 'WH1',
				output_sku: 'NO-SUCH-OUTPUT',
				output_quantity: 10,
				due_date: '2026-11-30',
				components: [
					{ line_number: 1, sku: 'BOLT-M8-40', quantity: 1 },
					{ line_number: 2, sku: 'NO-SUCH-PART', quantity: 1 },
				],
			},
		];
		const checked = await harness.run(node({ checkOnly: true }), orders);
		const real = await harness.run(node({}), orders);
		expect(checked.outputs[0]).toHaveLength(0);
		expect(String(checked.outputs[1][0].json.message)).toMatch(
			/inventory item NO-SUCH-OUTPUT does not exist.*inventory item NO-SUCH-PART does not exist/,
		);
		expect(said(checked.outputs[1][0])).toEqual(said(real.outputs[1][0]));
		expect(sim.stats().requests['/inventory/check']).toBe(1);
	});

	it('names every missing record of an order, a supply location only of a customer that is there', async () => {
		const orders = [
			order('SO-MANY-1', {
				customer_code: 'CUST-1',
				supply_location_code: 'NOWHERE',
				warehouse_code: 'WH-NOPE',
				courier_service_code: 'NO-COURIER',
			}),
			order('SO-MANY-2', { customer_code: 'CUST-NOPE', supply_location_code: 'NOWHERE' }),
		];
		const checked = await harness.run(salesOrders({ checkOnly: true }), orders);
		const real = await harness.run(salesOrders({}), orders);
		expect(checked.outputs[1].map(said)).toEqual(real.outputs[1].map(said));
		expect(String(checked.outputs[1][0].json.message)).toMatch(
			/supply location NOWHERE of customer CUST-1 does not exist.*warehouse WH-NOPE does not exist.*courier service NO-COURIER does not exist/,
		);
	});

	it('reads each key once, as many per request as the read route takes, and says so in the Summary', async () => {
		// 501 items, each named by two lines: one request per 500 distinct keys, not per line.
		const skus = Array.from({ length: 501 }, (_, k) => `SKU-${k}`);
		const orders = Array.from({ length: 51 }, (_, o) =>
			order(`SO-BULK-${o}`, {
				customer_code: o % 2 ? 'CUST-1' : 'CUST-2',
				lines: skus.slice(o * 10, o * 10 + 10).flatMap((sku, k) => [
					{ line_number: 2 * k + 1, sku, quantity: 1 },
					{ line_number: 2 * k + 2, sku, quantity: 2 },
				]),
			}),
		);
		const { outputs, error } = await harness.run(
			salesOrders({ checkOnly: true, output: 'summary' }),
			orders,
		);
		expect(error).toBeUndefined();
		const requests = sim.stats().requests;
		expect(requests['/inventory/check']).toBe(2);
		expect(requests['/customer/check']).toBe(1);
		expect(requests['/warehouse/check']).toBe(1);
		expect(requests['/sales_order/add']).toBeUndefined();
		const [notStored, [summary]] = outputs;
		expect(notStored).toHaveLength(51);
		expect(summary.json).toMatchObject({ outcome: 'checked_only', refused: 51, passed_checks: 0 });
		expect(summary.json.looked_up).toBe(
			'Looked up on the platform: 2 customers, 1 warehouse and 501 inventory items; not there: 501 inventory items.',
		);
		expect(String(summary.json.message)).toContain(String(summary.json.looked_up));
	});

	it("reads a file's keys in full requests, though the file comes in parts", async () => {
		// Large enough to be read in more than one part: each SKU once, each order on one line.
		const rows = Array.from(
			{ length: 1500 },
			(_, k) => `SO-FILE-${k},${k % 2 ? 'CUST-1' : 'CUST-2'},WH1,2026-11-25,PART-${k},1`,
		);
		const { outputs, error } = await harness.runFiles(
			{
				type: 'wmsSalesOrder',
				parameters: {
					resource: 'salesOrder',
					operation: 'add',
					input: 'file',
					options: { checkOnly: true },
				},
			},
			[
				{
					fileName: 'orders.csv',
					text: ['Order Number,Customer,Warehouse,Order Date,SKU,Quantity', ...rows].join('\n'),
				},
			],
		);
		expect(error).toBeUndefined();
		expect(outputs[1][0].json).toMatchObject({ orders_read: 1500, refused: 1500 });
		expect(outputs[1][0].json.looked_up).toBe(
			'Looked up on the platform: 2 customers, 1 warehouse and 1,500 inventory items; not there: 1,500 inventory items.',
		);
		expect(sim.stats().requests['/inventory/check']).toBe(3);
		expect(sim.stats().requests['/customer/check']).toBe(1);
	});

	it('says in the Summary when every record named is there', async () => {
		const { outputs } = await harness.run(salesOrders({ checkOnly: true, output: 'summary' }), [
			order('SO-OK-1', { supply_location_code: 'STORE-2', courier_service_code: 'DHL-EXP' }),
		]);
		expect(outputs[1][0].json).toMatchObject({
			outcome: 'checked_only',
			passed_checks: 1,
			looked_up:
				'Looked up on the platform: 1 customer, 1 supply location, 1 warehouse, 1 courier service and 1 inventory item; all there.',
		});
	});

	it('says in the Summary which look-up failed, and checks the rest', async () => {
		sim.faults.add({ route: '/customer/check', kind: '401', times: 10 });
		const { outputs, error } = await harness.run(
			salesOrders({ checkOnly: true, output: 'summary' }),
			[order('SO-FAIL-1', { customer_code: 'CUST-NOPE', warehouse_code: 'WH-NOPE' })],
		);
		expect(error).toBeUndefined();
		const [notStored, [summary]] = outputs;
		expect(notStored.map((item) => [item.json.outcome, item.json.field, item.json.reason])).toEqual(
			[['refused', 'warehouse_code', 'field "warehouse_code" warehouse WH-NOPE does not exist']],
		);
		expect(String(summary.json.looked_up)).toMatch(
			/^Looked up on the platform: 1 warehouse and 1 inventory item; not there: 1 warehouse\. Not looked up: customers \(reading them failed: .+\)\.$/,
		);
		expect(sim.stats().requests['/sales_order/add']).toBeUndefined();
	});
});

describe.each(PASTED.slice(0, 1))('Check Only against $name', (c: Case) => {
	let sim: RunningSimulator;
	let harness: Harness;
	onCase(c, { demoData: true }, (platform) => ({ sim, harness } = platform));

	it('passes an order on its fields and says the look-ups did not run, as its description names no references', async () => {
		const { outputs, error } = await harness.run(
			v2(
				'wmsSalesOrder',
				{
					resource: 'salesOrder',
					operation: 'add',
					fieldsToSend: 'inputItem',
					options: { checkOnly: true, output: 'summary' },
				},
				'continueErrorOutput',
			),
			[order('SO-ACME-1', { customer_code: 'CUST-NOPE', lines: [{ sku: 'NUT-M8', quantity: 1 }] })],
		);
		expect(error).toBeUndefined();
		expect(outputs[1][0].json).toMatchObject({ outcome: 'checked_only', passed_checks: 1 });
		expect(outputs[1][0].json.looked_up).toBe(
			"Not looked up: whether what each sales order names (an order's customer, its lines' items) is on the platform, as the platform's API description does not say which fields name other records (x-references).",
		);
		expect(writes(sim)).toEqual({});
		expect(sim.stats().requests['/customer/check']).toBeUndefined();
	});
});
