/**
 * Reconcile's platform steps, one function each, in the order the comparison's state machine
 * allows them. Every step records itself on the comparison it worked on; a failure becomes a
 * StepFailed naming the step, the warehouse and the comparison id, so nothing stops silently
 * half-way and the user knows where to continue with the single operations.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { counted } from '../../../../shared/counting';
import { bulkWrite, type FailedRow } from '../../../../shared/bulk/write';
import type { RoutePath } from '../../../../shared/platform';
import type { ExecuteSession } from '../../../../shared/session';
import { platformRequest } from '../../../../shared/transport/request';
import { step, stepFailed, type ComparisonRun, type StepOptions } from './stepFailed';

export { addAdjustmentItems, loadErpOnHand } from './lineSteps';
export { readComparison } from './itemsRead';

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
			run.comparison_id = id;
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
