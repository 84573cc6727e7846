/**
 * One request of a bulk write, until each of its rows has its outcome. Its records go where the
 * route's description puts them (`items`, `data`, or the body itself). A success answer is read
 * row by row (confirm.ts); a refusal refuses the rows it names, or all of them (failedRows.ts), and
 * the rest are sent again without them. A 413 halves the request. A failure the transport gave up
 * on leaves its rows not confirmed; after a lost answer that the route may not send again, its keys
 * are read back (readBack.ts) and only the rows the platform does not have are sent again, their
 * answer read knowing they were (afterResend).
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Session } from '../session';
import { PlatformError } from '../transport/errors';
import { platformRequest, type RequestOptions } from '../transport/request';
import { confirmRows } from './confirm';
import { refusedRows } from './failedRows';
import { notConfirmed, notSent, resultsOf, resultsProblem, type RowOutcome } from './outcomes';
import { readBack, type ReadBack } from './readBack';
import { sending, type BulkOptions, type WriteRun } from './writeRun';

// Where the rows a refusal names were read before failedRows.ts words every failed row.
export { namedRefusals, rowsNamed } from './failedRows';

/** One request's rows and what is known of them across its tries. */
interface Request<T> {
	taken: T[];
	keys: Array<string | undefined>;
	records: IDataObject[];
	/** Reads back after a lost answer, as many as the request's further tries would have been. */
	checksLeft: number;
	/** Rows sent again after a read back found them missing: their results say they were re-sent. */
	readBackDone: boolean;
	/** Rows sent in an earlier try of this request (refused with others, split on a 413, read back missing). */
	sentBefore: Uint8Array;
}

/** A write whose answer was lost and that is not known to be safe to send twice: read back before sending again. */
const checkBefore = (lost: PlatformError) =>
	!lost.idempotent && lost.mayBeStored && lost.status !== 413;

/** One lane's request: sent again without refused rows, split on a 413, until each of its rows has its outcome. */
export async function sendRows<T>(
	run: WriteRun<T>,
	taken: T[],
	keys: Array<string | undefined>,
): Promise<void> {
	const request: Request<T> = {
		taken,
		keys,
		records: taken.map((row) => run.rows.recordOf(row)),
		checksLeft: (run.options.retry?.maxAttempts ?? run.session.retry.maxAttempts) - 1,
		readBackDone: false,
		sentBefore: new Uint8Array(taken.length),
	};
	// Parts still to send, in order: a request refused as too large comes back as its two halves.
	const parts: number[][] = [taken.map((_, k) => k)];
	for (let pending = parts.shift(); pending !== undefined; pending = parts.shift()) {
		while (pending.length > 0) {
			if (!sending(run)) {
				settleStopped(run, request, pending);
				break;
			}
			pending = await sendPart(run, request, pending, parts);
		}
	}
}

/** Rows of a request given up on may be stored; rows never sent are not. */
function settleStopped<T>(run: WriteRun<T>, request: Request<T>, pending: number[]): void {
	const { stopped } = run;
	if (!stopped) return;
	for (const k of pending)
		run.rows.settle(
			request.taken[k],
			request.sentBefore[k]
				? notConfirmed(stopped, stopped.message, false, request.keys[k])
				: notSent(stopped, request.keys[k]),
		);
}

/** Sends one part of a request and settles what its answer tells; answers the rows still to send. */
async function sendPart<T>(
	run: WriteRun<T>,
	request: Request<T>,
	part: number[],
	parts: number[][],
): Promise<number[]> {
	run.requests++;
	for (const k of part) request.sentBefore[k] = 1;
	const started = run.lanes.started();
	// A busy answer is told with the request it answered: a burst of them halves the lanes once.
	const tryOptions = {
		...run.options,
		onBusy: (status: 429 | 503) => run.lanes.busy(started, status === 429),
	};
	const sent = await sendRequest(
		run.session,
		run.route,
		part.map((k) => request.records[k]),
		part.map((k) => request.keys[k]),
		tryOptions,
	);
	if ('gaveUp' in sent) {
		const missing = await readBackLost(run, request, part, sent.gaveUp, tryOptions);
		return missing ?? lost(run, request, part, sent.gaveUp);
	}
	if ('tooLarge' in sent) return halve(run, part, parts);
	run.lostInARow = 0;
	run.lanes.answered(started);
	return settleAnswered(run, request, part, sent);
}

/**
 * What one request came to: outcomes of some of its rows (by position in the request) and the
 * positions to send again, or too large, or given up.
 */
export type Sent =
	| { outcomes: Map<number, RowOutcome>; again: number[] }
	| { tooLarge: true }
	| { gaveUp: PlatformError };

