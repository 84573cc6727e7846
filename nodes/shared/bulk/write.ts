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

import { refuseUnfilledPath } from '../checking/pathValues';
import { ReferenceCheck } from '../checking/references';
import type { PlatformError } from '../transport/errors';
import type { Session } from '../session';
import { Lanes } from './lanes';
import { sendRows } from './request';
import { notSent, rowKey, type RowOutcome } from './outcomes';
import { batchesOf, RowSource, type RowBatches } from './rowSource';
import { tokenFetchedAt } from '../transport/secrets';
import { sending, type BulkOptions, type RowsWritten, type WriteRun } from './writeRun';

// Each step of a write reads in its own file: the rows as they come (rowSource.ts), one lane's
// request until its rows are settled (request.ts), and what a run carries (writeRun.ts).
export type { FailedRow, RowOutcome } from './outcomes';
export type { RowBatches } from './rowSource';
export type { BulkOptions, RowsWritten } from './writeRun';

/** How a streamed write ended. */
export interface WriteEnd {
	/** Requests sent (a request sent again without its refused rows counts again). */
	requests: number;
	/** Set when the transport gave up: no row was taken after it. */
	gaveUp?: PlatformError;
	/** Check Only: which records the rows name were looked up on the platform, and which not. */
	lookedUp?: string;
}

/** Writes rows as they come; each row's outcome is told to `rows.settle` once its request settles. */
export async function bulkWriteRows<T>(
	session: Session,
	route: string,
	batches: RowBatches<T>,
	rows: RowsWritten<T>,
	options: BulkOptions = {},
): Promise<WriteEnd> {
	const keyFields = session.platform.route(route).naturalKey;
	const keyOf = (row: T) => (keyFields ? rowKey(keyFields, rows.recordOf(row)) : undefined);
	// A path the fields beside the records leave unfilled is refused for the whole write, before any row is taken.
	refuseUnfilledPath(
		session.ctx.getNode(),
		route,
		session.platform.path(route),
		Object.keys(options.envelope ?? {}),
	);
	if (options.checkOnly) return checkOnly(session, route, batches, rows, keyOf, options);
	const run = startRun(session, route, rows, options);
	const source = new RowSource(batches);
	/** The keys of the requests in flight: a row waits while its key is in one, so none is in two. */
	const keysInFlight = new Set<string>();
	const inFlight = new Set<Promise<void>>();
	try {
		while (sending(run)) {
			if (inFlight.size >= run.lanes.open) {
				await Promise.race(inFlight);
				continue;
			}
			const { taken, keys } = await source.take(
				run.size,
				keyOf,
				(key) => keysInFlight.has(key),
				() => sending(run),
			);
			if (!sending(run)) {
				const { stopped } = run;
				if (stopped) taken.forEach((row, k) => rows.settle(row, notSent(stopped, keys[k])));
				break;
			}
			if (taken.length === 0) {
				// The source is done, or the next row's key is in flight: wait for a request to end.
				if (inFlight.size === 0) break;
				await Promise.race(inFlight);
				continue;
			}
			for (const key of keys) if (key !== undefined) keysInFlight.add(key);
			const request: Promise<void> = sendRows(run, taken, keys)
				.catch((error: unknown) => void (run.failure ??= { error }))
				.finally(() => {
					for (const key of keys) if (key !== undefined) keysInFlight.delete(key);
					inFlight.delete(request);
				});
			inFlight.add(request);
		}
	} catch (error) {
		// The source failed: what is in flight settles before the failure ends the write.
		run.failure ??= { error };
	} finally {
		// Stop ends the requests in flight (n8n aborts them); a give-up lets them finish, as the platform may be storing them.
		await Promise.all(inFlight);
		await source.close();
	}
	return ended(run, source, keyOf);
}

/** Check Only: nothing is sent; each row's references are looked up. */
async function checkOnly<T>(
	session: Session,
	route: string,
	batches: RowBatches<T>,
	rows: RowsWritten<T>,
	keyOf: (row: T) => string | undefined,
	options: BulkOptions,
): Promise<WriteEnd> {
	const references = new ReferenceCheck(session, route, options);
	const source = { [Symbol.asyncIterator]: () => batchesOf(batches) };
	await references.run(source, rows.recordOf, keyOf, rows.settle);
	return { requests: 0, lookedUp: references.account() };
}

/** A write's run as it starts: requests of at most the route's limit (or this run's, once smaller), through adaptive lanes. */
function startRun<T>(
	session: Session,
	route: string,
	rows: RowsWritten<T>,
	options: BulkOptions,
): WriteRun<T> {
	const size = Math.max(
		1,
		Math.min(
			options.batchSize ?? Infinity,
			session.platform.route(route).maxItems ?? 1000,
			session.chunkLimits.get(route) ?? Infinity,
		),
	);
	const lanes = new Lanes(options.parallel, Date.now, {
		baseUrl: session.baseUrl,
		tokenFetchedAt: () => tokenFetchedAt(session.baseUrl),
	});
	return { session, route, rows, options, lanes, size, requests: 0, lostInARow: 0 };
}

/** How the write ended once nothing is in flight: its failure or cancel thrown, else the rows taken but not sent told so. */
function ended<T>(
	run: WriteRun<T>,
	source: RowSource<T>,
	keyOf: (row: T) => string | undefined,
): WriteEnd {
	if (run.failure) throw run.failure.error;
	if (run.session.signal?.aborted)
		throw new NodeOperationError(
			run.session.ctx.getNode(),
			`Execution cancelled during ${run.route}`,
		);
	const { stopped } = run;
	if (stopped) for (const row of source.rest()) run.rows.settle(row, notSent(stopped, keyOf(row)));
	return { requests: run.requests, gaveUp: stopped };
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
