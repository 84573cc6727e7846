/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * A model-based test of the WMS ERP Update Trigger (fast-check): random sequences of polls, some
 * overlapping (start one, hold it after it read, start others, let them go in any order), ERP
 * completions and errors, workflow runs that fail, restarts with and without the last save, clock
 * jumps both ways and platform outages — on platforms that list updates in any order (oldest or
 * newest first, scrambled) and page size, give ids as numbers, list some updates without an id,
 * or keep listing updates another process completed (set_complete answers 409). The real trigger runs in real n8n-core's poll executor
 * (triggerHost.ts, both ways n8n keeps static data) against the real simulator over HTTP. After
 * every step the record of what happened is checked against what the trigger promises:
 * - nothing lost: a poll that read a pending update emits it, unless it was emitted less than one
 *   window before by the clock (an emit time ahead of the clock counting as the clock of the first
 *   poll after; across a restart, one window plus however far the clock went back), or the ledger
 *   could not take it (more pending than its capacity), or, acknowledging, the platform refused or
 *   turned away set_complete;
 * - nothing doubled: two deliveries of an update (executions that ran) are a window apart, less
 *   however far the clock jumped forward between them;
 * - acknowledging, nothing marked complete that was not emitted, nothing emitted that the
 *   platform refused to mark complete (a stale update), and no poll fails for a stale update;
 * - an update listed without an id is never emitted, and n8n's log says so; a stale one too;
 * - the ledger never holds more than its capacity.
 * A restart "without the last save" loses the last save and the execution that went with it (so an
 * emit whose execution was lost is not a delivery): with durable cursors n8n commits both in one
 * transaction; on its usual path it saves static data as it starts the execution.
 *
 * Seeded; TRIGGER_MODEL_SEED / TRIGGER_MODEL_RUNS override. A failure prints seed, path and the
 * shrunk command list: make it a plain test in triggerTiming.test.ts.
 */
import { Container } from '@n8n/di';
import fc from 'fast-check';
import { TriggersAndPollers } from 'n8n-core';
import * as workflowModule from 'n8n-workflow';

import { storedLedger } from '../../nodes/WmsErpUpdateTrigger/ledger';
import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { capturedLogs } from '../support/leaks';
import {
	moveClock,
	onlyDateFaked,
	PollHost,
	type Request,
	type SaveMode,
	type Tick,
} from '../support/triggerHost';

const MINUTE = 60_000;
const WINDOW = 30 * MINUTE;
const CAPACITY = 6;
const MOST_UPDATES = 12;
const READ = '/erp_update/outgoing_consignment';
const ACK = '/erp_update/set_complete';
const SEED = Number(process.env.TRIGGER_MODEL_SEED ?? 1_211_2026);
const RUNS = Number(process.env.TRIGGER_MODEL_RUNS ?? 120);

interface Emission {
	id: string;
	tick: number;
	/** Host event order (see triggerHost.ts), and the real time and clock when it happened. */
	seq: number;
	real: number;
	clock: number;
}

/** What the test knows beside the system: real time (never jumps), clock jumps, who touched what. */
class Model {
	real = 0;
	/** Clock jumps, each after the host event it followed. */
	readonly jumps: Array<{ afterSeq: number; by: number }> = [];
	created = 0;
	/** Updates the ERP marked (complete or error), by hand or in a workflow run. */
	readonly erpMarked = new Set<string>();
	readonly emissions: Emission[] = [];
	/** Updates a poll held back because set_complete refused them: the ledger holds them as it holds emitted ones. */
	readonly heldBack: Emission[] = [];
	/** The clock (Date) the system sees: real time plus every jump. */
	clock = 0;
	/** Real time and clock of each host event seen (request answers, poll ends). */
	readonly realOf = new Map<number, number>();
	readonly clockOf = new Map<number, number>();
	/** Host event after which n8n restarted. */
	readonly restarts: number[] = [];
	readonly checked = new Set<number>();
	ran = 0;
	executions = 0;
	live = 0;
	held = 0;
	pending = 0;
	outages = 0;
	/** Updates the platform lists without an id, now. */
	readonly withoutId = new Set<string>();
	/** Updates another process completed while the list still shows them pending: host event from which on. */
	readonly stale = new Map<string, number>();
	/** Where this run's log lines begin. */
	readonly logsFrom = capturedLogs.length;

	constructor(
		readonly mode: SaveMode,
		readonly acknowledge: boolean,
		readonly dialect: Dialect,
	) {}

