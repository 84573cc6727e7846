/**
 * Bulk writes: rows taken as they come (all input items at once, or a file's rows chunk by chunk),
 * put into requests of at most the route's limit, sent through the transport up to Requests in
 * Parallel at once (lanes.ts), and each row's outcome (outcomes.ts) told as its request settles.
 * Only the rows of requests in flight are held: the next rows are taken when a lane is free.
 *
 * Requests are made in the rows' order. A row whose key is in a request still in flight waits
 * (and the rows after it with it) until that request is answered, so the platform stores a key's
 * records in the input's order and keeps the last, as with one request at a time.
 *
 * Refused rows are taken out and the rest sent again (request.ts). A 413 (a platform whose limit
 * is below the contract's) halves the request and keeps the smaller size for the rest of the run.
 * When the transport gives up (retry budget spent, platform down, an answer that cannot be read),
 * no request is started any more and no row taken: the rows of that request and the rows taken but
 * not sent are not confirmed. One lost answer that the route may not send again (and no read back
 * settled) costs only its own rows while the platform answers the other requests: the write goes
 * on, and stops as above at the second such loss with no answer between. When the execution is
 * cancelled, nothing more is sent or taken and the write ends with the cancel. A failure of the
 * rows' source (a file that is not what it says) ends the write the same way once the requests in
 * flight have settled.
 *
 * A write not known to be safe to send twice (the contract's word for the route, or Options →
 * Re-Send After a Lost Answer) is not repeated after a lost answer: its keys are read back
 * (readBack.ts) and only the rows the platform does not have are sent again.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ReferenceCheck } from '../checking/references';
import type { PlatformError } from '../transport/errors';
import type { Session } from '../session';
import type { RequestOptions } from '../transport/request';
import { Lanes, type Parallel } from './lanes';
import { notConfirmed, notSent, rowKey, type RowOutcome } from './outcomes';
import { afterResend, readBack, type ReadBack } from './readBack';
import { sendRequest } from './request';
import { tokenFetchedAt } from '../transport/secrets';

export type { FailedRow, RowOutcome } from './outcomes';

export interface BulkOptions extends RequestOptions {
	/** Rows per request; capped at the route's own limit. */
	batchSize?: number;
	/** Fields sent beside `items` in every request (e.g. comparison_id). */
	envelope?: IDataObject;
	/** Requests in flight at once: 1–8, or adaptive (the default, 2–32). */
	parallel?: Parallel;
	/** Check Only: nothing is sent; each row is told it passed its checks, or that it names a record the platform does not have. */
	checkOnly?: boolean;
}

/** A bulk write's rows, batch by batch as they become known. */
export type RowBatches<T> = AsyncIterable<T[]> | Iterable<T[]>;

export interface RowsWritten<T> {
	/** The record a row sends. */
	recordOf(row: T): IDataObject;
	/** Told each row's outcome as its request settles (requests settle in any order). */
	settle(row: T, outcome: RowOutcome): void;
}

/** How a streamed write ended. */
export interface WriteEnd {
	/** Requests sent (a request sent again without its refused rows counts again). */
	requests: number;
	/** Set when the transport gave up: no row was taken after it. */
	gaveUp?: PlatformError;
	/** Check Only: which records the rows name were looked up on the platform, and which not. */
	lookedUp?: string;
}

/** A write whose answer was lost and that is not known to be safe to send twice: read back before sending again. */
const checkBefore = (lost: PlatformError) =>
	!lost.idempotent && lost.mayBeStored && lost.status !== 413;

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

/** The batches' iterator, asynchronous whatever they are. */
function batchesOf<T>(batches: RowBatches<T>): AsyncIterator<T[]> {
	if (Symbol.asyncIterator in batches) return batches[Symbol.asyncIterator]();
	const sync = batches[Symbol.iterator]();
	return {
		next: async () => sync.next(),
		return: async () => sync.return?.() ?? { done: true, value: undefined },
	};
}

