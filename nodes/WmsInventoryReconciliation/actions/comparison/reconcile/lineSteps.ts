/**
 * Reconcile's steps that send lines in bulk: the ERP on-hand lines and the adjustments, each
 * line built in the built-in names and put into the platform's words as it is sent, chunked to
 * the route's limit, its outcome mapped back to the line it came from.
 */
import type { IDataObject } from 'n8n-workflow';

import { bulkWrite, bulkWriteRows, type FailedRow } from '../../../../shared/bulk/write';
import { requestsInParallel } from '../../../../shared/form/options';
import type { ExecuteSession } from '../../../../shared/session';
import { step, type ComparisonRun, type StepOptions } from './stepFailed';
import type { WarehouseStock } from './stock';
import { inTheirWords } from '../lineWords';

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

/** Adds the adjustments; one refused or not confirmed stops the run before anything is processed. */
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
