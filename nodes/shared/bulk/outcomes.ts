/**
 * What became of each row of a bulk write. Nothing counts as stored unless the platform
 * confirmed it; a row it named with a 4xx was refused; anything else is not confirmed, saying
 * whether the platform may hold it and whether running the node again is safe.
 *
 * Which rows a success answer confirms: the contract answers one result per row,
 * `{index, key, status}`; a platform (or a proxy) may answer otherwise, and then the rows it does
 * not clearly confirm stay "not confirmed", never "stored". A result names its row:
 * - by `key` when the platform gives one and the route's key is made of row fields (a key that
 *   names no row of the request confirms nothing, whatever its index says); a key in another
 *   letter case names the row all the same, as reads by key pair them (a platform that folds
 *   case answers in its own spelling, which the output keeps);
 * - else by `index`;
 * - else by position, only when there are exactly as many results as rows.
 * A row named by two results, or whose result has a status the contract does not know, is not
 * confirmed either. Statuses are read in any letter case ("Created" is created).
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { isObject } from '../objects';
import { routeInfo, type RoutePath } from '../platform';
import { foldKey } from '../recordKey';
import { PlatformError } from '../transport/errors';
import type { Answer } from '../transport/request';

export type RowOutcome =
	/** The platform confirmed it: its result for the row. */
	| { kind: 'stored'; key?: string; result: IDataObject }
	/**
	 * The platform refused the row (named it, or refused its whole request, with a 4xx): nothing
	 * of it is stored. `withOthers`: refused with other rows of its request, none of them named.
	 */
	| { kind: 'refused'; key?: string; error: PlatformError; withOthers?: true }
	/** Neither: the platform may or may not hold it. */
	| {
			kind: 'notConfirmed';
			key?: string;
			error: PlatformError;
			mayBeStored: boolean;
			rerunSafe: boolean;
	  };

export type FailedRow = Exclude<RowOutcome, { kind: 'stored' }>;

const CONFIRMING_STATUSES = new Set(['created', 'updated', 'unchanged']);

/** What a bulk answer must hold, for the transport's check: the list of per-row results. */
export const RESULTS_LIST = (answer: IDataObject): string | undefined =>
	Array.isArray(answer.results)
		? undefined
		: answer.results === undefined
			? 'no per-row results'
			: 'per-row results that are not a list';

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

/** The natural key of each record, when the route has one. */
export function naturalKeys(route: RoutePath, records: IDataObject[]): Array<string | undefined> {
	const fields = routeInfo(route).naturalKey;
	return records.map((record) => (fields ? rowKey(fields, record) : undefined));
}

/** What to tell the user about running the node again for a row the platform may or may not hold. */
function rerunAdvice(
	idempotent: boolean,
	mayBeStored: boolean,
	status: number | undefined,
): string {
	// Only a route that matches records by their key makes a re-run harmless; elsewhere (a new comparison per call) a second run may add another.
	if (idempotent) return 'Running the node again is safe: records are matched by their key.';
	if (!mayBeStored) return 'The platform did not take it: running the node again is safe.';
	return status !== undefined && status < 300
		? 'The platform may have stored it without confirming it, and a second run would add another: check the platform before running the node again.'
		: 'The platform may have stored it before the connection dropped, and a second run would add another: check the platform before running the node again.';
}

/** A row the platform did not confirm: `why` finishes "not confirmed as stored — …". */
export function notConfirmed(
	cause: PlatformError,
	why: string,
	mayBeStored: boolean,
	key?: string,
	field?: string,
): FailedRow {
	const advice = rerunAdvice(cause.idempotent, mayBeStored, cause.status);
	return {
		kind: 'notConfirmed',
		key,
		error: cause.forRow(`not confirmed as stored — ${why}. ${advice}`, mayBeStored, field),
		mayBeStored,
		rerunSafe: cause.idempotent || !mayBeStored,
	};
}

/** A row the platform refused; when an earlier try of its request may have been stored, it is only not confirmed. */
export function refused(
	cause: PlatformError,
	message: string,
	key?: string,
	withOthers?: true,
	field?: string,
): FailedRow {
	if (cause.mayBeStored)
		return notConfirmed(cause, `${cause.message}: ${message}`, true, key, field);
	const row: FailedRow = { kind: 'refused', key, error: cause.forRow(message, undefined, field) };
	return withOthers ? { ...row, withOthers } : row;
}

const keyText = (value: unknown): string | undefined =>
	typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