/** Writes rows as they come; each row's outcome is told to `rows.settle` once its request settles. */
export async function bulkWriteRows<T>(
	session: Session,
	route: string,
	batches: RowBatches<T>,
	rows: RowsWritten<T>,
	options: BulkOptions = {},
): Promise<WriteEnd> {
	let size = Math.max(
		1,
		Math.min(
			options.batchSize ?? Infinity,
			session.platform.route(route).maxItems ?? 1000,
			session.chunkLimits.get(route) ?? Infinity,
		),
	);
	const keyFields = session.platform.route(route).naturalKey;
	const keyOf = (row: T) => (keyFields ? rowKey(keyFields, rows.recordOf(row)) : undefined);
	if (options.checkOnly) {
		const references = new ReferenceCheck(session, route, options);
		const source = { [Symbol.asyncIterator]: () => batchesOf(batches) };
		await references.run(source, rows.recordOf, keyOf, rows.settle);
		return { requests: 0, lookedUp: references.account() };
	}
	const lanes = new Lanes(options.parallel, Date.now, {
		baseUrl: session.baseUrl,
		tokenFetchedAt: () => tokenFetchedAt(session.baseUrl),
	});
	const { signal } = session;
	/** The keys of the requests in flight: a row waits while its key is in one, so none is in two. */
	const keysInFlight = new Set<string>();
	const inFlight = new Set<Promise<void>>();
	let requests = 0;
	let stopped: PlatformError | undefined;
	/** Lost answers not sent again since the last answer: the second stops the write. */
	let lostInARow = 0;
	let failure: { error: unknown } | undefined;
	const sending = () => stopped === undefined && failure === undefined && signal?.aborted !== true;

	/** One lane's request: sent again without refused rows, split on a 413, until each of its rows has its outcome. */
	const sendRows = async (taken: T[], keys: Array<string | undefined>): Promise<void> => {
		// Parts still to send, in order: a request refused as too large comes back as its two halves.
		const parts: number[][] = [taken.map((_, k) => k)];
		const records = taken.map((row) => rows.recordOf(row));
		// Reads back after a lost answer, as many as the request's further tries would have been.
		let checksLeft = (options.retry?.maxAttempts ?? session.retry.maxAttempts) - 1;
		// Rows sent again after a read back found them missing: their results say they were re-sent.
		let readBackDone = false;
		// Rows sent in an earlier try of this request (refused with others, split on a 413, read back missing).
		const sentBefore = new Uint8Array(taken.length);
		for (let pending = parts.shift(); pending !== undefined; pending = parts.shift()) {
			while (pending.length > 0) {
				if (!sending()) {
					// Rows of a request given up on may be stored; rows never sent are not.
					if (stopped)
						for (const k of pending)
							rows.settle(
								taken[k],
								sentBefore[k]
									? notConfirmed(stopped, stopped.message, false, keys[k])
									: notSent(stopped, keys[k]),
							);
					break;
				}
				requests++;
				const part: number[] = pending;
				for (const k of part) sentBefore[k] = 1;
				const started = lanes.started();
				// A busy answer is told with the request it answered: a burst of them halves the lanes once.
				const tryOptions = { ...options, onBusy: () => lanes.busy(started) };
				const sent = await sendRequest(
					session,
					route,
					part.map((k) => records[k]),
					part.map((k) => keys[k]),
					tryOptions,
				);
				if ('gaveUp' in sent && checkBefore(sent.gaveUp) && checksLeft-- > 0) {
					const back = await readBack(session, route, records, part, tryOptions);
					if (back) {
						pending = settleReadBack(back, sent.gaveUp, keys, (k, outcome) =>
							rows.settle(taken[k], outcome),
						);
						readBackDone = true;
						continue;
					}
				}
				if ('gaveUp' in sent) {
					const { gaveUp } = sent;
					if (!gaveUp.notRepeated || ++lostInARow > 1) stopped ??= gaveUp;
					for (const k of part)
						rows.settle(
							taken[k],
							notConfirmed(gaveUp, gaveUp.message, gaveUp.mayBeStored, keys[k]),
						);
					pending = [];
				} else if ('tooLarge' in sent) {
					const half = Math.ceil(part.length / 2);
					parts.unshift(part.slice(half));
					pending = part.slice(0, half);
					if (half < size) {
						size = half;
						session.chunkLimits.set(route, size);
						session.ctx.logger.warn(
							`WMS ${route}: the platform refused a request as too large (HTTP 413); sending at most ${size} records per request for the rest of this run`,
						);
					}
				} else {
					lostInARow = 0;
					lanes.answered(started);
					for (const [position, outcome] of sent.outcomes)
						rows.settle(taken[part[position]], readBackDone ? afterResend(outcome) : outcome);
					pending = sent.again.map((position) => part[position]);
				}
			}
		}
	};

	const source = batchesOf(batches);
	let queue: T[] = [];
	let head = 0;
	let exhausted = false;
	/** Whether a row is left, taking the source's next batch when the one at hand is used up. */
	const more = async (): Promise<boolean> => {
		while (head >= queue.length && !exhausted) {
			const next = await source.next();
			if (next.done) exhausted = true;
			else [queue, head] = [next.value, 0];
		}
		return head < queue.length;
	};

	try {
		while (sending()) {
			if (inFlight.size >= lanes.open) {
				await Promise.race(inFlight);
				continue;
			}
			const taken: T[] = [];
			const keys: Array<string | undefined> = [];
			// Nothing can stop the write between two rows of the batch at hand: asked again only after awaiting the source.
			while (taken.length < size) {
				// The source is awaited only when the batch at hand is used up, not for every row.
				if (head >= queue.length && (!(await more()) || !sending())) break;
				const row = queue[head];
				const key = keyOf(row);
				if (key !== undefined && keysInFlight.has(key)) break;
				taken.push(row);
				keys.push(key);
				head++;
			}
			if (!sending()) {
				if (stopped) taken.forEach((row, k) => rows.settle(row, notSent(stopped!, keys[k])));
				break;
			}
			if (taken.length === 0) {
				// The source is done, or the next row's key is in flight: wait for a request to end.
				if (inFlight.size === 0) break;
				await Promise.race(inFlight);
				continue;
			}
			for (const key of keys) if (key !== undefined) keysInFlight.add(key);
			const request: Promise<void> = sendRows(taken, keys)
				.catch((error: unknown) => void (failure ??= { error }))
				.finally(() => {
					for (const key of keys) if (key !== undefined) keysInFlight.delete(key);
					inFlight.delete(request);
				});
			inFlight.add(request);
		}
	} catch (error) {
		// The source failed: what is in flight settles before the failure ends the write.
		failure ??= { error };
	} finally {
		// Stop ends the requests in flight (n8n aborts them); a give-up lets them finish, as the platform may be storing them.
		await Promise.all(inFlight);
		await source.return?.();
	}
	if (failure) throw failure.error;
	if (signal?.aborted)
		throw new NodeOperationError(session.ctx.getNode(), `Execution cancelled during ${route}`);
	if (stopped)
		for (; head < queue.length; head++)
			rows.settle(queue[head], notSent(stopped, keyOf(queue[head])));
	return { requests, gaveUp: stopped };
}

/** One outcome per record, in the records' order. */
export async function bulkWrite(
	session: Session,
	route: string,
	records: IDataObject[],
	options: BulkOptions = {},
): Promise<RowOutcome[]> {
	const outcomes: RowOutcome[] = new Array(records.length);
	await bulkWriteRows(
		session,
		route,
		[records.map((_, index) => index)],
		{
			recordOf: (index) => records[index],
			settle: (index, outcome) => (outcomes[index] = outcome),
		},
		options,
	);
	return outcomes;
}
