/**
 * Saved ERP Update workflows on a platform whose updates are its own (issue 40, point 7), through
 * real n8n-core against Initech WMS 3.1 (integer ids, states NEW, DONE and ERROR), its description
 * read From the Platform: Get Many at versions 1 and 2 offers the built-in states and must send the
 * platform's words for them; an update ID typed in the form goes as the number the platform knows.
 */
import type { IDataObject, INodeType } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import type { Harness, NodeUnderTest } from '../support/harness';
import { callRoute, harnessFor } from '../support/platform';

jest.setTimeout(60_000);

const FROM_THE_PLATFORM = { description: 'platform', descriptionUrl: 'openapi.json' };
/** The simulator keeps our ids (UPD-000007); the platform says 7. */
const theirs = (ourId: string) => Number(ourId.slice(4));
const node = (typeVersion: number, parameters: IDataObject): NodeUnderTest => ({
	type: 'wmsErpUpdate',
	typeVersion,
	parameters,
});
const shipments = (typeVersion: number, filters: IDataObject): NodeUnderTest =>
	node(typeVersion, {
		resource: 'outgoingConsignment',
		operation: 'getMany',
		returnAll: true,
		...(typeVersion >= 3
			? { filterFields: { mappingMode: 'defineBelow', value: filters } }
			: { filters }),
	});
/** Initech with its states renamed to words that say nothing the package knows. */
const renamedStates = (doc: { components: { schemas: Record<string, IDataObject> } }) => {
	doc.components.schemas.ErpUpdateStatus.enum = ['NEU', 'ERLEDIGT', 'FEHLER'];
};

describe('Get Many of ERP updates at versions 1 and 2 on Initech WMS 3.1 (states NEW/DONE/ERROR)', () => {
	let sim: RunningSimulator;
	let harness: Harness;

	beforeEach(async () => {
		sim = await startSimulator({ shape: 'initech' });
		harness = harnessFor(sim, FROM_THE_PLATFORM);
	});
	afterEach(async () => await sim.close());

	it.each([1, 2])(
		'version %i reads pending, complete and error as the platform calls them (NEW, DONE, ERROR)',
		async (typeVersion) => {
			const [open, booked, failed] = sim.work.createPendingUpdates('outgoing_consignment', 3);
			const complete = await harness.run(
				node(2, { resource: 'update', operation: 'setComplete' }),
				[{ id: theirs(booked) }],
			);
			const error = await harness.run(node(2, { resource: 'update', operation: 'setError' }), [
				{ id: theirs(failed), error: 'No such cost centre' },
			]);
			expect([complete.error, error.error]).toEqual([undefined, undefined]);

			const read = async (status: string) => {
				const { error, outputs } = await harness.run(shipments(typeVersion, { status }), [{}]);
				expect(error).toBeUndefined();
				return outputs[0].map((item) => [item.json.id, item.json.status]);
			};
			expect(await read('pending')).toEqual([[theirs(open), 'NEW']]);
			expect(await read('complete')).toEqual([[theirs(booked), 'DONE']]);
			expect(await read('error')).toEqual([[theirs(failed), 'ERROR']]);
		},
	);

	it.each([1, 2, 3])(
		'version %i reads by Update IDs typed in the form as the numbers the platform gives',
		async (typeVersion) => {
			const shipped = sim.work.createPendingUpdates('outgoing_consignment', 3);
			const asked = [shipped[0], shipped[2]].map(theirs);
			const { error, outputs } = await harness.run(
				shipments(typeVersion, { ids: asked.join(', ') }),
				[{}],
			);
			expect(error).toBeUndefined();
			expect(outputs[0].map((item) => item.json.id)).toEqual(asked);
		},
	);

	it.each([1, 2, 3])(
		'version %i refuses an Update ID that is not a number before reading, naming the item and the filter; the next item reads',
		async (typeVersion) => {
			const [shipped] = sim.work.createPendingUpdates('outgoing_consignment', 1);
			const { error, outputs } = await harness.run(
				{
					...shipments(typeVersion, { ids: '={{ $json.ids }}' }),
					onError: 'continueRegularOutput',
				},
				[{ ids: `${theirs(shipped)}, UPD-7` }, { ids: String(theirs(shipped)) }],
			);
			expect(error).toBeUndefined();
			expect(
				outputs[0].map((item) => (item.json.error as IDataObject)?.message ?? item.json.id),
			).toEqual([
				'The 1st input item: Filters → Update IDs entry 2 must be a number (got "UPD-7")',
				theirs(shipped),
			]);
			expect(sim.stats().requests['/erp_update/outgoing_consignment']).toBe(1);
		},
	);

	it('WMS Platform → Call a Route sends Update IDs typed as text as numbers, and refuses one that is not a number before sending', async () => {
		const shipped = sim.work.createPendingUpdates('outgoing_consignment', 3);
		const asked = [shipped[0], shipped[2]].map(theirs);
		const { error, outputs } = await harness.run(
			callRoute(
				'/erp_update/outgoing_consignment',
				{ mappingMode: 'autoMapInputData', value: null, matchingColumns: [] },
				{ returnAll: true },
				'continueRegularOutput',
			),
			[{ ids: asked.join(', ') }, { ids: 'UPD-7' }],
		);
		expect(error).toBeUndefined();
		expect(
			outputs[0].map((item) => (item.json.error as IDataObject)?.message ?? item.json.id),
		).toEqual([...asked, 'The 2nd input item: ids entry 1 must be a number (got "UPD-7")']);
		expect(sim.stats().requests['/erp_update/outgoing_consignment']).toBe(1);
	});

	it("Fetch Test Event's sample, when nothing is pending, is in the platform's word for pending", async () => {
		const spec: NodeUnderTest = {
			type: 'wmsErpUpdateTrigger',
			name: 'ERP Update Trigger',
			parameters: { updateKinds: ['outgoing_consignment'] },
		};
		const type = harness.nodeTypes.getByNameAndVersion(
			`n8n-nodes-wms-integration.${spec.type}`,
		) as INodeType;
		const sample = await type.poll!.call(
			harness.pollContext(spec, harness.workflow([harness.node(spec)]), 'manual'),
		);
		expect(sample![0].map((item) => [item.json.sample, item.json.status])).toEqual([[true, 'NEW']]);
	});
});

