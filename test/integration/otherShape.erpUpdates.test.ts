/**
 * The ERP update trigger and the ERP Update node on a platform whose updates are its own (issue 40,
 * point 7), through real n8n-core: Initech WMS 3.1 numbers its updates (integer ids), calls their
 * states NEW, DONE and ERROR, lists shipments under `updates` and stock moves as a bare list, and
 * answers a mark with the state the update now has. Its description is read From the Platform.
 */
import type { IDataObject, INodeExecutionData, INodeType } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import type { Harness, NodeUnderTest } from '../support/harness';
import { harnessFor } from '../support/platform';
import { initechWithStates } from '../support/otherShape';
import { moveClock, onlyDateFaked } from '../support/triggerHost';

jest.setTimeout(60_000);

const FROM_THE_PLATFORM = { description: 'platform', descriptionUrl: 'openapi.json' };
const KINDS = ['outgoing_consignment', 'incoming_consignment', 'move_attempt'];
const v2 = (type: string, parameters: IDataObject): NodeUnderTest => ({
	type,
	typeVersion: 2,
	parameters,
});
const v3 = (type: string, parameters: IDataObject): NodeUnderTest => ({
	type,
	typeVersion: 3,
	parameters,
});

describe('the ERP Update Trigger and the ERP Update node on Initech WMS 3.1 (integer ids, states NEW/DONE/ERROR)', () => {
	let sim: RunningSimulator;
	let harness: Harness;

	beforeEach(async () => {
		onlyDateFaked(Date.parse('2026-11-21T08:00:00.000Z'));
		sim = await startSimulator({ shape: 'initech' });
		harness = harnessFor(sim, FROM_THE_PLATFORM);
	});
	afterEach(async () => {
		jest.useRealTimers();
		await sim.close();
	});

	/** A poll of the trigger; each poll's workflow holds the static data as n8n saved it (JSON). */
	function trigger(parameters: IDataObject = {}) {
		const spec: NodeUnderTest = {
			type: 'wmsErpUpdateTrigger',
			name: 'ERP Update Trigger',
			parameters: {
				updateKinds: KINDS,
				redeliverAfterMinutes: 30,
				maxUpdatesPerPoll: 500,
				...parameters,
			},
		};
		const type = harness.nodeTypes.getByNameAndVersion(
			`n8n-nodes-wms-integration.${spec.type}`,
		) as INodeType;
		let saved: IDataObject = {};
		return async (mode: 'trigger' | 'manual' = 'trigger') => {
			const workflow = harness.workflow([harness.node(spec)], {}, saved);
			const emitted = (await type.poll!.call(harness.pollContext(spec, workflow, mode))) as
				| INodeExecutionData[][]
				| null;
			saved = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
			return emitted;
		};
	}

	const stateOf = (ourId: string) => sim.store.get('erp_update', ourId)?.status;
	/** The simulator keeps our ids (UPD-000007); the platform says 7. */
	const theirs = (ourId: string) => Number(ourId.slice(4));

	it('emits each update once across polls with its integer id, kind and the NEW state; Set Complete and Set Error send the numbers back and read DONE and ERROR as done; nothing lost, nothing doubled', async () => {
		const shipped = sim.work.createPendingUpdates('outgoing_consignment', 3);
		const moved = sim.work.createPendingUpdates('move_attempt', 2);
		const poll = trigger();
		// Fetch Test Event in the editor reads the same updates by the same word, and holds none.
		expect((await poll('manual'))![0].map((item) => item.json.id)).toEqual(
			[...shipped, ...moved].map(theirs),
		);

		const first = (await poll())![0].map((item) => item.json);
		expect(first.map((update) => [update.kind, update.id, update.status])).toEqual([
			...shipped.map((id) => ['outgoing_consignment', theirs(id), 'NEW']),
			...moved.map((id) => ['move_attempt', theirs(id), 'NEW']),
		]);
		// A later update, and a second poll: only the new one goes out.
		const later = sim.work.createPendingUpdates('incoming_consignment', 1);
		moveClock(60_000);
		const second = (await poll())![0].map((item) => item.json);
		expect(second.map((update) => [update.kind, update.id])).toEqual([
			['incoming_consignment', theirs(later[0])],
		]);

		const complete = await harness.run(
			v2('wmsErpUpdate', { resource: 'update', operation: 'setComplete' }),
			[...first.slice(0, 4), ...second],
		);
		expect(complete.error).toBeUndefined();
		expect(complete.outputs[0].map((item) => [item.json.id, item.json.result])).toEqual(
			[...shipped, moved[0], later[0]].map((id) => [theirs(id), 'marked complete']),
		);
		const failed = await harness.run(
			v2('wmsErpUpdate', { resource: 'update', operation: 'setError' }),
			[{ ...first[4], error: 'No such cost centre' }],
		);
		expect(failed.error).toBeUndefined();
		expect(failed.outputs[0].map((item) => item.json)).toEqual([
			{
				id: theirs(moved[1]),
				kind: 'move_attempt',
				status: 'error',
				result: 'marked as error',
				error_message: 'No such cost centre',
			},
		]);
		expect([...shipped, ...moved, ...later].map(stateOf)).toEqual([
			...['complete', 'complete', 'complete', 'complete'],
			'error',
			'complete',
		]);
		expect(sim.stats().requests).toMatchObject({
			'/erp_update/set_complete': 1,
			'/erp_update/set_error': 1,
		});
		moveClock(31 * 60_000);
		expect(await poll()).toBeNull();
	});

	it("Get Many's status filter offers the platform's words (NEW, DONE, ERROR) in the mapper, and reads by them", async () => {
		const shipped = sim.work.createPendingUpdates('outgoing_consignment', 2);
		const getMany = (status?: string) =>
			v3('wmsErpUpdate', {
				resource: 'outgoingConsignment',
				operation: 'getMany',
				returnAll: true,
				filterFields: { mappingMode: 'defineBelow', value: status ? { status } : {} },
			});
		const { fields } = await harness.mapperFields(getMany(), 'filterFields');
		expect(fields.find((field) => field.id === 'status')?.options).toEqual(
			['NEW', 'DONE', 'ERROR'].map((word) => ({ name: word, value: word })),
		);
		const read = async (status: string) =>
			(await harness.run(getMany(status), [{}])).outputs[0].map((item) => item.json.id);
		expect(await read('NEW')).toEqual(shipped.map(theirs));
		expect(await read('DONE')).toEqual([]);
	});

	it('Acknowledge on Emit marks the numbers it emits DONE, once: the next poll emits nothing', async () => {
		const shipped = sim.work.createPendingUpdates('outgoing_consignment', 2);
		const poll = trigger({ options: { acknowledgeOnEmit: true } });
		const first = (await poll())![0].map((item) => item.json.id);
		expect(first).toEqual(shipped.map(theirs));
		expect(shipped.map(stateOf)).toEqual(['complete', 'complete']);
		moveClock(31 * 60_000);
		expect(await poll()).toBeNull();
		expect(sim.stats().requests['/erp_update/set_complete']).toBe(1);
	});
});

