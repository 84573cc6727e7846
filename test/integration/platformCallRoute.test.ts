/**
 * WMS Platform → Call a Route through real n8n-core, against the simulator speaking Acme WMS 2.4.0
 * with the credential reading Acme's own description: a route no node names (/inventory_batch/add)
 * sent in batches of its limit with every row paired, a bad row refused before anything is sent,
 * the matching read paged to the end, an action per item, and a route the platform took away.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { harnessFor, type Harness } from '../support/harness';
import { callRoute, itemOf } from '../support/platform';

const ACME = { description: 'platform', descriptionUrl: 'openapi.json' };

/** Each input item as the record, its key chosen under Key to Match On. */
const autoMapped = (matchingColumns: string[] = []) => ({
	mappingMode: 'autoMapInputData',
	value: null,
	matchingColumns,
});

const batches = (n: number, from = 0) =>
	Array.from({ length: n }, (_, i) => ({
		item_number: `PAINT-${from + i}`,
		Batch: `B${from + i}`,
		expiry_date: '2028-01-31',
	}));

describe('WMS Platform → Call a Route on Acme WMS 2.4.0', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	beforeEach(async () => {
		sim = await startSimulator({ shape: 'acme', demoData: true });
		sim.resetStats();
		harness = harnessFor(sim, ACME);
	});
	afterEach(async () => await sim.close());

	it('sends 600 inventory batches, a route no node names, in requests of at most 500, every row paired and stored once', async () => {
		const items = batches(600);
		const { outputs, error } = await harness.run(
			callRoute('/inventory_batch/add', autoMapped(['item_number', 'batch'])),
			items,
		);
		expect(error).toBeUndefined();
		expect(outputs[0]).toHaveLength(600);
		expect(outputs[0].map(itemOf)).toEqual(items.map((_, i) => i));
		expect(outputs[0].map((item) => item.json.status)).toEqual(items.map(() => 'created'));
		expect(outputs[0][599].json).toMatchObject({ item_number: 'PAINT-599', batch: 'B599' });
		const stats = sim.stats();
		expect(stats.requests['/inventory_batch/add']).toBe(2);
		expect(stats.items['/inventory_batch/add']).toBe(600);

		// Sent again: every row is one the platform has, none a second record.
		const again = await harness.run(
			callRoute('/inventory_batch/add', autoMapped(['item_number', 'batch'])),
			items,
		);
		expect(new Set(again.outputs[0].map((item) => item.json.status))).toEqual(
			new Set(['unchanged']),
		);
	});

	it('refuses a bad row before anything is sent, naming its key and field', async () => {
		const items = batches(600);
		items[7] = { ...items[7], expiry_date: '31.01.2028' };
		const { error } = await harness.run(
			callRoute('/inventory_batch/add', autoMapped(['item_number', 'batch'])),
			items,
		);
		expect(error?.message).toMatch(/^Inventory batch PAINT-7 \/ B7: expiry_date .*2028-01-31/);
		expect(sim.stats().requests['/inventory_batch/add']).toBeUndefined();

		const routed = await harness.run(
			callRoute(
				'/inventory_batch/add',
				autoMapped(['item_number', 'batch']),
				{},
				'continueErrorOutput',
			),
			items,
		);
		expect(routed.outputs[0]).toHaveLength(599);
		expect(routed.outputs[1]).toHaveLength(1);
		expect(itemOf(routed.outputs[1][0])).toBe(7);
		expect(routed.outputs[1][0].json.message).toMatch(
			/^Inventory batch PAINT-7 \/ B7: expiry_date/,
		);
		expect(sim.stats().items['/inventory_batch/add']).toBe(599);
	});

	it('reads the inventory batches back across pages, each record paired to the item that asked', async () => {
		await harness.run(callRoute('/inventory_batch/add', autoMapped()), [
			...batches(450),
			{ item_number: 'GLUE-1', batch: 'B1' },
		]);
		sim.resetStats();
		const { outputs, error } = await harness.run(
			callRoute(
				'/inventory_batch/check',
				{ mappingMode: 'defineBelow', value: { item_number: '={{ $json.item }}' } },
				{ returnAll: true },
			),
			[{ item: 'GLUE-1' }, { item: '' }],
		);
		expect(error).toBeUndefined();
		// The second item names no item number: every batch, page after page of the most Acme gives.
		expect(outputs[0]).toHaveLength(1 + 451);
		expect(outputs[0][0].json).toMatchObject({ item_number: 'GLUE-1', batch: 'B1' });
		expect(itemOf(outputs[0][0])).toBe(0);
		expect(outputs[0].slice(1).every((item) => itemOf(item) === 1)).toBe(true);
		const keys = outputs[0].slice(1).map((item) => `${item.json.item_number}|${item.json.batch}`);
		expect(new Set(keys).size).toBe(451);
		expect(sim.stats().requests['/inventory_batch/check']).toBe(1 + 3);

		const limited = await harness.run(
			callRoute('/inventory_batch/check', autoMapped(), { returnAll: false, limit: 5 }),
			[{}],
		);
		expect(limited.outputs[0]).toHaveLength(5);
	});

	it('sends lines beside the comparison they go to, then calls an action route once per item, the answer as the item', async () => {
		const run = await harness.runChain(
			[
				{
					...callRoute('/comparison/add', {
						mappingMode: 'defineBelow',
						value: { warehouse_code: 'WH1', reference: '={{ $json.reference }}' },
						matchingColumns: ['warehouse_code', 'reference'],
					}),
					name: 'Create',
				},
				{
					// A bulk route with a field beside its records: each comparison's lines in a request of their own.
					...callRoute('/comparison_erp_on_hand/add', {
						mappingMode: 'defineBelow',
						value: {
							comparison_id: '={{ $json.comparison_id }}',
							sku: 'BOLT-M8-40',
							quantity: '={{ 10 * ($itemIndex + 1) }}',
						},
					}),
					name: 'Lines',
				},
				{
					...callRoute('/comparison/check_status', {
						mappingMode: 'defineBelow',
						value: { comparison_id: '={{ $json.comparison_id }}' },
					}),
					name: 'Status',
				},
			],
			[{ reference: 'NIGHT-1' }, { reference: 'NIGHT-2' }],
		);
		const { runData } = run.data.resultData;
		const lines = runData.Lines[0].data!.main[0]!;
		expect(lines.map((item) => [itemOf(item), item.json.status])).toEqual([
			[0, 'created'],
			[1, 'created'],
		]);
		expect(sim.stats().requests['/comparison_erp_on_hand/add']).toBe(2);
		const status = runData.Status[0];
		expect(status.error).toBeUndefined();
		const answers = status.data!.main[0]!;
		expect(answers.map((item) => item.json)).toEqual([
			expect.objectContaining({
				reference: 'NIGHT-1',
				erp_lines: [expect.objectContaining({ sku: 'BOLT-M8-40', quantity: 10 })],
			}),
			expect.objectContaining({
				reference: 'NIGHT-2',
				erp_lines: [expect.objectContaining({ sku: 'BOLT-M8-40', quantity: 20 })],
			}),
		]);
		expect(answers.map(itemOf)).toEqual([0, 1]);
		expect(sim.stats().requests['/comparison/check_status']).toBe(2);
	});

	it('stops, naming it, on a route the platform took out of its description, and on a mapped field it no longer has', async () => {
		sim.description.set({
			shape: 'acme',
			tweak: (doc) => {
				delete (doc.paths as IDataObject)['/inventory_batch/check'];
			},
		});
		const gone = await harness.run(callRoute('/inventory_batch/check', autoMapped()), [{}]);
		expect(gone.error?.message).toBe(
			"WMS: The platform's description (Acme WMS Public API 2.4.0) has no route /inventory_batch/check",
		);
		const renamed = await harness.run(
			callRoute('/inventory_batch/add', {
				mappingMode: 'defineBelow',
				value: { item_number: 'PAINT-1', batch: 'B1', lot_text: 'from the old form' },
			}),
			[{}],
		);
		expect(renamed.error?.message).toMatch(/has no field "lot_text" on \/inventory_batch\/add/);
		expect(sim.stats().requests['/inventory_batch/add']).toBeUndefined();
	});
});