describe('ERP updates on a platform whose states the description cannot tell apart (NEU, ERLEDIGT, FEHLER)', () => {
	let sim: RunningSimulator;
	let harness: Harness;

	beforeEach(async () => {
		sim = await startSimulator({ shape: 'initech' });
		sim.description.set({ shape: 'initech', tweak: renamedStates });
		harness = harnessFor(sim, FROM_THE_PLATFORM);
	});
	afterEach(async () => await sim.close());

	it("Get Many at version 2 stops before reading, naming the platform's states and saying to use version 3", async () => {
		const { error } = await harness.run(shipments(2, { status: 'complete' }), [{}]);
		expect(error).toMatchObject({
			message:
				"The 1st input item: the platform's API description (Initech WMS API 3.1.0) does not say which update state is complete: /erp_update/outgoing_consignment lists NEU, ERLEDIGT, FEHLER",
			description:
				'Filters → Status is "complete", a word of the built-in description. Add the WMS ERP Update node anew (version 3): its Filters offer the platform\'s own states. Nothing was read.',
		});
		expect(sim.stats().requests['/erp_update/outgoing_consignment']).toBeUndefined();
	});

	it('Set Complete (version 3) set to On Error → Continue puts the stop on an error item, nothing on the success path, and sends nothing', async () => {
		const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
		const input = { id: theirs(id), kind: 'outgoing_consignment' };
		const { error, outputs } = await harness.run(
			{
				...node(3, { resource: 'update', operation: 'setComplete' }),
				onError: 'continueRegularOutput',
			},
			[input],
		);
		expect(error).toBeUndefined();
		expect(outputs[0]).toHaveLength(1);
		const [item] = outputs[0];
		expect(item.json.error).toMatchObject({
			message:
				"WMS: the platform's API description (Initech WMS API 3.1.0) does not say which word of /erp_update/set_complete's answer means an update is complete: it lists NEU, ERLEDIGT, FEHLER",
			details:
				'Set Options → Marked State to the word the platform answers with once an update is complete. Nothing was sent.',
		});
		expect(item.json).not.toEqual(input);
		expect(item.json.result).toBeUndefined();
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(sim.stats().requests['/erp_update/set_complete']).toBeUndefined();
		expect(sim.store.get('erp_update', id)?.status).toBe('pending');
	});
});
