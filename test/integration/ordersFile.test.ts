/**
 * Sales orders from a file (Input → File), one row per order line, through real n8n-core against
 * the simulator: an order's rows that follow one another make one order; an order whose rows are
 * apart in the file is not sent at all (never stored with lines missing); a bad line fails its
 * whole order, naming the row. And input items with Output → Failures and a Summary, grouped.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import { binaryText, useBinaryData, type Harness, type NodeUnderTest } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const salesOrders = (parameters: IDataObject = {}, options: IDataObject = {}): NodeUnderTest => ({
	type: 'wmsSalesOrder',
	parameters: { resource: 'salesOrder', operation: 'add', ...parameters, options },
});

const HEADER = 'Order Number,Customer,Warehouse,Order Date,SKU,Quantity,line_notes,notes';
const file = (...rows: string[]) => ({
	fileName: 'orders.csv',
	text: [HEADER, ...rows].join('\n'),
});

describe('Sales orders from a file', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));
	beforeAll(async () => await useBinaryData('filesystem'));

	it("makes one order of each order's rows, the lines in the file's order", async () => {
		const { outputs, error } = await harness.runFiles(salesOrders({ input: 'file' }), [
			file(
				'SO-F1,CUST-1,WH1,2026-11-25,BOLT-M8-40,10,first,rush',
				'SO-F1,CUST-1,WH1,2026-11-25,NUT-M8,20,,rush',
				'SO-F2,CUST-2,WH1,2026-11-25,NUT-M8,5,,',
			),
		]);
		expect(error).toBeUndefined();
		expect(outputs[1][0].json).toMatchObject({
			rows_read: 3,
			orders_read: 2,
			stored: 2,
			refused: 0,
		});
		expect(outputs[1][0].json.message).toMatch(/^All 2 orders of orders\.csv are stored/);
		const order = sim.store.get('sales_order', 'SO-F1')!;
		expect(order).toMatchObject({ customer_code: 'CUST-1', notes: 'rush' });
		expect(
			order.lines.map((l: IDataObject) => [l.line_number, l.sku, l.quantity, l.notes]),
		).toEqual([
			[1, 'BOLT-M8-40', 10, 'first'],
			[2, 'NUT-M8', 20, undefined],
		]);
	});

	it('sends no part of an order whose rows are apart in the file, and says where its parts are', async () => {
		const { outputs } = await harness.runFiles(salesOrders({ input: 'file' }), [
			file(
				'SO-A1,CUST-1,WH1,2026-11-25,BOLT-M8-40,1,,',
				'SO-A2,CUST-1,WH1,2026-11-25,BOLT-M8-40,2,,',
				'SO-A1,CUST-1,WH1,2026-11-25,NUT-M8,3,,',
			),
		]);
		const [notStored, [summary]] = outputs;
		expect(summary.json).toMatchObject({ orders_read: 3, stored: 1, refused: 2 });
		expect(
			notStored.map((item) => [item.json.order_number, item.json.line, item.json.reason]),
		).toEqual([
			[
				'SO-A1',
				2,
				expect.stringMatching(
					/^has its rows apart in the file \(its parts start at lines 2, 4\), so it was not sent/,
				),
			],
			['SO-A1', 4, expect.stringMatching(/^has its rows apart in the file/)],
		]);
		expect(sim.store.get('sales_order', 'SO-A1')).toBeUndefined();
		expect(sim.store.get('sales_order', 'SO-A2')).toBeDefined();
	});

	it('fails an order whole for one bad line, naming the row, and puts every row of it in the CSV file', async () => {
		const { outputs } = await harness.runFiles(salesOrders({ input: 'file' }), [
			file(
				'SO-B1,CUST-1,WH1,2026-11-25,BOLT-M8-40,1,,',
				'SO-B1,CUST-1,WH1,2026-11-25,NUT-M8,0,,',
				'SO-B2,CUST-1,WH1,2026-11-25,NUT-M8,4,,',
			),
		]);
		const [notStored, [summary]] = outputs;
		expect((await binaryText(summary.binary!.data)).split('\r\n').slice(1, 3)).toEqual([
			'1,2,refused,quantity,"quantity (row 2) must be more than 0 (got 0); order SO-B1 (rows 1, 2) was not sent",SO-B1,CUST-1,WH1,2026-11-25,BOLT-M8-40,1,,',
			'2,3,refused,quantity,"quantity (row 2) must be more than 0 (got 0); order SO-B1 (rows 1, 2) was not sent",SO-B1,CUST-1,WH1,2026-11-25,NUT-M8,0,,',
		]);
		expect(notStored.map((item) => item.json)).toEqual([
			expect.objectContaining({
				row: 1,
				line: 2,
				rows: '1–2',
				order_number: 'SO-B1',
				outcome: 'refused',
				reason:
					'quantity (row 2) must be more than 0 (got 0); order SO-B1 (rows 1, 2) was not sent',
			}),
		]);
		expect(sim.store.get('sales_order', 'SO-B1')).toBeUndefined();
		expect(sim.store.get('sales_order', 'SO-B2')).toBeDefined();
	});

	it('with input items and Output → Failures and a Summary, groups lines by order number and reports orders', async () => {
		const line = (order: string, sku: string, quantity: number) => ({
			order_number: order,
			customer_code: 'CUST-1',
			warehouse_code: 'WH1',
			order_date: '2026-11-25',
			sku,
			quantity,
		});
		const { outputs } = await harness.run(
			salesOrders({ fieldsToSend: 'inputItem', groupLines: true }, { output: 'summary' }),
			[line('SO-I1', 'BOLT-M8-40', 1), line('SO-I2', 'NUT-M8', -1), line('SO-I1', 'NUT-M8', 2)],
		);
		const [notStored, [summary]] = outputs;
		expect(summary.json).toMatchObject({ rows_read: 3, orders_read: 2, stored: 1, refused: 1 });
		expect(
			notStored.map((item) => [item.json.item, item.json.order_number, item.pairedItem]),
		).toEqual([[1, 'SO-I2', { item: 1 }]]);
		expect(sim.store.get('sales_order', 'SO-I1')?.lines).toHaveLength(2);
	});
});
