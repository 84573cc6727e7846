/**
 * The ERP update trigger through real n8n-core (PollContext, static data on the Workflow) against
 * the simulator, on a clock the test moves (jest fakes Date only): no sleeps.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, INodeExecutionData, INodeType, Workflow } from 'n8n-workflow';

import { loadLedger } from '../../nodes/WmsErpUpdateTrigger/ledger';
import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { Harness, type NodeUnderTest } from '../support/harness';
import { harnessFor } from '../support/platform';
import { capturedLogs } from '../support/leaks';
import { moveClock, onlyDateFaked } from '../support/triggerHost';

const MINUTE = 60_000;
const KINDS = ['outgoing_consignment', 'incoming_consignment', 'move_attempt'];

describe('WMS ERP Update Trigger through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;

	beforeEach(async () => {
		onlyDateFaked(Date.parse('2026-11-21T08:00:00.000Z'));
		sim = await startSimulator();
		harness = harnessFor(sim);
	});
	afterEach(async () => {
		jest.useRealTimers();
		await sim.close();
	});

	const triggerSpec = (parameters: IDataObject = {}): NodeUnderTest => ({
		type: 'wmsErpUpdateTrigger',
		name: 'ERP Update Trigger',
		parameters: {
			updateKinds: KINDS,
			redeliverAfterMinutes: 30,
			maxUpdatesPerPoll: 500,
			...parameters,
		},
	});

	/** The trigger in `on` (a harness is one n8n process) on a workflow with this static data. */
	function setup(
		parameters: IDataObject = {},
		staticData: IDataObject = {},
		on: Harness = harness,
	) {
		const spec = triggerSpec(parameters);
		const workflow = on.workflow([on.node(spec)], {}, staticData);
		const type = on.nodeTypes.getByNameAndVersion(
			`n8n-nodes-wms-integration.${spec.type}`,
		) as INodeType;
		const poll = async (mode: 'trigger' | 'manual' = 'trigger', wf: Workflow = workflow) =>
			(await type.poll!.call(on.pollContext(spec, wf, mode))) as INodeExecutionData[][] | null;
		return { spec, workflow, type, poll };
	}

	const ids = (emitted: INodeExecutionData[][] | null) =>
		(emitted?.[0] ?? []).map((item) => item.json.id as string);
	const saved = (workflow: Workflow) =>
		JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
	const ledgerOf = (workflow: Workflow) =>
		loadLedger((workflow.staticData['node:ERP Update Trigger'] ?? {}) as IDataObject);
	const pendingIds = () =>
		sim.store
			.list('erp_update')
			.filter((u) => u.status === 'pending')
			.map((u) => u.id as string);

	it('emits three pending shipments once, oldest first, with kind and id at the top level; they leave the ledger once complete', async () => {
		const shipped = sim.work.createPendingUpdates('outgoing_consignment', 3);
		const { workflow, poll } = setup();

		const first = await poll();
		expect(ids(first)).toEqual(shipped);
		expect(first![0][0].json).toMatchObject({
			kind: 'outgoing_consignment',
			id: shipped[0],
			status: 'pending',
			payload: { order_number: 'SO-SAMPLE-1' },
		});
		expect(Object.keys(first![0][0].json).slice(0, 2)).toEqual(['kind', 'id']);
		expect(ledgerOf(workflow).ids().sort()).toEqual(shipped);

		moveClock(MINUTE);
		expect(await poll()).toBeNull();

		const done = await harness.run(
			{ type: 'wmsErpUpdate', parameters: { resource: 'update', operation: 'setComplete' } },
			first![0].map((item) => item.json),
		);
		expect(done.error).toBeUndefined();
		expect(pendingIds()).toEqual([]);
		moveClock(MINUTE);
		expect(await poll()).toBeNull();
		expect(ledgerOf(workflow).size).toBe(0);
		expect(workflow.staticData['node:ERP Update Trigger']).toEqual({});
	});

	it('emits an update again only once "Redeliver After" has passed, when the workflow never completed it', async () => {
		const [id] = sim.work.createPendingUpdates('incoming_consignment', 1);
		const { poll } = setup({ redeliverAfterMinutes: 30 });
		expect(ids(await poll())).toEqual([id]);
		// The workflow that got it failed halfway: nothing was marked on the platform.
		moveClock(29 * MINUTE + 59_000);
		expect(await poll()).toBeNull();
		moveClock(1_000);
		expect(ids(await poll())).toEqual([id]);
		moveClock(10 * MINUTE);
		expect(await poll()).toBeNull();
	});

	it('after a restart, a Workflow built from the saved static data emits no duplicate and loses nothing', async () => {
		const all = sim.work.createPendingUpdates('move_attempt', 5);
		const before = setup({ maxUpdatesPerPoll: 2 });
		expect(ids(await before.poll())).toEqual(all.slice(0, 2));

		// n8n restarts: a new process, the workflow built again from what the database holds.
		moveClock(5 * MINUTE);
		const after = setup({ maxUpdatesPerPoll: 2 }, saved(before.workflow), harnessFor(sim));
		const delivered = [
			...ids(await after.poll()),
			...ids(await after.poll()),
			...ids(await after.poll()),
		];
		expect(delivered).toEqual(all.slice(2));
		expect(await after.poll()).toBeNull();
	});

	it('delivers a backlog of 10,000 across polls, each update exactly once, with a ledger under 1 MB', async () => {
		const all = sim.work.createPendingUpdates('outgoing_consignment', 10_000);
		const { workflow, poll } = setup({ maxUpdatesPerPoll: 1000 });
		const seen = new Map<string, number>();
		let polls = 0;
		for (let emitted = await poll(); emitted !== null; emitted = await poll()) {
			polls++;
			expect(emitted[0].length).toBeLessThanOrEqual(1000);
			for (const id of ids(emitted)) seen.set(id, (seen.get(id) ?? 0) + 1);
			moveClock(MINUTE);
		}
		expect(polls).toBe(10);
		expect([...seen.keys()]).toEqual(all);
		expect([...seen.values()].every((count) => count === 1)).toBe(true);
		expect(JSON.stringify(workflow.staticData).length).toBeLessThan(1_000_000);
		expect(ledgerOf(workflow).size).toBe(10_000);
	}, 60_000);

	it('drops ids the ERP completed, even while a capped poll stops before the end of the list', async () => {
		const all = sim.work.createPendingUpdates('outgoing_consignment', 6);
		const { workflow, poll } = setup({
			maxUpdatesPerPoll: 2,
			updateKinds: ['outgoing_consignment'],
		});
		expect(ids(await poll())).toEqual(all.slice(0, 2));
		await harness.run(
			{ type: 'wmsErpUpdate', parameters: { resource: 'update', operation: 'setComplete' } },
			[{ id: all[0] }],
		);
		expect(ids(await poll())).toEqual(all.slice(2, 4));
		// all[0] is complete and left; all[1] is still pending and held.
		expect(ledgerOf(workflow).ids().sort()).toEqual([all[1], all[2], all[3]]);
	});

	it('manual mode returns every pending update of the watched kinds (the whole loop, run by hand) and leaves static data untouched', async () => {
		const received = sim.work.createPendingUpdates('incoming_consignment', 2);
		const moved = sim.work.createPendingUpdates('move_attempt', 1);
		const { workflow, poll } = setup(
			{},
			{
				'node:ERP Update Trigger': {
					ledger: { v: 1, emitted: [{ kind: 'move_attempt', at: 1, ids: ['UPD-X'] }] },
				},
			},
		);
		const before = saved(workflow);
		const run = await poll('manual');
		expect(ids(run)).toEqual([...received, ...moved]);
		expect(run![0].map((item) => item.json.kind)).toEqual([
			'incoming_consignment',
			'incoming_consignment',
			'move_attempt',
		]);
		expect(saved(workflow)).toEqual(before);
		expect(pendingIds()).toHaveLength(3);
		// Run again by hand: the same updates, since a manual run marks nothing.
		expect(ids(await poll('manual'))).toEqual([...received, ...moved]);
	});

	it('manual mode stops at "Max Updates per Poll", oldest first', async () => {
		const shipped = sim.work.createPendingUpdates('outgoing_consignment', 3);
		sim.work.createPendingUpdates('move_attempt', 2);
		const { poll } = setup({ maxUpdatesPerPoll: 2 });
		expect(ids(await poll('manual'))).toEqual(shipped.slice(0, 2));
	});

	it('manual mode with nothing pending returns a clearly marked sample', async () => {
		const { workflow, poll } = setup({ updateKinds: ['move_attempt'] });
		const sample = await poll('manual');
		expect(sample![0]).toHaveLength(1);
		expect(sample![0][0].json).toMatchObject({
			kind: 'move_attempt',
			id: 'UPD-SAMPLE',
			sample: true,
		});
		expect(saved(workflow)).toEqual({});
	});

	it('"Acknowledge on Emit" marks what it emits complete, so nothing is held or redelivered', async () => {
		const all = sim.work.createPendingUpdates('outgoing_consignment', 3);
		const { workflow, poll } = setup({ options: { acknowledgeOnEmit: true } });
		expect(ids(await poll())).toEqual(all);
		expect(pendingIds()).toEqual([]);
		expect(ledgerOf(workflow).size).toBe(0);
		moveClock(60 * MINUTE);
		expect(await poll()).toBeNull();
	});

	it('"Acknowledge on Emit": an update another process completed (Set Complete answers 409) is held back and named in the log once; the others are emitted', async () => {
		const all = sim.work.createPendingUpdates('outgoing_consignment', 3);
		sim.erpUpdateListing.stale.add(all[1]);
		const { workflow, poll } = setup({ options: { acknowledgeOnEmit: true } });
		const logsFrom = capturedLogs.length;
		expect(ids(await poll())).toEqual([all[0], all[2]]);
		expect(pendingIds()).toEqual([all[1]]);
		expect(ledgerOf(workflow).get(all[1])).toMatchObject({ refused: true });
		moveClock(31 * MINUTE);
		expect(await poll()).toBeNull();
		const named = capturedLogs.slice(logsFrom).filter((line) => line.includes('refused to mark'));
		expect(named).toEqual([
			expect.stringMatching(
				new RegExp(
					`refused to mark 1 pending updates complete, so they were not emitted \\(another process may have completed them while the list still shows them\\); each is tried again after Redeliver After, and the others keep flowing: ${all[1]}: .*already complete`,
				),
			),
		]);
	});

	it('an update listed without an id is not emitted and is named in the log once', async () => {
		const all = sim.work.createPendingUpdates('outgoing_consignment', 2);
		sim.erpUpdateListing.withoutId.add(all[0]);
		const { poll } = setup();
		const logsFrom = capturedLogs.length;
		expect(ids(await poll())).toEqual([all[1]]);
		moveClock(31 * MINUTE);
		await poll();
		const named = capturedLogs
			.slice(logsFrom)
			.filter((line) => line.includes('listed without an id'));
		expect(named).toEqual([
			expect.stringMatching(
				/1 pending updates listed without an id were not emitted: .*outgoing consignment \(created_at 2026-11-21T08:00:00\.000Z, shipment_id SHP-000001, order_number SO-SAMPLE-1\)/,
			),
		]);
	});

	it('a rejected token or an outage fails the poll and keeps the ledger as it was; the next poll carries on', async () => {
		const first = sim.work.createPendingUpdates('outgoing_consignment', 2);
		const { workflow, poll } = setup();
		expect(ids(await poll())).toEqual(first);
		const ledgerBefore = saved(workflow);
		const more = sim.work.createPendingUpdates('outgoing_consignment', 2);

		sim.faults.add({ route: '/erp_update/outgoing_consignment', kind: '401' });
		await expect(poll()).rejects.toThrow(/401|token/i);
		expect(saved(workflow)).toEqual(ledgerBefore);

		sim.faults.clear();
		sim.faults.add({
			route: '/erp_update/outgoing_consignment',
			kind: '503',
			times: 10,
			retryAfterSeconds: 0,
		});
		moveClock(31 * MINUTE);
		await expect(poll()).rejects.toThrow();
		expect(saved(workflow)).toEqual(ledgerBefore);

		sim.faults.clear();
		expect(ids(await poll())).toEqual([...first, ...more]);
	}, 60_000);

	it('backs off on a rate limit and still delivers', async () => {
		const all = sim.work.createPendingUpdates('move_attempt', 2);
		sim.faults.add({
			route: '/erp_update/move_attempt',
			kind: '429',
			times: 1,
			retryAfterSeconds: 0,
		});
		const { poll } = setup();
		expect(ids(await poll())).toEqual(all);
		expect(sim.stats().statuses['429'] ?? sim.faults.list()[0].fired).toBeGreaterThan(0);
	});

	it('stops reading when the poll budget n8n gives runs short; once the ERP completes those, the next polls carry on', async () => {
		const all = sim.work.createPendingUpdates('outgoing_consignment', 2000);
		const spec = triggerSpec({ maxUpdatesPerPoll: 5000, updateKinds: ['outgoing_consignment'] });
		const workflow = harness.workflow([harness.node(spec)]);
		const node = workflow.getNode(spec.name!)!;
		const type = harness.nodeTypes.getByNameAndVersion(node.type) as INodeType;
		// Every request takes 10 s of the clock: half of a 60 s budget lasts three pages of 500.
		const budgeted = () =>
			tenSecondsPerRequest(
				new PollContext(
					workflow,
					node,
					harness.additionalData(),
					'trigger',
					'activate',
					undefined,
					undefined,
					undefined,
					undefined,
					undefined,
					() => 60_000,
				),
			);
		const delivered: string[] = [];
		const sizes: number[] = [];
		for (
			let emitted = await type.poll!.call(budgeted());
			emitted;
			emitted = await type.poll!.call(budgeted())
		) {
			sizes.push(emitted[0].length);
			delivered.push(...ids(emitted));
			const done = await harness.run(
				{ type: 'wmsErpUpdate', parameters: { resource: 'update', operation: 'setComplete' } },
				emitted[0].map((item) => item.json),
			);
			expect(done.error).toBeUndefined();
		}
		expect(sizes).toEqual([1500, 500]);
		expect(delivered).toEqual(all);
		expect(pendingIds()).toEqual([]);
	});
});

function tenSecondsPerRequest(context: PollContext): PollContext {
	const helpers = context.helpers as {
		httpRequestWithAuthentication: (...args: unknown[]) => Promise<unknown>;
	};
	const request = helpers.httpRequestWithAuthentication;
	helpers.httpRequestWithAuthentication = async function (this: unknown, ...args: unknown[]) {
		moveClock(10_000);
		return await request.apply(this, args);
	};
	return context;
}
