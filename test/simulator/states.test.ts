/**
 * Every state machine of the contract: each allowed transition works, each forbidden one answers
 * 409 with a message naming the state the record is in. The machines are written out here from
 * the contract's description, not taken from the simulator's own table.
 */
import { ApiError } from '../../dev/simulator/errors';
import {
	client,
	productionOrder,
	purchaseOrder,
	salesOrder,
	seedBasics,
	type Client,
} from '../support/simulatorClient';

type Machine = Record<string, string[]>;
const SALES: Machine = {
	open: ['allocated', 'cancelled'],
	allocated: ['picking', 'cancelled'],
	picking: ['shipped'],
	shipped: [],
	cancelled: [],
};
const PURCHASE: Machine = {
	open: ['partially_received', 'received', 'cancelled'],
	partially_received: ['partially_received', 'received'],
	received: [],
	cancelled: [],
};
const PRODUCTION: Machine = {
	planned: ['released', 'cancelled'],
	released: ['in_progress', 'cancelled'],
	in_progress: ['completed'],
	completed: [],
	cancelled: [],
};

/** The shortest list of moves from the initial state to each state. */
function pathsFrom(machine: Machine): Record<string, string[]> {
	const initial = Object.keys(machine)[0];
	const paths: Record<string, string[]> = { [initial]: [] };
	const queue = [initial];
	while (queue.length) {
		const s = queue.shift()!;
		for (const t of machine[s]) {
			if (t in paths) continue;
			paths[t] = [...paths[s], t];
			queue.push(t);
		}
	}
	return paths;
}

function pairs(machine: Machine): [string, string, boolean][] {
	const states = Object.keys(machine);
	return states.flatMap((from) =>
		states.map((to): [string, string, boolean] => [from, to, machine[from].includes(to)]),
	);
}

const orderKinds = [
	{
		kind: 'sales_order' as const,
		route: '/sales_order',
		machine: SALES,
		make: salesOrder,
		editable: ['open'],
		cancellable: ['open', 'allocated'],
	},
	{
		kind: 'purchase_order' as const,
		route: '/purchase_order',
		machine: PURCHASE,
		make: purchaseOrder,
		editable: ['open'],
		cancellable: ['open'],
	},
	{
		kind: 'production_order' as const,
		route: '/production_order',
		machine: PRODUCTION,
		make: productionOrder,
		editable: ['planned'],
		cancellable: ['planned', 'released'],
	},
];

