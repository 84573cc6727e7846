/**
 * Where a Reconcile run stands and where it stopped: the steps by name, one warehouse's comparison
 * as the run drives it, and StepFailed, which names the step, the warehouse and the comparison id
 * so the user knows which single operations finish the job.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ExecuteSession } from '../../../../shared/session';

export type StepName =
	| 'create comparison'
	| 'load ERP on-hand'
	| 'set platform on-hand'
	| 'read comparison'
	| 'add adjustment items'
	| 'process items'
	| 'create move attempts'
	| 'complete';

/** What the single operations can pick up from, per step that did not run. */
const NEXT_OPERATIONS: Record<StepName, string> = {
	'create comparison': 'Create Comparison',
	'load ERP on-hand': 'Add ERP On-Hand',
	'set platform on-hand': 'Set Platform On-Hand',
	'read comparison': 'Check Status',
	'add adjustment items': 'Add Adjustment Items',
	'process items': 'Process Items',
	'create move attempts': 'Create Move Attempts',
	complete: 'Complete',
};

/** One warehouse's comparison as Reconcile drives it. */
export interface ComparisonRun {
	warehouse_code: string;
	comparison_id?: string;
	/** The comparison's state as the platform last answered it. */
	status?: string;
	steps_done: StepName[];
}

/** Where a run stopped: the step, the comparison, and the platform's (or the input's) error. */
export class StepFailed extends Error {
	constructor(
		readonly step: StepName,
		readonly run: ComparisonRun,
		readonly cause: NodeApiError | NodeOperationError,
	) {
		super(cause.message);
	}
}

/** The failure of a step, as a StepFailed (one that already is stays as it is). */
export function stepFailed(
	session: ExecuteSession,
	step: StepName,
	run: ComparisonRun,
	error: unknown,
): StepFailed {
	if (error instanceof StepFailed) return error;
	const cause =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(session.ctx.getNode(), error as Error);
	return new StepFailed(step, run, cause);
}

/** The single operations that finish the job from the failed step on. */
export function remainingOperations(failure: StepFailed, planned: StepName[]): string[] {
	const from = planned.indexOf(failure.step);
	return planned.slice(Math.max(from, 0)).map((step) => NEXT_OPERATIONS[step]);
}
