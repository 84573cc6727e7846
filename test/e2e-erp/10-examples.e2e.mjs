// The ERP examples (examples/erp-database/) in real n8n 2.41.1 on the ERP's demo data, each checked
// in the two databases — the ERP's (Postgres) and the platform's (the simulator's store) — and in
// the error inbox (n8n's Data Table), never only in n8n's output. The plain orders example
// (examples/erp-orders-to-wms.json) runs beside them on the same platform, before the ERP's orders
// and again after them, its orders shipped by the warehouse in between: neither meets the other's
// orders, and each runs green again.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { executionError, workflowForImport } from '../../dev/scripts/n8n-host.mjs';
import { after as plainOrdersHold } from '../e2e/examples/erp-orders-to-wms.mjs';
import {
	INBOX,
	ITEMS,
	ORDERS,
	REPLAY,
	UPDATES,
	example,
	inboxRows,
	onPlatform,
	outputOf,
	platformCall,
	runOnce,
	tickRetryable,
	waitUntil,
} from './support.mjs';

const rowOf = (rows, area, key) => rows.find((r) => r.area === area && r.key === key);

const PLAIN_ORDERS = 'erp-orders-to-wms.json';

/** The plain orders example, imported into this n8n beside the ERP ones, on the WMS credential. */
async function importPlainOrders(ctx) {
	const file = path.join(ctx.root, 'examples', PLAIN_ORDERS);
	const source = JSON.parse(fs.readFileSync(file, 'utf8'));
	const body = workflowForImport({ name: 'erp-orders-to-wms', ...source }, ctx.credential);
	const saved = await ctx.client.api('POST', '/workflows', body);
	return { file: PLAIN_ORDERS, id: saved.id, name: saved.name, source, workflow: saved };
}

/**
 * Runs the plain orders example from its Manual Trigger: green, its own checks hold (its good
 * orders stored, only its bad rows on the error output). Answers the order numbers it stored.
 */
async function runPlainOrders(ctx, plain) {
	const trigger = plain.workflow.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
	const id = await ctx.client.runManually(plain.id, trigger.name);
	const execution = await ctx.client.waitForExecution(id);
	assert.equal(executionError(execution), null, `${PLAIN_ORDERS}: execution ${id} failed`);
	await plainOrdersHold(ctx, plain, execution);
	return outputOf(execution, 'WMS Sales Order')[0].map((order) => order.key);
}

/** The warehouse ships these orders, as the simulator of `npm start` does within 30 s. */
const ship = (ctx, orderNumbers) =>
	orderNumbers.map((orderNumber) => ctx.simulator.work.shipSalesOrder(orderNumber).key);

