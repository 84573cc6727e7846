/**
 * The fixed flows against the built-in description and against Acme WMS 2.4.0 (issue 30), the same
 * workflows through real n8n-core: a lost answer on a platform that does not say its writes are
 * safe to repeat is read back instead of sent again; the ERP update trigger and Set Complete on
 * page-numbered lists and answers under `data`; Reconcile on comparison routes Acme names as we do,
 * and what it says where a platform names them otherwise.
 */
import type { IDataObject, INodeExecutionData, INodeType } from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { itemOf } from '../support/platform';
import { moveClock, onlyDateFaked } from '../support/triggerHost';
import {
	EVERY_CASE,
	FROM_THE_PLATFORM,
	onCase,
	range,
	v2,
	writes,
	type Case,
} from '../support/otherShape';

jest.setTimeout(60_000);

const order = (order_number: string): IDataObject => ({
	order_number,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines: [{ sku: 'NUT-M8', quantity: 1 }],
});

const addOrders = v2('wmsSalesOrder', {
	resource: 'salesOrder',
	operation: 'add',
	fieldsToSend: 'inputItem',
});

describe.each(EVERY_CASE)('against $name', (c: Case) => {
	let sim: RunningSimulator;
	let harness: Harness;

	describe('a lost answer on Sales Order → Add (a saved version 2 node, Re-Send After a Lost Answer left as it was)', () => {
		onCase(c, { demoData: true }, (platform) => ({ sim, harness } = platform));

		it(
			c.shape === 'acme'
				? 'the connection drops after the order was stored: no x-idempotent, so Check First reads it back with /sales_order/check and sends it once'
				: 'the connection drops after the order was stored: the built-in description takes the route as safe to repeat, so it is sent again, and stored once',
			async () => {
				sim.faults.add({ route: '/sales_order/add', kind: 'reset_after', times: 1 });
				const { outputs, error } = await harness.run(addOrders, [order('SO-R1')]);
				expect(error).toBeUndefined();
				expect(
					sim.store.list('sales_order').filter((o) => o.order_number === 'SO-R1'),
				).toHaveLength(1);
				if (c.shape === 'acme') {
					expect(outputs[0].map((item) => item.json)).toEqual([
						{
							order_number: 'SO-R1',
							key: 'SO-R1',
							status: 'unchanged',
							confirmed_by: 'read_back',
						},
					]);
					expect(sim.stats().requests).toMatchObject({
						'/sales_order/add': 1,
						'/sales_order/check': 1,
					});
				} else {
					// Sent again: the output says so at every version (issue 39), the platform kept one.
					expect(outputs[0].map((item) => item.json)).toEqual([
						{
							order_number: 'SO-R1',
							key: 'SO-R1',
							status: 'unchanged',
							resent: true,
							note: expect.stringMatching(/^Sent again after the answer to the first try was lost/),
						},
					]);
					expect(sim.stats().requests['/sales_order/add']).toBe(2);
					expect(sim.stats().requests['/sales_order/check']).toBeUndefined();
				}
			},
		);

		it('the connection drops before the order was stored: it is sent again and stored once', async () => {
			sim.faults.add({ route: '/sales_order/add', kind: 'reset_before', times: 1 });
			const { outputs, error } = await harness.run(addOrders, [order('SO-R2')]);
			expect(error).toBeUndefined();
			expect(outputs[0].map((item) => item.json)).toEqual([
				{
					order_number: 'SO-R2',
					key: 'SO-R2',
					status: 'created',
					resent: true,
					note:
						c.shape === 'acme'
							? 'Sent again after the answer to the first try was lost and a read back showed the platform did not have it.'
							: expect.stringMatching(/^Sent again after the answer to the first try was lost: /),
				},
			]);
			expect(sim.stats().requests['/sales_order/add']).toBe(2);
			expect(sim.stats().requests['/sales_order/check']).toBe(c.shape === 'acme' ? 1 : undefined);
			expect(sim.store.get('sales_order', 'SO-R2')).toMatchObject({ status: 'open' });
		});
	});

	describe('the ERP Update Trigger and Set Complete', () => {
		beforeEach(() => onlyDateFaked(Date.parse('2026-11-21T08:00:00.000Z')));
		afterEach(() => jest.useRealTimers());
		onCase(c, {}, (platform) => ({ sim, harness } = platform));

		it('emits 260 pending shipments once, in order, read page by page; Set Complete marks them all; the next poll emits nothing', async () => {
			const shipped = sim.work.createPendingUpdates('outgoing_consignment', 260);
			const spec = {
				type: 'wmsErpUpdateTrigger',
				name: 'ERP Update Trigger',
				parameters: {
					updateKinds: ['outgoing_consignment', 'incoming_consignment', 'move_attempt'],
					redeliverAfterMinutes: 30,
					maxUpdatesPerPoll: 500,
				},
			};
			const workflow = harness.workflow([harness.node(spec)]);
			const trigger = harness.nodeTypes.getByNameAndVersion(
				`n8n-nodes-wms-integration.${spec.type}`,
			) as INodeType;
			const poll = async () =>
				(await trigger.poll!.call(harness.pollContext(spec, workflow))) as
					| INodeExecutionData[][]
					| null;

			const emitted = (await poll())![0];
			expect(emitted.map((item) => item.json.id)).toEqual(shipped);
			expect(emitted[0].json).toMatchObject({
				kind: 'outgoing_consignment',
				id: shipped[0],
				payload: { order_number: 'SO-SAMPLE-1' },
			});
			expect(sim.stats().requests['/erp_update/outgoing_consignment']).toBe(
				Math.ceil(260 / c.pageSize),
			);

			const done = await harness.run(
				v2('wmsErpUpdate', { resource: 'update', operation: 'setComplete' }),
				emitted.map((item) => item.json),
			);
			expect(done.error).toBeUndefined();
			expect(done.outputs[0].map(itemOf)).toEqual(range(260));
			expect(done.outputs[0][259].json).toMatchObject({
				id: shipped[259],
				status: 'complete',
				result: 'marked complete',
			});
			expect(sim.stats().requests['/erp_update/set_complete']).toBe(1);
			expect(sim.store.list('erp_update').filter((u) => u.status === 'pending')).toEqual([]);

			moveClock(60_000);
			expect(await poll()).toBeNull();
		});
	});

	describe('Reconcile', () => {
		onCase(c, { demoData: true }, (platform) => ({ sim, harness } = platform));

		it("runs, its needs met (Acme names the comparison routes' fields as the built-in description does): a dry run reports the one line the ERP counts otherwise, and changes nothing", async () => {
			const erp = stockOf(sim, 'WH1').map((line) =>
				line.sku === 'NUT-M8' && !line.batch ? { ...line, quantity: line.quantity + 2 } : line,
			);
			const { outputs, error } = await harness.run(
				v2('wmsInventoryReconciliation', { resource: 'comparison', operation: 'reconcile' }),
				erp,
			);
			expect(error).toBeUndefined();
			const nut = erp.findIndex((line) => line.sku === 'NUT-M8' && !line.batch);
			expect(outputs[0].map((item) => [item.json.sku, item.json.platform_minus_erp])).toEqual([
				['NUT-M8', -2],
			]);
			expect(outputs[0][0].pairedItem).toEqual([{ item: nut }]);
			expect(outputs[1][0].json).toMatchObject({
				outcome: 'reported',
				dry_run: true,
				lines_differing: 1,
				lines_compared: erp.length,
			});
			expect(writes(sim)['/comparison_adjustment_item/add']).toBeUndefined();
		});
	});
});

