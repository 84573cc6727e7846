/**
 * Where a Reconcile run stands and where it stopped: the steps by name, one warehouse's comparison
 * as the run drives it, `step`, which records a step done or turns its failure into a StepFailed,
 * and stepError, which words that failure for the user (the step, the warehouse, the comparison
 * id, and the single operations that finish the job).
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ExecuteSession } from '../../../../shared/session';
import type { RetryPolicy } from '../../../../shared/transport/retry';
import type { ReconcileWords } from '../lineWords';

export type StepName =
	| 'create comparison'
	| 'load ERP on-hand'
	| 'set platform on-hand'
	| 'read comparison'
	| 'add adjustment items'
	| 'process items'
	| 'create move attempts'
	| 'complete';

const REPORT_STEPS: StepName[] = [
	'create comparison',
	'load ERP on-hand',
	'set platform on-hand',
	'read comparison',
];
const ADJUST_STEPS: StepName[] = [
	'add adjustment items',
	'process items',
	'create move attempts',
	'complete',
];

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

export type ComparisonId = string | number;

/** One warehouse's comparison as Reconcile drives it. */
export interface ComparisonRun {
	warehouse_code: string;
	/** As the platform gave it (text or a number): it goes back in the type its description says. */
	comparison_id?: ComparisonId;
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

export interface StepOptions {
	retry: Partial<RetryPolicy>;
	batchSize: number;
	/** The lines' fields as the platform's description names them. */
	words: ReconcileWords;
}

/** Runs one step of `run`: recorded as done when it ends, a StepFailed when it fails. */
export async function step<T>(
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

/** Which warehouse and comparison a run is, in a message. */
export const runPlace = (run: ComparisonRun) =>
	`warehouse ${run.warehouse_code}${run.comparison_id !== undefined ? `, comparison ${run.comparison_id}` : ', no comparison created'}`;

/** A step's failure in the user's words: where it stopped and which operations finish the job. */
export function stepError(
	session: ExecuteSession,
	failure: StepFailed,
	dryRun: boolean,
	runs: ComparisonRun[],
): NodeOperationError {
	const { run } = failure;
	const others = runs
		.filter((other) => other !== run && other.comparison_id !== undefined)
		.map(
			(other) => `${other.warehouse_code}: ${other.comparison_id} (${other.status ?? 'unknown'})`,
		);
	const planned = dryRun ? REPORT_STEPS : [...REPORT_STEPS, ...ADJUST_STEPS];
	const next = remainingOperations(failure, planned);
	const continueWith =
		run.comparison_id !== undefined
			? `Comparison ${run.comparison_id} is in state ${run.status ?? 'unknown'}; to finish, run ${next.join(', then ')} with comparison ID ${run.comparison_id}, or run Reconcile again.`
			: 'No comparison was created for this warehouse; run Reconcile again once the cause is fixed.';
	return new NodeOperationError(
		session.ctx.getNode(),
		`Reconcile stopped at step "${failure.step}" (${runPlace(run)}): ${failure.cause.message}`,
		{
			description: [
				failure.cause.description,
				`Steps done: ${run.steps_done.join(', ') || 'none'}.`,
				continueWith,
				others.length ? `Other comparisons of this run: ${others.join(', ')}.` : '',
			]
				.filter(Boolean)
				.join(' '),
		},
	);
}