	/** How far the clock jumped (forward or back) between two host events. */
	jumped(fromSeq: number, toSeq: number, direction: 1 | -1): number {
		return this.jumps
			.filter(
				(jump) =>
					jump.afterSeq >= fromSeq && jump.afterSeq < toSeq && Math.sign(jump.by) === direction,
			)
			.reduce((sum, jump) => sum + Math.abs(jump.by), 0);
	}
}

interface Real {
	sim: RunningSimulator;
	host: PollHost;
}

/** How the platform lists updates, where the contract does not bind it. */
interface Dialect {
	order: 'created' | 'newest' | 'scrambled';
	pageSize?: number;
	numericIds: boolean;
	maxPerPoll: number;
}

type Command = fc.AsyncCommand<Model, Real>;

const pendingIds = (sim: RunningSimulator) =>
	sim.store
		.list('erp_update')
		.filter((update) => update.status === 'pending')
		.map((update) => String(update.id));
const ledgerSize = (data: Record<string, unknown>) =>
	(storedLedger(data as never)?.emitted ?? []).reduce((sum, group) => sum + group.ids.length, 0);

/** Records what happened in the last command at the model's real time, then checks every promise. */
function observeAndCheck(model: Model, { sim, host }: Real): void {
	for (const tick of host.ticks) {
		for (const seq of [
			...tick.requests.flatMap((request) => [request.seq, request.continuedSeq]),
			tick.endSeq,
		]) {
			if (seq === undefined || model.realOf.has(seq)) continue;
			model.realOf.set(seq, model.real);
			model.clockOf.set(seq, model.clock);
		}
		if (tick.endSeq !== undefined && !model.checked.has(tick.id)) {
			const at = { tick: tick.id, seq: tick.endSeq, real: model.real, clock: model.clock };
			for (const id of tick.emitted ?? []) model.emissions.push({ id, ...at });
			// Refused by set_complete (a 4xx): held back like an emitted update, for the window.
			if (!tick.error)
				for (const id of refusedIn(tick))
					if (!tick.emitted?.includes(id)) model.heldBack.push({ id, ...at });
		}
	}
	for (const tick of host.ticks)
		if (tick.state === 'done' && !model.checked.has(tick.id)) checkPoll(model, host, tick);
	checkDeliveries(model, host);
	checkAcknowledged(model, sim, host);
	expect(Math.max(ledgerSize(host.nodeData), ledgerSize(host.savedNodeData))).toBeLessThanOrEqual(
		CAPACITY,
	);
	model.live = host.live.length;
	model.held = host.live.filter((tick) => tick.release).length;
	model.pending = pendingIds(sim).length;
	model.executions = host.executions.length;
}

/** Nothing lost: a poll emits every pending update it read, unless one of the excuses holds. */
function checkPoll(model: Model, host: PollHost, tick: Tick): void {
	model.checked.add(tick.id);
	const emitted = tick.emitted ?? [];
	expect({ tick: tick.id, doubled: emitted.length !== new Set(emitted).size }).toEqual({
		tick: tick.id,
		doubled: false,
	});
	const reads = tick.requests.filter((request) => request.route === READ && request.status === 200);
	checkStale(model, tick);
	if (tick.error || reads.length === 0) {
		expect({ tick: tick.id, emittedWithoutReading: emitted }).toEqual({
			tick: tick.id,
			emittedWithoutReading: [],
		});
		return;
	}
	// Each id as the page it was read on, judged when the poll went on with that page.
	const pageOf = new Map<string, (typeof reads)[number]>();
	for (const read of reads) for (const id of read.ids) if (!pageOf.has(id)) pageOf.set(id, read);
	expect({
		tick: tick.id,
		notPendingWhenRead: emitted.filter((id) => !pageOf.has(id)),
	}).toEqual({ tick: tick.id, notPendingWhenRead: [] });
	checkReported(model, tick, reads);
	// Chosen this poll: what it emitted, or acknowledging, what it asked set_complete for first.
	const chosen = tick.requests.find((request) => request.route === ACK)?.ids.length ?? 0;
	if (pageOf.size > CAPACITY || Math.max(emitted.length, chosen) >= model.dialect.maxPerPoll)
		return;
	// The ledger could take no new update: it is full once the poll ended.
	const ledgerFull =
		Math.max(ledgerSize(host.nodeData), ledgerSize(host.savedNodeData)) >= CAPACITY;
	// Acknowledging: updates whose last set_complete attempt the platform refused (4xx) or turned away (503).
	const refused = refusedIn(tick, true);
	const lost = [...pageOf].flatMap(([id, read]) => {
		if (emitted.includes(id) || refused.has(id)) return [];
		const judgedSeq = read.continuedSeq!;
		const before = [...model.emissions, ...model.heldBack]
			.filter((emission) => emission.id === id && emission.seq < judgedSeq)
			.sort((a, b) => a.seq - b.seq);
		const last = before[before.length - 1];
		if (last && mayStillHold(model, host, last, judgedSeq, model.realOf.get(judgedSeq)!)) return [];
		if (!last && ledgerFull) return [];
		// Emitted by another poll while this one was between its read and its end.
		const byOther = model.emissions.some(
			(emission) =>
				emission.id === id &&
				emission.tick !== tick.id &&
				emission.seq > reads[0].seq &&
				emission.seq < tick.endSeq!,
		);
		return byOther ? [] : [id];
	});
	expect({ tick: tick.id, lost }).toEqual({ tick: tick.id, lost: [] });
}

