// Once, end to end: 1,000 ERP orders go to the warehouse (half, then the rest) and 5,000 ERP updates
// (their shipments and 4,000 receipts of the ERP's purchase orders) come back, through the shipped ERP
// examples in real n8n, while the platform answers 503, drops connections and loses answers, the
// ERP blocks one warehouse for a stocktake, and n8n is killed (SIGKILL) in the middle and started
// again, to meet the platform down for a while. Everything is counted in the two databases — the ERP's and the platform's — and in the
// error inbox, never from n8n's output:
// - every order is on the platform once, and marked sent in the ERP only if the platform has it;
//   every order not sent is held with its reason and is in the inbox, and nothing else is;
// - every shipment and receipt is booked in the ERP once; every update the ERP could not book is
//   marked failed on the platform and is in the inbox, and nothing else is;
// - once the faults stop (and a person fixed the orders the warehouse refused), one replay of the
//   inbox sends and books all of it, and the inbox is empty.
// Two settings of the update workflow are changed for time: Max Updates per Poll 5,000 (all of it
// in one poll) and Redeliver After 1 minute (what n8n's crash left undone comes again sooner).
import assert from 'node:assert/strict';
import {
	ITEMS,
	ORDERS,
	REPLAY,
	UPDATES,
	example,
	idle,
	inboxRows,
	onPlatform,
	outputOf,
	platformCall,
	runOnce,
	tickRetryable,
	waitUntil,
} from './support.mjs';

const ORDER_COUNT = 1000;
const RECEIPT_COUNT = 4000;
const BAD_ORDERS = 10;
const BLOCKED_RECEIPTS = 100;
const SKUS = ['BOLT-M8-40', 'NUT-M8', 'WASHER-M8', 'CABLE-TIE-200', 'LABEL-A6'];
const secondsSince = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

const FAULTS = [
	{ route: '/sales_order/add', kind: 'latency', latencyMs: 1500 },
	{ route: '/sales_order/add', kind: '503', probability: 0.2 },
	{ route: '/sales_order/add', kind: 'reset_before', probability: 0.05 },
	{ route: '/sales_order/add', kind: 'reset_after', probability: 0.1 },
	{ route: '/erp_update/set_complete', kind: '503', probability: 0.1 },
	{ route: '/erp_update/set_complete', kind: 'reset_after', probability: 0.05 },
	{ route: '/erp_update/set_error', kind: 'reset_after', probability: 0.05 },
	{ route: '/erp_update/incoming_consignment', kind: '503', probability: 0.1 },
	{ route: '/erp_update/outgoing_consignment', kind: 'reset_before', probability: 0.1 },
];

/** The ERP's side of the round trip: orders RT-… (half of them released), purchase orders PO-RT-…. */
async function seedErp(q) {
	await q(`insert into erp.customers values ('CUST-8', 'Riga Build SIA', 'LV')`);
	await q(
		`insert into erp.sales_orders (order_number, customer_code, warehouse_code, status)
		select 'RT-' || lpad(n::text, 6, '0'), 'CUST-' || (1 + n % 3), 'WH1',
			case when n <= $1 / 2 then 'released' else 'draft' end
		from generate_series(1, $1) n
		union all
		select 'RT-BAD-' || lpad(n::text, 2, '0'), 'CUST-8', 'WH1', 'draft'
		from generate_series(1, $2) n`,
		[ORDER_COUNT, BAD_ORDERS],
	);
	await q(
		`insert into erp.sales_order_lines
		select o.order_number, l, ($1::text[])[1 + (l + length(o.order_number)) % 5], 1 + l
		from erp.sales_orders o, generate_series(1, 2) l where o.order_number like 'RT-%'`,
		[SKUS],
	);
	await q(
		`insert into erp.purchase_orders (order_number, supplier_code, warehouse_code)
		select 'PO-RT-' || lpad(n::text, 5, '0'), 'SUP-1', case when n <= $2 then 'WH2' else 'WH1' end
		from generate_series(1, $1) n`,
		[RECEIPT_COUNT, BLOCKED_RECEIPTS],
	);
	await q(
		`insert into erp.purchase_order_lines (order_number, line_number, sku, quantity)
		select order_number, 1, 'BOX-CARTON-M', 10 from erp.purchase_orders where order_number like 'PO-RT-%'`,
	);
	await q(`insert into erp.booking_blocks values ('WH2', 'stocktake') on conflict do nothing`);
}

