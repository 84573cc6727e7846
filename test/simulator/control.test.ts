/** The control API under /_sim/ lets a separate process (e2e tests in real n8n) drive the simulator. */
import { client, seedBasics, salesOrder, type Client } from '../support/simulatorClient';

describe('simulator control API', () => {
	let c: Client;
	beforeEach(async () => {
		c = await client();
	});
	afterEach(async () => await c.sim.close());

	const control = (path: string, body?: unknown, method?: string) => c.control(path, body, method);

	it('reads and resets stats', async () => {
		await c.post('/supplier/check', {});
		expect((await control('/_sim/stats', undefined, 'GET')).body).toMatchObject({
			requests: { '/supplier/check': 1 },
			tokensIssued: 1,
		});
		await control('/_sim/reset-stats');
		expect((await control('/_sim/stats')).body).toEqual({
			requests: {},
			items: {},
			statuses: {},
			tokensIssued: 0,
		});
	});

	it('adds faults with POST and clears them with DELETE', async () => {
		expect(
			(
				await control('/_sim/faults', {
					route: '/supplier/check',
					kind: '429',
					retryAfterSeconds: 2,
				})
			).status,
		).toBe(200);
		const limited = await c.post('/supplier/check', {});
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('2');
		await control('/_sim/faults', undefined, 'DELETE');
		expect((await c.post('/supplier/check', {})).status).toBe(200);
		expect((await control('/_sim/faults', { route: '*', kind: 'nope' })).status).toBe(400);
	});

	it('puts stock on hand for test set-up', async () => {
		await seedBasics(c);
		expect(
			(
				await control('/_sim/work/stock', {
					warehouse_code: 'W1',
					sku: 'SKU-1',
					quantity: 12,
					bin_code: 'B1',
				})
			).body,
		).toEqual({ on_hand: 12 });
		const item = await c.post('/inventory/check', { filter: { sku: 'SKU-1' } });
		expect(item.body.items[0].on_hand).toEqual([
			{ warehouse_code: 'W1', quantity: 12, batches: [] },
		]);
		const many = [
			{ warehouse_code: 'W1', sku: 'SKU-1', quantity: 3, bin_code: 'B2' },
			{ warehouse_code: 'W1', sku: 'SKU-2', quantity: 5, batch: 'L1', bin_code: 'B1' },
		];
		expect((await control('/_sim/work/stock', many)).body).toEqual({ seeded: 2 });
		expect([c.sim.store.onHand('W1', 'SKU-1'), c.sim.store.onHand('W1', 'SKU-2', 'L1')]).toEqual([
			15, 5,
		]);
		expect(
			(await control('/_sim/work/stock', [{ warehouse_code: 'W1', sku: 'SKU-1' }])).status,
		).toBe(422);
	});

	it('revokes tokens', async () => {
		await control('/_sim/revoke-tokens');
		expect((await c.post('/supplier/check', {})).status).toBe(401);
	});

	it('ships an order and shows the store', async () => {
		await seedBasics(c);
		await c.post('/sales_order/add', { items: [salesOrder('SO-1')] });
		const shipped = await control('/_sim/work/ship', { order_number: 'SO-1' });
		expect(shipped.body).toMatchObject({
			key: 'SO-1',
			status: 'shipped',
			erp_update_id: 'UPD-000001',
		});
		expect((await control('/_sim/work/ship', { order_number: 'SO-1' })).status).toBe(409);
		expect((await control('/_sim/store/sales_order?key=SO-1', undefined, 'GET')).body.status).toBe(
			'shipped',
		);
		const updates = await control('/_sim/store/erp_update');
		expect(updates.body.count).toBe(1);
		expect((await control('/_sim/store/erp_update?count', undefined, 'GET')).body).toEqual({
			count: 1,
		});
		expect((await control('/_sim/store/nothing')).status).toBe(404);
		expect(
			(await control('/_sim/work/pending-updates', { kind: 'move_attempt', n: 2 })).body.ids,
		).toEqual(['UPD-000002', 'UPD-000003']);
	});
});