/** Updates whose last set_complete attempt in this poll the platform refused (4xx), or also turned away (503). */
function refusedIn(tick: Tick, orTurnedAway = false): Set<string> {
	const lastAck = new Map<string, number | undefined>();
	for (const request of tick.requests)
		if (request.route === ACK) for (const id of request.ids) lastAck.set(id, request.status);
	return new Set(
		[...lastAck]
			.filter(
				([, status]) =>
					status !== undefined &&
					((status >= 400 && status < 500) || (orTurnedAway && status === 503)),
			)
			.map(([id]) => id),
	);
}

/**
 * Acknowledging: an update another process completed (set_complete answers 409 while the list
 * still shows it) is never emitted once it is, and it never makes a poll fail.
 */
function checkStale(model: Model, tick: Tick): void {
	if (!model.acknowledge) return;
	const staleAtStart = [...model.stale].filter(([, seq]) => seq < (tick.requests[0]?.seq ?? 0));
	expect({
		tick: tick.id,
		emittedThoughStale: (tick.emitted ?? []).filter((id) =>
			staleAtStart.some(([stale]) => stale === id),
		),
	}).toEqual({ tick: tick.id, emittedThoughStale: [] });
	const onlyStaleRefused =
		tick.requests.some((request) => request.route === ACK && request.status === 409) &&
		tick.requests.every(
			(request) =>
				request.status === 200 ||
				(request.route === ACK &&
					request.status === 409 &&
					request.ids.some((id) => model.stale.has(id))),
		);
	expect({ tick: tick.id, failedForStale: Boolean(tick.error) && onlyStaleRefused }).toEqual({
		tick: tick.id,
		failedForStale: false,
	});
}

/** An update read without an id, or refused as stale, is named in n8n's log (once per process). */
function checkReported(model: Model, tick: Tick, reads: Request[]): void {
	const logs = capturedLogs.slice(model.logsFrom).join('\n');
	if (reads.some((read) => (read.withoutId ?? 0) > 0))
		expect({ tick: tick.id, reported: /listed without an id were not emitted/.test(logs) }).toEqual(
			{
				tick: tick.id,
				reported: true,
			},
		);
	for (const request of tick.requests) {
		if (request.route !== ACK || request.status !== 409) continue;
		const named = /refused to mark \d+ pending updates complete/.test(logs);
		expect({ tick: tick.id, staleReported: named }).toEqual({ tick: tick.id, staleReported: true });
	}
}

/**
 * Whether the ledger may still hold an update last emitted at `last` when a poll judges it at `readSeq`.
 * Its emit time is the clock then, lowered to the clock of each poll since that loaded and saved
 * the ledger while the clock was behind it (the reading poll too). Across a restart
 * such a lowering may be lost: then the hold may last one window plus however far the clock went
 * back (less forward jumps) in real time.
 */
function mayStillHold(
	model: Model,
	host: PollHost,
	last: Emission,
	readSeq: number,
	readAt: number,
): boolean {
	if (model.restarts.some((seq) => seq >= last.seq && seq < readSeq)) {
		return (
			readAt - last.real + model.jumped(last.seq, readSeq, 1) <
			WINDOW + model.jumped(last.seq, readSeq, -1)
		);
	}
	// A poll loads the ledger just before its first request, and the clock stands still until that is answered.
	const loads = host.ticks
		.filter((tick) => !tick.error && tick.endSeq !== undefined && tick.requests.length > 0)
		.map((tick) => tick.requests[0].seq)
		.filter((seq) => seq > last.seq && seq <= readSeq)
		.map((seq) => model.clockOf.get(seq)!);
	const at = Math.min(last.clock, ...loads);
	return model.clockOf.get(readSeq)! - at < WINDOW;
}

