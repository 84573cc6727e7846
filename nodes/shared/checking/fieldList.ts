/**
 * What a record's check is made of: the options it runs with, a problem it finds, a field list as
 * its records are checked (made ready once: every key a field answers to, its check, the required
 * fields, the read-only keys), and the keys a field answers to (its name and its camelCase).
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

/** A field's check: the value to send, or its problem. Objects and lists report their own fields' problems on the walk. */
export type FieldCheck = (value: unknown, path: string, walk: Walk) => Checked;

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
