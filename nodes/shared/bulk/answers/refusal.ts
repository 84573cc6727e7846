/**
 * What a row an answer refused says (a `rejected` list's entry, or a result whose status says it
 * was not stored): the platform's words, each field its errors name put before its message, and
 * the first field named, as the nodes hold a field (`lines[1].sku`), for the row's error item.
 * An error of the row names its field in any spelling an error answer does (field, path, pointer,
 * name, loc…: transport/problem.ts); a row without a list of errors may name its field in its one
 * error object, or beside its reason.
 */
import type { IDataObject } from 'n8n-workflow';

import { fieldPath } from '../../counting';
import { isObject } from '../../objects';
import { detailOf, heldField } from '../../transport/problem';
import type { AnswerReader } from './reader';

export interface RowRefusal {
	words: string;
	field?: string;
}

/** Keys by which a row names its own field beside its reason (not `name`, which may be the record's own). */
const ROW_FIELD_KEYS = ['field', 'path', 'pointer', 'property', 'propertyPath'];

/** A field path as the nodes hold it, or undefined where there is none. */
const held = (path: unknown): string | undefined =>
	typeof path === 'string' ? heldField(path) || undefined : undefined;

const said = (field: string | undefined, message: string) =>
	field ? `field "${fieldPath(field)}" ${message}` : message;

/** A refused row's words and field; `words`: its own message, where it has one. */
export function rowRefusal(
	result: IDataObject,
	reader: AnswerReader,
	words: string | undefined,
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
		const field = held(detail.path);
		first ??= field;
		listed.push(said(field, detail.message ?? 'rejected'));
	}
	if (listed.length) return { words: listed.join('; '), field: first };
	// One error as an object of its own ({error: {field, message}}), else the row's own field.
	const error = isObject(result.error) ? detailOf(result.error) : undefined;
	const field = held(error?.path) ?? held(ROW_FIELD_KEYS.map((key) => result[key]).find(held));
	if (!field) return { words: words ?? 'the platform did not take it' };
	return { words: said(field, words ?? 'rejected'), field };
}
