/**
 * What a record's check is made of: the options it runs with, a problem it finds, a field list as
 * its records are checked (made ready once: every key a field answers to, its check, the required
 * fields, the read-only keys), the keys a field answers to (its name and its camelCase), where a
 * field is in words (placeText) and the one problem for keys no field knows.
 */
import type { FieldShape, FieldSpec } from '../platform/types';
import type { Checked } from './values';

export type UnknownFieldPolicy = 'error' | 'ignore' | 'send';

/** How records are checked, beyond their fields' own rules. */
export interface CheckOptions {
	/** What happens to a key that is no field of the record. */
	unknownFields: UnknownFieldPolicy;
	/** The workflow's time zone (the execution context's getTimezone()): date-times without an offset are read in it. */
	timeZone: string;
	/** Where keys left out under 'ignore' are counted (by the records that had them), to be said once for the run. */
	leftOut?: Map<string, number>;
	/** Whether a key that is no field's name names one in another letter case (ORDER_NUMBER, Sku). */
	anyCase?: boolean;
	/**
	 * The input is the caller's own (a file's row, made by the reader), not an item of the
	 * previous node: a value the check changes under the same key is written into it, rather than
	 * into a copy of it (a copy is still made when a key is renamed or left out).
	 */
	inPlace?: boolean;
}

export interface Problem {
	/** The field's path in the record, e.g. "lines[2].quantity". */
	field: string;
	problem: string;
}

/** A field list as its records are checked: whatever has fields and, perhaps, read-only ones, or several shapes. */
export interface FieldList {
	fields?: FieldSpec[];
	readOnly?: string[];
	shapes?: FieldShape[];
	shapeBy?: string;
}

/** One record's walk: where problems go, and how to check. */
export interface Walk {
	problems: Problem[];
	options: CheckOptions;
}

/**
 * A field's check: the value to send, or its problem. Objects and lists report their own fields'
 * problems on the walk. `prefix`, `entry` and `tail` say where the field's record sits (see
 * placeText): a check that needs the field's path makes it from them, so that no path is made for
 * a field that has nothing to report.
 */
export type FieldCheck = (
	value: unknown,
	prefix: string,
	entry: number,
	tail: string,
	walk: Walk,
) => Checked;

/**
 * The text before the names of a record's fields in a problem: `prefix` alone ("" at the top,
 * "dims."), or within an entry of a list (`entry` from 0, else -1) the list's path, the entry and
 * what follows it ("lines" + 2 + "dims." is "lines[2].dims."). Made when a problem names a field,
 * not for every field walked.
 */
export function placeText(prefix: string, entry: number, tail: string): string {
	return entry < 0 ? prefix : `${prefix}[${entry}].${tail}`;
}

export interface ReadyFields {
	/** Each key a field answers to → the field's name and check. */
	byKey: Map<string, { name: string; check: FieldCheck }>;
	/** The same, by the key in lower case, for records matched in any letter case. */
	byLowerKey: Map<string, { name: string; check: FieldCheck }>;
	required: string[];
	/** Read-only keys in both spellings: dropped quietly, so a record read with Get can be sent back. */
	readOnly: Set<string>;
	/** A value of several shapes: each shape's own fields, and the field naming the shape. */
	shapes?: { by?: string; parts: Array<{ name: string; when?: string[]; fields: ReadyFields }> };
}

/** Extra names that keys from ERP exports (and the form's parameters) come in: camelCase of the field's name. */
export function camelName(name: string): string {
	return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const keyIndexes = new WeakMap<FieldSpec[], Map<string, FieldSpec>>();

/** The field a key stands for, given as the platform's name or its camelCase (the first field to claim a key keeps it). */
export function fieldByKey(fields: FieldSpec[], key: string): FieldSpec | undefined {
	let index = keyIndexes.get(fields);
	if (!index) {
		index = new Map();
		for (const field of fields)
			for (const name of [field.name, camelName(field.name)])
				if (!index.has(name)) index.set(name, field);
		keyIndexes.set(fields, index);
	}
	return index.get(key);
}

/** One problem for all the keys of a record the platform has no field for, naming each once. */
export function unknownFields([first, ...others]: string[]): Problem {
	const nor = others.length
		? `, nor ${others.length === 1 ? 'is' : 'are'} ${others.slice(0, -1).join(', ')}${others.length > 1 ? ' and ' : ''}${others[others.length - 1]}`
		: '';
	const them = others.length ? 'them' : 'it';
	return {
		field: first,
		problem: `is not a field the platform knows${nor}: remove ${them}, rename ${them} with an x_ prefix (x_${first.split('.').pop()}) to send ${them} as ${others.length ? 'they are' : 'it is'}, or set Options → Unknown Fields to Leave Out`,
	};
}
