/**
 * One poll of the ERP update trigger. Reads each watched kind's pending updates in the order the
 * platform lists them, leaves out those the ledger holds (emitted less than "Redeliver After"
 * ago), and emits at most "Max Updates per Poll", the rest on the next poll. An update listed
 * without an id, or whose completion the platform refused, is reported in n8n's log (once), never
 * dropped in silence. The ledger is written back only at the end:
 * a poll that throws (401, outage) leaves static data exactly as it was. n8n saves static data
 * as the poll emits, before the workflow runs, so an emitted update is on record even if the
 * workflow then fails; it goes out again once the window has passed, if still pending.
 * Polls of one trigger take turns, and start from the newest ledger this process knows
 * (see inProcess.ts for what n8n guarantees and what that adds).
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { kindInfo, type ErpUpdateKindInfo } from '../shared/erpUpdateKinds';
import { stateWord } from '../shared/erpUpdateStates';
import { MAX_PAGE_SIZE, readPages } from '../shared/paging';
import { effectiveFilter, requireAll } from '../shared/drift';
import { openSession, type Session } from '../shared/session';
import type { RequestOptions } from '../shared/transport/request';
import { DEFAULT_RETRY_POLICY, INTERACTIVE_RETRY } from '../shared/transport/retry';
import { acknowledge, type Acknowledged } from './acknowledge';
import type { PollsInProcess } from './inProcess';
import { Ledger, saveLedger, storedLedger } from './ledger';
import { report } from './report';
import { manualRunUpdates } from './sample';
import { chooseInOrder, KindScan, type PendingUpdate } from './scan';

/** Share of n8n's poll budget spent reading; the rest is left for acknowledging and emitting. */
const BUDGET_SHARE = 0.5;

interface Settings {
	kinds: ErpUpdateKindInfo[];
	redeliverAfterMs: number;
	max: number;
	acknowledge: boolean;
	/** The platform's word for pending where its description cannot tell (Options → Pending State). */
	pendingState: string;
	/** The platform's word for complete in Acknowledge on Emit's answer (Options → Marked State). */
	markedState: string;
}

/** Each watched kind's word for pending, by kind. */
export type PendingWords = Record<string, string>;

function settings(ctx: IPollFunctions): Settings {
	const selected = ctx.getNodeParameter('updateKinds', []) as string[];
	const kinds = selected
		.map(kindInfo)
		.filter((info): info is ErpUpdateKindInfo => info !== undefined);
	if (kinds.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'No update kind is selected', {
			description:
				'Choose at least one in "Update Kinds to Watch": shipments, receipts or stock moves',
		});
	}
	const minutes = Number(ctx.getNodeParameter('redeliverAfterMinutes', 30));
	const max = Number(ctx.getNodeParameter('maxUpdatesPerPoll', 500));
	return {
		kinds,
		redeliverAfterMs: Math.max(1, Number.isFinite(minutes) ? minutes : 30) * 60_000,
		max: Math.max(1, Number.isFinite(max) ? Math.floor(max) : 500),
		acknowledge: ctx.getNodeParameter('options.acknowledgeOnEmit', false) as boolean,
		pendingState: String(ctx.getNodeParameter('options.pendingState', '') ?? ''),
		markedState: String(ctx.getNodeParameter('options.markedState', '') ?? ''),
	};
}

/**
 * What the trigger reads and sends, held against the effective description before the first
 * read: each watched kind's list route with a status filter, and Set Complete by update ID when
 * it acknowledges. A platform that has them otherwise stops the poll, in words.
 */
function requireRoutes(session: Session, s: Settings): PendingWords {
	requireAll(
		session,
		'The ERP Update Trigger',
		{
			...Object.fromEntries(s.kinds.map((info) => [info.route, []])),
			...(s.acknowledge ? { '/erp_update/set_complete': ['items.id'] } : {}),
		},
		"Read the platform's updates with the WMS Platform node's Call a Route on a Schedule Trigger instead",
	);
	const words: PendingWords = {};
	for (const info of s.kinds) {
		words[info.value] = stateWord(session, info.route, 'pending', {
			value: s.pendingState,
			option: 'Options → Pending State',
			meaning: 'an update the ERP has not marked yet',
		});
		effectiveFilter(session, info.route, { status: words[info.value] }, []);
	}
	return words;
}

function toItems(updates: PendingUpdate[]): INodeExecutionData[][] {
	return [updates.map(({ kind, id, ...rest }) => ({ json: { kind, id, ...rest } as IDataObject }))];
}

/** The time this poll has: reading stops at `readUntil`, retries never wait past `end`. */
class Budget {
	readonly readUntil: number;
	private readonly end: number;

	constructor(ctx: IPollFunctions, startedAt: number) {
		const ms = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : undefined;
		const known = ms !== undefined && ms > 0;
		this.readUntil = known ? startedAt + ms * BUDGET_SHARE : Infinity;
		this.end = known ? startedAt + ms : Infinity;
	}

