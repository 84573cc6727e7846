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
import type { IDataObject } from 'n8n-workflow';

import { valueAt } from '../objects';
import type { Results, RouteInfo } from '../platform';
import type { PlatformError } from '../transport/errors';
import { answerReader } from './answers';

// Each step of telling a row's fate reads in its own file: a row not stored (failedRows.ts), a
// success answer's results paired with rows (pairing.ts) and read (confirm.ts, which request.ts
// calls itself).
export { notConfirmed, notSent, refused } from './failedRows';

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
			/** The status word the platform answered for the row, where that word is why it is not confirmed. */
			answered?: string;
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

/**
 * What a success answer says of one row, before a failure is put in words (confirm.ts reads it,
 * failedRows.ts words it): stored with its result, refused in the platform's words (and the
 * field they name, if any), or not confirmed and why (with the status word answered, where that
 * word is why).
 */
export type AnswerSays =
	| Extract<RowOutcome, { kind: 'stored' }>
	| { kind: 'refused'; key?: string; words: string; field?: string }
	| { kind: 'unconfirmed'; key?: string; why: string; answered?: string };

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