/** Nothing doubled: deliveries (executions not lost) of one update are a window apart, less forward jumps. */
function checkDeliveries(model: Model, host: PollHost): void {
	const delivered = new Set(
		host.executions.filter((execution) => !execution.lost).map((execution) => execution.tick),
	);
	const byId = new Map<string, Emission[]>();
	for (const emission of model.emissions)
		if (delivered.has(emission.tick))
			byId.set(emission.id, [...(byId.get(emission.id) ?? []), emission]);
	for (const [id, deliveries] of byId) {
		for (let k = 1; k < deliveries.length; k++) {
			const [first, second] = [deliveries[k - 1], deliveries[k]];
			const apart = second.real - first.real + model.jumped(first.seq, second.seq, 1);
			expect({ id, doubledWithin: apart < WINDOW ? `${apart / MINUTE} min` : 'no' }).toEqual({
				id,
				doubledWithin: 'no',
			});
		}
	}
}

/** Nothing marked complete by the trigger that it did not emit (once the poll that marked it ended). */
function checkAcknowledged(model: Model, sim: RunningSimulator, host: PollHost): void {
	const inFlight = new Set(
		host.live.flatMap((tick) =>
			tick.requests.filter((request) => request.route === ACK).flatMap((request) => request.ids),
		),
	);
	const emitted = new Set(model.emissions.map((emission) => emission.id));
	const completedUnseen = sim.store
		.list('erp_update')
		.filter(
			(update) =>
				update.status === 'complete' &&
				!model.erpMarked.has(String(update.id)) &&
				!inFlight.has(String(update.id)) &&
				!emitted.has(String(update.id)),
		)
		.map((update) => update.id);
	expect({ completedButNeverEmitted: completedUnseen }).toEqual({ completedButNeverEmitted: [] });
}

const command = (
	name: string,
	check: (m: Readonly<Model>) => boolean,
	run: (m: Model, r: Real) => Promise<void> | void,
): Command => ({
	check,
	async run(m, r) {
		await run(m, r);
		observeAndCheck(m, r);
	},
	toString: () => name,
});