/** Sends `records` in one request (with `envelope` beside them) and maps the answer, or the refusal, to outcomes. */
export async function sendRequest(
	session: Session,
	route: string,
	records: IDataObject[],
	keys: Array<string | undefined>,
	options: RequestOptions & { envelope?: IDataObject },
): Promise<Sent> {
	const info = session.platform.route(route);
	const container = info.wire?.records ?? 'items';
	const idempotent = options.idempotent ?? info.idempotent;
	try {
		const body = container === '' ? records : { ...options.envelope, [container]: records };
		const answer = await platformRequest(session, route, body as IDataObject, {
			...options,
			idempotent,
			itemIndex: undefined,
			expect: resultsProblem(resultsOf(info)),
		});
		const confirmed = confirmRows(session.ctx.getNode(), route, info, records, answer, idempotent);
		return { outcomes: new Map(confirmed.map((outcome, k) => [k, outcome])), again: [] };
	} catch (error) {
		if (!(error instanceof PlatformError))
			throw error instanceof NodeOperationError
				? error
				: new NodeOperationError(session.ctx.getNode(), error as Error);
		if (error.status === 413 && records.length > 1) return { tooLarge: true };
		return refusedRows(error, keys, container, records) ?? { gaveUp: error };
	}
}

/** After a lost answer the route may not send again: the rows read back, settled, and those missing to send again (undefined: no read back). */
async function readBackLost<T>(
	run: WriteRun<T>,
	request: Request<T>,
	part: number[],
	gaveUp: PlatformError,
	tryOptions: BulkOptions & RequestOptions,
): Promise<number[] | undefined> {
	if (!checkBefore(gaveUp) || request.checksLeft-- <= 0) return undefined;
	const back = await readBack(run.session, run.route, request.records, part, tryOptions);
	if (!back) return undefined;
	request.readBackDone = true;
	return settleReadBack(back, gaveUp, request.keys, (k, outcome) =>
		run.rows.settle(request.taken[k], outcome),
	);
}

/**
 * The outcomes of rows read back after a lost answer (`settle` by position): stored as the
 * platform holds them, or not confirmed and not sent again when it holds them otherwise. Answers
 * the positions to send again.
 */
function settleReadBack(
	back: ReadBack,
	lost: PlatformError,
	keys: Array<string | undefined>,
	settle: (position: number, outcome: RowOutcome) => void,
): number[] {
	for (const [position, result] of back.confirmed)
		settle(position, { kind: 'stored', key: keys[position], result });
	for (const [position, field] of back.differing)
		settle(
			position,
			notConfirmed(
				lost,
				`${lost.message}; read back with ${back.check}, the platform has this record but its ${field} is not what was sent, so it was not sent again (a second one could be a duplicate)`,
				true,
				keys[position],
			),
		);
	return back.missing;
}

/** A request the transport gave up on: its rows not confirmed, and the write stopped unless it may go on. */
function lost<T>(
	run: WriteRun<T>,
	request: Request<T>,
	part: number[],
	gaveUp: PlatformError,
): number[] {
	if (!gaveUp.notRepeated || ++run.lostInARow > 1) run.stopped ??= gaveUp;
	for (const k of part)
		run.rows.settle(
			request.taken[k],
			notConfirmed(gaveUp, gaveUp.message, gaveUp.mayBeStored, request.keys[k]),
		);
	return [];
}

/** A request refused as too large: its first half to send now, its second after, and smaller requests for the rest of the run. */
function halve<T>(run: WriteRun<T>, part: number[], parts: number[][]): number[] {
	const half = Math.ceil(part.length / 2);
	parts.unshift(part.slice(half));
	if (half < run.size) {
		run.size = half;
		run.session.chunkLimits.set(run.route, run.size);
		run.session.ctx.logger.warn(
			`WMS ${run.route}: the platform refused a request as too large (HTTP 413); sending at most ${run.size} records per request for the rest of this run`,
		);
	}
	return part.slice(0, half);
}

/** An answered request: each row it tells settled; answers the rows to send again without the refused. */
function settleAnswered<T>(
	run: WriteRun<T>,
	request: Request<T>,
	part: number[],
	sent: Extract<Sent, { again: number[] }>,
): number[] {
	for (const [position, outcome] of sent.outcomes)
		run.rows.settle(
			request.taken[part[position]],
			request.readBackDone ? afterResend(outcome) : outcome,
		);
	return sent.again.map((position) => part[position]);
}

/** Words of a refusal that say the record is there already. */
const ALREADY_THERE = /already exist|duplicate|already (?:been )?(?:created|stored|imported)/i;

/**
 * A row's outcome after a read back found it missing and it was sent again: stored, it says it was
 * re-sent; refused as already there (409, or those words), it is not confirmed but most likely
 * stored — the first send reached the platform and its read had not caught up — never a refusal.
 */
function afterResend(outcome: RowOutcome): RowOutcome {
	if (outcome.kind === 'stored') return { ...outcome, resent: 'readBack' };
	if (outcome.kind !== 'refused') return outcome;
	const { error } = outcome;
	if (error.status !== 409 && !ALREADY_THERE.test(error.message)) return outcome;
	return notConfirmed(
		error,
		`its first answer was lost, a read back did not find it, and sending it again was answered "${error.message}": the platform most likely stored the first send (its reads may lag behind its writes)`,
		true,
		outcome.key,
	);
}
