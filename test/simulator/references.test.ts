/** Referential checks and rules: a missing parent answers 422 naming it, and nothing of the request is stored. */
import {
	client,
	purchaseOrder,
	salesOrder,
	seedBasics,
	type Client,
} from '../support/simulatorClient';

describe('simulator references and rules', () => {
	let c: Client;
	beforeEach(async () => {
		c = await client();
		await seedBasics(c);
	});
	afterEach(async () => await c.sim.close());

	const expectMissing = async (route: string, items: unknown[], path: string, message: string) => {
		const r = await c.post(route, { items });
		expect(r.status).toBe(422);
		expect(r.body.error.code).toBe('reference_not_found');
		expect(r.body.error.message).toContain(message);
		expect(r.body.error.details).toContainEqual({
			path,
			message: expect.stringContaining(message),
		});
	};

	it('a sales order for an unknown customer', () =>
		expectMissing(
			'/sales_order/add',
			[salesOrder('SO-1', { customer_code: 'CUST-9' })],
			'/items/0/customer_code',
			'customer CUST-9 does not exist',
		));
	it('a sales order line for an unknown sku', () =>
		expectMissing(
			'/sales_order/add',
			[salesOrder('SO-1', { lines: [{ line_number: 1, sku: 'NOPE', quantity: 1 }] })],
			'/items/0/lines/0/sku',
			'inventory item NOPE does not exist',
		));
	it("a sales order for another customer's supply location", () =>
		expectMissing(
			'/sales_order/add',
			[salesOrder('SO-1', { supply_location_code: 'MAIN' })],
			'/items/0/supply_location_code',
			'supply location MAIN of customer C1 does not exist',
		));
	it('a purchase order for an unknown supplier', () =>
		expectMissing(
			'/purchase_order/add',
			[purchaseOrder('PO-1', { supplier_code: 'S9' })],
			'/items/0/supplier_code',
			'supplier S9 does not exist',
		));
	it('a supply location of an unknown customer', () =>
		expectMissing(
			'/supply_location/add',
			[
				{
					customer_code: 'C9',
					location_code: 'L',
					name: 'x',
					address: { line1: 'a', city: 'b', country: 'DE' },
				},
			],
			'/items/0/customer_code',
			'customer C9 does not exist',
		));
	it('a bin in an unknown zone', () =>
		expectMissing(
			'/bin/add',
			[{ warehouse_code: 'W1', bin_code: 'X', zone_code: 'Z9', bin_type: 'shelf' }],
			'/items/0/zone_code',
			'zone Z9 in warehouse W1 does not exist',
		));
	it('a zone in an unknown area', () =>
		expectMissing(
			'/zone/add',
			[{ warehouse_code: 'W1', area_code: 'NOPE', zone_code: 'Z2', name: 'z' }],
			'/items/0/area_code',
			'area NOPE in warehouse W1 does not exist',
		));
	it('an area in an unknown warehouse', () =>
		expectMissing(
			'/area/add',
			[{ warehouse_code: 'W9', area_code: 'A', name: 'a' }],
			'/items/0/warehouse_code',
			'warehouse W9 does not exist',
		));
	it('a stocking factor for an unknown item', () =>
		expectMissing(
			'/inventory_stocking_factor/add',
			[{ sku: 'NOPE', warehouse_code: 'W1', min_quantity: 1, max_quantity: 2 }],
			'/items/0/sku',
			'inventory item NOPE does not exist',
		));
	it('warehouse info naming a bin of no such warehouse', () =>
		expectMissing(
			'/inventory_warehouse_info/add',
			[{ sku: 'SKU-1', warehouse_code: 'W1', default_bin_code: 'B9' }],
			'/items/0/default_bin_code',
			'bin B9 in warehouse W1 does not exist',
		));
	it('dangerous goods with an unknown UN number', () =>
		expectMissing(
			'/inventory_dangerous_goods/add',
			[{ sku: 'SKU-1', un_number: '9999' }],
			'/items/0/un_number',
			'dangerous goods lookup UN9999 does not exist',
		));
	it('a comparison adjustment for a sku outside the comparison', async () => {
		const id = (await c.post('/comparison/add', { items: [{ warehouse_code: 'W1' }] })).body
			.results[0].comparison_id;
		await c.post('/comparison_platform_on_hand/set', {
			comparison_id: id,
			items: [{ sku: 'SKU-1', quantity: 1 }],
		});
		const r = await c.post('/comparison_adjustment_item/add', {
			comparison_id: id,
			items: [{ sku: 'SKU-2', quantity_delta: 1 }],
		});
		expect(r.status).toBe(422);
		expect(r.body.error.message).toBe(`SKU-2 is not an item of comparison ${id}`);
		const zero = await c.post('/comparison_adjustment_item/add', {
			comparison_id: id,
			items: [{ sku: 'SKU-1', quantity_delta: 0 }],
		});
		expect(zero.body.error.details).toEqual([
			{ path: '/items/0/quantity_delta', message: 'must not be 0' },
		]);
	});

	it('rejects the whole request when one row of many fails, naming each failing row', async () => {
		const r = await c.post('/sales_order/add', {
			items: [
				salesOrder('SO-1'),
				salesOrder('SO-2', { customer_code: 'X1' }),
				salesOrder('SO-3'),
				salesOrder('SO-4', { warehouse_code: 'W9' }),
			],
		});
		expect(r.status).toBe(422);
		expect(r.body.error.details.map((d: { path: string }) => d.path)).toEqual([
			'/items/1/customer_code',
			'/items/3/warehouse_code',
		]);
		expect(r.body.error.message).toBe('customer X1 does not exist (and 1 more; see details)');
		expect(c.sim.store.count('sales_order')).toBe(0);
	});

	it('checks rules JSON schema cannot express', async () => {
		const sf = await c.post('/inventory_stocking_factor/add', {
			items: [{ sku: 'SKU-1', warehouse_code: 'W1', min_quantity: 30, max_quantity: 20 }],
		});
		expect(sf.status).toBe(422);
		expect(sf.body.error.details).toEqual([
			{ path: '/items/0/min_quantity', message: 'min_quantity 30 is greater than max_quantity 20' },
		]);
		const lines = await c.post('/sales_order/add', {
			items: [
				salesOrder('SO-1', {
					required_date: '2026-11-01',
					lines: [
						{ line_number: 1, sku: 'SKU-1', quantity: 1, batch: 'B1' },
						{ line_number: 1, sku: 'SKU-2', quantity: 1 },
					],
				}),
			],
		});
		expect(lines.status).toBe(422);
		expect(lines.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
			'/items/0/lines/0/batch',
			'/items/0/lines/1/line_number',
			'/items/0/required_date',
		]);
		const dg = await c.post('/dangerous_goods_lookup/add', {
			items: [
				{
					un_number: '1263',
					proper_shipping_name: 'PAINT',
					hazard_class: '3',
					packing_group: 'III',
				},
			],
		});
		expect(dg.status).toBe(200);
		const mismatch = await c.post('/inventory_dangerous_goods/add', {
			items: [{ sku: 'SKU-1', un_number: '1263', hazard_class: '8' }],
		});
		expect(mismatch.body.error.details[0]).toEqual({
			path: '/items/0/hazard_class',
			message: "hazard_class 8 does not match UN1263's class 3",
		});
	});

	it('rejects a UN number that is not four digits and a tracking template without its placeholder', async () => {
		const dg = await c.post('/dangerous_goods_lookup/add', {
			items: [{ un_number: 'UN1263', proper_shipping_name: 'PAINT', hazard_class: '3' }],
		});
		expect(dg.body.error.details[0].path).toBe('/items/0/un_number');
		const courier = await c.post('/courier_service/add', {
			items: [
				{
					code: 'X',
					name: 'X',
					carrier: 'X',
					service_level: 'standard',
					tracking_url_template: 'https://t.example/',
				},
			],
		});
		expect(courier.body.error.details[0].path).toBe('/items/0/tracking_url_template');
	});

	it('shows item settings and stock on /inventory/check, per warehouse when filtered', async () => {
		await c.post('/inventory_stocking_factor/add', {
			items: [{ sku: 'SKU-1', warehouse_code: 'W1', min_quantity: 5, max_quantity: 50 }],
		});
		await c.post('/inventory_warehouse_info/add', {
			items: [{ sku: 'SKU-1', warehouse_code: 'W1', default_bin_code: 'B1', abc_class: 'B' }],
		});
		await c.post('/purchase_order/add', { items: [purchaseOrder('PO-1')] });
		c.sim.work.receivePurchaseOrder('PO-1');
		const r = await c.post('/inventory/check', {
			filter: { sku: 'SKU-1', warehouse_code: 'W1', in_stock: true },
		});
		expect(r.body.items).toHaveLength(1);
		expect(r.body.items[0]).toMatchObject({
			sku: 'SKU-1',
			on_hand: [{ warehouse_code: 'W1', quantity: 10, batches: [] }],
			total_on_hand: 10,
			stocking_factors: [{ min_quantity: 5, max_quantity: 50 }],
			warehouse_info: [{ default_bin_code: 'B1', abc_class: 'B' }],
		});
		expect(c.sim.store.onHand('W1', 'SKU-1')).toBe(10);
		const empty = await c.post('/inventory/check', { filter: { in_stock: true, sku: 'SKU-2' } });
		expect(empty.body.items).toEqual([]);
	});

	it('shows the warehouse structure nested, or without it on request', async () => {
		const r = await c.post('/warehouse/check', { filter: { code: 'W1' } });
		expect(r.body.items[0].areas).toEqual([
			{
				area_code: 'A',
				name: 'Storage',
				area_type: 'storage',
				zones: [
					{
						zone_code: 'Z1',
						name: 'Zone 1',
						temperature_controlled: false,
						bins: [
							expect.objectContaining({ bin_code: 'B1' }),
							expect.objectContaining({ bin_code: 'B2' }),
						],
					},
				],
			},
		]);
		const flat = await c.post('/warehouse/check', { filter: { include_structure: false } });
		expect(flat.body.items[0]).not.toHaveProperty('areas');
	});
});
