/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The WMS ERP Update Trigger under n8n's real poll timing (triggerHost.ts: real n8n-core poll
 * executor, static data shared or in per-poll copies as with durable cursors) against the
 * simulator. Most cases are counterexamples the model-based test (triggerModel.test.ts) shrank
 * to, kept as plain tests; the rest pin down restarts and clock jumps.
 */
import { Container } from '@n8n/di';
import { TriggersAndPollers } from 'n8n-core';
import * as workflowModule from 'n8n-workflow';

import { storedLedger } from '../../nodes/WmsErpUpdateTrigger/ledger';
import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { moveClock, onlyDateFaked, PollHost, type SaveMode } from '../support/triggerHost';

const MINUTE = 60_000;
const READ = '/erp_update/outgoing_consignment';
const ACK = '/erp_update/set_complete';

describe('WMS ERP Update Trigger under n8n poll timing', () => {
	let sim: RunningSimulator;
	let hosts: PollHost[];

	beforeEach(async () => {
		onlyDateFaked(Date.parse('2026-11-21T08:00:00.000Z'));
		jest.spyOn(workflowModule, 'sleep').mockResolvedValue(undefined);
		sim = await startSimulator();
		hosts = [];
	});
	afterEach(async () => {
		for (const host of hosts) await host.stop();
		jest.restoreAllMocks();
		jest.useRealTimers();
		await sim.close();
	});

	function trigger(
		mode: SaveMode,
		{
			acknowledge = false,
			ledgerCapacity,
		}: { acknowledge?: boolean; ledgerCapacity?: number } = {},
	) {
		const host = new PollHost(sim, {
			mode,
			parameters: {
				updateKinds: ['outgoing_consignment'],
				redeliverAfterMinutes: 30,
				options: { acknowledgeOnEmit: acknowledge },
			},
			trigger: { ledgerCapacity },
			hold: true,
		});
		hosts.push(host);
		return host;
	}
	/** Every update each execution n8n started (and did not lose) got, in order. */
	const delivered = (host: PollHost) =>
		host.executions.filter((execution) => !execution.lost).flatMap((execution) => execution.ids);
	const statusOf = (id: string) => sim.store.get('erp_update', id)?.status;
	const ledgerIds = (data: Record<string, unknown>) =>
		(storedLedger(data as never)?.emitted ?? []).flatMap((group) => group.ids);

	describe.each<SaveMode>(['shared', 'copies'])('static data %s', (mode) => {
		it('a poll started while another is between its read and its emit does not emit the same updates again', async () => {
			const overlapped: boolean[] = [];
			const listener = (tick: { overlapped: boolean }) => overlapped.push(tick.overlapped);
			Container.get(TriggersAndPollers).events.on('poll-tick-completed', listener);
			try {
				const host = trigger(mode);
				const ids = sim.work.createPendingUpdates('outgoing_consignment', 3);
				const first = await host.start();
				expect(first.requests.map((request) => request.ids)).toEqual([ids]);
				const second = await host.start();
				expect(second.requests).toEqual([]);
				await host.step(first);
				expect(first.emitted).toEqual(ids);
				// The second poll reads only now, and finds all three held.
				expect(second.requests.map((request) => request.ids)).toEqual([ids]);
				await host.step(second);
				expect(second.emitted).toBeUndefined();
				expect(delivered(host)).toEqual(ids);
				expect(overlapped).toEqual([false, true]);
			} finally {
				Container.get(TriggersAndPollers).events.off('poll-tick-completed', listener);
			}
		});

		it('a third poll started while one runs and one waits returns at once; the waiting one brings what came meanwhile', async () => {
			const host = trigger(mode);
			const early = sim.work.createPendingUpdates('outgoing_consignment', 2);
			const first = await host.start();
			const late = sim.work.createPendingUpdates('outgoing_consignment', 2);
			const second = await host.start();
			const third = await host.start();
			expect(third).toMatchObject({ state: 'done', requests: [] });
			expect(third.emitted).toBeUndefined();
			await host.step(first);
			await host.step(second);
			expect([first.emitted, second.emitted]).toEqual([early, late]);
		});

		it('n8n restarts with the last save: nothing comes again inside the window, and it comes once after it', async () => {
			const host = trigger(mode);
			const ids = sim.work.createPendingUpdates('outgoing_consignment', 2);
			await host.poll();
			host.restart({ lastSaveLost: false });
			moveClock(29 * MINUTE);
			expect((await host.poll()).emitted).toBeUndefined();
			moveClock(MINUTE);
			expect((await host.poll()).emitted).toEqual(ids);
			expect((await host.poll()).emitted).toBeUndefined();
		});

		it('n8n restarts without the last save: the execution went with it, so the update comes at the first poll after (a first delivery)', async () => {
			const host = trigger(mode);
			const ids = sim.work.createPendingUpdates('outgoing_consignment', 2);
			await host.poll();
			host.restart({ lastSaveLost: true });
			expect(host.executions).toEqual([expect.objectContaining({ ids, lost: true })]);
			expect(ledgerIds(host.savedNodeData)).toEqual([]);
			expect((await host.poll()).emitted).toEqual(ids);
			expect(delivered(host)).toEqual(ids);
			moveClock(29 * MINUTE);
			expect((await host.poll()).emitted).toBeUndefined();
		});
	});

	describe('counterexamples the model-based test shrank to', () => {
		it('copies: a read retried after a 503 finds an update created meanwhile; the poll that waited its turn, its copy taken before that emit was committed, does not emit it again', async () => {
			const host = trigger('copies');
			sim.faults.add({ route: READ, kind: '503', times: 1, retryAfterSeconds: 0 });
			const first = await host.start();
			const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
			const second = await host.start();
			while (second.state !== 'done') await host.step(host.live.find((tick) => tick.release)!);
			expect([first.emitted, second.emitted]).toEqual([[id], undefined]);
		});

		it('the window counts from the emit, not from the start of the poll that emitted (clock jumped forward meanwhile)', async () => {
			const host = trigger('shared');
			const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
			const first = await host.start();
			moveClock(31 * MINUTE);
			const second = await host.start();
			await host.step(first);
			await host.step(second);
			expect([first.emitted, second.emitted]).toEqual([[id], undefined]);
		});

		it('the clock went back 90 minutes: the update is held one window from the first poll after, not until the clock catches up', async () => {
			const host = trigger('shared');
			const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
			expect((await host.poll()).emitted).toEqual([id]);
			moveClock(-90 * MINUTE);
			expect((await host.poll()).emitted).toBeUndefined();
			moveClock(29 * MINUTE);
			expect((await host.poll()).emitted).toBeUndefined();
			moveClock(MINUTE);
			expect((await host.poll()).emitted).toEqual([id]);
		});

		it('a poll whose first read was turned away (503) and that read again after 31 minutes judges the window when the page came', async () => {
			const host = trigger('shared');
			const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
			expect((await host.poll()).emitted).toEqual([id]);
			sim.faults.add({ route: READ, kind: '503', times: 1, retryAfterSeconds: 0 });
			const retrying = await host.start();
			expect(retrying.requests.map((request) => request.status)).toEqual([503]);
			moveClock(31 * MINUTE);
			while (retrying.state !== 'done') await host.step(retrying);
			expect(retrying.emitted).toEqual([id]);
		});

		it('Acknowledge on Emit: set_complete stored but its answer lost, and the retry answered 401 — emitted (it may be complete)', async () => {
			const host = trigger('shared', { acknowledge: true });
			const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
			sim.faults.add({ route: ACK, kind: 'reset_after', times: 1 });
			const tick = await host.start();
			await host.step(tick);
			expect(tick.requests.map((request) => [request.route, request.status])).toEqual([
				[READ, 200],
				[ACK, undefined],
			]);
			sim.faults.add({ route: ACK, kind: '401', times: 5 });
			while (tick.state !== 'done') await host.step(tick);
			expect(tick.requests.at(-1)).toMatchObject({ route: ACK, status: 401 });
			expect(statusOf(id)).toBe('complete');
			expect(tick.emitted).toEqual([id]);
		});

		it('Acknowledge on Emit: set_complete stored at an early try whose answer was lost, the last try turned away (503) — emitted', async () => {
			const host = trigger('shared', { acknowledge: true });
			const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
			sim.faults.add({ route: ACK, kind: 'reset_after', times: 4 });
			sim.faults.add({ route: ACK, kind: '503', times: 1, retryAfterSeconds: 0 });
			const tick = await host.poll();
			expect(tick.requests.at(-1)).toMatchObject({ route: ACK, status: 503 });
			expect(statusOf(id)).toBe('complete');
			expect(tick.emitted).toEqual([id]);
		});

		it('a full ledger holds new updates back (backpressure), never grows past its capacity, and lets them go as the ERP completes', async () => {
			const host = trigger('shared', { ledgerCapacity: 6 });
			const ids = sim.work.createPendingUpdates('outgoing_consignment', 7);
			expect((await host.poll()).emitted).toEqual(ids.slice(0, 6));
			expect(ledgerIds(host.nodeData)).toHaveLength(6);
			moveClock(31 * MINUTE);
			expect((await host.poll()).emitted).toEqual(ids.slice(0, 6));
			sim.work.transition('erp_update', ids[0], 'complete');
			expect((await host.poll()).emitted).toEqual([ids[6]]);
			expect(ledgerIds(host.nodeData).sort()).toEqual(ids.slice(1).sort());
		});

		it('Acknowledge on Emit: set_complete stored but every answer lost (retries spent) — emitted, held, never emitted twice', async () => {
			const host = trigger('shared', { acknowledge: true });
			const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
			sim.faults.add({ route: ACK, kind: 'reset_after', times: 6 });
			const tick = await host.poll();
			expect(statusOf(id)).toBe('complete');
			expect(tick.emitted).toEqual([id]);
			expect(tick.requests.filter((request) => request.route === ACK).length).toBeGreaterThan(1);
			expect(ledgerIds(host.nodeData)).toEqual([id]);
			sim.faults.clear();
			expect((await host.poll()).emitted).toBeUndefined();
			expect(ledgerIds(host.nodeData)).toEqual([]);
		});

		it('Acknowledge on Emit: connection reset before the platform took set_complete (retries spent) — emitted once and held, though still pending', async () => {
			const host = trigger('shared', { acknowledge: true });
			sim.faults.add({ route: ACK, kind: 'reset_before', times: 6 });
			const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
			const first = await host.start();
			const second = await host.start();
			while (second.state !== 'done') await host.step(host.live.find((tick) => tick.release)!);
			expect([first.emitted, second.emitted]).toEqual([[id], undefined]);
			expect(statusOf(id)).toBe('pending');
			sim.faults.clear();
			moveClock(30 * MINUTE);
			expect((await host.poll()).emitted).toEqual([id]);
			expect(statusOf(id)).toBe('complete');
		});
	});

	it('Acknowledge on Emit: a platform that refuses set_complete (503) gets nothing emitted; the next poll delivers and completes', async () => {
		const host = trigger('copies', { acknowledge: true });
		const ids = sim.work.createPendingUpdates('outgoing_consignment', 2);
		sim.faults.add({ route: ACK, kind: '503', times: 5, retryAfterSeconds: 0 });
		const refused = await host.poll();
		expect(refused.error?.message).toMatch(/Could not acknowledge/);
		expect(refused.emitted).toBeUndefined();
		expect(ids.map(statusOf)).toEqual(['pending', 'pending']);
		expect((await host.poll()).emitted).toEqual(ids);
		expect(ids.map(statusOf)).toEqual(['complete', 'complete']);
	});

	it('the clock jumped forward past the window: redelivered early, never lost', async () => {
		const host = trigger('copies');
		const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
		await host.poll();
		moveClock(2 * 60 * MINUTE);
		expect((await host.poll()).emitted).toEqual([id]);
	});
});