describe('a platform whose update states the description cannot tell apart', () => {
	let sim: RunningSimulator;
	let harness: Harness;

	beforeEach(async () => {
		({ sim, harness } = await initechWithStates(['NEU', 'ERLEDIGT', 'FEHLER']));
	});
	afterEach(async () => await sim.close());

	it('the trigger stops before reading, naming the states it lists and the option to set', async () => {
		const spec: NodeUnderTest = {
			type: 'wmsErpUpdateTrigger',
			name: 'ERP Update Trigger',
			parameters: { updateKinds: ['outgoing_consignment'] },
		};
		const workflow = harness.workflow([harness.node(spec)]);
		const type = harness.nodeTypes.getByNameAndVersion(
			`n8n-nodes-wms-integration.${spec.type}`,
		) as INodeType;
		await expect(type.poll!.call(harness.pollContext(spec, workflow))).rejects.toMatchObject({
			message:
				"ERP Update Trigger: the platform's API description (Initech WMS API 3.1.0) does not say which update state is pending: /erp_update/outgoing_consignment lists NEU, ERLEDIGT, FEHLER",
			description:
				'Set Options → Pending State to the word the platform gives an update the ERP has not marked yet. Nothing was read.',
		});
		expect(sim.stats().requests['/erp_update/outgoing_consignment']).toBeUndefined();
	});

	it("Set Complete (version 3) stops before sending where the answer's words do not say complete, naming them and Options → Marked State; with the word set it marks", async () => {
		const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
		const theirs = (ourId: string) => Number(ourId.slice(4));
		const mark = (options: IDataObject = {}) =>
			harness.run(v3('wmsErpUpdate', { resource: 'update', operation: 'setComplete', options }), [
				{ id: theirs(id) },
			]);
		const stopped = await mark();
		expect(stopped.error).toMatchObject({
			message:
				"WMS: the platform's API description (Initech WMS API 3.1.0) does not say which word of /erp_update/set_complete's answer means an update is complete: it lists NEU, ERLEDIGT, FEHLER",
			description:
				'Set Options → Marked State to the word the platform answers with once an update is complete. Nothing was sent.',
		});
		expect(sim.stats().requests['/erp_update/set_complete']).toBeUndefined();

		const marked = await mark({ markedState: 'DONE' });
		expect(marked.error).toBeUndefined();
		expect(marked.outputs[0].map((item) => [item.json.id, item.json.result])).toEqual([
			[theirs(id), 'marked complete'],
		]);
		expect(sim.store.get('erp_update', id)?.status).toBe('complete');
	});
});

