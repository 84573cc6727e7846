import type { IDataObject } from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const add = (parameters: Record<string, unknown>) => ({
	resource: 'salesOrder',
	operation: 'add',
	...parameters,
});
const getStatus = (parameters: Record<string, unknown>) => ({
	resource: 'salesOrder',
	operation: 'getStatus',
	...parameters,
});

/** One order as an ERP exports it: header and its lines in a list. */
const order = (
	orderNumber: string,
	lines: Array<Record<string, unknown>>,
	extra: Record<string, unknown> = {},
) => ({
	order_number: orderNumber,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines,
	...extra,
});

describe('WMS Sales Order through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));

	it('adds an order from the form, numbering lines the form left at 0', async () => {
		const { outputs, error } = await harness.run(
			{
				type: 'wmsSalesOrder',
				parameters: add({
					orderNumber: 'SO-100',
					customerCode: 'CUST-1',
					warehouseCode: 'WH1',
					orderDate: '2026-11-21T00:00:00',
					lines: {
						entries: [
							{ lineNumber: 0, sku: 'BOLT-M8-40', quantity: 10 },
							{ lineNumber: 0, sku: 'NUT-M8', quantity: '20', unitPrice: 0.1 },
						],
					},
					additionalFields: {
						supplyLocationCode: 'STORE-2',
						courierServiceCode: 'DHL-EXP',
						requiredDate: '2026-11-25',
					},
				}),
			},
			[{}],
		);
		expect(error).toBeUndefined();
		expect(outputs[0]).toEqual([
			expect.objectContaining({
				json: { order_number: 'SO-100', key: 'SO-100', status: 'created' },
				pairedItem: { item: 0 },
			}),
		]);
		expect(sim.store.get('sales_order', 'SO-100')).toMatchObject({
			supply_location_code: 'STORE-2',
			courier_service_code: 'DHL-EXP',
			order_date: '2026-11-21',
			status: 'open',
			lines: [
				{ line_number: 1, sku: 'BOLT-M8-40', quantity: 10 },
				{ line_number: 2, sku: 'NUT-M8', quantity: 20, unit_price: 0.1 },
			],
		});
	});

	it('takes one input item per order with its lines, in requests of at most 100 orders', async () => {
		const items = Array.from({ length: 150 }, (_, i) =>
			order(`SO-${1000 + i}`, [{ line_number: 1, sku: 'NUT-M8', quantity: 1 + i }]),
		);
		const { outputs } = await harness.run(
			{ type: 'wmsSalesOrder', parameters: add({ fieldsToSend: 'inputItem' }) },
			items,
		);
		expect(outputs[0].map((item) => item.json.key)).toEqual(items.map((item) => item.order_number));
		expect(outputs[0].map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		expect(sim.stats().requests['/sales_order/add']).toBe(2);
		expect(sim.store.get('sales_order', 'SO-1149')?.lines).toEqual([
			expect.objectContaining({ sku: 'NUT-M8', quantity: 150 }),
		]);
	});

	it('builds the header in the form from each item and takes the lines from a list field of the item', async () => {
		const items = [
			{
				no: 'ERP-1',
				customer: 'CUST-2',
				OrderLines: [
					{ sku: 'BOLT-M8-40', quantity: 3 },
					{ sku: 'WASHER-M8', quantity: 4 },
				],
			},
			{
				no: 'ERP-2',
				customer: 'CUST-3',
				OrderLines: [{ line_number: 7, sku: 'NUT-M8', quantity: 1 }],
			},
		];
		const { outputs, error } = await harness.run(
			{
				type: 'wmsSalesOrder',
				parameters: add({
					orderNumber: '={{ $json.no }}',
					customerCode: '={{ $json.customer }}',
					warehouseCode: 'WH1',
					orderDate: '2026-11-21',
					linesFrom: 'field',
					linesField: 'OrderLines',
				}),
			},
			items,
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.key)).toEqual(['ERP-1', 'ERP-2']);
		expect(sim.store.get('sales_order', 'ERP-1')).toMatchObject({
			customer_code: 'CUST-2',
			lines: [{ line_number: 1 }, { line_number: 2, sku: 'WASHER-M8' }],
		});
		expect(sim.store.get('sales_order', 'ERP-2')?.lines).toEqual([
			expect.objectContaining({ line_number: 7 }),
		]);
		expect(items[0].OrderLines[0]).not.toHaveProperty('line_number');
	});

	it('groups one input item per line into orders, each paired to all its items', async () => {
		const line = (
			orderNumber: string,
			sku: string,
			quantity: number,
			extra: Record<string, unknown> = {},
		) => ({
			order_number: orderNumber,
			customer_code: orderNumber === 'SO-A' ? 'CUST-1' : 'CUST-2',
			warehouse_code: 'WH1',
			order_date: '2026-11-21',
			sku,
			quantity,
			...extra,
		});
		const items = [
			line('SO-A', 'BOLT-M8-40', 5, { notes: 'ring first', line_notes: 'fragile' }),
			line('SO-B', 'NUT-M8', 1),
			line('SO-A', 'NUT-M8', 5, { notes: 'ring first' }),
			line('SO-B', 'WASHER-M8', 2),
			line('SO-B', 'DRILL-BIT-6', 3),
		];
		const { outputs, error } = await harness.run(
			{ type: 'wmsSalesOrder', parameters: add({ fieldsToSend: 'inputItem', groupLines: true }) },
			items,
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => [item.json.key, item.pairedItem])).toEqual([
			['SO-A', [{ item: 0 }, { item: 2 }]],
			['SO-B', [{ item: 1 }, { item: 3 }, { item: 4 }]],
		]);
		expect(sim.stats().items['/sales_order/add']).toBe(2);
		expect(sim.store.get('sales_order', 'SO-A')).toMatchObject({
			notes: 'ring first',
			lines: [
				{ line_number: 1, sku: 'BOLT-M8-40', quantity: 5, notes: 'fragile' },
				{ line_number: 2, sku: 'NUT-M8', quantity: 5 },
			],
		});
		expect(sim.store.get('sales_order', 'SO-B')?.lines.map((l: { sku: string }) => l.sku)).toEqual([
			'NUT-M8',
			'WASHER-M8',
			'DRILL-BIT-6',
		]);
	});

	it('fails a whole grouped order for one bad line, naming the item and field, and stores the other orders', async () => {
		const items = [
			{
				order_number: 'SO-OK',
				customer_code: 'CUST-1',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				sku: 'NUT-M8',
				quantity: 1,
			},
			{
				order_number: 'SO-BAD',
				customer_code: 'CUST-1',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				sku: 'NUT-M8',
				quantity: 2,
			},
			{
				order_number: 'SO-BAD',
				customer_code: 'CUST-1',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				sku: 'BOLT-M8-40',
				quantity: -4,
			},
		];
		const { outputs } = await harness.run(
			{
				type: 'wmsSalesOrder',
				parameters: add({ fieldsToSend: 'inputItem', groupLines: true }),
				onError: 'continueErrorOutput',
			},
			items,
		);
		expect(outputs[0].map((item) => item.json.key)).toEqual(['SO-OK']);
		expect(outputs[1]).toHaveLength(1);
		expect(outputs[1][0].pairedItem).toEqual([{ item: 1 }, { item: 2 }]);
		expect(outputs[1][0].json.message).toBe(
			'Sales order SO-BAD: quantity must be more than 0 (got -4); order SO-BAD (the 2nd and 3rd input items) was not sent',
		);
		expect(sim.store.get('sales_order', 'SO-BAD')).toBeUndefined();
		expect(sim.store.get('sales_order', 'SO-OK')).toBeDefined();
	});

	it('names every item of a grouped order the platform refuses', async () => {
		const items = [
			{
				order_number: 'SO-U',
				customer_code: 'CUST-9',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				sku: 'NUT-M8',
				quantity: 1,
			},
			{
				order_number: 'SO-V',
				customer_code: 'CUST-1',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				sku: 'NUT-M8',
				quantity: 1,
			},
			{
				order_number: 'SO-U',
				customer_code: 'CUST-9',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				sku: 'BOLT-M8-40',
				quantity: 1,
			},
		];
		const { outputs } = await harness.run(
			{
				type: 'wmsSalesOrder',
				parameters: add({ fieldsToSend: 'inputItem', groupLines: true }),
				onError: 'continueErrorOutput',
			},
			items,
		);
		expect(outputs[0].map((item) => [item.json.key, item.pairedItem])).toEqual([
			['SO-V', { item: 1 }],
		]);
		expect(outputs[1].map((item) => item.pairedItem)).toEqual([[{ item: 0 }, { item: 2 }]]);
		expect(outputs[1][0].json.message).toMatch(
			/^Sales order SO-U: field "customer_code" customer CUST-9 does not exist/,
		);
	});

	it('reports items of one order that disagree on a header field', async () => {
		const items = [
			{
				order_number: 'SO-X',
				customer_code: 'CUST-1',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				sku: 'NUT-M8',
				quantity: 1,
			},
			{
				order_number: 'SO-X',
				customer_code: 'CUST-2',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				sku: 'NUT-M8',
				quantity: 1,
			},
		];
		const { error } = await harness.run(
			{ type: 'wmsSalesOrder', parameters: add({ fieldsToSend: 'inputItem', groupLines: true }) },
			items,
		);
		expect(error?.message).toBe(
			'Sales order SO-X: customer_code is "CUST-2", but the 1st input item of the same order has "CUST-1"; order SO-X (the 1st and 2nd input items) was not sent',
		);
		expect(sim.stats().requests['/sales_order/add']).toBeUndefined();
	});

	it('re-imports the same order number without a second order, and names the state of an order that can no longer change', async () => {
		const parameters = add({ fieldsToSend: 'inputItem' });
		const first = order('SO-R', [{ line_number: 1, sku: 'NUT-M8', quantity: 5 }]);
		expect(
			(await harness.run({ type: 'wmsSalesOrder', parameters }, [first])).outputs[0][0].json.status,
		).toBe('created');
		expect(
			(await harness.run({ type: 'wmsSalesOrder', parameters }, [first])).outputs[0][0].json.status,
		).toBe('unchanged');
		const changed = order('SO-R', [{ line_number: 1, sku: 'NUT-M8', quantity: 8 }]);
		expect(
			(await harness.run({ type: 'wmsSalesOrder', parameters }, [changed])).outputs[0][0].json
				.status,
		).toBe('updated');
		expect(sim.store.list('sales_order').filter((o) => o.order_number === 'SO-R')).toHaveLength(1);

		sim.work.shipSalesOrder('SO-R');
		const again = order('SO-R', [{ line_number: 1, sku: 'NUT-M8', quantity: 9 }]);
		const other = order('SO-S', [{ line_number: 1, sku: 'NUT-M8', quantity: 1 }]);
		const { outputs } = await harness.run(
			{ type: 'wmsSalesOrder', parameters, onError: 'continueErrorOutput' },
			[again, other],
		);
		expect(outputs[0].map((item) => item.json.key)).toEqual(['SO-S']);
		expect(outputs[1][0].pairedItem).toEqual({ item: 0 });
		expect(outputs[1][0].json.message).toMatch(
			/^Sales order SO-R: .*sales order SO-R is in state shipped; cannot update/,
		);
		expect(sim.store.get('sales_order', 'SO-R')).toMatchObject({
			status: 'shipped',
			lines: [{ quantity: 8 }],
		});
		expect(sim.store.list('sales_order').filter((o) => o.order_number === 'SO-R')).toHaveLength(1);
	});

	it('makes an order for an unknown customer an item error naming the customer, and stores the others', async () => {
		const items = [
			order('SO-C1', [{ line_number: 1, sku: 'NUT-M8', quantity: 1 }]),
			order('SO-C2', [{ line_number: 1, sku: 'NUT-M8', quantity: 1 }], { customer_code: 'CUST-9' }),
			order('SO-C3', [{ line_number: 1, sku: 'NUT-M8', quantity: 1 }], { customer_code: 'CUST-2' }),
		];
		const { outputs } = await harness.run(
			{
				type: 'wmsSalesOrder',
				parameters: add({ fieldsToSend: 'inputItem' }),
				onError: 'continueErrorOutput',
			},
			items,
		);
		expect(outputs[0].map((item) => item.json.key)).toEqual(['SO-C1', 'SO-C3']);
		expect(outputs[1][0].pairedItem).toEqual({ item: 1 });
		expect(outputs[1][0].json.message).toMatch(
			/^Sales order SO-C2: field "customer_code" customer CUST-9 does not exist/,
		);
		expect(sim.store.get('sales_order', 'SO-C2')).toBeUndefined();
		expect(sim.store.get('sales_order', 'SO-C3')).toBeDefined();
	});

	it('names bad input by item and field before sending anything', async () => {
		const cases: Array<[IDataObject, string]> = [
			[order('SO-E1', []), 'Sales order SO-E1: lines must have at least 1 entry (got 0)'],
			[
				{ ...order('SO-E2', []), lines: undefined },
				'Sales order SO-E2: lines is required but missing or empty',
			],
			[
				order('SO-E3', [
					{ sku: 'NUT-M8', quantity: 1 },
					{ sku: 'NUT-M8', quantity: -2 },
				]),
				'Sales order SO-E3, line 2: quantity must be more than 0 (got -2)',
			],
			[
				order('SO-E4', [{ sku: 'NUT-M8', quantity: 1 }], { order_date: '21.11.2026' }),
				'Sales order SO-E4: order_date must be a date like 2026-11-21 (got "21.11.2026"): write it as 2026-11-21',
			],
			[
				order('SO-E5', [{ sku: 'NUT-M8', quantity: 1 }], { required_date: '2026-11-01' }),
				'Sales order SO-E5: required_date must not be before order_date 2026-11-21 (got 2026-11-01)',
			],
		];
		for (const [item, message] of cases) {
			const { error } = await harness.run(
				{ type: 'wmsSalesOrder', parameters: add({ fieldsToSend: 'inputItem' }) },
				[item],
			);
			expect(error?.message).toBe(message);
		}
		const form = await harness.run(
			{
				type: 'wmsSalesOrder',
				parameters: add({
					orderNumber: 'SO-F',
					customerCode: 'CUST-1',
					warehouseCode: 'WH1',
					orderDate: '2026-11-21',
				}),
			},
			[{}],
		);
		expect(form.error?.message).toBe('Sales order SO-F: lines must have at least 1 entry (got 0)');
		expect(sim.stats().requests['/sales_order/add']).toBeUndefined();
	});

	it('takes an order as JSON', async () => {
		const json = JSON.stringify(order('SO-J', [{ sku: 'NUT-M8', quantity: 2 }]));
		const { outputs } = await harness.run(
			{ type: 'wmsSalesOrder', parameters: add({ fieldsToSend: 'json', jsonRecord: json }) },
			[{}],
		);
		expect(outputs[0][0].json).toEqual({ order_number: 'SO-J', key: 'SO-J', status: 'created' });
		expect(sim.store.get('sales_order', 'SO-J')?.lines).toEqual([
			expect.objectContaining({ line_number: 1 }),
		]);
	});

	it('gets the status and shipped quantities by order number, by status, with a limit or all', async () => {
		const items = Array.from({ length: 12 }, (_, i) =>
			order(`SO-S${i}`, [{ line_number: 1, sku: 'NUT-M8', quantity: 2 }]),
		);
		await harness.run(
			{ type: 'wmsSalesOrder', parameters: add({ fieldsToSend: 'inputItem' }) },
			items,
		);
		sim.work.shipSalesOrder('SO-S3');

		const byNumber = await harness.run(
			{
				type: 'wmsSalesOrder',
				parameters: getStatus({ returnAll: true, filters: { orderNumbers: 'SO-S3, SO-S4' } }),
			},
			[{}],
		);
		expect(byNumber.outputs[0].map((item) => [item.json.order_number, item.json.status])).toEqual([
			['SO-S3', 'shipped'],
			['SO-S4', 'open'],
		]);
		expect(byNumber.outputs[0][0].json.lines).toEqual([
			expect.objectContaining({ quantity: 2, quantity_shipped: 2 }),
		]);
		expect(byNumber.outputs[0][0].json.shipments).toHaveLength(1);

		const shipped = await harness.run(
			{
				type: 'wmsSalesOrder',
				parameters: getStatus({ returnAll: true, filters: { status: 'shipped' } }),
			},
			[{}],
		);
		expect(shipped.outputs[0].map((item) => item.json.order_number)).toEqual([
			'SO-DEMO-1',
			'SO-S3',
		]);

		const limited = await harness.run(
			{ type: 'wmsSalesOrder', parameters: getStatus({ limit: 5, filters: { status: 'open' } }) },
			[{}],
		);
		expect(limited.outputs[0]).toHaveLength(5);

		const perItem = await harness.run(
			{
				type: 'wmsSalesOrder',
				parameters: getStatus({ returnAll: true, filters: { orderNumbers: '={{ $json.no }}' } }),
			},
			[{ no: 'SO-S1' }, { no: 'SO-S2' }],
		);
		expect(perItem.outputs[0].map((item) => [item.json.order_number, item.pairedItem])).toEqual([
			['SO-S1', { item: 0 }],
			['SO-S2', { item: 1 }],
		]);
	});

	it("lists customers, supply locations, courier services and warehouses in their pickers, in the platform's order", async () => {
		const node = { type: 'wmsSalesOrder', parameters: add({ customerCode: 'CUST-1' }) };
		expect(await harness.listAll(node, 'getCustomers')).toEqual([
			{ name: 'Hanseatic Hardware GmbH (CUST-1)', value: 'CUST-1' },
			{ name: 'Lyon Bricolage SARL (CUST-2)', value: 'CUST-2' },
			{ name: 'Nordic Build AS (CUST-3)', value: 'CUST-3' },
		]);
		expect(await harness.listAll(node, 'getSupplyLocations')).toEqual([
			{ name: 'Hanseatic Hardware Central (MAIN)', value: 'MAIN' },
			{ name: 'Hanseatic Hardware Harburg (STORE-2)', value: 'STORE-2' },
		]);
		const other = await harness.listAll(
			{ type: 'wmsSalesOrder', parameters: add({ customerCode: 'CUST-3' }) },
			'getSupplyLocations',
		);
		expect(other).toEqual([{ name: 'Nordic Build Oslo (MAIN)', value: 'MAIN' }]);
		const anyCustomer = await harness.listAll(
			{ type: 'wmsSalesOrder', parameters: add({ customerCode: '={{ $json.customer }}' }) },
			'getSupplyLocations',
		);
		expect(anyCustomer.map((option) => option.name)).toContain(
			'CUST-1 › Hanseatic Hardware Harburg (STORE-2)',
		);
		expect(await harness.listAll(node, 'getCourierServices')).toEqual([
			{ name: 'DHL Paket (DHL-STD)', value: 'DHL-STD' },
			{ name: 'DHL Express (DHL-EXP)', value: 'DHL-EXP' },
			{ name: 'UPS Next Day Air (UPS-NDA)', value: 'UPS-NDA' },
		]);
		expect(
			(await harness.listAll(node, 'getWarehouses')).map((option) => option.value).sort(),
		).toEqual(['WH1', 'WH2']);
	});
});
