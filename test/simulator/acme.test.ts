/**
 * The simulator as Acme WMS 2.4.0 through plain HTTP: it validates against their document, stores
 * what is sent in their names and answers in them, pages by number, takes batches non-atomically,
 * and serves their moved route and their route of its own.
 */
import { client, type Client } from '../support/simulatorClient';

const item = (n: string, extra: Record<string, unknown> = {}) => ({
	item_number: n,
	description: `Item ${n}`,
	owner_code: 'OWNER-1',
	unit_of_measure: 'EA',
	...extra,
});
const many = (count: number, from = 0) =>
	Array.from({ length: count }, (_, i) => item(`IT-${String(from + i).padStart(4, '0')}`));

describe('the acme simulator', () => {
	let c: Client;
	beforeEach(async () => {
		c = await client({ shape: 'acme' });
	});
	afterEach(async () => await c.sim.close());

	it('refuses a request that breaks their document as a whole: 422 naming /data/0/item_number, nothing stored', async () => {
		const without: Record<string, unknown> = item('X');
		delete without.item_number;
		const reply = await c.post('/inventory/add', { data: [without, item('Y')] });
		expect(reply.status).toBe(422);
		expect(reply.body.error).toMatchObject({
			code: 'validation_failed',
			message: '/data/0/item_number: is required',
			details: [{ path: '/data/0/item_number', message: 'is required' }],
		});
		expect(c.sim.store.count('inventory_item')).toBe(0);
	});

	it('requires owner_code and unit_of_measure, knows no sku on items, and narrows the address type', async () => {
		const reply = await c.post('/inventory/add', {
			data: [{ item_number: 'X', description: 'x', sku: 'X' }],
		});
		expect(reply.status).toBe(422);
		expect(reply.body.error.details).toEqual(
			expect.arrayContaining([
				{ path: '/data/0/owner_code', message: 'is required' },
				{ path: '/data/0/unit_of_measure', message: 'is required' },
				{ path: '/data/0/sku', message: expect.stringContaining('not a known field') },
			]),
		);
		const address = { type: 'other', line1: 'Main 1', city: 'Bonn', country: 'DE' };
		const customer = await c.post('/customer/add', {
			data: [{ code: 'C1', name: 'One', addresses: [address] }],
		});
		expect(customer.body.error.details).toEqual([
			{ path: '/data/0/addresses/0/type', message: 'must be one of: billing, shipping' },
		]);
	});

	it('takes at most 250 records on /inventory/add (413 above, as their document says), 1000 elsewhere', async () => {
		const over = await c.post('/inventory/add', { data: many(251) });
		expect(over.status).toBe(413);
		expect(over.body.error).toMatchObject({
			code: 'too_many_items',
			message: '251 records sent; /inventory/add accepts at most 250 per request',
		});
		expect(c.sim.store.count('inventory_item')).toBe(0);
		const full = await c.post('/inventory/add', { data: many(250) });
		expect(full.body.accepted).toHaveLength(250);
		const suppliers = Array.from({ length: 1000 }, (_, i) => ({ code: `S${i}`, name: `S${i}` }));
		expect((await c.post('/supplier/add', { data: suppliers })).body.accepted).toHaveLength(1000);
	});

	it('stores records sent with their names and reads them back with their names', async () => {
		const sent = item('BOLT-1', { barcodes: ['4006381333931'], weight_kg: 0.04 });
		expect((await c.post('/inventory/add', { data: [sent] })).body).toEqual({
			accepted: [{ row: 0, status: 'created' }],
			rejected: [],
		});
		// Ours keeps their key as sku and their new field as one of our x_ fields.
		expect(c.sim.store.get('inventory_item', 'BOLT-1')).toMatchObject({
			sku: 'BOLT-1',
			x_owner_code: 'OWNER-1',
		});
		await c.post('/warehouse/add', { data: [{ code: 'W1', name: 'W' }] });
		await c.post('/inventory_stocking_factor/add', {
			data: [{ item_number: 'BOLT-1', warehouse_code: 'W1', min_quantity: 1, max_quantity: 9 }],
		});
		const read = await c.post('/inventory/check', { item_numbers: ['BOLT-1'] });
		expect(read.status).toBe(200);
		const [back] = read.body.data;
		expect(back).toMatchObject({ ...sent, stocking_factors: [{ item_number: 'BOLT-1' }] });
		expect(back.sku).toBeUndefined();
		expect(back.x_owner_code).toBeUndefined();
		expect(back.stocking_factors[0].sku).toBeUndefined();
		expect((await c.post('/inventory/add', { data: [sent] })).body.accepted).toEqual([
			{ row: 0, status: 'unchanged' },
		]);
	});

	it('pages by number: pages 1..N of per_page records, total_pages and total, per_page at most 200', async () => {
		await c.post('/inventory/add', { data: many(120) });
		const pages = [];
		for (let page = 1; page <= 3; page++)
			pages.push((await c.post('/inventory/check', { page, per_page: 50 })).body);
		expect(pages.map((p) => p.meta)).toEqual(
			[1, 2, 3].map((page) => ({
				page,
				per_page: 50,
				total_pages: 3,
				total: 120,
			})),
		);
		expect(pages.flatMap((p) => p.data.map((r: { item_number: string }) => r.item_number))).toEqual(
			many(120).map((r) => r.item_number),
		);
		const after = await c.post('/inventory/check', { page: 4, per_page: 50 });
		expect(after.body.data).toEqual([]);
		expect((await c.post('/inventory/check', {})).body.meta).toEqual({
			page: 1,
			per_page: 50,
			total_pages: 3,
			total: 120,
		});
		const cap = await c.post('/inventory/check', { per_page: 201 });
		expect(cap.status).toBe(422);
		expect(cap.body.error.details).toEqual([{ path: '/per_page', message: 'must be <= 200' }]);
		const filtered = await c.post('/inventory/check', { item_number: 'IT-0007' });
		expect(filtered.body.meta.total).toBe(1);
		expect((await c.post('/inventory/check', { filter: {} })).status).toBe(422);
	});

	it('stores the good rows of a batch with bad rows and says which row failed, by field', async () => {
		await c.post('/warehouse/add', { data: [{ code: 'W1', name: 'W' }] });
		await c.post('/inventory/add', { data: [item('A'), item('B')] });
		await c.post('/customer/add', { data: [{ code: 'C1', name: 'One' }] });
		const factors = await c.post('/inventory_stocking_factor/add', {
			data: [
				{ item_number: 'A', warehouse_code: 'W1', min_quantity: 1, max_quantity: 5 },
				{ item_number: 'NOPE', warehouse_code: 'W1', min_quantity: 1, max_quantity: 5 },
				{ item_number: 'B', warehouse_code: 'W1', min_quantity: 9, max_quantity: 5 },
				{ item_number: 'B', warehouse_code: 'W1', min_quantity: 2, max_quantity: 5 },
			],
		});
		expect(factors.status).toBe(200);
		expect(factors.body).toEqual({
			accepted: [
				{ row: 0, status: 'created' },
				{ row: 3, status: 'created' },
			],
			rejected: [
				{
					row: 1,
					errors: [{ field: 'item_number', message: 'inventory item NOPE does not exist' }],
				},
				{
					row: 2,
					errors: [
						{ field: 'min_quantity', message: 'min_quantity 9 is greater than max_quantity 5' },
					],
				},
			],
		});
		expect(c.sim.store.list('stocking_factor').map((r) => r.sku)).toEqual(['A', 'B']);
		const order = (n: string, sku: string) => ({
			order_number: n,
			customer_code: 'C1',
			warehouse_code: 'W1',
			order_date: '2026-11-20',
			lines: [
				{ line_number: 1, sku: 'A', quantity: 1 },
				{ line_number: 2, sku, quantity: 1 },
			],
		});
		const orders = await c.post('/sales_order/add', {
			data: [order('SO-1', 'A'), order('SO-2', 'ZZ')],
		});
		expect(orders.body.rejected).toEqual([
			{ row: 1, errors: [{ field: 'lines[1].sku', message: 'inventory item ZZ does not exist' }] },
		]);
		expect(c.sim.store.get('sales_order', 'SO-1')).toBeDefined();
		expect(c.sim.store.get('sales_order', 'SO-2')).toBeUndefined();
		expect(c.sim.stats().items['/inventory_stocking_factor/add']).toBe(2);
	});

	it('keeps the error envelope for whole-request failures', async () => {
		expect((await c.post('/supplier/add', { data: [] }, { token: null })).status).toBe(401);
		const media = await c.post('/supplier/add', {}, { headers: { 'content-type': 'text/plain' } });
		expect(media.body.error.code).toBe('unsupported_media_type');
		expect((await c.post('/supplier/add', undefined, { raw: '{"data": [' })).body.error.code).toBe(
			'malformed_json',
		);
		c.sim.faults.add({ route: '/dangerous_goods/check', kind: '503', times: 1 });
		expect((await c.post('/dangerous_goods/check', {})).status).toBe(503);
	});

	it('serves the dangerous goods lookups at their new path only', async () => {
		await c.post('/dangerous_goods_lookup/add', {
			data: [{ un_number: '1263', proper_shipping_name: 'PAINT', hazard_class: '3' }],
		});
		const moved = await c.post('/dangerous_goods/check', { un_numbers: ['1263'] });
		expect(moved.body).toMatchObject({ data: [{ un_number: '1263' }], meta: { total: 1 } });
		expect((await c.post('/dangerous_goods_lookup/check', {})).status).toBe(404);
		expect(c.sim.stats().requests['/dangerous_goods/check']).toBe(1);
	});

	it('serves inventory batches, a route of its own: upsert by item_number + batch, paged reads', async () => {
		const batch = { item_number: 'PAINT-1', batch: 'B1', expiry_date: '2028-01-31' };
		const add = await c.post('/inventory_batch/add', {
			data: [batch, { ...batch, batch: 'B2' }, { item_number: 'GLUE-1', batch: 'B1' }],
		});
		expect(add.body.accepted.map((a: { status: string }) => a.status)).toEqual([
			'created',
			'created',
			'created',
		]);
		const again = await c.post('/inventory_batch/add', {
			data: [batch, { ...batch, expiry_date: '2029-01-31' }],
		});
		expect(again.body.accepted).toEqual([
			{ row: 0, status: 'unchanged' },
			{ row: 1, status: 'updated' },
		]);
		const read = await c.post('/inventory_batch/check', { item_number: 'PAINT-1', per_page: 1 });
		expect(read.body.meta).toEqual({ page: 1, per_page: 1, total_pages: 2, total: 2 });
		expect(read.body.data[0]).toMatchObject({ ...batch, expiry_date: '2029-01-31' });
		const missing = await c.post('/inventory_batch/add', { data: [{ item_number: 'X' }] });
		expect(missing.body.error.details).toEqual([{ path: '/data/0/batch', message: 'is required' }]);
		const over = await c.post('/inventory_batch/add', {
			data: Array.from({ length: 501 }, (_, i) => ({ item_number: 'X', batch: `B${i}` })),
		});
		expect(over.status).toBe(413);
	});

	it('pages the ERP update lists and completes updates sent under data', async () => {
		const ids = c.sim.work.createPendingUpdates('outgoing_consignment', 3);
		const first = await c.post('/erp_update/outgoing_consignment', { per_page: 2 });
		expect(first.body.meta).toEqual({ page: 1, per_page: 2, total_pages: 2, total: 3 });
		const second = await c.post('/erp_update/outgoing_consignment', { per_page: 2, page: 2 });
		expect([...first.body.data, ...second.body.data].map((u: { id: string }) => u.id)).toEqual(ids);
		const done = await c.post('/erp_update/set_complete', {
			data: [{ id: ids[0], erp_reference: 'DN-1' }, { id: 'UPD-NOPE' }],
		});
		expect(done.body).toEqual({
			accepted: [{ row: 0, status: 'updated' }],
			rejected: [
				{ row: 1, errors: [{ field: 'id', message: 'erp update UPD-NOPE does not exist' }] },
			],
		});
		const left = await c.post('/erp_update/outgoing_consignment', { status: 'pending' });
		expect(left.body.data.map((u: { id: string }) => u.id)).toEqual(ids.slice(1));
	});
});