	/** Retries of one request wait no longer than the poll has left (n8n abandons a poll past its budget). */
	retry(): RequestOptions {
		if (this.end === Infinity) return {};
		return {
			retry: {
				maxWaitMs: Math.max(0, Math.min(DEFAULT_RETRY_POLICY.maxWaitMs, this.end - Date.now())),
			},
		};
	}
}

/**
 * Reads one kind's pending list until the poll has enough and has met every id the ledger holds
 * for the kind, the list ends, or time runs short.
 */
async function scanKind(
	session: Session<IPollFunctions>,
	scan: KindScan,
	info: ErpUpdateKindInfo,
	budget: Budget,
	pending: string,
): Promise<void> {
	const pages = readPages(
		session,
		info.route,
		{ status: pending },
		{
			pageSize: MAX_PAGE_SIZE,
			...budget.retry(),
		},
	);
	for await (const page of pages) {
		const now = Date.now();
		for (const update of page.records) scan.offer(update, now);
		if (page.last) scan.reachedEnd();
		else if (!scan.wantsMore || Date.now() >= budget.readUntil) break;
	}
}

/** Whether the poll fails: nothing went out, and not only because the updates are done elsewhere. */
function nothingAcknowledged(ctx: IPollFunctions, done: Acknowledged): void {
	const blocking = [...done.left, ...done.refused.filter((refusal) => !refusal.stale)];
	if (done.emitted.length > 0 || blocking.length === 0) return;
	throw new NodeOperationError(
		ctx.getNode(),
		`Could not acknowledge the pending updates: ${blocking[0].why}`,
		{
			description:
				'Nothing was marked complete and nothing was emitted; the next poll tries again.',
		},
	);
}

interface PollState {
	settings: Settings;
	inProcess: PollsInProcess;
	key: string;
	capacity: number;
	startedAt: number;
}

async function pollInTurn(
	ctx: IPollFunctions,
	{ settings: s, inProcess, key, capacity, startedAt }: PollState,
): Promise<INodeExecutionData[][] | null> {
	const budget = new Budget(ctx, startedAt);
	const session = await openSession(ctx, { pace: inProcess.pace(key) });
	const pending = requireRoutes(session, s);
	const staticData = ctx.getWorkflowStaticData('node');
	const ledger = Ledger.fromJSON(inProcess.newerLedger(key, storedLedger(staticData)), capacity);
	ledger.clampFuture(Date.now());
	ledger.keepKinds(s.kinds.map((info) => info.value));

	const scans: KindScan[] = [];
	for (const info of s.kinds) {
		if (scans.length > 0 && Date.now() >= budget.readUntil) break;
		const scan = new KindScan(info.value, ledger, s.redeliverAfterMs, s.max, pending[info.value]);
		await scanKind(session, scan, info, budget, pending[info.value]);
		scans.push(scan);
	}
	for (const scan of scans) if (scan.conclusive) ledger.dropUnseen(scan.kind, scan.seen);

	const chosen = chooseInOrder(scans, s.max, ledger.room);
	const done: Acknowledged = s.acknowledge
		? await acknowledge(session, chosen, budget.retry(), s.markedState)
		: { emitted: chosen, hold: chosen, refused: [], left: [] };
	if (s.acknowledge) nothingAcknowledged(ctx, done);
	const { emitted, hold } = done;
	// Stamped as the poll returns, when the workflow starts: the window counts from the delivery.
	const at = Date.now();
	const refusedBefore = new Set(
		done.refused
			.filter(({ update }) => ledger.get(update.id)?.refused)
			.map(({ update }) => update.id),
	);
	for (const update of hold) ledger.record(update.kind, update.id, at);
	for (const { update } of done.refused) ledger.record(update.kind, update.id, at, true);
	const withoutId = scans.flatMap((scan) =>
		scan.withoutId.map((update) => ({ kind: scan.kind, update, text: JSON.stringify(update) })),
	);
	const first = inProcess.firstTime(
		key,
		withoutId.map((listed) => listed.text),
	);
	report(ctx, {
		withoutId: withoutId.filter((listed) => first.has(listed.text)),
		refused: done.refused.filter(({ update }) => !refusedBefore.has(update.id)),
	});
	if (ledger.room === 0) {
		ctx.logger.warn(
			`WMS ERP Update Trigger: the ledger is full (${ledger.size} updates emitted and still pending); new updates wait until the ERP completes some`,
		);
	}
	inProcess.remember(key, saveLedger(staticData, ledger));
	return emitted.length > 0 ? toItems(emitted) : null;
}

export async function pollErpUpdates(
	this: IPollFunctions,
	inProcess: PollsInProcess,
	capacity: number,
): Promise<INodeExecutionData[][] | null> {
	const s = settings(this);
	if (this.getMode() === 'manual') {
		const session = await openSession(this, { retry: INTERACTIVE_RETRY });
		const pending = requireRoutes(session, s);
		return toItems(await manualRunUpdates(session, s.kinds, s.max, pending));
	}
	const startedAt = Date.now();
	const key = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
	const emitted = await inProcess.inTurn(
		key,
		async () => await pollInTurn(this, { settings: s, inProcess, key, capacity, startedAt }),
	);
	return emitted ?? null;
}
