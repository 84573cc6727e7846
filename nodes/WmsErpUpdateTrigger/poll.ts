/**
 * One poll of the ERP update trigger. Reads each watched kind's pending updates oldest first,
 * leaves out those the ledger holds (emitted less than "Redeliver After" ago), and emits at most
 * "Max Updates per Poll", the rest on the next poll. The ledger is written back only at the end:
 * a poll that throws (401, outage) leaves static data exactly as it was. n8n saves static data
 * when the poll emits, before the workflow runs, so an emitted update is on record even if the
 * workflow then fails; it goes out again once the window has passed, if still pending.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { bulkWrite } from '../shared/bulk';
import { chooseInOrder, KindScan, loadLedger, now, saveLedger, type PendingUpdate } from './ledger';
import { MAX_PAGE_SIZE, readPages } from '../shared/paging';
import { kindInfo, type ErpUpdateKindInfo } from '../shared/specs/erpUpdate';
import { sampleUpdate } from './sample';

/** Share of n8n's poll budget spent reading; the rest is left for acknowledging and emitting. */
const BUDGET_SHARE = 0.5;
const PENDING = { status: 'pending' };

interface Settings {
	kinds: ErpUpdateKindInfo[];
	redeliverAfterMs: number;
	max: number;
	acknowledge: boolean;
}

function settings(ctx: IPollFunctions): Settings {
	const selected = ctx.getNodeParameter('updateKinds', []) as string[];
	const kinds = selected.map(kindInfo).filter((info): info is ErpUpdateKindInfo => info !== undefined);
	if (kinds.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'No update kind is selected', {
			description: 'Choose at least one in "Update Kinds to Watch": outgoing consignments, incoming consignments or move attempts',
		});
	}
	const minutes = Number(ctx.getNodeParameter('redeliverAfterMinutes', 30));
	const max = Number(ctx.getNodeParameter('maxUpdatesPerPoll', 500));
	return {
		kinds,
		redeliverAfterMs: Math.max(1, Number.isFinite(minutes) ? minutes : 30) * 60_000,
		max: Math.max(1, Number.isFinite(max) ? Math.floor(max) : 500),
		acknowledge: ctx.getNodeParameter('options.acknowledgeOnEmit', false) as boolean,
	};
}

function toItems(updates: PendingUpdate[]): INodeExecutionData[][] {
	return [updates.map(({ kind, id, ...rest }) => ({ json: { kind, id, ...rest } as IDataObject }))];
}

/** Reads one kind's pending list until the poll has enough, the list ends, or time runs short. */
async function scanKind(ctx: IPollFunctions, scan: KindScan, info: ErpUpdateKindInfo, deadline: number): Promise<void> {
	let reachedEnd = true;
	const pages = readPages.call(ctx, info.route, PENDING, { pageSize: MAX_PAGE_SIZE });
	for await (const page of pages) {
		for (const update of page as PendingUpdate[]) {
			if (typeof update.id === 'string' && update.id !== '') scan.offer({ ...update, kind: update.kind ?? info.value });
		}
		if (scan.full || now() >= deadline) {
			reachedEnd = false;
			break;
		}
	}
	// readPages stops by itself only after the last page; a break above means there may be more.
	if (reachedEnd) scan.reachedEnd();
}

/** Marks the chosen updates complete before emitting them; those the platform confirmed go out. */
async function acknowledge(ctx: IPollFunctions, chosen: PendingUpdate[]): Promise<PendingUpdate[]> {
	const rows = chosen.map((update, itemIndex) => ({ itemIndex, record: { id: update.id } }));
	const outcomes = await bulkWrite.call(ctx, '/erp_update/set_complete', rows);
	const confirmed: PendingUpdate[] = [];
	const failures: string[] = [];
	for (const outcome of outcomes) {
		// "unchanged" too: it was pending when this poll read it, and a retry after a dropped
		// connection answers "unchanged" for what our own first try completed. Skipping those
		// would lose them; delivering one that someone else completed in the same instant is the
		// lesser harm.
		if (outcome.ok) confirmed.push(chosen[outcome.itemIndex]);
		else if (!outcome.ok) failures.push(outcome.error.message);
	}
	if (failures.length > 0 && confirmed.length === 0) {
		throw new NodeOperationError(ctx.getNode(), `Could not acknowledge the pending updates: ${failures[0]}`, {
			description: 'Nothing was emitted; the next poll tries again.',
		});
	}
	if (failures.length > 0) ctx.logger.warn(`WMS ERP Update Trigger: ${failures.length} updates not acknowledged, left for the next poll (${failures[0]})`);
	return confirmed;
}

export async function pollErpUpdates(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const { kinds, redeliverAfterMs, max, acknowledge: ack } = settings(this);
	if (this.getMode() === 'manual') return toItems([await sampleUpdate(this, kinds)]);

	const at = now();
	const budgetMs = typeof this.getPollBudgetMs === 'function' ? this.getPollBudgetMs() : undefined;
	const deadline = budgetMs === undefined || !(budgetMs > 0) ? Infinity : at + budgetMs * BUDGET_SHARE;
	const staticData = this.getWorkflowStaticData('node');
	const ledger = loadLedger(staticData);
	ledger.keepKinds(kinds.map((info) => info.value));

	const scans: KindScan[] = [];
	for (const info of kinds) {
		if (scans.length > 0 && now() >= deadline) break;
		const scan = new KindScan(info.value, ledger, at, redeliverAfterMs, max);
		await scanKind(this, scan, info, deadline);
		scans.push(scan);
	}
	for (const scan of scans) if (scan.conclusive) ledger.dropUnseen(scan.kind, scan.seen);

	const chosen = chooseInOrder(scans, max, ack ? Infinity : ledger.room);
	const emitted = ack ? await acknowledge(this, chosen) : chosen;
	if (!ack) for (const update of emitted) ledger.record(update.kind, update.id, at);
	if (ledger.room === 0) {
		this.logger.warn(`WMS ERP Update Trigger: the ledger is full (${ledger.size} updates emitted and still pending); new updates wait until the ERP completes some`);
	}
	saveLedger(staticData, ledger);
	return emitted.length > 0 ? toItems(emitted) : null;
}
