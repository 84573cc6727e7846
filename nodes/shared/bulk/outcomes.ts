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

import { isObject, valueAt } from '../objects';
import type { Results, RouteInfo } from '../platform';
import { foldKey } from '../recordKey';
import { PlatformError } from '../transport/errors';
import { answerReader, type AnswerReader, type Entry } from './answers';
import { keyText, resultKeyReader } from './resultKeys';
import { statusMeaning } from '../platform/description/wire';
import type { Answer } from '../transport/request';

export type RowOutcome =
	/**
	 * The platform confirmed it: its result for the row. `resent`: it was sent again after an
	 * answer was lost (`lost`: the platform may have had it twice), or after a read back found it
	 * missing (`readBack`).
	 */
	| { kind: 'stored'; key?: string; result: IDataObject; resent?: Resent }
	/**
	 * The platform refused the row (named it, or refused its whole request, with a 4xx): nothing
	 * of it is stored. `withOthers`: refused with other rows of its request, none of them named.
	 */
	| { kind: 'refused'; key?: string; error: PlatformError; withOthers?: true }
	/**
	 * Neither: the platform may or may not hold it. `notSent`: it never reached the platform (its
	 * request failed before it left, or the write stopped before its turn), so the platform cannot
	 * hold it.
	 */
	| {
			kind: 'notConfirmed';
			key?: string;
			error: PlatformError;
			mayBeStored: boolean;
			rerunSafe: boolean;
			notSent?: true;
	  }
	/** Check Only: the row passed every check against the description and was not sent. */
	| { kind: 'checked'; key?: string };

/** Why a stored row was sent more than once. */
export type Resent = 'lost' | 'readBack';

/** The output fields of a row sent again: `resent` and a sentence saying what that means for it. */
export function resentFields(resent: Resent | undefined): IDataObject {
	if (!resent) return {};
	return {
		resent: true,
		note:
			resent === 'readBack'
				? 'Sent again after the answer to the first try was lost and a read back showed the platform did not have it.'
				: 'Sent again after the answer to the first try was lost: if the platform does not keep one record per key, it may now hold this record twice; check it there.',
	};
}

export type FailedRow = Exclude<RowOutcome, { kind: 'stored' } | { kind: 'checked' }>;

/** How our own contract answers a bulk write: one result per row under `results`, with its index, key and status. */
const OUR_RESULTS: Results = {
	by: 'perRow',
	list: 'results',
	index: 'index',
	key: 'key',
	status: 'status',
};

/** How a route's answers tell each row's fate (ours, where the description says nothing of it). */
export const resultsOf = (info: RouteInfo): Results => info.wire?.results ?? OUR_RESULTS;

