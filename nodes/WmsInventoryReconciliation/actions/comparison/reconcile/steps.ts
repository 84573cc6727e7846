/**
 * Reconcile's platform steps, one function each, in the order the comparison's state machine
 * allows them. Every step records itself on the comparison it worked on; a failure becomes a
 * StepFailed naming the step, the warehouse and the comparison id, so nothing stops silently
 * half-way and the user knows where to continue with the single operations.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { counted } from '../../../../shared/counting';
import { bulkWrite, bulkWriteRows, type FailedRow } from '../../../../shared/bulk/write';
import { requestsInParallel } from '../../../../shared/form/options';
import type { RoutePath } from '../../../../shared/platform';
import type { ExecuteSession } from '../../../../shared/session';
import { readJsonList } from '../../../../shared/file/jsonList';
import { platformRequest } from '../../../../shared/transport/request';
import type { RetryPolicy } from '../../../../shared/transport/retry';
import {
	itemInOurWords,
	itemsList,
	malformedItem,
	unusableRead,
	type ComparisonItem,
} from './itemsRead';
import { stepFailed, type ComparisonRun, type StepName } from './stepFailed';
import type { WarehouseStock } from './stock';
import { inTheirWords, type ReconcileWords } from '../lineWords';

export interface StepOptions {
	retry: Partial<RetryPolicy>;
	batchSize: number;
	/** The lines' fields as the platform's description names them. */
	words: ReconcileWords;
}

async function step<T>(
	session: ExecuteSession,
	name: StepName,
	run: ComparisonRun,
	work: () => Promise<T>,
): Promise<T> {
	try {
		const result = await work();
		run.steps_done.push(name);
		return result;
	} catch (error) {
		throw stepFailed(session, name, run, error);
	}
}

/**
 * Opens one comparison per warehouse (one request for up to 100 warehouses). Warehouses the
 * platform refuses (e.g. unknown code) come back for the caller to report; one it did not
 * confirm stops the run.
 */
export async function createComparisons(
	session: ExecuteSession,
	runs: ComparisonRun[],
	fields: IDataObject,
	options: StepOptions,
): Promise<Map<ComparisonRun, FailedRow>> {
	const outcomes = await bulkWrite(
		session,
		'/comparison/add',
		runs.map((run) => ({ warehouse_code: run.warehouse_code, ...fields })),
		{ retry: options.retry },
	);
	const refused = new Map<ComparisonRun, FailedRow>();
	runs.forEach((run, k) => {
		const outcome = outcomes[k];
		if (outcome.kind === 'stored') {
			const id = outcome.result.comparison_id ?? outcome.result.key ?? outcome.result.id;
			if (typeof id !== 'string' && typeof id !== 'number')
				throw stepFailed(
					session,
					'create comparison',
					run,
					new Error(
						`the platform confirmed the comparison of warehouse ${run.warehouse_code} but its answer gives no comparison_id to continue with: ${JSON.stringify(outcome.result).slice(0, 200)}`,
					),
				);
			run.comparison_id = String(id);
			run.status = 'open';
			run.steps_done.push('create comparison');
		} else if (outcome.kind === 'refused') {
			refused.set(run, outcome);
		} else if (outcome.kind === 'notConfirmed') {
			throw stepFailed(session, 'create comparison', run, outcome.error);
		}
	});
	return refused;
}

/** Batches of up to `size` of what `all` yields, made as they are taken. */
function* batches<T>(all: Iterable<T>, size: number): Generator<T[]> {
	let batch: T[] = [];
	for (const one of all) {
		batch.push(one);
		if (batch.length === size) {
			yield batch;
			batch = [];
		}
	}
	if (batch.length) yield batch;
}

/**
 * Loads the ERP lines of one comparison in chunks, each line made into its record as it is sent.
 * Lines the platform refuses (e.g. an unknown sku) come back for the caller, by their index in
 * `stock`; a line it did not confirm stops the run here.
 */
export async function loadErpOnHand(
	session: ExecuteSession,
	run: ComparisonRun,
	stock: WarehouseStock,
	options: StepOptions,
): Promise<Map<number, FailedRow>> {
	return await step(session, 'load ERP on-hand', run, async () => {
		const refused = new Map<number, FailedRow>();
		let unconfirmed: FailedRow | undefined;
		let stored = false;
		await bulkWriteRows(
			session,
			'/comparison_erp_on_hand/add',
			batches(stock.records(), 1000),
			{
				recordOf: (line) => inTheirWords(options.words.erpOnHand, line.record),
				settle: (line, outcome) => {
					if (outcome.kind === 'stored') stored = true;
					else if (outcome.kind === 'refused') refused.set(line.index, outcome);
					else if (outcome.kind === 'notConfirmed') unconfirmed ??= outcome;
				},
			},
			{
				retry: options.retry,
				batchSize: options.batchSize,
				parallel: requestsInParallel(session.ctx),
				envelope: { comparison_id: run.comparison_id },
			},
		);
		if (unconfirmed) throw unconfirmed.error;
		if (stored) run.status = 'loading';
		return refused;
	});
}

