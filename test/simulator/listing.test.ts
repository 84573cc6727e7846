/**
 * ERP update listings the contract does not promise (sim.erpUpdateListing), which the trigger's
 * tests use: another order and page size, paged to the end without a record twice or missed;
 * updates without an id; stale updates that set_complete refuses.
 */
import { client, type Client } from '../support/simulatorClient';

const ROUTE = '/erp_update/outgoing_consignment';

async function readAll(c: Client, limit: number): Promise<Array<Record<string, unknown>>> {
	const out: Array<Record<string, unknown>> = [];
	let cursor: string | undefined;
	for (let page = 0; page < 100; page++) {
		const r = await c.post(ROUTE, { filter: { status: 'pending' }, limit, cursor });
		expect(r.status).toBe(200);
		out.push(...r.body.items);
		cursor = r.body.next_cursor ?? undefined;
		if (!cursor) return out;
	}
	throw new Error('paging did not end');
}

describe('simulator: ERP update listings unlike the contract', () => {
	let c: Client;
	let ids: string[];
	beforeEach(async () => {
		c = await client();
		ids = c.sim.work.createPendingUpdates('outgoing_consignment', 7);
	});
	afterEach(async () => await c.sim.close());

	it.each([
		['created', (created: string[]) => created],
		['newest', (created: string[]) => [...created].reverse()],
	] as const)('lists %s, every update once, whatever the page size', async (order, expected) => {
		c.sim.erpUpdateListing.order = order;
		c.sim.erpUpdateListing.pageSize = 2;
		const listed = await readAll(c, 500);
		expect(listed.map((u) => u.id)).toEqual(expected(ids));
	});

	it('scrambles in a fixed order unlike creation, every update once', async () => {
		c.sim.erpUpdateListing.order = 'scrambled';
		const first = (await readAll(c, 3)).map((u) => u.id);
		expect([...first].sort()).toEqual(ids);
		expect(first).not.toEqual(ids);
		expect((await readAll(c, 2)).map((u) => u.id)).toEqual(first);
	});

	it('lists an update without its id, and refuses to complete a stale one with 409', async () => {
		c.sim.erpUpdateListing.withoutId.add(ids[0]);
		c.sim.erpUpdateListing.stale.add(ids[1]);
		const listed = await readAll(c, 500);
		expect(listed[0].id).toBeUndefined();
		expect(listed[1].id).toBe(ids[1]);
		const r = await c.post('/erp_update/set_complete', { items: [{ id: ids[2] }, { id: ids[1] }] });
		expect(r.status).toBe(409);
		expect(r.body.error.details).toEqual([
			{ path: '/items/1/id', message: `erp update ${ids[1]} is already complete` },
		]);
	});
});