/** What a bulk answer must hold, for the transport's check: its list (or lists) of per-row results. */
export function resultsProblem(shape: Results): (answer: IDataObject) => string | undefined {
	const { lists } = answerReader(shape);
	return (answer) => {
		if (lists.length === 0) return undefined;
		const values = lists.map((path) => valueAt(answer, path));
		if (values.some((value) => value !== undefined && !Array.isArray(value)))
			return 'per-row results that are not a list';
		return values.every((value) => value === undefined) ? 'no per-row results' : undefined;
	};
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

/** What to tell the user about running the node again for a row the platform may or may not hold. */
function rerunAdvice(cause: PlatformError, mayBeStored: boolean): string {
	// Only a route that matches records by their key makes a re-run harmless; elsewhere (a new comparison per call) a second run may add another.
	if (cause.idempotent) return 'Running the node again is safe: records are matched by their key.';
	if (!mayBeStored) return 'The platform did not take it: running the node again is safe.';
	const how =
		cause.status !== undefined && cause.status < 300
			? 'The platform may have stored it without confirming it'
			: 'The platform may have stored it before the connection dropped';
	// The description says a second one would be added: say so. Otherwise it depends on the
	// platform: say on what, and, where the node has the option, what to choose if it does.
	if (cause.saysUnsafe)
		return `${how}, and a second run would add another: check the platform before running the node again.`;
	const depends = `${how}; a second run adds another unless the platform keeps one record per key: check the platform before running the node again`;
	return cause.resendOption
		? `${depends}, or, if it does keep one, set Options → Re-Send After a Lost Answer to Re-Send.`
		: `${depends}.`;
}

/**
 * A row that never reached the platform: its request failed before it left (`cause.notSent`), or
 * the write stopped at `cause` before this row's turn.
 */
export function notSent(cause: PlatformError, key?: string): FailedRow {
	const why = cause.notSent
		? cause.message
		: `the write stopped before this record's turn, when a request failed: ${cause.message}`;
	return {
		kind: 'notConfirmed',
		key,
		error: cause.forRow(
			`nothing was sent — ${why.replace(/\.\s*$/, '')}. It is safe to run the node again once that is put right.`,
			false,
		),
		mayBeStored: false,
		rerunSafe: true,
		notSent: true,
	};
}

/** A row the platform did not confirm: `why` finishes "not confirmed as stored — …". */
export function notConfirmed(
	cause: PlatformError,
	why: string,
	mayBeStored: boolean,
	key?: string,
	field?: string,
): FailedRow {
	// A request that never reached the platform: say so, not what it may hold.
	if (cause.notSent && !mayBeStored) return notSent(cause, key);
	const advice = rerunAdvice(cause, mayBeStored);
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
		return notConfirmed(cause, `${cause.platformMessage}: ${message}`, true, key, field);
	const row: FailedRow = { kind: 'refused', key, error: cause.forRow(message, undefined, field) };
	return withOthers ? { ...row, withOthers } : row;
}

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

/** What a result's status word says of its row, as the description lists its statuses (or, where it lists none, by the word alone). */
function meaningOf(info: RouteInfo, status: string): 'stored' | 'notStored' | 'unknown' {
	const listed = info.wire?.statuses;
	if (!listed) return statusMeaning(status) === 'stored' ? 'stored' : 'unknown';
	const word = status.toLowerCase();
	if (listed.stored?.some((one) => one.toLowerCase() === word)) return 'stored';
	if (listed.notStored?.some((one) => one.toLowerCase() === word)) return 'notStored';
	return 'unknown';
}

/** The outcome of each row of a request the platform answered with success, read as the route's answers name rows (its results shape). */
export function confirmRows(
	node: INode,
	route: string,
	info: RouteInfo,
	records: IDataObject[],
	answer: Answer,
	idempotent: boolean,
): RowOutcome[] {
	const reader = answerReader(resultsOf(info));
	const fields = info.resultKey;
	const keys = fields ? records.map((record) => rowKey(fields, record)) : undefined;
	const keyOfResult = resultKeyReader(fields, records, keys);
	const naturalKey = info.naturalKey;
	const entries = reader.entries(answer.body, records.length);
	const indexField = reader.index;
	const messageField = reader.message;
	// The field naming a result's record: the answer's key, else the record's own key field when results carry it.
	const keyFieldOf = (result: IDataObject): string | undefined =>
		reader.key !== undefined
			? reader.key
			: fields?.length === 1 && result[fields[0]] !== undefined
				? fields[0]
				: undefined;
	const named: Array<Entry | undefined> = new Array(records.length);
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

	const rowOf = ({ result, position, of }: Entry): number | undefined => {
		const record = result as IDataObject;
		const keyField = keyFieldOf(record);
		const key = keyField === undefined ? undefined : keyOfResult(record[keyField]);
		const index =
			indexField === undefined ? undefined : indexOf(record[indexField], records.length);
		if (keys && key !== undefined) {
			if (typeof index === 'number' && sameKey(index, key)) return index;
			if (of === records.length && sameKey(position, key) && times[position] === 0) return position;
			rowsByKey ??= byKey((rowKey) => rowKey);
			const candidates =
				rowsByKey.get(key) ?? (rowsByFoldedKey ??= byKey(foldKey)).get(foldKey(key));
			const found = candidates?.find((row) => times[row] === 0) ?? candidates?.[0];
			// A key taken from the built-in description is a guess: where the answer names none of its rows by it, the platform's own row number does.
			return found ?? (info.keyFrom === 'builtIn' && typeof index === 'number' ? index : undefined);
		}
		if (index !== undefined) return index === 'invalid' ? undefined : index;
		return of === records.length ? position : undefined;
	};

	for (const entry of entries) {
		const row = isObject(entry.result) ? rowOf(entry) : undefined;
		if (row === undefined) {
			const record = entry.result as IDataObject | null;
			const keyField = isObject(record) ? keyFieldOf(record) : undefined;
			strays.push((keyField && keyOfResult(record?.[keyField])) ?? `#${entry.position}`);
			continue;
		}
		times[row]++;
		named[row] = entry;
	}

	// The answer stands for the request: a row it does not confirm may be stored all the same.
	let answered: PlatformError | undefined;
	const cause = (mayBeStored: boolean) =>
		new PlatformError(node, {
			route,
			status: answer.status,
			headers: {},
			message: '',
			attempts: 1,
			mayBeStored,
			idempotent,
		});
	// Made once for the request, not per row: a confirmed row's outcome is the only object it needs.
	const said = (k: number) => (keys ? ` (key "${keys[k]}")` : '');
	const unconfirmedAs = (key: string | undefined, why: string) => {
		answered ??= cause(true);
		return notConfirmed(
			answered,
			`the platform answered HTTP ${answer.status} on ${route}, but ${why}`,
			true,
			key,
		);
	};
	return records.map((record, k): RowOutcome => {
		const entry = named[k];
		const result = entry?.result as IDataObject | undefined;
		const key = keys?.[k] ?? (naturalKey ? rowKey(naturalKey, record) : undefined);
		if (reader.cannotTell) return unconfirmedAs(key, reader.cannotTell);
		if (times[k] > 1)
			return unconfirmedAs(
				key,
				`its answer has ${times[k]} results for this record${said(k)}, so none can be trusted`,
			);
		if (!entry || !result) {
			const others = strays.length
				? `; results it gave for records not in this request: ${strays
						.slice(0, 3)
						.map((s) => `"${s}"`)
						.join(', ')}${strays.length > 3 ? ', …' : ''}`
				: '';
			// A key the package took from the built-in description may not be the platform's: say so, it is the likeliest cause.
			const guessed =
				info.keyFrom === 'builtIn' && fields && strays.length
					? `; the platform's API description names no key for these records (x-natural-key), so the built-in ${fields.join(' + ')} was taken, and its answer names them otherwise: choose the key under Key to Match On (node version 3) or ask the platform to name it`
					: '';
			return unconfirmedAs(
				key,
				`its answer names no result for this record${said(k)} (${entries.length} results for ${records.length} records${others})${guessed}`,
			);
		}
		const words =
			(messageField === undefined ? undefined : keyText(result[messageField])) ??
			keyText(result.message) ??
			keyText((result.error as IDataObject | undefined)?.message);
		if (entry.refused) return refusedInAnswer(cause(false), result, reader, words, key);
		const statusField = reader.status;
		const status = statusField === undefined ? undefined : result[statusField];
		if (reader.statusRequired) {
			const meaning = typeof status === 'string' ? meaningOf(info, status) : 'unknown';
			if (meaning === 'notStored')
				return refusedInAnswer(
					cause(false),
					result,
					reader,
					words ?? `status "${String(status)}"`,
					key,
				);
			if (meaning !== 'stored') {
				const described = typeof status === 'string' ? `status "${status}"` : 'no status';
				const stored = info.wire?.statuses?.stored ?? ['created', 'updated', 'unchanged'];
				const either =
					stored.length > 1
						? `${stored.slice(0, -1).join(', ')} or ${stored[stored.length - 1]}`
						: (stored[0] ?? 'a status that says it was stored');
				return unconfirmedAs(
					key,
					`its result for this record${said(k)} has ${described}${words ? ` ("${words}")` : ''}, not ${either}`,
				);
			}
		}
		// Copied without the row's position (meaningless to the user); not `delete`, which slows every later read of the object.
		const rest: IDataObject = {};
		for (const field of Object.keys(result)) if (field !== indexField) rest[field] = result[field];
		rest.status = typeof status === 'string' ? status.toLowerCase() : 'stored';
		// A result matched by index or position still tells the user which record it was.
		if (keys && (rest.key === undefined || rest.key === null)) rest.key = keys[k];
		return answer.resent
			? { kind: 'stored', key, result: rest, resent: 'lost' }
			: { kind: 'stored', key, result: rest };
	});
}

/** A row the answer lists among those it did not store: refused, in the platform's words for it. */
function refusedInAnswer(
	cause: PlatformError,
	result: IDataObject,
	reader: AnswerReader,
	words: string | undefined,
	key: string | undefined,
): FailedRow {
	const errors = reader.errors ? result[reader.errors] : result.errors;
	const listed = Array.isArray(errors)
		? errors
				.map((error) => {
					if (!isObject(error)) return keyText(error);
					const field = keyText(error.field ?? error.path ?? error.pointer ?? error.property);
					const message = keyText(error.message ?? error.detail ?? error.reason) ?? 'rejected';
					return field
						? `field "${field.replace(/^\//, '').replace(/\//g, '.')}" ${message}`
						: message;
				})
				.filter((text): text is string => text !== undefined)
		: [];
	return refused(
		cause,
		listed.length ? listed.join('; ') : (words ?? 'the platform did not take it'),
		key,
	);
}
