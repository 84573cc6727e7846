/**
 * WMS Platform → Call a Route through real n8n-core on a REST vendor whose PATCH /orders/{id}
 * takes a list of yes/no values (flags) and a list of enum values (handling): what a person types
 * as comma-separated text goes as the description's entries ("true, NO" as [true, false]), and an
 * entry that is no yes/no or not one of the enum's values is refused before anything is sent,
 * naming the item, the field and what to give; the other items go on.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { restDescription } from '../../dev/simulator/rest';
import type { Harness } from '../support/harness';
import { callRoute, harnessFor, itemOf } from '../support/platform';
import { REST } from '../support/restVendor';

/** The REST vendor's description with the two lists on the body of PATCH /orders/{id}. */
function withLists(): IDataObject {
	const doc = restDescription() as {
		paths: Record<string, { patch: { requestBody: { content: Record<string, IDataObject> } } }>;
	};
	const body = doc.paths['/orders/{id}'].patch.requestBody.content['application/json'].schema as {
		properties: IDataObject;
	};
	body.properties.flags = { type: 'array', items: { type: 'boolean' } };
	body.properties.handling = {
		type: 'array',
		items: { type: 'string', enum: ['fragile', 'cold', 'upright'] },
	};
	return doc as IDataObject;
}

describe('WMS Platform → Call a Route: lists of yes/no and of enum values', () => {
	let sim: RunningSimulator;
	let harness: Harness;

	beforeAll(async () => {
		sim = await startSimulator({});
		sim.description.set({ text: JSON.stringify(withLists()), format: 'json' });
		harness = harnessFor(sim, REST);
		sim.rest.load(3);
	});
	afterAll(async () => await sim.close());

	it('sends the entries as the description types them and refuses a wrong entry before sending', async () => {
		const { outputs, error } = await harness.run(
			callRoute(
				'PATCH /orders/{id}',
				{
					mappingMode: 'defineBelow',
					value: {
						id: '={{ $json.id }}',
						flags: '={{ $json.flags }}',
						handling: '={{ $json.handling }}',
					},
					matchingColumns: [],
				},
				{},
				'continueErrorOutput',
			),
			[
				{ id: 'o1', flags: 'true, NO, yes', handling: 'fragile, upright' },
				{ id: 'o2', flags: 'true, maybe', handling: 'cold' },
				{ id: 'o3', flags: 'false', handling: 'cold, wet' },
			],
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map(itemOf)).toEqual([0]);
		expect(outputs[1].map((item) => [itemOf(item), item.json.message])).toEqual([
			[
				1,
				'The 2nd input item: Flags entry 2 must be yes or no, written as true/false, yes/no, y/n, on/off, 1/0 (in any case) (got "maybe")',
			],
			[2, 'The 3rd input item: Handling entry 2 must be one of fragile, cold, upright (got "wet")'],
		]);
		expect(sim.rest.seen.map(({ method, path, body }) => [method, path, JSON.parse(body)])).toEqual(
			[['PATCH', '/orders/o1', { flags: [true, false, true], handling: ['fragile', 'upright'] }]],
		);
	});
});
