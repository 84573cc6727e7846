/**
 * WMS Platform → Call a Route on a REST vendor through real n8n-core: the simulator's orders under
 * /orders with the credential reading that vendor's description. Each method from the user's side:
 * GET one order by the id in its path (filled per item, percent-encoded), GET the list filtered
 * and paged by query parameters, PUT, PATCH and DELETE; a missing id refuses its item before
 * anything is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { callRoute, itemOf } from '../support/platform';
import { onRestVendor } from '../support/restVendor';

const mapped = (value: IDataObject) => ({ mappingMode: 'defineBelow', value, matchingColumns: [] });

describe('WMS Platform → Call a Route on a REST vendor (GET, PUT, PATCH, DELETE)', () => {
	const on = onRestVendor();

	it('lists the routes with their methods, POST-less ones named by method and path', async () => {
		const listed = await on.harness.listAll(
			callRoute('', { mappingMode: 'defineBelow', value: null }),
			'routeSearch',
		);
		expect(listed.map((entry) => entry.value)).toEqual(
			expect.arrayContaining([
				'GET /orders',
				'GET /orders/{id}',
				'PUT /orders/{id}',
				'PATCH /orders/{id}',
				'DELETE /orders/{id}',
			]),
		);
		expect(listed.find((entry) => entry.value === 'GET /orders/{id}')?.name).toMatch(
			/^GET \/orders\/\{id\} — /,
		);
	});

	it('Compare With Built-In counts every method from version 2; version 1 counts POST routes as it did', async () => {
		const compareAt = async (typeVersion: number) => {
			const { outputs, error } = await on.harness.run(
				{
					type: 'wmsPlatform',
					typeVersion,
					parameters: { resource: 'description', operation: 'compare' },
				},
				[{}],
			);
			expect(error).toBeUndefined();
			const [[summary], rows] = outputs;
			const uncovered = rows
				.filter((row) => row.json.kind === 'no_node_covers')
				.map((row) => row.json.route);
			return { summary: summary.json, uncovered };
		};
		const first = await compareAt(1);
		expect(first.summary).toMatchObject({ routes: 1, no_node_covers: 1 });
		expect(first.summary.message).toMatch(/: 1 routes\. .* 1 route no node names/);
		expect(first.uncovered).toEqual(['/orders/{id}/ship']);
		const second = await compareAt(2);
		expect(second.summary).toMatchObject({ routes: 7, no_node_covers: 7 });
		expect(second.uncovered).toEqual(
			expect.arrayContaining(['GET /orders', 'DELETE /orders/{id}', '/orders/{id}/ship']),
		);
	});

	it('GETs one order per item by the id in its path, sending no body', async () => {
		on.sim.rest.orders.set('a/b?c', { id: 'a/b?c', order_number: 'SO-X', status: 'open' });
		const { outputs, error } = await on.harness.run(
			callRoute('GET /orders/{id}', mapped({ id: '={{ $json.order }}' })),
			[{ order: 'o2' }, { order: 'a/b?c' }],
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.order_number)).toEqual(['SO-2', 'SO-X']);
		expect(outputs[0].map(itemOf)).toEqual([0, 1]);
		expect(on.sim.rest.seen.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
			{ method: 'GET', path: '/orders/o2', body: '' },
			{ method: 'GET', path: '/orders/a%2Fb%3Fc', body: '' },
		]);
	});

	it('GETs an answer that is a list itself as one output item per entry, each paired to its input item', async () => {
		const { outputs, error } = await on.harness.run(
			callRoute('GET /orders/{id}/events', mapped({ id: '={{ $json.order }}' })),
			[{ order: 'o1' }, { order: 'o2' }],
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map(itemOf)).toEqual([0, 0, 1, 1]);
		expect(outputs[0].map((item) => item.json.status)).toEqual([
			'open',
			'picking',
			'open',
			'shipped',
		]);
	});

	it('POSTs to the order its path names (a POST route with a path parameter), the rest as its body', async () => {
		const { outputs, error } = await on.harness.run(
			callRoute('/orders/{id}/ship', mapped({ id: '={{ $json.id }}', carrier: 'DHL' })),
			[{ id: 'o5' }],
		);
		expect(error).toBeUndefined();
		expect(outputs[0][0].json).toMatchObject({ id: 'o5', status: 'shipped', carrier: 'DHL' });
		expect(
			on.sim.rest.seen.map(({ method, path, body }) => [method, path, JSON.parse(body)]),
		).toEqual([['POST', '/orders/o5/ship', { carrier: 'DHL' }]]);
	});

	it('refuses an item without an id, naming it and the field, and sends nothing for it', async () => {
		const { outputs, error } = await on.harness.run(
			callRoute(
				'GET /orders/{id}',
				mapped({ id: '={{ $json.order }}' }),
				{},
				'continueErrorOutput',
			),
			[{ order: 'o1' }, { order: '' }, { order: '  ' }],
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map(itemOf)).toEqual([0]);
		expect(outputs[1].map(itemOf)).toEqual([1, 2]);
		// Blank is not an id either: sent, it would read /orders/ itself.
		expect(outputs[1][1].json.message).toMatch(
			/^The 3rd input item: ID is required but missing or empty/,
		);
		expect(outputs[1][0].json.message).toMatch(
			/^The 2nd input item: ID is required but missing or empty/,
		);
		expect(on.sim.rest.seen.map(({ path }) => path)).toEqual(['/orders/o1']);

		const stopped = await on.harness.run(
			callRoute('GET /orders/{id}', mapped({ id: '={{ $json.order }}' })),
			[{ order: 'o1' }, { order: '' }],
		);
		expect(stopped.error?.message).toMatch(/2nd input item: ID is required/);
		// Every item is checked before any is sent: the first item was not sent either.
		expect(on.sim.rest.seen).toHaveLength(1);
	});

	it('GETs the list with its query parameters, page after page', async () => {
		on.sim.rest.load(45);
		const { outputs, error } = await on.harness.run(
			callRoute('GET /orders', mapped({ status: 'picking' }), { returnAll: true }),
			[{}],
		);
		expect(error).toBeUndefined();
		const picking = [...on.sim.rest.orders.values()].filter((order) => order.status === 'picking');
		expect(outputs[0].map((item) => item.json.id)).toEqual(picking.map((order) => order.id));
		const pages = on.sim.rest.seen.map(({ method, query, body }) => ({ method, query, body }));
		expect(pages.length).toBeGreaterThan(1);
		expect(pages[0]).toMatchObject({
			method: 'GET',
			body: '',
			query: { status: ['picking'], per_page: ['10'] },
		});
		expect(pages.map(({ query }) => query.page?.[0] ?? '1')).toEqual(
			pages.map((_, index) => String(index + 1)),
		);
	});

	it('PUTs and PATCHes a body to the order its path names, and DELETEs with no body (an empty answer is an empty item)', async () => {
		const put = await on.harness.run(
			callRoute(
				'PUT /orders/{id}',
				mapped({ id: '={{ $json.id }}', order_number: 'SO-3B', status: 'open', customer: 'C9' }),
			),
			[{ id: 'o3' }],
		);
		expect(put.error).toBeUndefined();
		expect(put.outputs[0][0].json).toMatchObject({
			id: 'o3',
			order_number: 'SO-3B',
			customer: 'C9',
		});
		const patch = await on.harness.run(
			callRoute('PATCH /orders/{id}', mapped({ id: '={{ $json.id }}', status: 'shipped' })),
			[{ id: 'o3' }],
		);
		expect(patch.outputs[0][0].json).toMatchObject({ id: 'o3', status: 'shipped' });
		const del = await on.harness.run(
			callRoute('DELETE /orders/{id}', mapped({ id: '={{ $json.id }}' })),
			[{ id: 'o4' }],
		);
		expect(del.error).toBeUndefined();
		expect(del.outputs[0].map(itemOf)).toEqual([0]);
		expect(on.sim.rest.orders.get('o4')?.status).toBe('cancelled');
		expect(
			on.sim.rest.seen.map(({ method, path, body }) => [method, path, JSON.parse(body || 'null')]),
		).toEqual([
			// The order's id is a body field too: one field, sent in the path and the body.
			['PUT', '/orders/o3', { id: 'o3', order_number: 'SO-3B', status: 'open', customer: 'C9' }],
			['PATCH', '/orders/o3', { status: 'shipped' }],
			['DELETE', '/orders/o4', null],
		]);
	});
});
