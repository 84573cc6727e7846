/**
 * Reads by key through real n8n-core: every key asked for is answered (found: true, or
 * found: false / an error item), and the keys of all input items are read in as few requests as
 * the route's key list allows, each record paired to every input item that asked for it. Get Many
 * run once per input item with the same filters says so in n8n's output panel.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const order = (order_number: string, customer_code = 'CUST-1'): IDataObject => ({
	order_number,
	customer_code,
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines: [{ sku: 'NUT-M8', quantity: 1 }],
});

const getStatus = (filters: IDataObject, options: IDataObject = {}) => ({
	type: 'wmsSalesOrder',
	parameters: { resource: 'salesOrder', operation: 'getStatus', returnAll: true, filters, options },
});

describe('reads by key, through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));

	const addOrders = async (orders: IDataObject[]) => {
		const { error } = await harness.run(
			{
				type: 'wmsSalesOrder',
				parameters: { resource: 'salesOrder', operation: 'add', fieldsToSend: 'inputItem' },
			},
			orders,
		);
		expect(error).toBeUndefined();
		sim.resetStats();
	};

	it('answers an order number the platform does not have with found: false, in the order asked', async () => {
		await addOrders([order('SO-1001'), order('SO-1002')]);
		const { outputs, error } = await harness.run(getStatus({ orderNumbers: 'SO-9999, SO-1001' }), [
			{},
		]);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json)).toEqual([
			{ order_number: 'SO-9999', found: false },
			expect.objectContaining({ order_number: 'SO-1001', status: 'open', found: true }),
		]);
		expect(outputs[0].map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	it('keys are matched as the platform matches them: this one matches letter case exactly', async () => {
		await addOrders([order('SO-1001')]);
		const { outputs } = await harness.run(getStatus({ orderNumbers: 'so-1001' }), [{}]);
		expect(outputs[0].map((item) => item.json)).toEqual([
			{ order_number: 'so-1001', found: false },
		]);
	});

	it('sends a key not found to the error output when asked, naming the order', async () => {
		await addOrders([order('SO-1001')]);
		const { outputs } = await harness.run(
			{
				...getStatus({ orderNumbers: 'SO-1001, SO-9999' }, { notFound: 'error' }),
				onError: 'continueErrorOutput',
			},
			[{}],
		);
		expect(outputs[0].map((item) => item.json.order_number)).toEqual(['SO-1001']);
		expect(outputs[1].map((item) => [item.pairedItem, item.json.message])).toEqual([
			[{ item: 0 }, 'Sales order SO-9999: not found on the platform'],
		]);
		expect(outputs[1][0].json.error).toMatchObject({
			code: 'not_found',
			retryable: false,
			record: { order_number: 'SO-9999' },
		});

		const stopped = await harness.run(
			getStatus({ orderNumbers: 'SO-9999' }, { notFound: 'error' }),
			[{}],
		);
		expect(stopped.error?.message).toBe('Sales order SO-9999: not found on the platform');
	});

	it('reads 5,000 input items of one order number each in as few requests as the key list allows, one request per key', async () => {
		await addOrders(Array.from({ length: 100 }, (_, i) => order(`SO-K${i}`)));
		// 2,500 different order numbers, each asked by two items; the first 100 exist.
		const items = Array.from({ length: 5000 }, (_, i) => ({ order: `SO-K${i % 2500}` }));
		const { outputs, error } = await harness.run(
			getStatus({ orderNumbers: '={{ $json.order }}' }),
			items,
		);
		expect(error).toBeUndefined();
		// The contract's key list takes 500 order numbers: 2,500 distinct ones make 5 requests.
		expect(sim.stats().requests['/sales_order/check']).toBe(5);
		expect(outputs[0]).toHaveLength(5000);
		outputs[0].forEach((item, k) => {
			expect(item.pairedItem).toEqual({ item: k });
			expect([item.json.order_number, item.json.found]).toEqual([items[k].order, k % 2500 < 100]);
		});
	});

	it('items with other filters are read apart: a key answered under one customer may be missing under another', async () => {
		await addOrders([order('SO-1', 'CUST-1'), order('SO-2', 'CUST-2')]);
		const items = [
			{ order: 'SO-1', customer: 'CUST-1' },
			{ order: 'SO-2', customer: 'CUST-1' },
			{ order: 'SO-2', customer: 'CUST-2' },
		];
		const { outputs } = await harness.run(
			getStatus({ orderNumbers: '={{ $json.order }}', customerCode: '={{ $json.customer }}' }),
			items,
		);
		expect(
			outputs[0].map((item) => [item.pairedItem, item.json.order_number, item.json.found]),
		).toEqual([
			[{ item: 0 }, 'SO-1', true],
			[{ item: 1 }, 'SO-2', false],
			[{ item: 2 }, 'SO-2', true],
		]);
		expect(sim.stats().requests['/sales_order/check']).toBe(2);
	});

	it('a Get Many that reads the same records for every input item says so in the output panel', async () => {
		await addOrders([order('SO-1'), order('SO-2')]);
		const once = await harness.run(getStatus({ status: 'open' }), [{}]);
		expect(once.run.data.resultData.runData.WMS[0].hints ?? []).toEqual([]);

		const { outputs, run } = await harness.run(getStatus({ status: 'open' }), [{}, {}, {}]);
		expect(outputs[0]).toHaveLength(3 * once.outputs[0].length);
		const hints = run.data.resultData.runData.WMS[0].hints ?? [];
		expect(hints.map((hint) => hint.message)).toEqual([
			expect.stringMatching(
				/^This read ran once per input item: 3 input items .* Settings → Execute Once/,
			),
		]);
	});
});
