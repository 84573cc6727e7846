/**
 * Bulk writes: split records into requests of at most the route's limit, send them through the
 * transport, up to Requests in Parallel at once (lanes.ts), and give every record its own outcome
 * (outcomes.ts), in the order the records came.
 *
 * Requests are made in the records' order. A record whose key is in a request still in flight
 * waits (and the records after it with it) until that request is answered, so the platform stores
 * a key's records in the input's order and keeps the last, as with one request at a time.
 *
 * The platform rejects a whole request when any row is bad (422/409, or 404 for an unknown id) and
 * names the rows in error.details[].path as /items/<n>/...; those rows are refused and the rest
 * are sent again without them, so one bad row never sinks its neighbours. A 413 (a platform whose
 * limit is below the contract's) halves the request and keeps the smaller size for the rest of the
 * run. When the transport gives up (retry budget spent, platform down, an answer that cannot be
 * read), no request is started any more: the rows of that request and of every request not sent
 * are not confirmed. When the execution is cancelled, nothing more is sent and the run ends with
 * the cancel.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { routeInfo, type RoutePath } from '../platform';
import { PlatformError } from '../transport/errors';
import type { Session } from '../session';
import { platformRequest, type RequestOptions } from '../transport/request';
import { Lanes, type Parallel } from './lanes';
import {
	confirmRows,
	naturalKeys,
	notConfirmed,
	refused,
	RESULTS_LIST,
	type RowOutcome,
} from './outcomes';

export type { FailedRow, RowOutcome } from './outcomes';

export interface BulkOptions extends RequestOptions {
	/** Rows per request; capped at the route's own limit. */
	batchSize?: number;
	/** Fields sent beside `items` in every request (e.g. comparison_id). */
	envelope?: IDataObject;
	/** Requests in flight at once: 1–8, or adaptive (the default, 2–16). */
	parallel?: Parallel;
}

const ROW_PATH = /^\/items\/(\d+)(?:\/|$)/;

/** Rows of a request named by the platform's error details, with the messages that name them. */
function rowsNamed(error: PlatformError, rowCount: number): Map<number, string[]> {
	const named = new Map<number, string[]>();
	for (const detail of error.body?.details ?? []) {
		const match = ROW_PATH.exec(detail.path ?? '');
		if (!match || Number(match[1]) >= rowCount) continue;
		const field = (detail.path ?? '').replace(ROW_PATH, '').replace(/\//g, '.');
		const text = `${field ? `field "${field}" ` : ''}${detail.message ?? 'rejected'}`;
		named.set(Number(match[1]), [...(named.get(Number(match[1])) ?? []), text]);
	}
	return named;
}

/** What one request came to: outcomes of some of its rows and the rows to send again, or too large, or given up. */
type Sent =
	| { outcomes: Map<number, RowOutcome>; again: number[] }
	| { tooLarge: true }
	| { gaveUp: PlatformError };

/** Sends `rows` (indexes into `records`) in one request and maps the answer, or the refusal, to outcomes. */
async function send(
	session: Session,
	route: RoutePath,
	records: IDataObject[],
	rows: number[],
	keys: Array<string | undefined>,
	options: BulkOptions,
): Promise<Sent> {
	try {
		const body = { ...options.envelope, items: rows.map((row) => records[row]) };
		const answer = await platformRequest(session, route, body, {
			...options,
			itemIndex: undefined,
			expect: RESULTS_LIST,
		});
		const confirmed = confirmRows(session.ctx.getNode(), route, body.items, answer);
		return { outcomes: new Map(rows.map((row, k) => [row, confirmed[k]])), again: [] };
	} catch (error) {
		if (!(error instanceof PlatformError))
			throw error instanceof NodeOperationError
				? error
				: new NodeOperationError(session.ctx.getNode(), error as Error);
		const status = error.status ?? 0;
		const named = rowsNamed(error, rows.length);
		const outcomes = new Map<number, RowOutcome>();
		if (status === 413 && rows.length > 1) return { tooLarge: true };
		if (status === 413) {
			const why =
				"the platform refuses this record as too large (HTTP 413) even on its own: shorten it (fewer lines, shorter texts) or ask the platform's operator about its size limit";
			outcomes.set(rows[0], refused(error, why, keys[rows[0]]));
			return { outcomes, again: [] };
		}
		if ((status === 422 || status === 409 || status === 404) && named.size > 0) {
			for (const [index, messages] of named)
				outcomes.set(rows[index], refused(error, messages.join('; '), keys[rows[index]]));
			return { outcomes, again: rows.filter((_, index) => !named.has(index)) };
		}
		if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
			// The request as a whole was refused: these rows fail, later requests may still pass.
			for (const row of rows) outcomes.set(row, refused(error, error.platformMessage, keys[row]));
			return { outcomes, again: [] };
		}
		return { gaveUp: error };
	}
}