/** The warehouse ships every order the ERP marked sent that it has not shipped yet. */
async function shipSent(ctx, q, state) {
	const sent = await q(
		`select order_number from erp.sales_orders where order_number like 'RT-%' and status = 'sent'`,
	);
	for (const { order_number } of sent.filter((o) => !state.shipped.has(o.order_number))) {
		state.updateIds.add(ctx.simulator.work.shipSalesOrder(order_number).erp_update_id);
		state.shipped.add(order_number);
	}
}

/** What the two databases and the inbox hold of this round trip, counted there. */
async function count(ctx, state) {
	const q = (sql, params) => ctx.erp.query(sql, params);
	const orders = await q(
		`select order_number, status, wms_message from erp.sales_orders where order_number like 'RT-%'`,
	);
	const lines = new Map();
	for (const l of await q(
		`select order_number, line_number, sku, quantity::float8 as quantity from erp.sales_order_lines where order_number like 'RT-%' order by order_number, line_number`,
	))
		lines.set(l.order_number, [...(lines.get(l.order_number) ?? []), l]);
	const salesOrders = ctx.simulator.store
		.list('sales_order')
		.filter((o) => o.order_number.startsWith('RT-'));
	const updates = ctx.simulator.store.list('erp_update').filter((u) => state.updateIds.has(u.id));
	const bookings = await q(
		`select update_id from erp.shipments where order_number like 'RT-%'
		union all select update_id from erp.receipts where order_number like 'PO-RT-%'`,
	);
	const rows = (await inboxRows(ctx)).filter((r) =>
		r.area === 'sales_order' ? r.key.startsWith('RT-') : state.updateIds.has(r.key),
	);
	return { orders, lines, salesOrders, updates, bookings, rows };
}

/** Where the updates stand, the update workflow's runs and the inbox by code: said when a wait runs out, and at the end. */
async function whereUpdatesStand(ctx, state, workflowId) {
	const statuses = {};
	for (const u of ctx.simulator.store.list('erp_update'))
		if (state.updateIds.has(u.id)) statuses[u.status] = (statuses[u.status] ?? 0) + 1;
	const { data } = await ctx.client.api('GET', `/executions?workflowId=${workflowId}&limit=50`);
	const runs = data
		.map((e) => {
			const end = e.stoppedAt ? Date.parse(e.stoppedAt) : Date.now();
			return `${e.id} ${e.status} ${((end - Date.parse(e.startedAt)) / 1000).toFixed(0)} s`;
		})
		.reverse();
	const codes = {};
	const said = {};
	for (const r of await inboxRows(ctx))
		if (r.area === 'erp_update' && state.updateIds.has(r.key)) {
			codes[r.code] = (codes[r.code] ?? 0) + 1;
			said[r.code] ??= `${r.key}, run ${r.execution}: ${r.message}`;
		}
	return `updates ${JSON.stringify(statuses)}; update runs ${runs.join(', ')}; update inbox rows by code ${JSON.stringify(codes)}, the first of each ${JSON.stringify(said)}`;
}

