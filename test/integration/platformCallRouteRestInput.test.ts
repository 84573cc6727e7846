/**
 * WMS Platform → Call a Route on a REST vendor, what the editor saves that the route does not use,
 * through real n8n-core: a key to match on saved for a route that writes no records (n8n makes the
 * only field of a route the key), a Limit on a route that reads one answer per item, and a path
 * value with spaces before or after it, refused before it is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { callRoute, itemOf } from '../support/platform';
import { onRestVendor } from '../support/restVendor';

const mapped = (value: IDataObject, matchingColumns: string[] = []) => ({
	mappingMode: 'defineBelow',
	value,
	matchingColumns,
});

describe('WMS Platform → Call a Route on a REST vendor: what a route does not use', () => {
	const on = onRestVendor();

	const sent = () => on.sim.rest.seen.map(({ method, path }) => `${method} ${path}`);

	it('runs a GET route with a saved key to match on (n8n picks its only field, or one left from another route) as without one', async () => {
		const run = async (matchingColumns: string[]) => {
			on.sim.rest.seen.length = 0;
			const { outputs, error } = await on.harness.run(
				callRoute(
					'GET /orders/{id}',
					mapped({ id: '={{ $json.order }}' }, matchingColumns),
					{},
					'continueErrorOutput',
				),
				[{ order: 'o1' }, { order: 'o1' }, { order: 'nope' }],
			);
			expect(error).toBeUndefined();
			return { outputs: outputs.map((items) => items.map((item) => item.json)), sent: sent() };
		};
		const without = await run([]);
		// Two items naming the same order are two reads, not one key sent twice.
		expect(without.sent).toEqual(['GET /orders/o1', 'GET /orders/o1', 'GET /orders/nope']);
		expect(await run(['id'])).toEqual(without);
		// A key left from another route (a workflow edited elsewhere) neither stops the run nor keys it,
		expect(await run(['sku'])).toEqual(without);
		// nor is it listed in the form as a field the description no longer has.
		const { fields } = await on.harness.mapperFields(
			callRoute('GET /orders/{id}', mapped({ id: '={{ $json.order }}' }, ['sku'])),
			'routeFields',
		);
		expect(fields.map((field) => [field.id, field.canBeUsedToMatch])).toEqual([['id', false]]);
	});

	it('reads every entry of a per-item answer whatever Limit says (Limit is for routes read page after page)', async () => {
		const { outputs, error } = await on.harness.run(
			callRoute('GET /orders/{id}/events', mapped({ id: '={{ $json.order }}' }), {
				returnAll: false,
				limit: 1,
			}),
			[{ order: 'o1' }, { order: 'o2' }],
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map(itemOf)).toEqual([0, 0, 1, 1]);
	});

	it('refuses a path value with spaces before or after it, naming the item, the field and the value; the others go on', async () => {
		const { outputs, error } = await on.harness.run(
			callRoute(
				'GET /orders/{id}',
				mapped({ id: '=  {{ $json.order }}' }),
				{},
				'continueErrorOutput',
			),
			[{ order: '' }, { order: 'o2' }],
		);
		expect(error).toBeUndefined();
		expect(outputs[1].map(itemOf)).toEqual([0, 1]);
		expect(outputs[1][0].json.message).toMatch(/^The 1st input item: ID is required/);
		expect(outputs[1][1].json.message).toMatch(
			/^The 2nd input item: ID is " {2}o2", with spaces before or after it.*remove the spaces before or after it \(an expression often gains them\)/,
		);
		expect(sent()).toEqual([]);

		const mixed = await on.harness.run(
			callRoute(
				'DELETE /orders/{id}',
				mapped({ id: '={{ $json.order }}' }),
				{},
				'continueErrorOutput',
			),
			[{ order: 'o3 ' }, { order: 'o4' }],
		);
		expect(mixed.error).toBeUndefined();
		expect(mixed.outputs[0].map(itemOf)).toEqual([1]);
		expect(mixed.outputs[1].map(itemOf)).toEqual([0]);
		expect(mixed.outputs[1][0].json.message).toMatch(/^The 1st input item: ID is "o3 "/);
		expect(sent()).toEqual(['DELETE /orders/o4']);
		expect(on.sim.rest.orders.get('o3')?.status).not.toBe('cancelled');
	});
});