describe.each(orderKinds)(
	'$kind state machine',
	({ kind, route, machine, make, editable, cancellable }) => {
		let c: Client;
		let n = 0;
		beforeAll(async () => {
			c = await client();
			await seedBasics(c);
		});
		afterAll(async () => await c.sim.close());
		const paths = pathsFrom(machine);

		/** A new order walked to `state` by the warehouse. */
		async function orderIn(state: string): Promise<string> {
			const key = `${kind}-${++n}`;
			const r = await c.post(`${route}/add`, { items: [make(key)] });
			expect(r.status).toBe(200);
			for (const step of paths[state]) c.sim.work.transition(kind, key, step);
			expect(c.sim.store.get(kind, key)?.status).toBe(state);
			return key;
		}

		it('reaches every state', () =>
			expect(Object.keys(paths).sort()).toEqual(Object.keys(machine).sort()));

		it.each(pairs(machine))('warehouse moves %s → %s: allowed %s', async (from, to, allowed) => {
			const key = await orderIn(from);
			if (allowed) {
				expect(c.sim.work.transition(kind, key, to).status).toBe(to);
				const read = await c.post(`${route}/check`, { filter: { order_number: key } });
				expect(read.body.items[0].status).toBe(to);
			} else {
				let error: unknown;
				try {
					c.sim.work.transition(kind, key, to);
				} catch (e) {
					error = e;
				}
				expect(error).toBeInstanceOf(ApiError);
				expect((error as ApiError).status).toBe(409);
				expect((error as ApiError).message).toContain(`${key} is in state ${from}`);
				expect(c.sim.store.get(kind, key)?.status).toBe(from);
			}
		});

		it.each(Object.keys(machine))(
			'ERP changes an order in state %s only when it is editable',
			async (state) => {
				const key = await orderIn(state);
				const same = await c.post(`${route}/add`, { items: [make(key)] });
				expect(same.status).toBe(200);
				expect(same.body.results[0].status).toBe('unchanged');
				const changed = await c.post(`${route}/add`, {
					items: [make(key, { reference: 'changed' })],
				});
				if (editable.includes(state)) {
					expect(changed.status).toBe(200);
					expect(changed.body.results[0].status).toBe('updated');
				} else {
					expect(changed.status).toBe(409);
					expect(changed.body.error.code).toBe('state_conflict');
					expect(changed.body.error.message).toContain(
						`${key} is in state ${state}; cannot update`,
					);
					expect(changed.body.error.details[0].path).toBe('/items/0/order_number');
				}
			},
		);

		it.each(Object.keys(machine))(
			'ERP cancels an order in state %s only when allowed',
			async (state) => {
				const key = await orderIn(state);
				const r = await c.post(`${route}/add`, { items: [make(key, { cancel: true })] });
				if (cancellable.includes(state)) {
					expect(r.body.results[0].status).toBe('updated');
					expect(c.sim.store.get(kind, key)?.status).toBe('cancelled');
				} else if (state === 'cancelled') {
					expect(r.body.results[0].status).toBe('unchanged');
				} else {
					expect(r.status).toBe(409);
					expect(r.body.error.message).toContain(`is in state ${state}; cannot cancel`);
					expect(c.sim.store.get(kind, key)?.status).toBe(state);
				}
			},
		);

		it('a 409 in one row rejects the whole request (atomic)', async () => {
			const stuck = await orderIn(
				Object.keys(machine).find((s) => !editable.includes(s) && s !== 'cancelled')!,
			);
			const r = await c.post(`${route}/add`, {
				items: [make(`${kind}-fresh`), make(stuck, { reference: 'x' })],
			});
			expect(r.status).toBe(409);
			expect(r.body.error.details).toHaveLength(1);
			expect(r.body.error.details[0].path).toMatch(/^\/items\/1\//);
			expect(c.sim.store.get(kind, `${kind}-fresh`)).toBeUndefined();
		});
	},
);

describe('comparison state machine', () => {
	let c: Client;
	beforeAll(async () => {
		c = await client();
		await seedBasics(c);
	});
	afterAll(async () => await c.sim.close());

	const STATES = ['open', 'loading', 'compared', 'adjusting', 'processed', 'completed'];
	const steps: [string, string, unknown][] = [
		['loading', '/comparison_erp_on_hand/add', { items: [{ sku: 'SKU-1', quantity: 3 }] }],
		['compared', '/comparison_platform_on_hand/set', {}],
		[
			'adjusting',
			'/comparison_adjustment_item/add',
			{ items: [{ sku: 'SKU-1', quantity_delta: 2, reason: 'found' }] },
		],
		['processed', '/comparison_item/process', {}],
		['completed', '/comparison/complete', {}],
	];
	const ROUTES: { route: string; body: object; allowed: string[]; to: (from: string) => string }[] =
		[
			{
				route: '/comparison_erp_on_hand/add',
				body: { items: [{ sku: 'SKU-1', quantity: 4 }] },
				allowed: ['open', 'loading'],
				to: () => 'loading',
			},
			{
				route: '/comparison_platform_on_hand/set',
				body: {},
				allowed: ['open', 'loading', 'compared'],
				to: () => 'compared',
			},
			{
				route: '/comparison_adjustment_item/add',
				body: { items: [{ sku: 'SKU-1', quantity_delta: 1 }] },
				allowed: ['compared', 'adjusting'],
				to: () => 'adjusting',
			},
			{
				route: '/comparison_item/process',
				body: {},
				allowed: ['compared', 'adjusting', 'processed'],
				to: () => 'processed',
			},
			{
				route: '/comparison_move_attempt/create',
				body: {},
				allowed: ['processed'],
				to: () => 'processed',
			},
			{
				route: '/comparison/complete',
				body: {},
				allowed: ['compared', 'processed'],
				to: () => 'completed',
			},
		];

	async function comparisonIn(state: string): Promise<string> {
		const r = await c.post('/comparison/add', { items: [{ warehouse_code: 'W1' }] });
		const id: string = r.body.results[0].comparison_id;
		for (const [reached, route, body] of steps.slice(0, STATES.indexOf(state))) {
			const step = await c.post(route, { comparison_id: id, ...(body as object) });
			expect({ route, status: step.status }).toEqual({ route, status: 200 });
			expect(c.sim.store.get('comparison', id)?.status).toBe(reached);
		}
		return id;
	}

	const matrix = ROUTES.flatMap((r) =>
		STATES.map((s): [string, string, boolean] => [r.route, s, r.allowed.includes(s)]),
	);
	it.each(matrix)('%s in state %s: allowed %s', async (route, state, allowed) => {
		const id = await comparisonIn(state);
		const spec = ROUTES.find((r) => r.route === route)!;
		const reply = await c.post(route, { comparison_id: id, ...spec.body });
		if (allowed) {
			expect(reply.status).toBe(200);
			expect(c.sim.store.get('comparison', id)?.status).toBe(spec.to(state));
		} else {
			expect(reply.status).toBe(409);
			expect(reply.body.error.message).toContain(`comparison ${id} is in state ${state}`);
			expect(c.sim.store.get('comparison', id)?.status).toBe(state);
		}
	});

	it('answers an unknown comparison with 404', async () => {
		const r = await c.post('/comparison/check_status', { comparison_id: 'CMP-999999' });
		expect(r.status).toBe(404);
		expect(r.body.error.message).toBe('comparison CMP-999999 does not exist');
	});
});

describe('ERP update state machine', () => {
	let c: Client;
	beforeAll(async () => {
		c = await client();
	});
	afterAll(async () => await c.sim.close());

	async function updateIn(state: 'pending' | 'complete' | 'error'): Promise<string> {
		const [id] = c.sim.work.createPendingUpdates('outgoing_consignment', 1);
		if (state === 'complete') await c.post('/erp_update/set_complete', { items: [{ id }] });
		if (state === 'error')
			await c.post('/erp_update/set_error', { items: [{ id, message: 'first' }] });
		expect(c.sim.store.get('erp_update', id)?.status).toBe(state);
		return id;
	}

	it.each([
		['pending', 'updated'],
		['error', 'updated'],
		['complete', 'unchanged'],
	] as const)('set_complete on a %s update answers %s', async (state, result) => {
		const id = await updateIn(state);
		const r = await c.post('/erp_update/set_complete', { items: [{ id, erp_reference: 'DN-1' }] });
		expect(r.status).toBe(200);
		expect(r.body.results[0]).toEqual({ index: 0, key: id, status: result });
		expect(c.sim.store.get('erp_update', id)).toMatchObject({ status: 'complete' });
	});

	it.each([
		['pending', 'new', 200, 'updated'],
		['error', 'first', 200, 'unchanged'],
		['error', 'second', 200, 'updated'],
		['complete', 'late', 409, undefined],
	] as const)(
		'set_error on a %s update with message "%s" answers %s %s',
		async (state, message, status, result) => {
			const id = await updateIn(state);
			const r = await c.post('/erp_update/set_error', { items: [{ id, message }] });
			expect(r.status).toBe(status);
			if (result) {
				expect(r.body.results[0].status).toBe(result);
				expect(c.sim.store.get('erp_update', id)).toMatchObject({
					status: 'error',
					error: { message },
				});
			} else {
				expect(r.body.error.message).toBe(
					`erp update ${id} is in state complete; cannot set error`,
				);
				expect(c.sim.store.get('erp_update', id)?.status).toBe('complete');
			}
		},
	);

	it('answers unknown ids with 404 and changes nothing', async () => {
		const id = await updateIn('pending');
		const r = await c.post('/erp_update/set_complete', { items: [{ id }, { id: 'UPD-404' }] });
		expect(r.status).toBe(404);
		expect(r.body.error.details).toEqual([
			{ path: '/items/1/id', message: 'erp update UPD-404 does not exist' },
		]);
		expect(c.sim.store.get('erp_update', id)?.status).toBe('pending');
	});
});
