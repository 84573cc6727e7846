/**
 * Reconcile's platform steps, one function each, in the order the comparison's state machine
 * allows them. Every step records itself on the comparison it worked on; a failure becomes a
 * StepFailed naming the step, the warehouse and the comparison id, so nothing stops silently
 * half-way and the user knows where to continue with the single operations.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { bulkWrite, type FailedRow } from '../../../../shared/bulk/write';
import { requestsInParallel } from '../../../../shared/form/options';
import type { RoutePath } from '../../../../shared/platform';
import type { ExecuteSession } from '../../../../shared/session';
import { platformRequest } from '../../../../shared/transport/request';
import type { RetryPolicy } from '../../../../shared/transport/retry';
import { stepFailed, type ComparisonRun, type StepName } from './stepFailed';
import type { ErpOnHand } from './variance';

export interface StepOptions {
	retry: Partial<RetryPolicy>;
	batchSize: number;
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
			run.comparison_id = String(outcome.result.comparison_id ?? outcome.result.key);
			run.status = 'open';
			run.steps_done.push('create comparison');
		} else if (outcome.kind === 'refused') {
			refused.set(run, outcome);
		} else {
			throw stepFailed(session, 'create comparison', run, outcome.error);
		}
	});
	return refused;
}

/**
 * Loads the ERP lines of one comparison in chunks. Lines the platform refuses (e.g. an unknown
 * sku) come back for the caller, by their index in `lines`; a line it did not confirm stops the run here.
 */
export async function loadErpOnHand(
	session: ExecuteSession,
	run: ComparisonRun,
	lines: ErpOnHand[],
	options: StepOptions,
): Promise<Map<number, FailedRow>> {
	return await step(session, 'load ERP on-hand', run, async () => {
		const records = lines.map((line) => {
			const record: IDataObject = {
				sku: line.sku,
				warehouse_code: line.warehouse_code,
				quantity: line.quantity,
			};
			if (line.batch) record.batch = line.batch;
			return record;
		});
		const outcomes = await bulkWrite(session, '/comparison_erp_on_hand/add', records, {
			retry: options.retry,
			batchSize: options.batchSize,
			parallel: requestsInParallel(session.ctx),
			envelope: { comparison_id: run.comparison_id },
		});
		const unconfirmed = outcomes.find((outcome) => outcome.kind === 'notConfirmed');
		if (unconfirmed) throw unconfirmed.error;
		if (outcomes.some((outcome) => outcome.kind === 'stored')) run.status = 'loading';
		const refused = new Map<number, FailedRow>();
		outcomes.forEach((outcome, index) => outcome.kind === 'refused' && refused.set(index, outcome));
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

export interface ComparisonItem {
	sku: string;
	batch?: string;
	erp_quantity: number;
	platform_quantity: number;
	processed?: boolean;
}

/**
 * The comparison's items. An item without a SKU or without numeric quantities stops the run:
 * read as 0, a missing quantity would be "adjusted" like a real one.
 */
export async function readComparison(
	session: ExecuteSession,
	run: ComparisonRun,
	options: StepOptions,
): Promise<ComparisonItem[]> {
	return await step(session, 'read comparison', run, async () => {
		const comparison = await call(session, '/comparison/check_status', run, options);
		const items = (comparison.items ?? []) as unknown as ComparisonItem[];
		const malformed = items.find(
			(item) =>
				typeof item?.sku !== 'string' ||
				!Number.isFinite(item.erp_quantity) ||
				!Number.isFinite(item.platform_quantity) ||
				(item.batch != null && typeof item.batch !== 'string'),
		);
		if (malformed !== undefined) {
			throw new NodeOperationError(
				session.ctx.getNode(),
				`The platform answered comparison ${run.comparison_id} with an item that has no SKU or no numeric quantities: ${JSON.stringify(malformed).slice(0, 200)}`,
				{
					description:
						"Nothing was adjusted. Check the comparison with Check Status, or ask the platform's operator.",
				},
			);
		}
		return items;
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
		const outcomes = await bulkWrite(session, '/comparison_adjustment_item/add', adjustments, {
			retry: options.retry,
			batchSize: options.batchSize,
			parallel: requestsInParallel(session.ctx),
			envelope: { comparison_id: run.comparison_id },
		});
		// Processing only some of the intended adjustments would complete a comparison half-way: stop instead.
		const failed = outcomes.find((outcome) => outcome.kind !== 'stored');
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
				`${String(answer.remaining)} items of comparison ${run.comparison_id} are still unprocessed`,
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
