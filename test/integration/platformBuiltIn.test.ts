/**
 * WMS Platform through real n8n-core with the built-in description (the credential's default),
 * against our own simulator: Call a Route on a route a node also covers, its fields mapped by
 * expressions, named by the description's key; Check Only; a route the description does not have;
 * and Compare With Built-In saying there is nothing to compare.
 */
import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { callRoute, itemOf, onAFreshPlatform } from '../support/platform';

const mapped = {
	mappingMode: 'defineBelow',
	value: {
		code: '={{ $json.id }}',
		name: '={{ $json.title }}',
		currency: '={{ $json.currency }}',
		lead_time_days: '={{ $json.days }}',
	},
	matchingColumns: ['code'],
};

const suppliers = [
	{ id: 'SUP-1', title: 'Nordic Timber AB', currency: 'SEK', days: '12' },
	{ id: 'SUP-2', title: 'Atlantic Paints', currency: 'euro', days: '3' },
	{ id: 'SUP-3', title: 'Baltic Screws', currency: 'EUR', days: '' },
];

describe('WMS Platform with the built-in description, on our own simulator', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({}, (platform) => ({ sim, harness } = platform));

	it('adds suppliers through Call a Route: mapped by expressions, checked, paired, named by their code', async () => {
		const { outputs, error } = await harness.run(
			callRoute('/supplier/add', mapped, {}, 'continueErrorOutput'),
			suppliers,
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => [itemOf(item), item.json.key, item.json.status])).toEqual([
			[0, 'SUP-1', 'created'],
			[2, 'SUP-3', 'created'],
		]);
		expect(outputs[1].map(itemOf)).toEqual([1]);
		expect(outputs[1][0].json.message).toMatch(/^Supplier SUP-2: Currency .*"euro"/);
		expect(sim.stats().requests['/supplier/add']).toBe(1);
		expect(sim.store.get('supplier', 'SUP-1')).toMatchObject({
			name: 'Nordic Timber AB',
			lead_time_days: 12,
		});
		expect(sim.store.get('supplier', 'SUP-2')).toBeUndefined();
	});

	it('checks every record and sends nothing under Check Only', async () => {
		const { outputs, error } = await harness.run(
			callRoute('/supplier/add', mapped, { options: { checkOnly: true } }, 'continueErrorOutput'),
			suppliers,
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => [item.json.code, item.json.checked, item.json.sent])).toEqual([
			['SUP-1', true, false],
			['SUP-3', true, false],
		]);
		expect(outputs[1]).toHaveLength(1);
		expect(sim.stats().requests['/supplier/add']).toBeUndefined();
	});

	it('stops, naming the route, when the built-in description does not have it', async () => {
		const { error } = await harness.run(
			callRoute('inventory_batch/add', { mappingMode: 'autoMapInputData', value: null }),
			[{ item_number: 'PAINT-1', batch: 'B1' }],
		);
		expect(error?.message).toBe('WMS: The built-in description has no route /inventory_batch/add');
		expect(error?.description).toMatch(/API Description set to From the Platform or Pasted/);
	});

	it('lists every route as one a node covers too, and has nothing to compare', async () => {
		const listed = await harness.listAll(
			{ type: 'wmsPlatform', parameters: { resource: 'route', operation: 'call' } },
			'routeSearch',
			'supplier',
		);
		expect(listed).toEqual([
			{
				name: 'POST /supplier/add — writes supplier records by code, up to 1000 at a time (a node covers it too)',
				value: '/supplier/add',
			},
			{
				name: 'POST /supplier/check — reads supplier records, page after page (a node covers it too)',
				value: '/supplier/check',
			},
		]);
		const { outputs } = await harness.run(
			{ type: 'wmsPlatform', parameters: { resource: 'description', operation: 'compare' } },
			[{}],
		);
		expect(outputs[0][0].json).toMatchObject({ outcome: 'built_in', source: 'built_in' });
		expect(outputs[0][0].json.message).toMatch(/^The credential uses the built-in description/);
		expect(outputs[1]).toEqual([]);
	});
});