function indexOf(value: unknown, rowCount: number): number | 'invalid' | undefined {
	if (value === undefined || value === null) return undefined;
	const index =
		typeof value === 'number'
			? value
			: typeof value === 'string' && /^\d+$/.test(value)
				? Number(value)
				: NaN;
	return Number.isInteger(index) && index >= 0 && index < rowCount ? index : 'invalid';
}

/** The outcome of each row of a request the platform answered with success. */
export function confirmRows(
	node: INode,
	route: RoutePath,
	records: IDataObject[],
	answer: Answer,
	idempotent?: boolean,
): RowOutcome[] {
	const results = answer.body.results as unknown[];
	const fields = routeInfo(route).resultKey;
	const keys = fields ? records.map((record) => rowKey(fields, record)) : undefined;
	const naturalKey = routeInfo(route).naturalKey;
	const named: Array<IDataObject | undefined> = new Array(records.length);
	const times = new Uint32Array(records.length);
	const strays: string[] = [];
	let rowsByKey: Map<string, number[]> | undefined;
	let rowsByFoldedKey: Map<string, number[]> | undefined;
	const sameKey = (row: number, key: string) =>
		keys![row] === key || foldKey(keys![row]) === foldKey(key);
	const byKey = (fold: (key: string) => string) => {
		const rows = new Map<string, number[]>();
		keys!.forEach((rowKey, row) =>
			rows.set(fold(rowKey), [...(rows.get(fold(rowKey)) ?? []), row]),
		);
		return rows;
	};

	const rowOf = (result: IDataObject, position: number): number | undefined => {
		const key = keyText(result.key);
		const index = indexOf(result.index, records.length);
		if (keys && key !== undefined) {
			if (typeof index === 'number' && sameKey(index, key)) return index;
			if (position < records.length && sameKey(position, key) && times[position] === 0)
				return position;
			rowsByKey ??= byKey((rowKey) => rowKey);
			const candidates =
				rowsByKey.get(key) ?? (rowsByFoldedKey ??= byKey(foldKey)).get(foldKey(key));
			return candidates?.find((row) => times[row] === 0) ?? candidates?.[0];
		}
		if (index !== undefined) return index === 'invalid' ? undefined : index;
		return results.length === records.length ? position : undefined;
	};

	for (let position = 0; position < results.length; position++) {
		const result = results[position];
		const row = isObject(result) ? rowOf(result, position) : undefined;
		if (row === undefined) {
			strays.push(keyText((result as IDataObject | null)?.key) ?? `#${position}`);
			continue;
		}
		times[row]++;
		named[row] = result as IDataObject;
	}

	// The answer stands for the request: a row it does not confirm may be stored all the same.
	let answered: PlatformError | undefined;
	return records.map((record, k): RowOutcome => {
		const result = named[k];
		const key = keys?.[k] ?? (naturalKey ? rowKey(naturalKey, record) : undefined);
		const said = keys ? ` (key "${keys[k]}")` : '';
		const unconfirmed = (why: string) => {
			answered ??= new PlatformError(node, {
				route,
				status: answer.status,
				headers: {},
				message: '',
				attempts: 1,
				mayBeStored: true,
				idempotent,
			});
			return notConfirmed(
				answered,
				`the platform answered HTTP ${answer.status} on ${route}, but ${why}`,
				true,
				key,
			);
		};
		if (times[k] > 1)
			return unconfirmed(
				`its answer has ${times[k]} results for this record${said}, so none can be trusted`,
			);
		if (!result) {
			const others = strays.length
				? `; results it gave for records not in this request: ${strays
						.slice(0, 3)
						.map((s) => `"${s}"`)
						.join(', ')}${strays.length > 3 ? ', …' : ''}`
				: '';
			return unconfirmed(
				`its answer names no result for this record${said} (${results.length} results for ${records.length} records${others})`,
			);
		}
		const confirming = typeof result.status === 'string' ? result.status.toLowerCase() : undefined;
		if (confirming === undefined || !CONFIRMING_STATUSES.has(confirming)) {
			const words =
				keyText(result.message) ?? keyText((result.error as IDataObject | undefined)?.message);
			const status = typeof result.status === 'string' ? `status "${result.status}"` : 'no status';
			return unconfirmed(
				`its result for this record${said} has ${status}${words ? ` ("${words}")` : ''}, not created, updated or unchanged`,
			);
		}
		// Copied without `index` (a position in one request, meaningless to the user); not `delete`, which slows every later read of the object.
		const rest: IDataObject = {};
		for (const field of Object.keys(result)) if (field !== 'index') rest[field] = result[field];
		rest.status = confirming;
		// A result matched by index or position still tells the user which record it was.
		if (keys && (rest.key === undefined || rest.key === null)) rest.key = keys[k];
		return { kind: 'stored', key, result: rest };
	});
}
