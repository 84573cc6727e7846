/**
 * The `search` filter of the list routes the pickers read: the text anywhere in a record's code or
 * name, in any case, with the route's other filters and its paging as usual.
 */
import { client, type Client } from '../support/simulatorClient';

describe('search filter on list routes', () => {
	let c: Client;
	beforeAll(async () => {
		c = await client({ demoData: true });
		c.token = await c.newToken();
	});
	afterAll(async () => await c.sim.close());

	const codes = async (
		route: string,
		filter: Record<string, unknown>,
		key = 'code',
		more: Record<string, unknown> = {},
	) => {
		const reply = await c.post(route, { filter, ...more });
		expect(reply.status).toBe(200);
		return {
			codes: reply.body.items.map((record: Record<string, unknown>) => record[key]),
			next: reply.body.next_cursor,
		};
	};

	it('finds warehouses, customers, suppliers and courier services by part of the code or the name, in any case', async () => {
		expect(
			(await codes('/warehouse/check', { search: 'LYON', include_structure: false })).codes,
		).toEqual(['WH2']);
		expect(
			(await codes('/warehouse/check', { search: 'wh1', include_structure: false })).codes,
		).toEqual(['WH1']);
		expect((await codes('/courier_service/check', { search: 'express' })).codes).toEqual([
			'DHL-EXP',
		]);
		expect((await codes('/courier_service/check', { search: 'dhl', active: true })).codes).toEqual([
			'DHL-STD',
			'DHL-EXP',
		]);
		expect((await codes('/customer/check', { search: 'cust-1' })).codes).toEqual(['CUST-1']);
		expect((await codes('/supplier/check', { search: 'no such supplier' })).codes).toEqual([]);
	});

	it('finds supply locations by location code or name, within the customer asked for', async () => {
		const all = (
			await codes('/supply_location/check', { customer_code: 'CUST-1' }, 'location_code')
		).codes;
		expect(all.length).toBeGreaterThan(1);
		expect(
			(
				await codes(
					'/supply_location/check',
					{ customer_code: 'CUST-1', search: String(all[1]).toLowerCase() },
					'location_code',
				)
			).codes,
		).toEqual([all[1]]);
	});

	it('pages bins of a warehouse and zone searched by code, with the cursor of the same filter', async () => {
		const bins = Array.from({ length: 30 }, (_, i) => ({
			warehouse_code: 'WH1',
			bin_code: `Q-${String(i + 1).padStart(2, '0')}`,
			zone_code: 'Z-A',
			bin_type: 'shelf',
		}));
		expect((await c.post('/bin/add', { items: bins })).status).toBe(200);
		const first = await codes(
			'/bin/check',
			{ warehouse_code: 'WH1', zone_code: 'Z-A', search: 'q-' },
			'bin_code',
			{ limit: 20 },
		);
		expect(first.codes).toHaveLength(20);
		expect(first.next).toEqual(expect.any(String));
		const second = await codes(
			'/bin/check',
			{ warehouse_code: 'WH1', zone_code: 'Z-A', search: 'q-' },
			'bin_code',
			{ limit: 20, cursor: first.next },
		);
		expect([...first.codes, ...second.codes]).toEqual(bins.map((bin) => bin.bin_code));
		expect(second.next).toBeNull();
		expect(
			(await codes('/bin/check', { warehouse_code: 'WH2', search: 'q-' }, 'bin_code')).codes,
		).toEqual([]);
		expect(
			(
				await codes(
					'/bin/check',
					{ warehouse_code: 'WH1', zone_code: 'Z-PF', search: 'q-' },
					'bin_code',
				)
			).codes,
		).toEqual([]);
	});
});
