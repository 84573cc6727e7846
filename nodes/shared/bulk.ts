/**
 * Bulk writes: split rows into requests of at most the route's limit, send them one after the
 * other through the transport, and give every row its own outcome, paired to its input item.
 *
 * The platform rejects a whole request when any row is bad (422/409, or 404 for an unknown id) and names the rows in
 * error.details[].path as /items/<n>/...; those rows get that error and the rest are sent again
 * without them, so one bad row never sinks its neighbours. A 413 (a platform whose limit is
 * below the contract's) halves the request and keeps the smaller size for the rest of the run.
 * A row counts as stored only when the success answer names it (see confirm.ts). When the
 * transport gives up (retry budget spent, platform down, an answer that cannot be read), the
 * rows of that request and of every later request are reported as not confirmed.
 */
import type { IDataObject, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { confirmRows, rerunAdvice, RESULTS_LIST, type BulkOutcome, type BulkRow } from './confirm';
import { platformMessage, toNodeApiError } from './errors';
import { routeInfo } from './platform';
import { gaveUpOn, wmsAnswer, type Answer, type GaveUp, type RequestOptions, type WmsContext } from './transport';

export type { BulkOutcome, BulkRow };

export interface BulkOptions extends RequestOptions {
	/** Rows per request; capped at the route's own limit. */
	batchSize?: number;
	/** Fields sent beside `items` in every request (e.g. comparison_id). */
	envelope?: IDataObject;
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

/** The request size a 413 taught, per node run and route: later bulk writes of the same run start there. */
const learnedLimits = new WeakMap<WmsContext, Map<string, number>>();

function learnedLimit(ctx: WmsContext, route: string): number | undefined {
	return 'getInputData' in ctx ? learnedLimits.get(ctx)?.get(route) : undefined;
}

function learnLimit(ctx: WmsContext, route: string, size: number): void {
	if (!('getInputData' in ctx)) return;
	const limits = learnedLimits.get(ctx) ?? new Map<string, number>();
	limits.set(route, size);
	learnedLimits.set(ctx, limits);
}

export async function bulkWrite(this: WmsContext, route: string, rows: BulkRow[], options: BulkOptions = {}): Promise<BulkOutcome[]> {
	let size = Math.max(1, Math.min(options.batchSize ?? Infinity, routeInfo(route).maxItems ?? 1000, learnedLimit(this, route) ?? Infinity));
	const outcomes: BulkOutcome[] = [];
	let stopped: { error: NodeApiError; gaveUp: GaveUp } | undefined;
	// Rows split off a request refused as too large, sent before the rows after them.
	let carried: BulkRow[] = [];
	let next = 0;

	while (carried.length > 0 || next < rows.length) {
		let pending = carried.slice(0, size);
		carried = carried.slice(pending.length);
		const more = Math.min(size - pending.length, rows.length - next);
		if (more > 0) pending = pending.concat(rows.slice(next, (next += more)));
		while (pending.length > 0) {
			if (stopped) {
				const cause = stopped;
				outcomes.push(...pending.map((row) => notSent(this, route, row, cause)));
				break;
			}
			try {
				const answer = await wmsAnswer.call<WmsContext, [string, IDataObject, RequestOptions], Promise<Answer<IDataObject>>>(
					this,
					route,
					{ ...options.envelope, items: pending.map((row) => row.record) },
					{ ...options, itemIndex: pending[0].itemIndex, expect: RESULTS_LIST },
				);
				outcomes.push(...confirmRows(this, route, pending, answer));
				pending = [];
			} catch (error) {
				const gaveUp = gaveUpOn(error);
				if (!gaveUp) throw new NodeOperationError(this.getNode(), error as Error);
				const named = rowsNamed(gaveUp, pending.length);
				const status = gaveUp.failure.status ?? 0;
				if (status === 413 && pending.length > 1) {
					const half = Math.ceil(pending.length / 2);
					carried = pending.slice(half).concat(carried);
					pending = pending.slice(0, half);
					if (half < size) {
						size = half;
						learnLimit(this, route, size);
						this.logger.warn(`WMS ${route}: the platform refused a request as too large (HTTP 413); sending at most ${size} records per request for the rest of this run`);
					}
				} else if (status === 413) {
					outcomes.push(rejected(this, route, pending[0], gaveUp, ['the platform refuses this record as too large (HTTP 413) even on its own: shorten it (fewer lines, shorter texts) or ask the platform\'s operator about its size limit']));
					pending = [];
				} else if ((status === 422 || status === 409 || status === 404) && named.size > 0) {
					for (const [index, messages] of named) {
						outcomes.push(rejected(this, route, pending[index], gaveUp, messages));
					}
					pending = pending.filter((_, index) => !named.has(index));
				} else if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
					// The request as a whole was refused: these rows fail, later requests may still pass.
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

function rejected(ctx: WmsContext, route: string, row: BulkRow, error: GaveUp, messages: string[]): BulkOutcome {
	const base = platformMessage(error.failure);
	const message = messages.length ? `Item ${row.itemIndex}: ${messages.join('; ')}` : `Item ${row.itemIndex}: ${base}`;
	const apiError = toNodeApiError(ctx.getNode(), error.failure, { itemIndex: row.itemIndex, route });
	apiError.message = message;
	return { itemIndex: row.itemIndex, ok: false, error: apiError, sent: true };
}

function notSent(ctx: WmsContext, route: string, row: BulkRow, cause: { error: NodeApiError; gaveUp: GaveUp }): BulkOutcome {
	const apiError = toNodeApiError(ctx.getNode(), cause.gaveUp.failure, { itemIndex: row.itemIndex, route, attempts: cause.gaveUp.attempts });
	apiError.message = `Item ${row.itemIndex}: not confirmed as stored — ${cause.error.message}. ${rerunAdvice(route, cause.gaveUp.failure.status)}`;
	return { itemIndex: row.itemIndex, ok: false, error: apiError, sent: false };
}
