/** Warehouse work creates the ERP updates the ERP polls for: shipments, receipts, moves; demo data and autoWork. */
import { loadContract } from '../../dev/simulator/contract';
import {
	client,
	purchaseOrder,
	productionOrder,
	salesOrder,
	seedBasics,
	waitFor,
	type Client,
} from '../support/simulatorClient';

describe('simulator warehouse work', () => {
	let c: Client;
	let clock = Date.parse('2026-11-21T08:00:00Z');
	beforeEach(async () => {
		c = await client({ now: () => clock });
		await seedBasics(c);
	});
	afterEach(async () => await c.sim.close());

	it('shipping a sales order takes stock and offers an outgoing consignment with tracking', async () => {
		await c.post('/purchase_order/add', { items: [purchaseOrder('PO-1')] });
		c.sim.work.receivePurchaseOrder('PO-1', [{ line_number: 1, quantity: 10, bin_code: 'B1' }]);
		await c.post('/sales_order/add', { items: [salesOrder('SO-1')] });
		clock += 60_000;
		const shipped = c.sim.work.shipSalesOrder('SO-1');
		expect(shipped.status).toBe('shipped');
		expect(c.sim.store.onHand('W1', 'SKU-1')).toBe(8);
		const changed = await c.post('/inventory/check', {
			filter: { changed_since: new Date(clock).toISOString() },
		});
		expect(changed.body.items.map((i: { sku: string }) => i.sku)).toEqual(['SKU-1']);
		const r = await c.post('/erp_update/outgoing_consignment', {});
		expect(r.body.items).toHaveLength(1);
		const update = r.body.items[0];
		expect(update).toMatchObject({
			id: shipped.erp_update_id,
			kind: 'outgoing_consignment',
			status: 'pending',
			created_at: '2026-11-21T08:01:00.000Z',
		});
		expect(update.payload).toMatchObject({
			order_number: 'SO-1',
			customer_code: 'C1',
			warehouse_code: 'W1',
			courier_service_code: 'CR1',
			carrier: 'DHL',
			lines: [{ line_number: 1, sku: 'SKU-1', quantity: 2, from_bin_code: 'B1' }],
		});
		expect(update.payload.tracking_url).toBe(
			`https://t.example/${update.payload.tracking_numbers[0]}`,
		);
		const order = (await c.post('/sales_order/check', { filter: { order_number: 'SO-1' } })).body
			.items[0];
		expect(order).toMatchObject({
			status: 'shipped',
			lines: [{ quantity_shipped: 2 }],
			shipments: [{ tracking_numbers: update.payload.tracking_numbers }],
		});
	});

	it('receiving a purchase order in parts adds stock, records receipts and offers incoming consignments', async () => {
		await c.post('/purchase_order/add', {
			items: [purchaseOrder('PO-1', { lines: [{ line_number: 1, sku: 'SKU-2', quantity: 10 }] })],
		});
		const part = c.sim.work.receivePurchaseOrder('PO-1', [
			{ line_number: 1, quantity: 4, batch: 'L1', expiry_date: '2027-01-31' },
		]);
		expect(part.status).toBe('partially_received');
		const rest = c.sim.work.receivePurchaseOrder('PO-1');
		expect(rest.status).toBe('received');
		expect(c.sim.store.onHand('W1', 'SKU-2', 'L1')).toBe(4);
		expect(c.sim.store.onHand('W1', 'SKU-2')).toBe(10);
		const po = (await c.post('/purchase_order/check', { filter: { order_number: 'PO-1' } })).body
			.items[0];
		expect(po.lines[0].quantity_received).toBe(10);
		expect(po.receipts).toHaveLength(2);
		const updates = (
			await c.post('/erp_update/incoming_consignment', { filter: { order_number: 'PO-1' } })
		).body.items;
		expect(
			updates.map(
				(u: { payload: { lines: { quantity: number }[] } }) => u.payload.lines[0].quantity,
			),
		).toEqual([4, 6]);
		expect(updates[0].payload.lines[0]).toMatchObject({ batch: 'L1', expiry_date: '2027-01-31' });
		expect(() => c.sim.work.receivePurchaseOrder('PO-1')).toThrow(
			/is in state received; cannot receive/,
		);
	});

	it('moving stock between bins offers a move attempt', async () => {
		await c.post('/purchase_order/add', { items: [purchaseOrder('PO-1')] });
		c.sim.work.receivePurchaseOrder('PO-1', [{ line_number: 1, quantity: 10, bin_code: 'B1' }]);
		const moved = c.sim.work.moveStock({
			warehouse_code: 'W1',
			sku: 'SKU-1',
			from_bin_code: 'B1',
			to_bin_code: 'B2',
			quantity: 3,
			reason: 'replenishment',
		});
		const [update] = (await c.post('/erp_update/move_attempt', {})).body.items;
		expect(update.id).toBe(moved.erp_update_id);
		expect(update.payload).toMatchObject({
			warehouse_code: 'W1',
			reason: 'replenishment',
			lines: [{ sku: 'SKU-1', quantity: 3, from_bin_code: 'B1', to_bin_code: 'B2' }],
		});
		expect(c.sim.store.onHand('W1', 'SKU-1')).toBe(10);
	});

	it('completing a production order consumes components and books the output', async () => {
		await c.post('/purchase_order/add', {
			items: [purchaseOrder('PO-1', { lines: [{ line_number: 1, sku: 'SKU-2', quantity: 5 }] })],
		});
		c.sim.work.receivePurchaseOrder('PO-1');
		await c.post('/production_order/add', { items: [productionOrder('MO-1')] });
		for (const to of ['released', 'in_progress', 'completed'])
			c.sim.work.transition('production_order', 'MO-1', to);
		expect(c.sim.store.onHand('W1', 'SKU-2')).toBe(0);
		expect(c.sim.store.onHand('W1', 'SKU-1')).toBe(5);
		expect(c.sim.store.get('production_order', 'MO-1')).toMatchObject({
			status: 'completed',
			quantity_produced: 5,
		});
	});

	it('retrieval answers pending updates oldest first, paged; completed ones leave the queue', async () => {
		const ids = c.sim.work.createPendingUpdates('move_attempt', 7);
		const first = await c.post('/erp_update/move_attempt', { limit: 3 });
		expect(first.body.items.map((u: { id: string }) => u.id)).toEqual(ids.slice(0, 3));
		const second = await c.post('/erp_update/move_attempt', {
			limit: 3,
			cursor: first.body.next_cursor,
		});
		expect(second.body.items.map((u: { id: string }) => u.id)).toEqual(ids.slice(3, 6));
		await c.post('/erp_update/set_complete', { items: ids.slice(0, 2).map((id) => ({ id })) });
		await c.post('/erp_update/set_error', {
			items: [{ id: ids[2], message: 'sku unknown in ERP' }],
		});
		const pending = await c.post('/erp_update/move_attempt', {});
		expect(pending.body.items.map((u: { id: string }) => u.id)).toEqual(ids.slice(3));
		const errored = await c.post('/erp_update/move_attempt', { filter: { status: 'error' } });
		expect(errored.body.items[0]).toMatchObject({
			id: ids[2],
			status: 'error',
			error: { message: 'sku unknown in ERP' },
		});
		expect((await c.post('/erp_update/outgoing_consignment', {})).body.items).toEqual([]);
	});

	it('a comparison snapshots platform stock, applies processed adjustments and reports them as one move attempt', async () => {
		await c.post('/purchase_order/add', { items: [purchaseOrder('PO-1')] });
		c.sim.work.receivePurchaseOrder('PO-1');
		const id = (
			await c.post('/comparison/add', { items: [{ warehouse_code: 'W1', reference: 'R1' }] })
		).body.results[0].comparison_id;
		const again = await c.post('/comparison/add', {
			items: [{ warehouse_code: 'W1', reference: 'R1' }],
		});
		expect(again.body.results[0]).toMatchObject({ comparison_id: id, status: 'unchanged' });
		await c.post('/comparison_erp_on_hand/add', {
			comparison_id: id,
			items: [{ sku: 'SKU-1', quantity: 7 }],
		});
		const set = await c.post('/comparison_platform_on_hand/set', { comparison_id: id });
		expect(set.body).toEqual({
			comparison_id: id,
			status: 'compared',
			platform_lines: 1,
			items: 1,
			differences: 1,
		});
		await c.post('/comparison_adjustment_item/add', {
			comparison_id: id,
			items: [{ sku: 'SKU-1', quantity_delta: -3, reason: 'counted' }],
		});
		expect((await c.post('/comparison_item/process', { comparison_id: id })).body).toEqual({
			comparison_id: id,
			status: 'processed',
			processed: 1,
			remaining: 0,
		});
		expect(c.sim.store.onHand('W1', 'SKU-1')).toBe(7);
		const moves = await c.post('/comparison_move_attempt/create', { comparison_id: id });
		expect(moves.body.created).toBe(1);
		expect(
			(await c.post('/comparison_move_attempt/create', { comparison_id: id })).body,
		).toMatchObject({ created: 0, erp_update_ids: moves.body.erp_update_ids });
		const [update] = (await c.post('/erp_update/move_attempt', {})).body.items;
		expect(update.payload).toMatchObject({
			reason: 'comparison_adjustment',
			comparison_id: id,
			lines: [{ sku: 'SKU-1', quantity_delta: -3 }],
		});
		await c.post('/comparison/complete', { comparison_id: id });
		const status = (await c.post('/comparison/check_status', { comparison_id: id })).body;
		expect(status).toMatchObject({
			status: 'completed',
			items: [
				{ sku: 'SKU-1', erp_quantity: 7, platform_quantity: 10, difference: 3, processed: true },
			],
			adjustments: [{ processed: true, erp_update_id: update.id }],
		});
	});
});

