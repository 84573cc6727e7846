/**
 * Which rows a success answer of a bulk write confirms. The contract answers one result per row,
 * `{index, key, status}`; a platform (or a proxy) may answer otherwise, and then the rows it does
 * not clearly confirm stay "not confirmed", never "stored". A result names its row:
 * - by `key` when the platform gives one and the route's key is made of row fields (a key that
 *   names no row of the request confirms nothing, whatever its index says);
 * - else by `index`;
 * - else by position, only when there are exactly as many results as rows.
 * A row named by two results, or whose result has a status the contract does not know, is not
 * confirmed either.
 */
import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { toNodeApiError } from './errors';
import { routeInfo } from './platform';
import type { Answer, WmsContext } from './transport';

export interface BulkRow {
	itemIndex: number;
	record: IDataObject;
}

export type BulkOutcome =
	| { itemIndex: number; ok: true; result: IDataObject }
	// sent: the platform answered that it refused the row (nothing stored); false: not confirmed either way.
	| { itemIndex: number; ok: false; error: NodeApiError; sent: boolean };

const CONFIRMING_STATUSES = new Set(['created', 'updated', 'unchanged']);

/** What a bulk answer must hold, for the transport's check: the list of per-row results. */
export const RESULTS_LIST = (answer: IDataObject): string | undefined =>
	Array.isArray(answer.results) ? undefined : answer.results === undefined ? 'no per-row results' : 'per-row results that are not a list';

/** Whether running the node again is harmless for rows the platform may or may not hold. */
export function rerunAdvice(route: string, status: number | undefined): string {
	// Only a route that matches records by their key makes a re-run harmless; elsewhere (a new comparison
	// per call) the platform may have stored the record without saying so. 429/503 say it did not.
	if (routeInfo(route).idempotent) return 'Running the node again is safe: records are matched by their key.';
	if (status === 429 || status === 503) return 'The platform did not take it: running the node again is safe.';
	return status !== undefined && status < 300
		? 'The platform may have stored it without confirming it, and a second run would add another: check the platform before running the node again.'
		: 'The platform may have stored it before the connection dropped, and a second run would add another: check the platform before running the node again.';
}

/** The key results report for a row: its key fields' values joined with "|", absent ones left out. */
export function rowKey(fields: string[], record: IDataObject): string {
	if (fields.length === 1) return String(record[fields[0]] ?? '');
	const parts: string[] = [];
	for (const field of fields) {
		const value = record[field];
		if (value !== undefined && value !== null && value !== '') parts.push(String(value));
	}
	return parts.join('|');
}

const keyText = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

function indexOf(value: unknown, rowCount: number): number | 'invalid' | undefined {
	if (value === undefined || value === null) return undefined;
	const index = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
	return Number.isInteger(index) && index >= 0 && index < rowCount ? index : 'invalid';
}

export function confirmRows(ctx: WmsContext, route: string, rows: BulkRow[], answer: Answer<IDataObject>): BulkOutcome[] {
	const results = answer.body.results as unknown[];
	const fields = routeInfo(route).resultKey;
	const keys = fields ? rows.map((row) => rowKey(fields, row.record)) : undefined;
	const named: Array<IDataObject | undefined> = new Array(rows.length);
	const times = new Uint32Array(rows.length);
	const strays: string[] = [];
	let rowsByKey: Map<string, number[]> | undefined;

	const rowOf = (result: IDataObject, position: number): number | undefined => {
		const key = keyText(result.key);
		const index = indexOf(result.index, rows.length);
		if (keys && key !== undefined) {
			if (typeof index === 'number' && keys[index] === key) return index;
			if (position < rows.length && keys[position] === key && times[position] === 0) return position;
			if (!rowsByKey) {
				rowsByKey = new Map();
				keys.forEach((rowKey, row) => rowsByKey!.set(rowKey, [...(rowsByKey!.get(rowKey) ?? []), row]));
			}
			const candidates = rowsByKey.get(key);
			return candidates?.find((row) => times[row] === 0) ?? candidates?.[0];
		}
		if (index !== undefined) return index === 'invalid' ? undefined : index;
		return results.length === rows.length ? position : undefined;
	};

	for (let position = 0; position < results.length; position++) {
		const result = results[position];
		const row = result !== null && typeof result === 'object' && !Array.isArray(result) ? rowOf(result as IDataObject, position) : undefined;
		if (row === undefined) {
			strays.push(keyText((result as IDataObject | null)?.key) ?? `#${position}`);
			continue;
		}
		times[row]++;
		named[row] = result as IDataObject;
	}

	return rows.map((row, k) => {
		const result = named[k];
		const key = keys ? ` (key "${keys[k]}")` : '';
		if (times[k] > 1) return unconfirmed(ctx, route, row, answer.status, `its answer has ${times[k]} results for this record${key}, so none can be trusted`);
		if (!result) {
			const others = strays.length ? `; results it gave for records not in this request: ${strays.slice(0, 3).map((s) => `"${s}"`).join(', ')}${strays.length > 3 ? ', …' : ''}` : '';
			return unconfirmed(ctx, route, row, answer.status, `its answer names no result for this record${key} (${results.length} results for ${rows.length} records${others})`);
		}
		if (typeof result.status !== 'string' || !CONFIRMING_STATUSES.has(result.status)) {
			const said = keyText(result.message) ?? keyText((result.error as IDataObject | undefined)?.message);
			const status = typeof result.status === 'string' ? `status "${result.status}"` : 'no status';
			return unconfirmed(ctx, route, row, answer.status, `its result for this record${key} has ${status}${said ? ` ("${said}")` : ''}, not created, updated or unchanged`);
		}
		// Copied without `index` (a position in one request, meaningless to the user); not `delete`, which slows every later read of the object.
		const rest: IDataObject = {};
		for (const field of Object.keys(result)) if (field !== 'index') rest[field] = result[field];
		// A result matched by index or position still tells the user which record it was.
		if (keys && (rest.key === undefined || rest.key === null)) rest.key = keys[k];
		return { itemIndex: row.itemIndex, ok: true, result: rest };
	});
}

function unconfirmed(ctx: WmsContext, route: string, row: BulkRow, status: number, why: string): BulkOutcome {
	const error = toNodeApiError(ctx.getNode(), { status, headers: {}, message: why, route }, { itemIndex: row.itemIndex, route });
	error.message = `Item ${row.itemIndex}: not confirmed as stored — the platform answered HTTP ${status} on ${route}, but ${why}. ${rerunAdvice(route, status)}`;
	return { itemIndex: row.itemIndex, ok: false, error, sent: false };
}
