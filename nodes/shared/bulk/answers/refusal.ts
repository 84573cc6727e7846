/**
 * What a row an answer refused says (a `rejected` list's entry, or a result whose status says it
 * was not stored): the platform's words, each field its errors name put before its message, and
 * the first field named, as the nodes hold a field (`lines[1].sku`), for the row's error item.
 * An error of the row names its field in any spelling an error answer does (field, path, pointer,
 * name, loc…: transport/problem.ts); a row without a list of errors may name its field in its one
 * error object, or beside its reason. A path from the request's top (`data[1].item_name`,
 * `/data/1/item_name`) is the record's field (`item_name`) where it names this row; where it names
 * another row, the words say which and no field is put on this one.
 */
import type { IDataObject } from 'n8n-workflow';

import { fieldPath, ordinal, rowOfPath } from '../../counting';
import { isObject } from '../../objects';
import { detailOf, heldField } from '../../transport/problem';
import { recordField } from '../recordField';
import type { AnswerReader } from './reader';

export interface RowRefusal {
	words: string;
	field?: string;
}

/** Keys by which a row names its own field beside its reason (not `name`, which may be the record's own). */
const ROW_FIELD_KEYS = ['field', 'path', 'pointer', 'property', 'propertyPath'];

/** Where the row is in its request: the body field holding the records ('' for a body that is the list) and its index there, from 0. */
export interface RowPlace {
	container: string;
	row: number;
	/** The record sent, to name a field as it spells it (ASP.NET's ItemName is its item_name). */
	record?: unknown;
}

/** What a path names: a field of this row as the nodes hold it, or of another row of the request. */
interface Named {
	field?: string;
	other?: number;
}

/** A field path as the nodes hold it, a path from the request's top read within its row. */
function named(path: unknown, place: RowPlace | undefined): Named | undefined {
	if (typeof path !== 'string') return undefined;
	const within = place && rowOfPath(path, place.container);
	if (!within)
		return heldField(path) ? { field: recordField(heldField(path), place?.record) } : undefined;
	const field = within.field ? recordField(within.field, place.record) : undefined;
	return within.row === place.row ? (field ? { field } : undefined) : { field, other: within.row };
}

const said = (at: Named | undefined, message: string) => {
	const field = at?.field ? `field "${fieldPath(at.field)}" ${message}` : message;
	return at?.other === undefined
		? field
		: `the ${ordinal(at.other + 1)} record of the request, not this one: ${field}`;
};

/** The field to put on the row's error item: none where the path names another row. */
const ownField = (at: Named | undefined) => (at?.other === undefined ? at?.field : undefined);

/**
 * A refused row's words and field; `words`: its own message, where it has one; `place`: where the
 * row is in its request, to read a path from the request's top.
 */
export function rowRefusal(
	result: IDataObject,
	reader: AnswerReader,
	words: string | undefined,
	place?: RowPlace,
): RowRefusal {
	const errors = reader.errors ? result[reader.errors] : result.errors;
	let first: string | undefined;
	const listed: string[] = [];
	for (const error of Array.isArray(errors) ? errors : []) {
		const detail = detailOf(error);
		if (!detail) {
			if (typeof error === 'number') listed.push(String(error));
			continue;
		}
		const at = named(detail.path, place);
		first ??= ownField(at);
		listed.push(said(at, detail.message ?? 'rejected'));
	}
	if (listed.length)
		return first ? { words: listed.join('; '), field: first } : { words: listed.join('; ') };
	// One error as an object of its own ({error: {field, message}}), else the row's own field.
	const error = isObject(result.error) ? detailOf(result.error) : undefined;
	const at =
		named(error?.path, place) ??
		ROW_FIELD_KEYS.map((key) => named(result[key], place)).find(Boolean);
	if (!at) return { words: words ?? 'the platform did not take it' };
	const field = ownField(at);
	const text = said(at, words ?? 'rejected');
	return field ? { words: text, field } : { words: text };
}