async function call(
	session: ExecuteSession,
	route: RoutePath,
	run: ComparisonRun,
	options: StepOptions,
): Promise<IDataObject> {
	const { body } = await platformRequest(
		session,
		route,
		{ comparison_id: run.comparison_id },
		{ retry: options.retry },
	);
	if (typeof body.status === 'string') run.status = body.status;
	return body;
}

/** The platform snapshots its own stock of the comparison's warehouse and builds the items. */
export async function setPlatformOnHand(
	session: ExecuteSession,
	run: ComparisonRun,
	options: StepOptions,
) {
	return await step(
		session,
		'set platform on-hand',
		run,
		async () => await call(session, '/comparison_platform_on_hand/set', run, options),
	);
}

export type { ComparisonItem };

/**
 * The comparison's items, read as the answer streams in (a warehouse's whole stock is more than
 * should be held): each handed to `keep`, which says whether it counts as compared (undefined: no)
 * and what of it to keep (null: nothing). An item without a SKU or without numeric quantities stops
 * the run: read as 0, a missing quantity would be "adjusted" like a real one.
 */
export async function readComparison<T>(
	session: ExecuteSession,
	run: ComparisonRun,
	options: StepOptions,
	keep: (item: ComparisonItem) => T | null | undefined,
): Promise<{ compared: number; kept: T[] }> {
	return await step(session, 'read comparison', run, async () => {
		const names = itemsList(session);
		if (Array.isArray(names)) throw unusableRead(session, run, { listMet: false, names })!;
		// Each try of the request reads anew; the last, complete read is the one kept.
		let read: { compared: number; kept: T[]; malformed?: unknown; listMet: boolean } = {
			compared: 0,
			kept: [],
			listMet: false,
		};
		const { body } = await platformRequest(
			session,
			'/comparison/check_status',
			{ comparison_id: run.comparison_id },
			{
				retry: options.retry,
				readAnswer: async (chunks) => {
					const reading: typeof read = { compared: 0, kept: [], listMet: false };
					const met = { list: false };
					const fields = await readJsonList(
						chunks,
						names.list,
						(element) => {
							const item = itemInOurWords(element, names);
							if (reading.malformed !== undefined) return;
							if (malformedItem(item)) reading.malformed = element;
							const kept = reading.malformed === undefined ? keep(item) : undefined;
							if (kept === undefined) return;
							reading.compared++;
							if (kept !== null) reading.kept.push(kept);
						},
						met,
					);
					reading.listMet = met.list;
					read = reading;
					return fields;
				},
			},
		);
		if (typeof body.status === 'string') run.status = body.status;
		const unusable = unusableRead(session, run, { ...read, names });
		if (unusable) throw unusable;
		return { compared: read.compared, kept: read.kept };
	});
}

export async function addAdjustmentItems(
	session: ExecuteSession,
	run: ComparisonRun,
	adjustments: IDataObject[],
	options: StepOptions,
) {
	return await step(session, 'add adjustment items', run, async () => {
		if (adjustments.length === 0) return 0;
		const records = adjustments.map((record) => inTheirWords(options.words.adjustment, record));
		const outcomes = await bulkWrite(session, '/comparison_adjustment_item/add', records, {
			retry: options.retry,
			batchSize: options.batchSize,
			parallel: requestsInParallel(session.ctx),
			envelope: { comparison_id: run.comparison_id },
		});
		// Processing only some of the intended adjustments would complete a comparison half-way: stop instead.
		const failed = outcomes.find(
			(outcome): outcome is FailedRow =>
				outcome.kind === 'refused' || outcome.kind === 'notConfirmed',
		);
		if (failed) throw failed.error;
		run.status = 'adjusting';
		return adjustments.length;
	});
}

export async function processItems(
	session: ExecuteSession,
	run: ComparisonRun,
	options: StepOptions,
) {
	return await step(session, 'process items', run, async () => {
		const answer = await call(session, '/comparison_item/process', run, options);
		if (Number(answer.remaining ?? 0) > 0) {
			throw new NodeOperationError(
				session.ctx.getNode(),
				`${counted(Number(answer.remaining), 'item')} of comparison ${run.comparison_id} ${Number(answer.remaining) === 1 ? 'is' : 'are'} still unprocessed`,
			);
		}
		return answer;
	});
}

export async function createMoveAttempts(
	session: ExecuteSession,
	run: ComparisonRun,
	options: StepOptions,
) {
	return await step(
		session,
		'create move attempts',
		run,
		async () => await call(session, '/comparison_move_attempt/create', run, options),
	);
}

export async function completeComparison(
	session: ExecuteSession,
	run: ComparisonRun,
	options: StepOptions,
) {
	return await step(
		session,
		'complete',
		run,
		async () => await call(session, '/comparison/complete', run, options),
	);
}