/** One outcome per record, in the records' order. */
export async function bulkWrite(
	session: Session,
	route: RoutePath,
	records: IDataObject[],
	options: BulkOptions = {},
): Promise<RowOutcome[]> {
	const learned = session.chunkLimits.get(route);
	let size = Math.max(
		1,
		Math.min(options.batchSize ?? Infinity, routeInfo(route).maxItems ?? 1000, learned ?? Infinity),
	);
	const keys = naturalKeys(route, records);
	const outcomes: RowOutcome[] = new Array(records.length);
	const lanes = new Lanes(options.parallel);
	const sendOptions: BulkOptions = { ...options, onBusy: () => lanes.busy() };
	const { signal } = session;
	/** The last request each key was sent in (numbered in order), and the requests in flight. */
	const lastRequestOf = new Map<string, number>();
	const requestsInFlight = new Set<number>();
	const inFlight = new Set<Promise<void>>();
	let stopped: PlatformError | undefined;
	let failure: { error: unknown } | undefined;
	const sending = () => stopped === undefined && failure === undefined && signal?.aborted !== true;
	const inFlightKey = (row: number) => {
		const key = keys[row];
		if (key === undefined) return false;
		const request = lastRequestOf.get(key);
		return request !== undefined && requestsInFlight.has(request);
	};

	/** One lane's request: sent again without refused rows, split on a 413, until each of its rows has its outcome. */
	const sendRows = async (rows: number[]): Promise<void> => {
		// Parts still to send, in order: a request refused as too large comes back as its two halves.
		const parts = [rows];
		for (let pending = parts.shift(); pending !== undefined; pending = parts.shift()) {
			while (pending.length > 0) {
				if (!sending()) {
					// Rows of a request given up on may be stored; rows never sent are not.
					if (stopped)
						for (const row of pending)
							outcomes[row] = notConfirmed(stopped, stopped.message, false, keys[row]);
					break;
				}
				const started = lanes.started(pending.length);
				const sent = await send(session, route, records, pending, keys, sendOptions);
				if ('gaveUp' in sent) {
					stopped ??= sent.gaveUp;
					for (const row of pending)
						outcomes[row] = notConfirmed(
							sent.gaveUp,
							sent.gaveUp.message,
							sent.gaveUp.mayBeStored,
							keys[row],
						);
					pending = [];
				} else if ('tooLarge' in sent) {
					const half = Math.ceil(pending.length / 2);
					parts.unshift(pending.slice(half));
					pending = pending.slice(0, half);
					if (half < size) {
						size = half;
						session.chunkLimits.set(route, size);
						session.ctx.logger.warn(
							`WMS ${route}: the platform refused a request as too large (HTTP 413); sending at most ${size} records per request for the rest of this run`,
						);
					}
				} else {
					lanes.answered(started);
					for (const [row, outcome] of sent.outcomes) outcomes[row] = outcome;
					pending = sent.again;
				}
			}
		}
	};

	let next = 0;
	let requestNumber = 0;
	while (next < records.length && sending()) {
		const rows: number[] = [];
		if (inFlight.size < lanes.open) {
			while (rows.length < size && next < records.length && !inFlightKey(next)) rows.push(next++);
		}
		if (rows.length === 0) {
			// Every lane busy, or the next record's key is in flight: wait for a request to end.
			await Promise.race(inFlight);
			continue;
		}
		const number = requestNumber++;
		for (const row of rows) if (keys[row] !== undefined) lastRequestOf.set(keys[row]!, number);
		requestsInFlight.add(number);
		const request: Promise<void> = sendRows(rows)
			.catch((error: unknown) => void (failure ??= { error }))
			.finally(() => {
				requestsInFlight.delete(number);
				inFlight.delete(request);
			});
		inFlight.add(request);
	}
	// Stop ends the requests in flight (n8n aborts them); a give-up lets them finish, as the platform may be storing them.
	await Promise.all(inFlight);
	if (failure) throw failure.error;
	if (signal?.aborted)
		throw new NodeOperationError(session.ctx.getNode(), `Execution cancelled during ${route}`);
	for (; next < records.length; next++)
		outcomes[next] = notConfirmed(stopped!, stopped!.message, false, keys[next]);
	return outcomes;
}