const commandList = [
	fc.integer({ min: 1, max: 3 }).map((n) =>
		command(
			`create ${n}`,
			(m) => m.created + n <= MOST_UPDATES,
			(m, { sim }) => {
				sim.work.createPendingUpdates('outgoing_consignment', n);
				m.created += n;
			},
		),
	),
	fc.constant(
		command(
			'start poll',
			(m) => m.live < 3,
			async (_, { host }) => void (await host.start()),
		),
	),
	fc.constant(
		command(
			'start poll, run it to its end',
			(m) => m.live < 3,
			async (_, { host }) => {
				const tick = await host.start();
				while (tick.state !== 'done') await host.step(host.live.find((held) => held.release)!);
			},
		),
	),
	fc.nat(2).map((i) =>
		command(
			`let held poll #${i} go on`,
			(m) => m.held > 0,
			async (_, { host }) => {
				const held = host.live.filter((tick) => tick.release);
				await host.step(held[i % held.length]);
			},
		),
	),
	fc.constantFrom(1, 5, 15, 29, 31, 45).map((minutes) =>
		command(
			`${minutes} min pass`,
			() => true,
			(m) => {
				m.real += minutes * MINUTE;
				m.clock += minutes * MINUTE;
				moveClock(minutes * MINUTE);
			},
		),
	),
	fc.constantFrom(-90, -90, -31, -5, 5, 31).map((minutes) =>
		command(
			`clock jumps ${minutes} min`,
			() => true,
			(m, { host }) => {
				m.jumps.push({ afterSeq: host.lastSeq, by: minutes * MINUTE });
				m.clock += minutes * MINUTE;
				moveClock(minutes * MINUTE);
			},
		),
	),
	fc.tuple(fc.nat(11), fc.constantFrom('complete', 'error')).map(([i, to]) =>
		command(
			`ERP marks pending #${i} ${to}`,
			(m) => m.pending > 0,
			(m, { sim }) => {
				const pending = pendingIds(sim);
				const id = pending[i % pending.length];
				sim.work.transition('erp_update', id, to);
				m.erpMarked.add(id);
			},
		),
	),
	fc.boolean().map((succeeds) =>
		command(
			succeeds ? 'next workflow run completes its updates' : 'next workflow run fails',
			(m) => m.ran < m.executions,
			(m, { sim, host }) => {
				const execution = host.executions.slice(m.ran).find((candidate) => !candidate.lost);
				m.ran = execution ? host.executions.indexOf(execution) + 1 : host.executions.length;
				if (!execution || !succeeds) return;
				for (const id of execution.ids) {
					if (sim.store.get('erp_update', id)?.status === 'complete') continue;
					sim.work.transition('erp_update', id, 'complete');
					m.erpMarked.add(id);
				}
			},
		),
	),
	fc
		.tuple(
			fc.constantFrom(READ, ACK, ACK),
			fc.constantFrom('503', '429', 'reset_before', 'reset_after', 'reset_after', '401'),
			fc.constantFrom(1, 2, 5, 6),
		)
		.map(([route, kind, times]) =>
			command(
				`platform: ${kind} x${times} on ${route}`,
				(m) => m.outages < 2,
				(m, { sim }) => {
					sim.faults.add({ route, kind, times, retryAfterSeconds: 0 });
					m.outages++;
				},
			),
		),
	fc.tuple(fc.nat(11), fc.boolean()).map(([i, without]) =>
		command(
			without ? `platform lists pending #${i} without its id` : `platform gives #${i} its id back`,
			(m) => (without ? m.pending > 0 : m.withoutId.size > 0),
			(m, { sim }) => {
				const ids = without ? pendingIds(sim) : [...m.withoutId];
				const id = ids[i % ids.length];
				if (without) sim.erpUpdateListing.withoutId.add(id);
				else sim.erpUpdateListing.withoutId.delete(id);
				if (without) m.withoutId.add(id);
				else m.withoutId.delete(id);
			},
		),
	),
	fc.nat(11).map((i) =>
		command(
			`another process completes pending #${i}, the list still shows it`,
			(m) => m.pending > 0 && m.stale.size < 3,
			(m, { sim, host }) => {
				const pending = pendingIds(sim).filter((id) => !m.stale.has(id));
				if (pending.length === 0) return;
				const id = pending[i % pending.length];
				sim.erpUpdateListing.stale.add(id);
				m.stale.set(id, host.lastSeq);
			},
		),
	),
	fc.constant(
		command(
			'platform heals',
			(m) => m.outages > 0,
			(m, { sim }) => {
				sim.faults.clear();
				m.outages = 0;
			},
		),
	),
	// A save can only be lost with its execution if that execution has not run yet.
	fc.boolean().map((lastSaveLost) =>
		command(
			lastSaveLost ? 'n8n restarts, last save lost' : 'n8n restarts',
			(m) => m.live === 0 && (!lastSaveLost || m.ran < m.executions || m.executions === 0),
			(m, { host }) => {
				m.restarts.push(host.lastSeq);
				host.restart({ lastSaveLost });
			},
		),
	),
];
/** Polls and their steps come up more often than the rest. */
const [
	create,
	start,
	startAndRun,
	step,
	pass,
	jump,
	erp,
	workflowRun,
	outage,
	withoutId,
	stale,
	heal,
	restart,
] = commandList;
const commands = [
	create,
	create,
	start,
	start,
	startAndRun,
	startAndRun,
	step,
	step,
	step,
	step,
	pass,
	pass,
	jump,
	erp,
	workflowRun,
	workflowRun,
	outage,
	withoutId,
	stale,
	heal,
	restart,
];

/** Half the runs keep the contract's listing; the others list as a platform may where it is silent. */
const dialects: fc.Arbitrary<Dialect> = fc.oneof(
	fc.record({
		order: fc.constant<Dialect['order']>('created'),
		pageSize: fc.constant(undefined),
		numericIds: fc.constant(false),
		maxPerPoll: fc.constant(500),
	}),
	fc.record({
		order: fc.constantFrom<Dialect['order']>('created', 'newest', 'newest', 'scrambled'),
		pageSize: fc.constantFrom(undefined, 1, 2, 5),
		numericIds: fc.boolean(),
		maxPerPoll: fc.constantFrom(500, 3, 2),
	}),
);

/** What the runs went through, so the property is known not to hold vacuously. */
const seen = {
	overlappedPolls: 0,
	polls: 0,
	failedPolls: 0,
	pollsThatReturnedAtOnce: 0,
	executions: 0,
	lostExecutions: 0,
	redeliveries: 0,
	emittedThoughMaybeNotAcknowledged: 0,
	readsOfSeveralPages: 0,
	pollsThatStoppedReadingEarly: 0,
	updatesListedWithoutId: 0,
	staleUpdatesRefused: 0,
	runsWithNumericIds: 0,
	runsNewestFirst: 0,
	runsScrambled: 0,
};

