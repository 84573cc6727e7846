/**
 * Bulk writes: split records into requests of at most the route's limit, send them one after the
 * other through the transport, and give every record its own outcome (outcomes.ts), in the order
 * the records came.
 *
 * The platform rejects a whole request when any row is bad (422/409, or 404 for an unknown id) and
 * names the rows in error.details[].path as /items/<n>/...; those rows are refused and the rest
 * are sent again without them, so one bad row never sinks its neighbours. A 413 (a platform whose
 * limit is below the contract's) halves the request and keeps the smaller size for the rest of the
 * run. When the transport gives up (retry budget spent, platform down, an answer that cannot be
 * read), the rows of that request and of every later request are not confirmed.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { routeInfo, type RoutePath } from '../platform';
import { PlatformError } from '../transport/errors';
import { platformRequest, type RequestOptions, type WmsContext } from '../transport/request';
import { confirmRows, naturalKeys, notConfirmed, refused, RESULTS_LIST, type RowOutcome } from './outcomes';

export type { FailedRow, RowOutcome } from './outcomes';

export interface BulkOptions extends RequestOptions {
	/** Rows per request; capped at the route's own limit. */
	batchSize?: number;
	/** Fields sent beside `items` in every request (e.g. comparison_id). */
	envelope?: IDataObject;
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

/** The request size a 413 taught, per node run and route: later bulk writes of the same run start there. */
const learnedLimits = new WeakMap<WmsContext, Map<RoutePath, number>>();

function learnLimit(ctx: WmsContext, route: RoutePath, size: number): void {
	if (!('getInputData' in ctx)) return;
	const limits = learnedLimits.get(ctx) ?? new Map<RoutePath, number>();
	limits.set(route, size);
	learnedLimits.set(ctx, limits);
}

/** What one request came to: outcomes of some of its rows and the rows to send again, or too large, or given up. */
type Sent = { outcomes: Map<number, RowOutcome>; again: number[] } | { tooLarge: true } | { gaveUp: PlatformError };

/** Sends `rows` (indexes into `records`) in one request and maps the answer, or the refusal, to outcomes. */
async function send(ctx: WmsContext, route: RoutePath, records: IDataObject[], rows: number[], keys: Array<string | undefined>, options: BulkOptions): Promise<Sent> {
	try {
		const body = { ...options.envelope, items: rows.map((row) => records[row]) };
		const answer = await platformRequest.call(ctx, route, body, { ...options, itemIndex: undefined, expect: RESULTS_LIST });
		const confirmed = confirmRows(ctx.getNode(), route, body.items, answer);
		return { outcomes: new Map(rows.map((row, k) => [row, confirmed[k]])), again: [] };
	} catch (error) {
		if (!(error instanceof PlatformError)) throw error instanceof NodeOperationError ? error : new NodeOperationError(ctx.getNode(), error as Error);
		const status = error.status ?? 0;
		const named = rowsNamed(error, rows.length);
		const outcomes = new Map<number, RowOutcome>();
		if (status === 413 && rows.length > 1) return { tooLarge: true };
		if (status === 413) {
			const why = 'the platform refuses this record as too large (HTTP 413) even on its own: shorten it (fewer lines, shorter texts) or ask the platform\'s operator about its size limit';
			outcomes.set(rows[0], refused(error, why, keys[rows[0]]));
			return { outcomes, again: [] };
		}
		if ((status === 422 || status === 409 || status === 404) && named.size > 0) {
			for (const [index, messages] of named) outcomes.set(rows[index], refused(error, messages.join('; '), keys[rows[index]]));
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
export async function bulkWrite(this: WmsContext, route: RoutePath, records: IDataObject[], options: BulkOptions = {}): Promise<RowOutcome[]> {
	const learned = 'getInputData' in this ? learnedLimits.get(this)?.get(route) : undefined;
	let size = Math.max(1, Math.min(options.batchSize ?? Infinity, routeInfo(route).maxItems ?? 1000, learned ?? Infinity));
	const keys = naturalKeys(route, records);
	const outcomes: RowOutcome[] = new Array(records.length);
	let stopped: PlatformError | undefined;
	// Rows split off a request refused as too large, sent before the rows after them.
	let carried: number[] = [];
	let next = 0;

	while (carried.length > 0 || next < records.length) {
		let pending = carried.slice(0, size);
		carried = carried.slice(pending.length);
		while (pending.length < size && next < records.length) pending.push(next++);
		while (pending.length > 0) {
			if (stopped) {
				// Rows of the request given up on may be stored; rows never sent are not.
				for (const row of pending) outcomes[row] = notConfirmed(stopped, stopped.message, false, keys[row]);
				break;
			}
			const sent = await send(this, route, records, pending, keys, options);
			if ('gaveUp' in sent) {
				stopped = sent.gaveUp;
				for (const row of pending) outcomes[row] = notConfirmed(stopped, stopped.message, stopped.mayBeStored, keys[row]);
				pending = [];
			} else if ('tooLarge' in sent) {
				const half = Math.ceil(pending.length / 2);
				carried = pending.slice(half).concat(carried);
				pending = pending.slice(0, half);
				if (half < size) {
					size = half;
					learnLimit(this, route, size);
					this.logger.warn(`WMS ${route}: the platform refused a request as too large (HTTP 413); sending at most ${size} records per request for the rest of this run`);
				}
			} else {
				for (const [row, outcome] of sent.outcomes) outcomes[row] = outcome;
				pending = sent.again;
			}
		}
	}
	return outcomes;
}