describe('Reconcile on Initech WMS 3.1, whose comparison lists what it compared as compared_items', () => {
	/** One Reconcile of the same stock on a simulator of `shape`: its output and the adjustments it sent. */
	async function reconcileOn(shape: 'ours' | 'initech') {
		const sim = await startSimulator({ shape, demoData: true });
		try {
			const harness = harnessFor(sim, shape === 'ours' ? {} : FROM_THE_PLATFORM);
			const onHand = (sku: string) => sim.store.onHand('WH1', sku, '');
			const erp = [
				{ sku: 'NUT-M8', warehouse_code: 'WH1', quantity: onHand('NUT-M8') + 1 },
				{ sku: 'BOLT-M8-40', warehouse_code: 'WH1', quantity: onHand('BOLT-M8-40') - 2 },
			];
			const { error, outputs } = await harness.run(
				v2('wmsInventoryReconciliation', {
					resource: 'comparison',
					operation: 'reconcile',
					dryRun: false,
					thresholdRule: 'units',
				}),
				erp,
			);
			return {
				error: error?.message,
				output: outputs[0]?.map((item) => item.json),
				adjusted: sim.stats().items['/comparison_adjustment_item/add'],
				stock: erp.map((line) => onHand(line.sku)),
			};
		} finally {
			await sim.close();
		}
	}

	it('finds and adjusts the same differences as on the built-in description', async () => {
		const ours = await reconcileOn('ours');
		const initech = await reconcileOn('initech');
		expect(ours.error).toBeUndefined();
		expect(ours.adjusted).toBeGreaterThan(0);
		expect(initech).toEqual(ours);
	});
});

describe('Reconcile on a platform whose comparison answer has two lists that could each be its compared items', () => {
	it('stops before anything is sent, naming the lists', async () => {
		const sim = await startSimulator({ shape: 'initech', demoData: true });
		try {
			sim.description.set({
				shape: 'initech',
				tweak: (doc: { components: { schemas: Record<string, { properties: IDataObject }> } }) => {
					const comparison = doc.components.schemas.Comparison.properties;
					comparison.recounted_items = comparison.compared_items;
				},
			});
			const { error } = await harnessFor(sim, FROM_THE_PLATFORM).run(
				v2('wmsInventoryReconciliation', { resource: 'comparison', operation: 'reconcile' }),
				[{ sku: 'NUT-M8', warehouse_code: 'WH1', quantity: 5 }],
			);
			expect(error?.message).toBe(
				"WMS: the platform's API description (Initech WMS API 3.1.0) does not say which list of /comparison/check_status's answer holds the compared items: compared_items, recounted_items could each be it",
			);
			// Found from the description alone: no comparison is opened, loaded and snapshotted for nothing.
			expect(sim.stats().requests['/comparison/add']).toBeUndefined();
			expect(sim.stats().requests['/comparison/check_status']).toBeUndefined();
			expect(sim.stats().requests['/comparison_adjustment_item/add']).toBeUndefined();
		} finally {
			await sim.close();
		}
	});
});