export default function (ctx) {
	const state = {};
	const q = (sql, params) => ctx.erp.query(sql, params);
	return [
		{
			name: `item master, incremental: every changed item to the warehouse, the refused one to the ERP team's table and the inbox, the watermark after the last; a second run reads nothing`,
			async run() {
				const execution = await runOnce(ctx, ITEMS);
				const [stored, failed] = outputOf(execution, 'WMS Inventory');
				const hints = execution.data.resultData.runData['WMS Inventory'][0].hints ?? [];
				assert.deepEqual(
					hints.filter((hint) => /changed_at/.test(hint.message)),
					[],
					'WMS Inventory was given the watermark column changed_at, and says it left it out',
				);
				const erpItems = await q('select sku, description from erp.items order by sku');
				assert.equal(stored.length + failed.length, erpItems.length, 'every ERP item handled');
				const platform = onPlatform(ctx, 'inventory_item');
				for (const { sku, description } of erpItems.filter((i) => i.sku !== 'SHELF-BRACKET-200'))
					assert.equal(platform.get(sku)?.description, description, `${sku} on the platform`);
				assert.equal(platform.has('SHELF-BRACKET-200'), false, 'the refused item was sent');

				const refused = await q('select sku, field, message from erp.wms_refused_items');
				assert.deepEqual(
					refused.map((r) => [r.sku, r.field]),
					[['SHELF-BRACKET-200', 'weight_kg']],
				);
				assert.match(refused[0].message, /weight_kg must be 0 or more \(got -0\.3\)/);
				const row = rowOf(await inboxRows(ctx), 'item', 'SHELF-BRACKET-200');
				assert.equal(row?.retryable, false, 'the refused item in the inbox, not retryable');
				assert.equal(row.execution, String(execution.id));

				const [last] = await q(
					`select sku, changed_at::text from erp.items order by changed_at desc, sku desc limit 1`,
				);
				const [mark] = await q(
					`select last_key, changed_at::text from erp.integration_watermarks where name = 'items_to_wms'`,
				);
				assert.deepEqual(mark, { last_key: last.sku, changed_at: last.changed_at });
				assert.match(execution.customData.inventory_item, /^BOLT-M8-40, /);

				const again = await runOnce(ctx, ITEMS);
				assert.deepEqual(outputOf(again, 'Items changed since the last run'), [[]]);
				ctx.log(
					`${stored.length} stored, ${failed.length} refused; watermark ${mark.changed_at} / ${mark.last_key}; a second run read nothing`,
				);
			},
		},
		{
			name: 'the ERP team fixes the refused item: the next incremental run (once the change is a few seconds old) sends it',
			timeoutMs: 60000,
			async run() {
				await q(`update erp.items set weight_kg = 0.3 where sku = 'SHELF-BRACKET-200'`);
				const sent = await waitUntil(
					'a run that sends the fixed item',
					async () => {
						const execution = await runOnce(ctx, ITEMS);
						const [stored = []] = outputOf(execution, 'WMS Inventory');
						return stored.some((i) => i.sku === 'SHELF-BRACKET-200') ? stored : null;
					},
					{ timeoutMs: 30000, everyMs: 1000 },
				);
				assert.deepEqual(
					sent.map((i) => i.sku),
					['SHELF-BRACKET-200'],
				);
				assert.equal(onPlatform(ctx, 'inventory_item').get('SHELF-BRACKET-200').weight_kg, 0.3);
			},
		},
		{
			name: `the plain orders example (examples/${PLAIN_ORDERS}) first, on the same platform: green, its good orders stored; the warehouse ships them`,
			async run() {
				state.plain = await importPlainOrders(ctx);
				const shipped = ship(ctx, await runPlainOrders(ctx, state.plain));
				assert.equal(shipped.length, 2);
				ctx.log(`stored and shipped: ${shipped.join(', ')}`);
			},
		},
		{
			name: 'released sales orders: marked sent only for what the warehouse confirmed, the refused one stays released with the reason and waits in the inbox',
			async run() {
				const execution = await runOnce(ctx, ORDERS);
				const orders = await q(
					'select order_number, status, wms_message, sent_by_execution from erp.sales_orders order by 1',
				);
				const platform = onPlatform(ctx, 'sales_order');
				for (const o of orders.filter((o) => o.status === 'sent')) {
					assert.equal(o.sent_by_execution, String(execution.id));
					const lines = await q(
						`select line_number, sku, quantity::float8 as quantity from erp.sales_order_lines where order_number = $1 order by 1`,
						[o.order_number],
					);
					assert.deepEqual(
						platform.get(o.order_number)?.lines.map(({ line_number, sku, quantity }) => ({
							line_number,
							sku,
							quantity,
						})),
						lines,
						`${o.order_number}: the platform's lines are the ERP's`,
					);
				}
				assert.deepEqual(
					orders.map((o) => [o.order_number, o.status]),
					[
						['SO-1001', 'sent'],
						['SO-1002', 'sent'],
						['SO-1003', 'sent'],
						['SO-1004', 'released'],
						['SO-1005', 'draft'],
					],
				);
				assert.deepEqual(
					(outputOf(execution, 'WMS Sales Order')[1] ?? []).map((o) => o.order_number),
					['SO-1004'],
					'only the order of the unknown customer on the error output',
				);
				assert.equal(platform.has('SO-1004'), false);
				assert.match(orders[3].wms_message, /SO-1004.*customer CUST-9 does not exist/);
				const row = rowOf(await inboxRows(ctx), 'sales_order', 'SO-1004');
				assert.equal(row?.retryable, false);
				assert.equal(JSON.parse(row.record).customer_code, 'CUST-9');
				assert.equal(execution.customData.sales_order, 'SO-1001, SO-1002, SO-1003, SO-1004');
				state.ordersRun = execution.id;

				const again = await runOnce(ctx, ORDERS);
				assert.deepEqual(outputOf(again, 'Released orders'), [[]], 'a held order is not re-sent');
			},
		},
		{
			name: 'shipments and receipts → ERP, the trigger active: each booked in its own transaction and marked complete with the ERP document; a database error → Set Error with its words and code',
			timeoutMs: 120000,
			async run() {
				const workflow = example(ctx, UPDATES);
				const now = new Date().toISOString();
				const ids = {
					shipped: [
						ctx.simulator.work.shipSalesOrder('SO-1001').erp_update_id,
						ctx.simulator.work.shipSalesOrder('SO-1003').erp_update_id,
					],
					received: ctx.simulator.work.createUpdate('incoming_consignment', {
						receipt_id: 'RCP-E2E-1',
						order_number: 'PO-2001',
						warehouse_code: 'WH1',
						received_at: now,
						lines: [{ line_number: 1, sku: 'BOLT-M8-40', quantity: 400 }],
					}),
					unknownOrder: ctx.simulator.work.createUpdate('outgoing_consignment', {
						shipment_id: 'SHP-E2E-9',
						order_number: 'SO-7777',
						warehouse_code: 'WH1',
						shipped_at: now,
						lines: [{ line_number: 1, sku: 'NUT-M8', quantity: 1 }],
					}),
					blocked: ctx.simulator.work.createUpdate('incoming_consignment', {
						receipt_id: 'RCP-E2E-2',
						order_number: 'PO-2002',
						warehouse_code: 'WH2',
						received_at: now,
						lines: [{ line_number: 1, sku: 'BOX-CARTON-S', quantity: 400 }],
					}),
				};
				await q(`insert into erp.booking_blocks values ('WH2', 'stocktake')`);
				// The shipments and receipts the demo platform had pending before: their orders are not in this ERP.
				const pending = ctx.simulator.store
					.list('erp_update')
					.filter((u) => u.status === 'pending' && u.kind !== 'move_attempt')
					.map((u) => u.id)
					.filter((id) => !Object.values(ids).flat().includes(id));

				const before = new Set((await ctx.client.executions(workflow.id)).map((e) => e.id));
				await ctx.client.api('POST', `/workflows/${workflow.id}/activate`);
				let execution;
				try {
					const id = await waitUntil(
						'the first poll started a run',
						async () =>
							(await ctx.client.executions(workflow.id)).find((e) => !before.has(e.id))?.id,
					);
					execution = await ctx.client.waitForExecution(id);
				} finally {
					await ctx.client.api('POST', `/workflows/${workflow.id}/deactivate`);
				}
				assert.equal(execution.mode, 'trigger');
				assert.equal(execution.status, 'success');

				const updates = onPlatform(ctx, 'erp_update');
				const shipments = await q(
					`select update_id, shipment_id, order_number from erp.shipments order by update_id`,
				);
				assert.deepEqual(
					shipments.map((s) => s.update_id),
					[...ids.shipped].sort(),
				);
				for (const s of shipments) {
					const update = updates.get(s.update_id);
					assert.equal(update.status, 'complete');
					assert.equal(update.erp_reference, s.shipment_id);
					const lines = await q(
						`select line_number, sku, quantity::float8 as quantity from erp.shipment_lines where update_id = $1 order by position`,
						[s.update_id],
					);
					assert.deepEqual(
						lines,
						update.payload.lines.map(({ line_number, sku, quantity }) => ({
							line_number,
							sku,
							quantity,
						})),
					);
				}
				assert.deepEqual(
					(await q(`select order_number, status from erp.sales_orders where status = 'shipped'`))
						.map((o) => o.order_number)
						.sort(),
					['SO-1001', 'SO-1003'],
				);
				const [po] = await q(
					`select received_quantity::float8 as received from erp.purchase_order_lines where order_number = 'PO-2001' and line_number = 1`,
				);
				assert.equal(po.received, 400);
				assert.equal(updates.get(ids.received).status, 'complete');

				const unknown = updates.get(ids.unknownOrder);
				assert.equal(unknown.status, 'error');
				assert.deepEqual(
					{ message: unknown.error.message, code: unknown.error.code },
					{ message: 'sales order SO-7777 is not in the ERP (shipment SHP-E2E-9)', code: '23503' },
				);
				const blocked = updates.get(ids.blocked);
				assert.equal(blocked.error.code, '55000');
				assert.match(blocked.error.message, /WH2 is blocked for bookings \(stocktake\); try again/);
				for (const id of pending) assert.equal(updates.get(id).status, 'error', `${id}`);

				const rows = await inboxRows(ctx);
				assert.equal(rowOf(rows, 'erp_update', ids.unknownOrder)?.retryable, false);
				assert.equal(rowOf(rows, 'erp_update', ids.blocked)?.retryable, true);
				assert.equal(
					(await q(`select count(*)::int as n from erp.receipts`))[0].n,
					1,
					'the blocked receipt was not booked',
				);
				state.ids = ids;
				ctx.log(
					`${shipments.length} shipments and 1 receipt booked; ${2 + pending.length} updates marked failed with the database's words`,
				);
			},
		},
		{
			name: 'the inbox replay: what can go now goes, and leaves the inbox; what needs a person stays',
			async run() {
				assert.ok(state.ids, 'needs the run of the test before');
				// The warehouse sets up the customer; a person ticks the order for retry; the stocktake ends.
				await platformCall(ctx, '/customer/add', {
					items: [{ code: 'CUST-9', name: 'Baltic Tools OÜ', currency: 'EUR' }],
				});
				await tickRetryable(ctx, 'sales_order', 'SO-1004');
				await q(`delete from erp.booking_blocks`);

				const execution = await runOnce(ctx, REPLAY);
				const rows = await inboxRows(ctx);
				assert.equal(
					rowOf(rows, 'sales_order', 'SO-1004'),
					undefined,
					'SO-1004 still in the inbox',
				);
				assert.equal(rowOf(rows, 'item', 'SHELF-BRACKET-200'), undefined);
				assert.equal(rowOf(rows, 'erp_update', state.ids.blocked), undefined);
				assert.equal(rowOf(rows, 'erp_update', state.ids.unknownOrder)?.retryable, false);

				const [order] = await q(
					`select status, sent_by_execution, wms_message from erp.sales_orders where order_number = 'SO-1004'`,
				);
				assert.deepEqual(order, {
					status: 'sent',
					sent_by_execution: String(execution.id),
					wms_message: null,
				});
				assert.ok(onPlatform(ctx, 'sales_order').has('SO-1004'));
				assert.equal(onPlatform(ctx, 'erp_update').get(state.ids.blocked).status, 'complete');
				assert.deepEqual(
					(await q(`select update_id from erp.receipts where receipt_id = 'RCP-E2E-2'`)).map(
						(r) => r.update_id,
					),
					[state.ids.blocked],
				);
				ctx.log(`left in "${INBOX}": ${rows.map((r) => `${r.area} ${r.key}`).join(', ')}`);
			},
		},
		{
			name: `both orders examples again, in reverse order: the ERP's next released order goes alone and the warehouse ships it, then the plain example runs green on orders of its own`,
			async run() {
				assert.ok(state.plain, 'needs the plain example imported by the test before');
				await q(`update erp.sales_orders set status = 'released' where order_number = 'SO-1005'`);
				const execution = await runOnce(ctx, ORDERS);
				const [sent, refused = []] = outputOf(execution, 'WMS Sales Order');
				assert.deepEqual(
					sent.map((o) => o.key),
					['SO-1005'],
				);
				assert.deepEqual(refused, [], 'an order on the error output');
				const [order] = await q(
					`select status, wms_message from erp.sales_orders where order_number = 'SO-1005'`,
				);
				assert.deepEqual(order, { status: 'sent', wms_message: null });
				assert.equal(rowOf(await inboxRows(ctx), 'sales_order', 'SO-1005'), undefined);
				ship(ctx, ['SO-1005']);

				const stored = await runPlainOrders(ctx, state.plain);
				assert.ok(
					stored.every((key) => !/^SO-100\d$/.test(key)),
					`the plain example sent the ERP's order numbers: ${stored.join(', ')}`,
				);
				ctx.log(`the ERP sent SO-1005; the plain example stored ${stored.join(', ')}`);
			},
		},
	];
}