/** The promises of the round trip, from the counts; `empty`: the inbox must hold nothing. */
function assertOnceEach({ orders, lines, salesOrders, updates, bookings, rows }, { empty }) {
	const onPlatform = new Map(salesOrders.map((o) => [o.order_number, o]));
	assert.equal(onPlatform.size, salesOrders.length, 'an order is on the platform twice');
	for (const o of salesOrders)
		assert.deepEqual(
			o.lines.map(({ line_number, sku, quantity }) => ({
				order_number: o.order_number,
				line_number,
				sku,
				quantity,
			})),
			lines.get(o.order_number),
			`${o.order_number}: the platform's lines are the ERP's`,
		);
	const sentNotThere = orders.filter(
		(o) => o.status !== 'released' && !onPlatform.has(o.order_number),
	);
	assert.deepEqual(
		sentNotThere.slice(0, 3),
		[],
		`${sentNotThere.length} orders marked sent, not on the platform`,
	);

	const booked = new Map();
	for (const { update_id } of bookings) booked.set(update_id, (booked.get(update_id) ?? 0) + 1);
	const twice = [...booked].filter(([, n]) => n > 1);
	assert.deepEqual(twice.slice(0, 3), [], `${twice.length} updates booked twice in the ERP`);
	const pending = updates.filter((u) => u.status === 'pending');
	assert.deepEqual(
		pending.slice(0, 3).map((u) => u.id),
		[],
		`${pending.length} updates still pending`,
	);
	const completeNotBooked = updates.filter((u) => u.status === 'complete' && !booked.has(u.id));
	assert.deepEqual(
		completeNotBooked.slice(0, 3).map((u) => u.id),
		[],
		'marked complete, not booked',
	);
	const failedButBooked = updates.filter((u) => u.status === 'error' && booked.has(u.id));
	assert.deepEqual(
		failedButBooked.slice(0, 3).map((u) => u.id),
		[],
		'marked failed, yet booked',
	);

	// The inbox holds exactly what could not go: orders not sent, updates not booked.
	const inInbox = new Set(rows.map((r) => `${r.area} ${r.key}`));
	assert.equal(inInbox.size, rows.length, 'a record in the inbox twice');
	const released = orders.filter((o) => o.status === 'released');
	const notBooked = updates.filter((u) => u.status === 'error');
	const expected = new Set([
		...released.map((o) => `sales_order ${o.order_number}`),
		...notBooked.map((u) => `erp_update ${u.id}`),
	]);
	const missing = [...expected].filter((k) => !inInbox.has(k));
	const extra = [...inInbox].filter((k) => !expected.has(k));
	assert.deepEqual(
		missing.slice(0, 5),
		[],
		`${missing.length} records that did not go are not in the inbox`,
	);
	assert.deepEqual(extra.slice(0, 5), [], `${extra.length} records in the inbox went through`);
	for (const o of released) assert.ok(o.wms_message, `${o.order_number} held without a reason`);
	if (empty)
		assert.deepEqual([...inInbox].slice(0, 5), [], `${inInbox.size} records left in the inbox`);
	return {
		sent: orders.length - released.length,
		released: released.length,
		notBooked: notBooked.length,
		booked: booked.size,
	};
}