function tally(host: PollHost, dialect: Dialect): void {
	const reads = (tick: Tick) =>
		tick.requests.filter((request) => request.route === READ && request.status === 200);
	seen.readsOfSeveralPages += host.ticks.filter((tick) => reads(tick).length > 1).length;
	seen.pollsThatStoppedReadingEarly += host.ticks.filter(
		(tick) =>
			tick.state === 'done' &&
			!tick.error &&
			reads(tick).some((read) => read.more) &&
			!reads(tick).some((read) => !read.more),
	).length;
	seen.updatesListedWithoutId += host.ticks
		.flatMap(reads)
		.reduce((sum, read) => sum + (read.withoutId ?? 0), 0);
	seen.staleUpdatesRefused += host.ticks
		.flatMap((tick) => tick.requests)
		.filter((request) => request.route === ACK && request.status === 409).length;
	if (host.ticks.length > 0) {
		seen.runsWithNumericIds += dialect.numericIds ? 1 : 0;
		seen.runsNewestFirst += dialect.order === 'newest' ? 1 : 0;
		seen.runsScrambled += dialect.order === 'scrambled' ? 1 : 0;
	}
	seen.polls += host.ticks.length;
	seen.failedPolls += host.ticks.filter((tick) => tick.error).length;
	seen.pollsThatReturnedAtOnce += host.ticks.filter(
		(tick) => tick.state === 'done' && !tick.error && tick.requests.length === 0,
	).length;
	seen.executions += host.executions.length;
	seen.lostExecutions += host.executions.filter((execution) => execution.lost).length;
	const delivered = host.executions
		.filter((execution) => !execution.lost)
		.flatMap((execution) => execution.ids);
	seen.redeliveries += delivered.length - new Set(delivered).size;
	seen.emittedThoughMaybeNotAcknowledged += host.ticks
		.filter(
			(tick) =>
				tick.emitted &&
				tick.requests.some((request) => request.route === ACK && request.status === undefined),
		)
		.flatMap((tick) => tick.emitted!).length;
}

describe('WMS ERP Update Trigger against a model (fast-check)', () => {
	beforeEach(() => {
		onlyDateFaked(Date.parse('2026-11-21T08:00:00.000Z'));
		// The transport's backoff waits are not slept: time is the model's here.
		jest.spyOn(workflowModule, 'sleep').mockResolvedValue(undefined);
	});
	afterEach(() => {
		jest.restoreAllMocks();
		jest.useRealTimers();
	});

	const countOverlapped = (tick: { overlapped: boolean }) =>
		void (tick.overlapped && seen.overlappedPolls++);
	beforeAll(() =>
		Container.get(TriggersAndPollers).events.on('poll-tick-completed', countOverlapped),
	);
	afterAll(() =>
		Container.get(TriggersAndPollers).events.off('poll-tick-completed', countOverlapped),
	);

	it('loses no pending update, doubles none inside its window, acknowledges only what it emitted, and keeps its ledger within capacity', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom<SaveMode>('shared', 'copies'),
				fc.boolean(),
				dialects,
				fc.commands(commands, { maxCommands: 60, size: 'max' }),
				async (mode, acknowledge, dialect, steps) => {
					const sim = await startSimulator();
					sim.erpUpdateListing.order = dialect.order;
					sim.erpUpdateListing.pageSize = dialect.pageSize;
					const host = new PollHost(sim, {
						mode,
						parameters: {
							updateKinds: ['outgoing_consignment'],
							redeliverAfterMinutes: WINDOW / MINUTE,
							maxUpdatesPerPoll: dialect.maxPerPoll,
							options: { acknowledgeOnEmit: acknowledge },
						},
						trigger: { ledgerCapacity: CAPACITY },
						hold: true,
						numericIds: dialect.numericIds,
					});
					try {
						const model = new Model(mode, acknowledge, dialect);
						model.clock = Date.now();
						await fc.asyncModelRun(() => ({ model, real: { sim, host } }), steps);
					} finally {
						tally(host, dialect);
						await host.stop();
						await sim.close();
					}
				},
			),
			{ seed: SEED, numRuns: RUNS },
		);
		for (const [what, count] of Object.entries(seen))
			expect({ what, happened: count > 0 }).toEqual({ what, happened: true });
	}, 120_000);
});