describe('demo data and automatic work', () => {
	it('seeds warehouses, bins, stocked items, customers, suppliers, couriers, dangerous goods and pending updates', async () => {
		const c = await client({ demoData: true });
		try {
			const count = (kind: Parameters<typeof c.sim.store.count>[0]) => c.sim.store.count(kind);
			expect(count('warehouse')).toBe(2);
			expect(count('bin')).toBeGreaterThanOrEqual(10);
			expect(count('inventory_item')).toBeGreaterThanOrEqual(20);
			expect(count('customer')).toBe(3);
			expect(count('supply_location')).toBeGreaterThanOrEqual(3);
			expect(count('supplier')).toBe(2);
			expect(count('courier_service')).toBe(3);
			expect(count('dangerous_goods_lookup')).toBeGreaterThanOrEqual(3);
			const stocked = await c.post('/inventory/check', { filter: { in_stock: true }, limit: 500 });
			expect(stocked.body.items.length).toBeGreaterThanOrEqual(20);
			for (const route of ['outgoing_consignment', 'incoming_consignment', 'move_attempt']) {
				expect((await c.post(`/erp_update/${route}`, {})).body.items.length).toBeGreaterThan(0);
			}
		} finally {
			await c.sim.close();
		}
	});

	it('autoWork ships open sales orders and receives open purchase orders on its timer', async () => {
		const c = await client({ autoWork: { intervalMs: 10 } });
		try {
			await seedBasics(c);
			await c.post('/purchase_order/add', { items: [purchaseOrder('PO-1')] });
			await c.post('/sales_order/add', { items: [salesOrder('SO-1')] });
			await waitFor(
				() =>
					c.sim.store.get('sales_order', 'SO-1')?.status === 'shipped' &&
					c.sim.store.get('purchase_order', 'PO-1')?.status === 'received',
			);
			const outgoing = await c.post('/erp_update/outgoing_consignment', {
				filter: { order_number: 'SO-1' },
			});
			expect(outgoing.body.items).toHaveLength(1);
		} finally {
			await c.sim.close();
		}
	});
});

describe('responses after real work still match the contract', () => {
	it('every read and retrieval route answers bodies valid against its response schema', async () => {
		const c = await client({ demoData: true });
		try {
			c.sim.work.tick();
			c.sim.work.tick();
			c.sim.work.tick();
			c.sim.work.transition('production_order', 'MO-DEMO-1', 'released');
			const contract = loadContract();
			const reads = Object.keys(contract.doc.paths).filter(
				(p) => p.endsWith('/check') || /^\/erp_update\/(outgoing|incoming|move)/.test(p),
			);
			expect(reads).toHaveLength(14);
			for (const path of reads) {
				const reply = await c.post(
					path,
					path.startsWith('/erp_update')
						? { filter: { statuses: ['pending', 'complete', 'error'] }, limit: 500 }
						: { limit: 500 },
				);
				const validate = contract.validator(
					contract.doc.paths[path].post.responses['200'].content['application/json'].schema.$ref,
				);
				expect({
					path,
					status: reply.status,
					errors: validate(reply.body) ? [] : validate.errors,
				}).toEqual({ path, status: 200, errors: [] });
				expect({ path, empty: reply.body.items.length === 0 }).toEqual({ path, empty: false });
			}
		} finally {
			await c.sim.close();
		}
	});
});