export default function (ctx) {
	const state = { updateIds: new Set() };
	const q = (sql, params) => ctx.erp.query(sql, params);
	const updates = example(ctx, UPDATES);
	return [
		{
			name: `${ORDER_COUNT.toLocaleString('en')} orders out and ${(ORDER_COUNT + RECEIPT_COUNT).toLocaleString('en')} updates back under platform faults, n8n killed (SIGKILL) in the middle and restarted: once each, counted in both databases; the inbox holds exactly what could not go`,
			timeoutMs: 600000,
			async run() {
				const t0 = Date.now();
				await seedErp(q);
				const pos = await q(
					`select o.order_number, o.warehouse_code from erp.purchase_orders o where order_number like 'PO-RT-%' order by 1`,
				);
				const receivedAt = new Date().toISOString();
				for (const po of pos) {
					const id = ctx.simulator.work.createUpdate('incoming_consignment', {
						receipt_id: `RCP-${po.order_number}`,
						order_number: po.order_number,
						warehouse_code: po.warehouse_code,
						received_at: receivedAt,
						lines: [{ line_number: 1, sku: 'BOX-CARTON-M', quantity: 10 }],
					});
					state.updateIds.add(id);
				}
				// The shipped workflow, with two settings changed for time (see the file's header).
				const saved = await ctx.client.api('GET', `/workflows/${updates.id}`);
				for (const node of saved.nodes.filter((n) => n.name === 'WMS ERP Update Trigger'))
					Object.assign(node.parameters, { maxUpdatesPerPoll: 5000, redeliverAfterMinutes: 1 });
				await ctx.client.api('PUT', `/workflows/${updates.id}`, {
					name: saved.name,
					nodes: saved.nodes,
					connections: saved.connections,
					settings: saved.settings,
				});
				await ctx.sim('/faults', FAULTS);
				ctx.onCleanup(() => ctx.sim('/faults', undefined, 'DELETE'));

				// The first half of the orders goes out; the warehouse ships what the ERP marked sent.
				await runOnce(ctx, ORDERS, { timeoutMs: 180000 });
				state.shipped = new Set();
				await shipSent(ctx, q, state);
				// Then the rest is released and goes out while the updates come in; n8n is killed with
				// both under way.
				await q(
					`update erp.sales_orders set status = 'released' where order_number like 'RT-%' and status = 'draft'`,
				);
				const stored = () =>
					ctx.simulator.store.list('sales_order').filter((o) => o.order_number.startsWith('RT-'))
						.length;
				const before = stored();
				const ordersRun = ctx.client.runManually(example(ctx, ORDERS).id, 'Every 5 minutes');
				await ctx.client.api('POST', `/workflows/${updates.id}/activate`);
				ctx.onCleanup(() =>
					ctx.client.api('POST', `/workflows/${updates.id}/deactivate`).catch(() => {}),
				);
				const receipts = async () => (await q(`select count(*)::int as n from erp.receipts`))[0].n;
				await waitUntil(
					'more orders reaching the platform and receipts booked in the ERP',
					async () => stored() > before && (await receipts()) > 1,
					{ timeoutMs: 120000, everyMs: 50 },
				);
				const killedRun = await ordersRun;
				const [atKill, bookedAtKill] = [stored(), await receipts()];
				await ctx.killN8n();
				ctx.log(
					`SIGKILL to n8n after ${secondsSince(t0)}: ${atKill} of ${ORDER_COUNT + BAD_ORDERS} orders on the platform, ${bookedAtKill} of ${RECEIPT_COUNT} receipts booked`,
				);
				assert.ok(
					atKill < ORDER_COUNT + BAD_ORDERS || bookedAtKill < RECEIPT_COUNT - BLOCKED_RECEIPTS,
					'both runs had ended before the kill',
				);

				const t1 = Date.now();
				await ctx.restartN8n();
				const crashed = await ctx.client.api('GET', `/executions/${killedRun}`, undefined, {
					expect: false,
				});
				ctx.log(
					`n8n up again in ${secondsSince(t1)}; the killed orders run is "${crashed?.status}"`,
				);
				// The watermark is the ERP's: the item master run after the restart has nothing new to read.
				assert.deepEqual(outputOf(await runOnce(ctx, ITEMS), 'Items changed since the last run'), [
					[],
				]);

				// The next run of the orders workflow meets the platform down (503 to every order it
				// sends): what the killed run left waits in the inbox, not confirmed, retryable.
				await ctx.sim('/faults', undefined, 'DELETE');
				await ctx.sim('/faults', { route: '/sales_order/add', kind: '503' });
				const t2 = Date.now();
				await runOnce(ctx, ORDERS, { timeoutMs: 180000 });
				ctx.log(`the orders run during the outage gave up after ${secondsSince(t2)}`);
				await ctx.sim('/faults', undefined, 'DELETE');
				await ctx.sim('/faults', FAULTS.slice(1));
				// The warehouse ships what the ERP has marked sent since; the updates workflow polls it in.
				await shipSent(ctx, q, state);
				await waitUntil(
					'every update of the round trip booked or marked failed, and the runs that did it ended',
					async () =>
						ctx.simulator.store
							.list('erp_update')
							.every((u) => !state.updateIds.has(u.id) || u.status !== 'pending') &&
						(await idle(ctx, updates.id)),
					{
						timeoutMs: 240000,
						everyMs: 1000,
						state: () => whereUpdatesStand(ctx, state, updates.id),
					},
				);
				ctx.log(await whereUpdatesStand(ctx, state, updates.id));
				const counts = assertOnceEach(await count(ctx, state), { empty: false });
				ctx.log(
					`after ${secondsSince(t0)}: ${counts.sent} orders sent, ${counts.booked} updates booked once each; in the inbox ${counts.released} orders (${BAD_ORDERS} refused by the warehouse) and ${counts.notBooked} updates (${BLOCKED_RECEIPTS} blocked by the stocktake)`,
				);
				assert.ok(counts.sent > 0, 'no order was sent before the outage');
				assert.ok(counts.released > BAD_ORDERS, 'no order waits for the platform to come back');
				assert.ok(counts.notBooked >= BLOCKED_RECEIPTS);
				state.counted = true;
			},
		},
		{
			name: 'the faults stop, a person fixes what the warehouse refused: one replay of the inbox sends and books all of it, and empties the inbox',
			timeoutMs: 300000,
			async run() {
				assert.ok(state.counted, 'needs the round trip of the test before');
				await ctx.sim('/faults', undefined, 'DELETE');
				await q(`delete from erp.booking_blocks`);
				// Half the refused orders: the warehouse sets up the customer and a person ticks retry;
				// the other half: the ERP team moves them to a customer the warehouse has (a change).
				await platformCall(ctx, '/customer/add', {
					items: [{ code: 'CUST-8', name: 'Riga Build SIA', currency: 'EUR' }],
				});
				for (let n = 1; n <= BAD_ORDERS; n++) {
					const key = `RT-BAD-${String(n).padStart(2, '0')}`;
					if (n % 2) await tickRetryable(ctx, 'sales_order', key);
					else
						await q(
							`update erp.sales_orders set customer_code = 'CUST-1' where order_number = $1`,
							[key],
						);
				}
				await runOnce(ctx, REPLAY, { timeoutMs: 240000 });

				// What the replay sent is shipped too; the next poll books it.
				await shipSent(ctx, q, state);
				await waitUntil(
					'every update booked, and the runs that did it ended',
					async () =>
						ctx.simulator.store
							.list('erp_update')
							.every((u) => !state.updateIds.has(u.id) || u.status === 'complete') &&
						(await idle(ctx, updates.id)),
					{
						timeoutMs: 240000,
						everyMs: 1000,
						state: () => whereUpdatesStand(ctx, state, updates.id),
					},
				);
				const counted = await count(ctx, state);
				assertOnceEach(counted, { empty: true });
				assert.equal(counted.salesOrders.length, ORDER_COUNT + BAD_ORDERS);
				assert.ok(
					counted.orders.every((o) => o.status === 'shipped'),
					'an order not shipped',
				);
				assert.equal(counted.bookings.length, ORDER_COUNT + BAD_ORDERS + RECEIPT_COUNT);
				const [po] = await q(
					`select count(*)::int as n from erp.purchase_orders where order_number like 'PO-RT-%' and status = 'received'`,
				);
				assert.equal(po.n, RECEIPT_COUNT);
				ctx.log(
					`${counted.salesOrders.length} orders on the platform once each, all shipped and booked; ${RECEIPT_COUNT} receipts booked once each; the inbox empty`,
				);
			},
		},
	];
}