describe.each(FROM_THE_PLATFORM)(
	'Reconcile against $name, its comparison lines keyed otherwise',
	(c) => {
		let sim: RunningSimulator;
		let harness: Harness;
		onCase(c, { demoData: true }, (platform) => ({ sim, harness } = platform));

		it("stops before sending, naming what the platform's description lacks and what to do instead", async () => {
			sim.description.set({
				shape: 'acme',
				tweak: (doc: { components: { schemas: Record<string, IDataObject> } }) => {
					for (const name of [
						'ComparisonErpOnHandAddRequest',
						'ComparisonAdjustmentItemAddRequest',
					]) {
						const lines = (doc.components.schemas[name].properties as IDataObject).data as {
							items: { properties: IDataObject; required: string[] };
						};
						// Two fields that could each be the SKU, and none called sku.
						lines.items.properties.item_number = lines.items.properties.sku;
						lines.items.properties.article = lines.items.properties.sku;
						delete lines.items.properties.sku;
						lines.items.required = lines.items.required.map((field) =>
							field === 'sku' ? 'item_number' : field,
						);
					}
				},
			});
			const { error } = await harness.run(
				v2('wmsInventoryReconciliation', { resource: 'comparison', operation: 'reconcile' }),
				[{ sku: 'NUT-M8', warehouse_code: 'WH1', quantity: 1 }],
			);
			expect(error?.message).toBe(
				"WMS: the platform's API description (Acme WMS Public API 2.4.0) does not say which field of /comparison_erp_on_hand/add's records is the SKU: item_number, article could each be it",
			);
			expect(error?.description).toMatch(
				/^Nothing was sent\. Run the comparison's steps with this node's single operations .*Call a Route\.$/,
			);
			expect(writes(sim)).toEqual({});
		});
	},
);

interface StockLine extends IDataObject {
	sku: string;
	warehouse_code: string;
	batch?: string;
	quantity: number;
}

/** The platform's stock of a warehouse as an ERP would export it: one line per SKU and batch. */
function stockOf(sim: RunningSimulator, warehouse: string): StockLine[] {
	const lines: StockLine[] = [];
	for (const item of sim.store.list('inventory_item')) {
		const here = (
			(item.on_hand ?? []) as Array<{ warehouse_code: string; batches?: Array<{ batch: string }> }>
		).find((entry) => entry.warehouse_code === warehouse);
		if (!here) continue;
		const sku = item.sku as string;
		const loose = sim.store.onHand(warehouse, sku, '');
		if (loose !== 0) lines.push({ sku, warehouse_code: warehouse, quantity: loose });
		for (const { batch } of here.batches ?? [])
			lines.push({
				sku,
				warehouse_code: warehouse,
				batch,
				quantity: sim.store.onHand(warehouse, sku, batch),
			});
	}
	return lines;
}
