/**
 * The area nodes on a platform whose description puts a path parameter in a route they use (the
 * same operationId at /warehouses/{warehouse_id}/inventory/add, /comparisons/{comparison_id}/…),
 * through real n8n-core against the simulator: Inventory, which has no field for the warehouse,
 * refuses the run in words before anything is sent (it sent "{warehouse_id}" as it was); a
 * comparison's id that Check Status puts in the path is held to the path's rules per item, as Call
 * a Route's path values are ("..", a line break), naming the item and Comparison ID.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { contract } from '../support/contract';
import { harnessFor, type Harness } from '../support/harness';
import { v2 } from '../support/otherShape';
import { itemOf } from '../support/platform';

jest.setTimeout(60_000);

const VENDOR = { description: 'platform', descriptionUrl: 'openapi.json' };
type Doc = { paths: Record<string, { post: Record<string, unknown> }> };

/** The built-in description with `from` at `to`, its path naming `param` (operationId kept). */
function moved(from: string, to: string, param: string): Doc {
	const doc = structuredClone(contract) as unknown as Doc;
	const route = doc.paths[from];
	delete doc.paths[from];
	route.post.parameters = [{ name: param, in: 'path', required: true, schema: { type: 'string' } }];
	doc.paths[to] = route;
	return doc;
}

const description = (): Doc => {
	const doc = moved('/inventory/add', '/warehouses/{warehouse_id}/inventory/add', 'warehouse_id');
	const status = moved(
		'/comparison/check_status',
		'/comparisons/{comparison_id}/check_status',
		'comparison_id',
	);
	for (const [path, route] of Object.entries(status.paths))
		if (path.startsWith('/comparisons/')) doc.paths[path] = route;
	delete doc.paths['/comparison/check_status'];
	return doc;
};

const messages = (items: INodeExecutionData[]) =>
	items.map((item) => [itemOf(item), item.json.message]);

describe('area nodes on a route whose path names a parameter', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	beforeAll(async () => {
		sim = await startSimulator({});
		sim.description.set({ text: JSON.stringify(description()), format: 'json' });
		harness = harnessFor(sim, VENDOR);
	});
	afterAll(async () => await sim.close());
	beforeEach(() => {
		sim.rest.seen.length = 0;
	});

	/** Every request the platform saw besides the token and the description. */
	const reached = () =>
		Object.keys(sim.stats().requests).filter(
			(path) => !/^\/(oauth\/token|openapi\.json)$/.test(path),
		);

	it('Inventory → Upsert, which has no field for the warehouse in the path, refuses the run in words before sending', async () => {
		const { outputs, error } = await harness.run(
			v2('wmsInventory', { resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem' }),
			[{ sku: 'A1', description: 'a', unit_of_measure: 'EA' }],
		);
		expect(outputs).toEqual([]);
		expect(error?.message).toBe(
			"The platform's API description puts warehouse_id in the path of /warehouses/{warehouse_id}/inventory/add, its route for /inventory/add, and this node has no field to fill it: nothing was sent",
		);
		expect(sim.rest.seen).toEqual([]);
		expect(reached()).toEqual([]);
	});

	it('Reconciliation → Check Status refuses a comparison id the path cannot carry, per item, naming it; the others go on', async () => {
		const { outputs, error } = await harness.run(
			{
				type: 'wmsInventoryReconciliation',
				parameters: {
					resource: 'comparison',
					operation: 'checkStatus',
					comparisonId: '={{ $json.id }}',
				},
				onError: 'continueErrorOutput',
			},
			[{ id: '..' }, { id: 'CMP\n1' }, { id: 'CMP-2' }],
		);
		expect(error).toBeUndefined();
		expect(messages(outputs[1]).slice(0, 2)).toEqual([
			[
				0,
				'The 1st input item: Comparison ID is "..", which in a path means the level above, so the request would go to another route: give the record\'s own value',
			],
			[
				1,
				'The 2nd input item: Comparison ID is "CMP\\n1", with a line break in it, which would be sent as part of the path: remove the line break (a value read from a file or a text box often has one)',
			],
		]);
		// The good id went out to its own comparison's path (which the simulator does not serve).
		expect(messages(outputs[1]).slice(2)).toEqual([
			[2, expect.stringContaining('no route POST /v1/comparisons/CMP-2/check_status')],
		]);
		expect(outputs[0]).toEqual([]);
	});
});
