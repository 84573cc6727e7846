/**
 * What a warehouse person gets out of a node, through real n8n-core: error items that name the
 * record (its key under its own name, the fields the ERP sent, a structured error saying whether
 * running again can help), and success items with the key under its own name and, when asked,
 * the input item's fields.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const order = (order_number: string, extra: IDataObject = {}, quantity = 5): IDataObject => ({
	order_number,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	erp_id: `ERP-${order_number}`,
	lines: [{ sku: 'NUT-M8', quantity }],
	...extra,
});

const addOrders = (options: IDataObject = {}) => ({
	type: 'wmsSalesOrder',
	// The ERP's own fields (erp_id) are not the platform's: left out of what is sent, kept in the items.
	parameters: {
		resource: 'salesOrder',
		operation: 'add',
		fieldsToSend: 'inputItem',
		options: { unknownFields: 'ignore', ...options },
	},
});

describe('output items a person can act on, through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));

	it('an error item names the order and line, carries what the ERP sent and a structured error', async () => {
		const items = [
			order('SO-1001'),
			order('SO-1003', {}, -5),
			order('SO-1004', { customer_code: 'CUST-404' }),
		];
		const { outputs, error } = await harness.run(
			{ ...addOrders(), onError: 'continueErrorOutput' },
			items,
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.order_number)).toEqual(['SO-1001']);
		const [bad, refused] = outputs[1];
		expect(bad.pairedItem).toEqual({ item: 1 });
		expect(bad.json).toMatchObject({
			order_number: 'SO-1003',
			erp_id: 'ERP-SO-1003',
			message: 'Sales order SO-1003, line 1: quantity must be more than 0 (got -5)',
			error: {
				message: 'Sales order SO-1003, line 1: quantity must be more than 0 (got -5)',
				field: 'lines[0].quantity',
				code: 'invalid_input',
				status: null,
				retryable: false,
				record: { order_number: 'SO-1003' },
			},
		});
		// The platform's refusal: its HTTP status and code, and re-running the same order will not help.
		expect(refused.json).toMatchObject({
			order_number: 'SO-1004',
			erp_id: 'ERP-SO-1004',
			message: expect.stringMatching(/^Sales order SO-1004: .*customer CUST-404 does not exist/),
			error: {
				field: 'customer_code',
				status: 422,
				retryable: false,
				record: { order_number: 'SO-1004' },
			},
		});
		expect(sim.store.get('sales_order', 'SO-1003')).toBeUndefined();
	});

	it('an order the platform could not take says that running again can help', async () => {
		sim.faults.add({ route: '/sales_order/add', kind: '503' });
		const { outputs } = await harness.run(
			{ ...addOrders({ maxAttempts: 1 }), onError: 'continueErrorOutput' },
			[order('SO-2001')],
		);
		expect(outputs[1][0].json.error).toMatchObject({
			code: 'not_confirmed',
			status: 503,
			retryable: true,
			record: { order_number: 'SO-2001' },
		});
		expect(outputs[1][0].json.message).toMatch(/^Sales order SO-2001: not confirmed as stored/);
	});

	it('an item without its key is named by its place in the input, counted from 1', async () => {
		const { outputs } = await harness.run({ ...addOrders(), onError: 'continueErrorOutput' }, [
			order('SO-3001'),
			order(''),
		]);
		expect(outputs[1][0].json.message).toBe(
			'The 2nd input item: order_number is required but missing or empty',
		);
		expect((outputs[1][0].json.error as IDataObject).record).toBeUndefined();
	});

	it('under "Continue" (regular output) the error item carries the input fields too', async () => {
		const { outputs } = await harness.run({ ...addOrders(), onError: 'continueRegularOutput' }, [
			order('SO-4001', {}, 0),
		]);
		expect(outputs[0][0].json).toMatchObject({
			order_number: 'SO-4001',
			erp_id: 'ERP-SO-4001',
			error: { field: 'lines[0].quantity', code: 'invalid_input' },
		});
	});

	it('without continue-on-fail the node stops with the message naming the order', async () => {
		const { error } = await harness.run(addOrders(), [order('SO-5001', {}, -1)]);
		expect(error?.message).toBe(
			'Sales order SO-5001, line 1: quantity must be more than 0 (got -1)',
		);
	});

	it('a success item has the key under its own name; Include Input Fields adds what the ERP sent, the platform winning on a clash', async () => {
		const plain = await harness.run(addOrders(), [order('SO-6001', { status: 'NEW IN ERP' })]);
		expect(plain.outputs[0][0].json).toEqual({
			order_number: 'SO-6001',
			key: 'SO-6001',
			status: 'created',
		});

		const merged = await harness.run(addOrders({ includeInputFields: true }), [
			order('SO-6002', { status: 'NEW IN ERP' }),
		]);
		expect(merged.outputs[0][0].json).toMatchObject({
			order_number: 'SO-6002',
			key: 'SO-6002',
			erp_id: 'ERP-SO-6002',
			customer_code: 'CUST-1',
			status: 'created',
		});
	});

	it('a record from the form is named by the key the form gave', async () => {
		const { outputs } = await harness.run(
			{
				type: 'wmsSupplier',
				parameters: {
					resource: 'supplier',
					operation: 'upsert',
					code: '={{ $json.no }}',
					name: '={{ $json.title }}',
				},
				onError: 'continueErrorOutput',
			},
			[
				{ no: 'SUP-77', title: 'Nordic' },
				{ no: 'SUP-78', title: '' },
			],
		);
		expect(outputs[0][0].json).toEqual({ code: 'SUP-77', key: 'SUP-77', status: 'created' });
		expect(outputs[1][0].json).toMatchObject({
			no: 'SUP-78',
			message: 'Supplier SUP-78: Name is required but missing or empty',
			error: { record: { code: 'SUP-78' } },
		});
	});
});
