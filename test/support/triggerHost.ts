/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * n8n's poll path for the ERP update trigger, for tests: real n8n-core (PollContext, and the
 * PollTriggerExecutor that runs each tick, counts overlapped polls, then emits or commits) with
 * the parts the n8n app adds reproduced from n8n-io/n8n packages/cli
 * (workflows/triggers/trigger-execution-context.factory.ts, workflow-static-data.service.ts):
 * - 'shared' (n8n's usual path): one static data object shared by every poll of the activation,
 *   saved when a poll emits, as its execution starts.
 * - 'copies' (durable poll cursors, n8n 2.36+): each poll works on its own copy of the node's
 *   static data, taken when the poll starts; the copy is committed together with the execution
 *   in one transaction, or alone when the poll emitted nothing.
 * A save and its execution are one step here: a restart "without the last save" loses both, as
 * with durable cursors (see `restart`). Every request a poll makes can be held after its answer,
 * so a test decides how polls interleave.
 */
import { Container } from '@n8n/di';
import { PollContext, PollTriggerExecutor } from 'n8n-core';
import type {
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	Workflow,
} from 'n8n-workflow';
import { AsyncLocalStorage } from 'node:async_hooks';
import { isDeepStrictEqual } from 'node:util';

import { WmsErpUpdate } from '../../nodes/WmsErpUpdate/WmsErpUpdate.node';
import {
	WmsErpUpdateTrigger,
	type ErpUpdateTriggerOptions,
} from '../../nodes/WmsErpUpdateTrigger/WmsErpUpdateTrigger.node';
import { describeFailure } from '../../nodes/shared/transport/failure';
import type { RunningSimulator } from '../../dev/simulator';
import { Harness, type NodeUnderTest } from './harness';

/** Fakes Date only (jest's modern timers): timers, ticks and I/O stay real, time moves when a test says. */
export function onlyDateFaked(now: number): void {
	jest.useFakeTimers({
		now,
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'requestAnimationFrame',
			'cancelAnimationFrame',
			'requestIdleCallback',
			'cancelIdleCallback',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
}

export function moveClock(ms: number): void {
	jest.setSystemTime(Date.now() + ms);
}

export type SaveMode = 'shared' | 'copies';

export interface Request {
	/** When it was answered, and when the poll went on with the answer, in the order of everything the host saw. */
	seq: number;
	continuedSeq?: number;
	route: string;
	/** Ids a read answered, or ids a set_complete sent (in the simulator's ids). */
	ids: string[];
	/** Updates a read answered without an id. */
	withoutId?: number;
	/** A read's answer gave a next_cursor (there was more to read). */
	more?: boolean;
	status?: number;
}

export interface Tick {
	id: number;
	state: 'running' | 'parked' | 'done';
	inRequest: boolean;
	requests: Request[];
	emitted?: string[];
	error?: Error;
	/** When it ended, in the order of everything the host saw. */
	endSeq?: number;
	release?: () => void;
}

export interface Execution {
	tick: number;
	ids: string[];
	/** The clock when n8n started it. */
	at: number;
	/** Lost with its save in a restart: it never ran. */
	lost: boolean;
}

interface Saved {
	/** shared: the workflow's whole static data; copies: the node's committed cursor. */
	data: IDataObject;
}

export interface HostOptions {
	mode: SaveMode;
	parameters: IDataObject;
	trigger?: ErpUpdateTriggerOptions;
	/** Hold every poll after each answer until `step` (else polls run straight through). */
	hold?: boolean;
	pollBudgetMs?: number;
	/**
	 * The platform gives update ids as numbers (an auto-increment platform): the simulator's
	 * UPD-000007 is 7 to the trigger, in reads and in set_complete's results, and 7 becomes
	 * UPD-000007 again on its way in. What the host records stays in the simulator's ids.
	 */
	numericIds?: boolean;
}

const toNumber = (id: unknown) =>
	typeof id === 'string' && /^UPD-\d+$/.test(id) ? Number(id.slice(4)) : id;
const toSimulator = (id: unknown) =>
	typeof id === 'number' ? `UPD-${String(id).padStart(6, '0')}` : id;

export const TRIGGER_NAME = 'ERP Update Trigger';

const clone = <T>(value: T): T =>
	value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
const nextTurns = () => new Promise<void>((resolve) => setImmediate(resolve));

export class PollHost {
	readonly ticks: Tick[] = [];
	readonly executions: Execution[] = [];
	/** Every save or commit, with what the database held before it. */
	private readonly history: Array<{ before: Saved; execution?: Execution }> = [];
	private saved: Saved = { data: {} };
	private harness!: Harness;
	private workflow!: Workflow;
	private node!: INode;
	private execute!: () => Promise<void>;
	private readonly tickScope = new AsyncLocalStorage<Tick>();
	private changed!: { promise: Promise<void>; resolve: () => void };
	private activation = 0;
	private seq = 0;
	private holding: boolean;

	constructor(
		private readonly sim: RunningSimulator,
		private readonly options: HostOptions,
	) {
		this.holding = options.hold ?? false;
		this.nextChange();
		this.activate();
	}

	/** The node's static data as the database holds it now. */
	get savedNodeData(): IDataObject {
		const data = clone(this.saved.data);
		return this.options.mode === 'copies'
			? data
			: ((data[`node:${TRIGGER_NAME}`] ?? {}) as IDataObject);
	}

	/** The node's static data as the running process sees it (copies: the committed cursor). */
	get nodeData(): IDataObject {
		if (this.options.mode === 'copies') return this.savedNodeData;
		return clone((this.workflow.staticData[`node:${TRIGGER_NAME}`] ?? {}) as IDataObject);
	}

	/** The order number of the last thing the host saw (request answers, poll ends). */
	get lastSeq(): number {
		return this.seq;
	}

	get live(): Tick[] {
		return this.ticks.filter((tick) => tick.state !== 'done');
	}

	/** n8n's cron fires: a poll starts (beside any still running). Resolves once things settle. */
	async start(): Promise<Tick> {
		const tick: Tick = { id: this.ticks.length, state: 'running', inRequest: false, requests: [] };
		this.ticks.push(tick);
		const run = this.execute;
		void this.tickScope
			.run(tick, run)
			.catch((error: Error) => (tick.error ??= error))
			.finally(() => {
				tick.state = 'done';
				tick.endSeq = ++this.seq;
				this.notify();
			});
		await this.settle();
		return tick;
	}

	/** Lets a held poll go on to its next request's answer, or to its end. */
	async step(tick: Tick): Promise<void> {
		const release = tick.release;
		if (!release) throw new Error(`poll ${tick.id} is not held`);
		tick.release = undefined;
		release();
		await this.settle();
	}

	/** One poll from start to end (polls held on the way are let go). */
	async poll(): Promise<Tick> {
		const tick = await this.start();
		while (tick.state !== 'done') {
			const held = this.live.find((t) => t.release);
			if (!held) throw new Error('no poll can move');
			await this.step(held);
		}
		return tick;
	}

	/** Lets every poll run to its end (the test is over). */
	async stop(): Promise<void> {
		this.holding = false;
		while (this.live.length > 0) {
			for (const tick of this.live) if (tick.release) await this.step(tick);
			await this.settle();
		}
	}

	/**
	 * n8n stops and starts again: a new process (a new node instance: nothing in memory), the
	 * workflow built from what the database holds. Without the last save, the last save or commit
	 * is lost, and so is the execution that went with it.
	 */
	restart({ lastSaveLost }: { lastSaveLost: boolean }): void {
		if (this.live.length > 0) throw new Error('restart with polls running');
		const last = lastSaveLost ? this.history.pop() : undefined;
		if (last) {
			this.saved = last.before;
			if (last.execution) last.execution.lost = true;
		}
		this.activate();
	}

	/** Waits until every poll is held, done, or waiting for its turn behind an earlier poll. */
	async settle(): Promise<void> {
		for (;;) {
			const moving = () =>
				this.live.filter((tick) => tick.state === 'running' && !this.mayWaitForTurn(tick));
			if (moving().length === 0) {
				// A poll that has not made a request yet: give it the event loop to start one.
				for (let turn = 0; turn < 5; turn++) await nextTurns();
				if (moving().length === 0) return;
			}
			await this.changed.promise;
		}
	}

	private mayWaitForTurn(tick: Tick): boolean {
		return (
			tick.requests.length === 0 &&
			!tick.inRequest &&
			this.ticks.some((other) => other.id < tick.id && other.state !== 'done')
		);
	}

	private nextChange(): void {
		let resolve!: () => void;
		const promise = new Promise<void>((done) => (resolve = done));
		this.changed = { promise, resolve };
	}

	private notify(): void {
		const { resolve } = this.changed;
		this.nextChange();
		resolve();
	}

	private activate(): void {
		const activation = ++this.activation;
		const { mode } = this.options;
		const types = [new WmsErpUpdateTrigger(this.options.trigger), new WmsErpUpdate()];
		this.harness = new Harness(
			{
				baseUrl: this.sim.baseUrl,
				clientId: this.sim.clientId,
				clientSecret: this.sim.clientSecret,
			},
			types,
		);
		const spec: NodeUnderTest = {
			type: 'wmsErpUpdateTrigger',
			name: TRIGGER_NAME,
			parameters: this.options.parameters,
		};
		this.workflow = this.harness.workflow(
			[this.harness.node(spec)],
			{},
			mode === 'shared' ? clone(this.saved.data) : {},
		);
		this.node = this.workflow.getNode(TRIGGER_NAME)!;
		const staging = new AsyncLocalStorage<{ snapshot: IDataObject; seed: IDataObject }>();
		const takeStaged = (): IDataObject | null => {
			const staged = staging.getStore();
			if (!staged || isDeepStrictEqual(staged.snapshot, staged.seed)) return null;
			staged.seed = clone(staged.snapshot);
			return clone(staged.snapshot);
		};
		const commit = (execution?: Execution) => {
			const before = this.saved;
			if (mode === 'shared') {
				if (this.workflow.staticData.__dataChanged === true) {
					this.saved = { data: clone(this.workflow.staticData) };
					this.workflow.staticData.__dataChanged = false;
				}
			} else {
				const cursor = takeStaged();
				if (cursor) this.saved = { data: cursor };
				else if (!execution) return;
			}
			this.history.push({ before, execution });
		};
		const emit = (data: INodeExecutionData[][]) => {
			const tick = this.tickScope.getStore()!;
			const execution: Execution = {
				tick: tick.id,
				ids: data[0].map((item) => String(toSimulator(item.json.id))),
				at: Date.now(),
				lost: false,
			};
			tick.emitted = execution.ids;
			this.executions.push(execution);
			commit(execution);
		};
		const context = new PollContext(
			this.workflow,
			this.node,
			this.harness.additionalData(),
			'trigger',
			'activate',
			emit,
			(error: Error) => (this.tickScope.getStore()!.error = error),
			async () => commit(),
			mode === 'copies'
				? async (poll) =>
						await staging.run(
							{ snapshot: clone(this.saved.data), seed: clone(this.saved.data) },
							poll,
						)
				: undefined,
			mode === 'copies' ? () => staging.getStore()!.snapshot : undefined,
			this.options.pollBudgetMs === undefined ? undefined : () => this.options.pollBudgetMs!,
		);
		this.observeRequests(context);
		const executor = Container.get(PollTriggerExecutor).create(
			this.workflow,
			this.node,
			context,
			() => this.activation === activation,
		);
		this.execute = async () => await executor();
	}

	private observeRequests(context: PollContext): void {
		type HttpRequest = (
			this: unknown,
			type: string,
			options: IHttpRequestOptions,
		) => Promise<unknown>;
		const helpers = context.helpers as { httpRequestWithAuthentication: HttpRequest };
		const request = helpers.httpRequestWithAuthentication;
		const numeric = this.options.numericIds === true;
		const observed = async (self: unknown, type: string, options: IHttpRequestOptions) =>
			await this.observed(async () => {
				if (!numeric) return await request.call(self, type, options);
				const body = options.body as IDataObject | undefined;
				const items = body?.items as IDataObject[] | undefined;
				const sent = items
					? {
							...options,
							body: { ...body, items: items.map((row) => ({ ...row, id: toSimulator(row.id) })) },
						}
					: options;
				const answer = (await request.call(self, type, sent)) as { body?: IDataObject };
				const page = answer?.body;
				if (page && Array.isArray(page.items))
					page.items = (page.items as IDataObject[]).map((update) => ({
						...update,
						id: toNumber(update.id),
					}));
				if (page && Array.isArray(page.results))
					page.results = (page.results as IDataObject[]).map((result) => ({
						...result,
						key: toNumber(result.key),
					}));
				return answer;
			}, options);
		helpers.httpRequestWithAuthentication = async function (
			this: unknown,
			type: string,
			options: IHttpRequestOptions,
		) {
			return await observed(this, type, options);
		};
	}

	/** One request of a poll, noted in its tick (and held after its answer when the test holds polls). */
	private async observed(
		send: () => Promise<unknown>,
		options: IHttpRequestOptions,
	): Promise<unknown> {
		const tick = this.tickScope.getStore()!;
		const route = String(options.url).replace(/^.*\/v1/, '');
		const sent =
			((options.body as IDataObject | undefined)?.items as IDataObject[] | undefined) ?? [];
		const seen: Request = { seq: 0, route, ids: sent.map((row) => String(toSimulator(row.id))) };
		tick.inRequest = true;
		try {
			const answer = await send();
			// The transport asks for the full response (status, headers, body); read the body either way.
			const full = answer as { body?: unknown; statusCode?: number };
			const body = (options.returnFullResponse ? full.body : answer) as
				| { items?: IDataObject[] }
				| undefined;
			seen.status = options.returnFullResponse ? full.statusCode : 200;
			if (!route.endsWith('/set_complete')) {
				const listed = body?.items ?? [];
				seen.ids = listed
					.filter((item) => item.id !== undefined)
					.map((item) => String(toSimulator(item.id)));
				seen.withoutId = listed.length - seen.ids.length;
				seen.more = Boolean((body as { next_cursor?: unknown } | undefined)?.next_cursor);
			}
			return answer;
		} catch (error) {
			seen.status = describeFailure(error).status;
			throw error;
		} finally {
			seen.seq = ++this.seq;
			tick.requests.push(seen);
			tick.inRequest = false;
			if (this.holding) await this.park(tick);
			seen.continuedSeq = ++this.seq;
		}
	}

	private async park(tick: Tick): Promise<void> {
		tick.state = 'parked';
		const released = new Promise<void>((resolve) => (tick.release = resolve));
		this.notify();
		await released;
		tick.state = 'running';
	}
}
