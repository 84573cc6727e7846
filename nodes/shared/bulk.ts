/**
 * Bulk writes: split rows into requests of at most the route's limit, send them one after the
 * other through the transport, and give every row its own outcome, paired to its input item.
 *
 * The platform rejects a whole request when any row is bad (422/409) and names the rows in
 * error.details[].path as /items/<n>/...; those rows get that error and the rest are sent again
 * without them, so one bad row never sinks its neighbours. When the transport gives up (retry
 * budget spent, platform down), the rows of that request and of every later request are
 * reported as not sent: nothing is reported as stored that was not.
 */
import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { platformMessage, toNodeApiError } from './errors';
import { routeInfo } from './routes';
import { wmsRequest, WmsRequestError, type RequestOptions, type WmsContext } from './transport';

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
function rowsNamed(error: WmsRequestError, rowCount: number): Map<number, string[]> {
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
	let stopped: WmsRequestError | undefined;

	for (let start = 0; start < rows.length; start += limit) {
		let pending = rows.slice(start, start + limit);
		while (pending.length > 0) {
			if (stopped) {
				outcomes.push(...pending.map((row) => notSent(this, route, row, stopped!)));
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
				if (!(error instanceof WmsRequestError)) throw error;
				const named = rowsNamed(error, pending.length);
				const status = error.failure.status ?? 0;
				if ((status === 422 || status === 409) && named.size > 0) {
					for (const [index, messages] of named) {
						outcomes.push(rejected(this, route, pending[index], error, messages));
					}
					pending = pending.filter((_, index) => !named.has(index));
				} else if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
					// The request as a whole was refused (e.g. 413): these rows fail, later requests may still pass.
					outcomes.push(...pending.map((row) => rejected(this, route, row, error, [])));
					pending = [];
				} else {
					stopped = error;
				}
			}
		}
	}
	return outcomes.sort((a, b) => a.itemIndex - b.itemIndex);
}

function stored(row: BulkRow, index: number, response: BulkResponse): BulkOutcome {
	const result = response.results?.find((candidate) => candidate.index === index) ?? response.results?.[index] ?? {};
	const { index: _index, ...rest } = result;
	return { itemIndex: row.itemIndex, ok: true, result: rest };
}

function rejected(ctx: WmsContext, route: string, row: BulkRow, error: WmsRequestError, messages: string[]): BulkOutcome {
	const base = platformMessage(error.failure);
	const message = messages.length ? `Item ${row.itemIndex}: ${messages.join('; ')}` : `Item ${row.itemIndex}: ${base}`;
	const apiError = toNodeApiError(ctx.getNode(), error.failure, { itemIndex: row.itemIndex, route });
	apiError.message = message;
	return { itemIndex: row.itemIndex, ok: false, error: apiError, sent: true };
}

function notSent(ctx: WmsContext, route: string, row: BulkRow, error: WmsRequestError): BulkOutcome {
	const apiError = toNodeApiError(ctx.getNode(), error.failure, { itemIndex: row.itemIndex, route, attempts: error.attempts });
	apiError.message = `Item ${row.itemIndex}: not confirmed as stored — ${error.apiError.message}. Running the node again is safe: records are matched by their key.`;
	return { itemIndex: row.itemIndex, ok: false, error: apiError, sent: false };
}
