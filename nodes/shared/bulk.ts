/**
 * Bulk writes: split rows into requests of at most the route's limit, send them one after the
 * other through the transport, and give every row its own outcome, paired to its input item.
 *
 * The platform rejects a whole request when any row is bad (422/409, or 404 for an unknown id) and names the rows in
 * error.details[].path as /items/<n>/...; those rows get that error and the rest are sent again
 * without them, so one bad row never sinks its neighbours. When the transport gives up (retry
 * budget spent, platform down), the rows of that request and of every later request are
 * reported as not sent: nothing is reported as stored that was not.
 */
import type { IDataObject, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { platformMessage, toNodeApiError } from './errors';
import { routeInfo } from './routes';
import { gaveUpOn, wmsRequest, type GaveUp, type RequestOptions, type WmsContext } from './transport';

export interface BulkRow {
	itemIndex: number;
	record: IDataObject;
}

export type BulkOutcome =
	| { itemIndex: number; ok: true; result: IDataObject }
	| { itemIndex: number; ok: false; error: NodeApiError; sent: boolean };

export interface BulkOptions extends RequestOptions {
	/** Rows per request; capped at the route's own limit. */
	batchSize?: number;
	/** Fields sent beside `items` in every request (e.g. comparison_id). */
	envelope?: IDataObject;
}

interface BulkResponse {
	results?: IDataObject[];
}

const ROW_PATH = /^\/items\/(\d+)(?:\/|$)/;

/** Rows named by the platform's error details, with the messages that name them. */
function rowsNamed(error: GaveUp, rowCount: number): Map<number, string[]> {
	const named = new Map<number, string[]>();
	for (const detail of error.failure.body?.details ?? []) {
		const match = ROW_PATH.exec(detail.path ?? '');
		if (!match || Number(match[1]) >= rowCount) continue;
		const field = (detail.path ?? '').replace(ROW_PATH, '').replace(/\//g, '.');
		const text = `${field ? `field "${field}" ` : ''}${detail.message ?? 'rejected'}`;
		named.set(Number(match[1]), [...(named.get(Number(match[1])) ?? []), text]);
	}
	return named;
}

export async function bulkWrite(this: WmsContext, route: string, rows: BulkRow[], options: BulkOptions = {}): Promise<BulkOutcome[]> {
	const limit = Math.max(1, Math.min(options.batchSize ?? Infinity, routeInfo(route).maxItems ?? 1000));
	const outcomes: BulkOutcome[] = [];
	let stopped: { error: NodeApiError; gaveUp: GaveUp } | undefined;

	for (let start = 0; start < rows.length; start += limit) {
		let pending = rows.slice(start, start + limit);
		while (pending.length > 0) {
			if (stopped) {
				const cause = stopped;
				outcomes.push(...pending.map((row) => notSent(this, route, row, cause)));
				break;
			}
			try {
				const response = await wmsRequest.call<WmsContext, [string, IDataObject, RequestOptions], Promise<BulkResponse>>(
					this,
					route,
					{ ...options.envelope, items: pending.map((row) => row.record) },
					{ ...options, itemIndex: pending[0].itemIndex },
				);
				outcomes.push(...pending.map((row, index) => stored(row, index, response)));
				pending = [];
			} catch (error) {
				const gaveUp = gaveUpOn(error);
				if (!gaveUp) throw new NodeOperationError(this.getNode(), error as Error);
				const named = rowsNamed(gaveUp, pending.length);
				const status = gaveUp.failure.status ?? 0;
				if ((status === 422 || status === 409 || status === 404) && named.size > 0) {
					for (const [index, messages] of named) {
						outcomes.push(rejected(this, route, pending[index], gaveUp, messages));
					}
					pending = pending.filter((_, index) => !named.has(index));
				} else if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
					// The request as a whole was refused (e.g. 413): these rows fail, later requests may still pass.
					outcomes.push(...pending.map((row) => rejected(this, route, row, gaveUp, [])));
					pending = [];
				} else {
					stopped = { error: error as NodeApiError, gaveUp };
				}
			}
		}
	}
	return outcomes.sort((a, b) => a.itemIndex - b.itemIndex);
}

function stored(row: BulkRow, index: number, response: BulkResponse): BulkOutcome {
	// Results come in request order: look at the row's own position first, search only if it is not there.
	const results = response.results ?? [];
	const result = (results[index]?.index === index ? results[index] : results.find((candidate) => candidate.index === index)) ?? results[index] ?? {};
	// Copied without `index` (a position in one request, meaningless to the user); not `delete`, which slows every later read of the object.
	const rest: IDataObject = {};
	for (const key of Object.keys(result)) if (key !== 'index') rest[key] = result[key];
	return { itemIndex: row.itemIndex, ok: true, result: rest };
}

function rejected(ctx: WmsContext, route: string, row: BulkRow, error: GaveUp, messages: string[]): BulkOutcome {
	const base = platformMessage(error.failure);
	const message = messages.length ? `Item ${row.itemIndex}: ${messages.join('; ')}` : `Item ${row.itemIndex}: ${base}`;
	const apiError = toNodeApiError(ctx.getNode(), error.failure, { itemIndex: row.itemIndex, route });
	apiError.message = message;
	return { itemIndex: row.itemIndex, ok: false, error: apiError, sent: true };
}

function notSent(ctx: WmsContext, route: string, row: BulkRow, cause: { error: NodeApiError; gaveUp: GaveUp }): BulkOutcome {
	const apiError = toNodeApiError(ctx.getNode(), cause.gaveUp.failure, { itemIndex: row.itemIndex, route, attempts: cause.gaveUp.attempts });
	// Only a route that matches records by their key makes a re-run harmless; elsewhere (a new comparison
	// per call) a dropped connection may have come after the platform stored the record. 429/503 say it did not.
	const status = cause.gaveUp.failure.status;
	const rerun = routeInfo(route).idempotent
		? 'Running the node again is safe: records are matched by their key.'
		: status === 429 || status === 503
			? 'The platform did not take it: running the node again is safe.'
			: 'The platform may have stored it before the connection dropped, and a second run would add another: check the platform before running the node again.';
	apiError.message = `Item ${row.itemIndex}: not confirmed as stored — ${cause.error.message}. ${rerun}`;
	return { itemIndex: row.itemIndex, ok: false, error: apiError, sent: false };
}
