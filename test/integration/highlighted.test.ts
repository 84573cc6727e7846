import type { IDataObject, IRun } from 'n8n-workflow';

import type { Harness, NodeUnderTest } from '../support/harness';
import { inventoryUpsert, onAFreshPlatform } from '../support/platform';

const order = (orderNumber: string, customer = 'CUST-1') => ({
	order_number: orderNumber,
	customer_code: customer,
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines: [{ line_number: 1, sku: 'NUT-M8', quantity: 2 }],
});

const addOrders = (options: IDataObject = {}, onError?: NodeUnderTest['onError']) => ({
	type: 'wmsSalesOrder',
	name: 'WMS Sales Order',
	parameters: {
		resource: 'salesOrder',
		operation: 'add',
		fieldsToSend: 'inputItem',
		linesField: 'lines',
		groupLines: false,
		options,
	},
	onError,
});

/** The execution's highlighted data (n8n's custom execution data), as n8n stores it with the run. */
const highlighted = (run: IRun) => run.data.resultData.metadata ?? {};

describe("The keys a run handled, in the execution's highlighted data (real n8n-core)", () => {
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ harness } = platform));

	it('names every order the run handled, sent or not, in input order', async () => {
		const { outputs, run } = await harness.run(
			addOrders({}, 'continueErrorOutput'),
			[order('SO-1003'), order('SO-1004', 'CUST-404'), { ...order('SO-1005'), lines: [] }],
			'trigger',
		);
		expect(outputs[0].map((item) => item.json.order_number)).toEqual(['SO-1003']);
		expect(outputs[1]).toHaveLength(2);
		expect(highlighted(run)).toEqual({ sales_order: 'SO-1003, SO-1004, SO-1005' });
	});

	it('names the first keys that fit in full and counts the rest: SKU-00001 … and N more', async () => {
		const items = Array.from({ length: 300 }, (_, i) => ({
			sku: `SKU-${String(i + 1).padStart(5, '0')}`,
			description: `Item ${i + 1}`,
		}));
		const { outputs, run } = await harness.run(inventoryUpsert({}), items, 'trigger');
		expect(outputs[0]).toHaveLength(300);
		const value = highlighted(run).inventory_item;
		expect(value.length).toBeLessThanOrEqual(255);
		const match = /^(.*) and (\d+) more$/.exec(value)!;
		const shown = match[1].split(', ');
		expect(shown.slice(0, 3)).toEqual(['SKU-00001', 'SKU-00002', 'SKU-00003']);
		expect(shown.length + Number(match[2])).toBe(300);
		expect(shown.every((sku, i) => sku === items[i].sku)).toBe(true);
	});

	it('two nodes of one execution share the entry: a key both handled is named once', async () => {
		const run = await harness.runChain(
			[
				addOrders(),
				{
					type: 'wmsSalesOrder',
					name: 'Get Status',
					parameters: {
						resource: 'salesOrder',
						operation: 'getStatus',
						filters: { orderNumbers: '={{ $json.order_number }}' },
					},
				},
			],
			[order('SO-2001'), order('SO-2002')],
			'trigger',
		);
		expect(run.data.resultData.runData['Get Status'][0].data!.main[0]).toHaveLength(2);
		expect(highlighted(run)).toEqual({ sales_order: 'SO-2001, SO-2002' });
	});

	it('a node that stops with an error still names what it handled, so the failed run is found', async () => {
		const { error, run } = await harness.run(addOrders(), [order('SO-3001', 'CUST-404')]);
		expect(error?.message).toMatch(/SO-3001/);
		expect(highlighted(run)).toEqual({ sales_order: 'SO-3001' });
	});

	it('Options → Auto-Save Highlighted Data off saves nothing', async () => {
		const { outputs, run } = await harness.run(addOrders({ autoSaveHighlightedData: false }), [
			order('SO-4001'),
		]);
		expect(outputs[0]).toHaveLength(1);
		expect(highlighted(run)).toEqual({});
	});
});
