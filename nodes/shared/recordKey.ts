/**
 * How a record is named to a person: by its key, under the key's own field names
 * ({order_number: "SO-1003"}), and in words ("Sales order SO-1003").
 */
import type { IDataObject } from 'n8n-workflow';

import { camelName, isEmpty } from './checking';
import { InputItems } from './counting';

/** A key value a person would recognise: text or a number, without blanks at either end or "|". */
function usable(value: unknown): value is string | number {
	if (typeof value !== 'string' && typeof value !== 'number') return false;
	const text = String(value);
	return text !== '' && text.trim() === text && !text.includes('|');
}

/**
 * The record's key under its own names, read from the record (checked, or as the user gave it:
 * snake_case or camelCase). Undefined when the first key field has no usable value; later key
 * fields that are absent (an optional batch) are left out.
 */
export function recordKey(
	fields: string[] | undefined,
	record: IDataObject | undefined,
): IDataObject | undefined {
	if (!fields || !record) return undefined;
	const names = keyNames(fields);
	const key: IDataObject = {};
	for (let position = 0; position < fields.length; position++) {
		const field = fields[position];
		const value =
			record[field] ?? record[names[position].camel] ?? inAnyCase(record, names[position]);
		if (usable(value)) key[field] = value;
		else if (position === 0 || !isEmpty(value)) return undefined;
	}
	return key;
}

/** A key field's other spellings. */
interface KeyName {
	camel: string;
	lower: string;
	camelLower: string;
}

/** Each key field list's spellings, worked out once per list: a run names every record by the same key fields. */
const keyNamesOf = new WeakMap<string[], KeyName[]>();

function keyNames(fields: string[]): KeyName[] {
	let names = keyNamesOf.get(fields);
	if (names?.length !== fields.length) {
		names = fields.map((field) => {
			const camel = camelName(field);
			return { camel, lower: field.toLowerCase(), camelLower: camel.toLowerCase() };
		});
		keyNamesOf.set(fields, names);
	}
	return names;
}

/** A field given under its name in another letter case (an ERP's ORDER_NUMBER, Batch), as Map Automatically reads it. */
function inAnyCase(record: IDataObject, names: KeyName): unknown {
	for (const key in record) {
		if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
		const lower = key.toLowerCase();
		if (lower === names.lower || lower === names.camelLower) return record[key];
	}
	return undefined;
}

/** "Sales order SO-1003", "Bin WH1 / A-01-01". */
export function recordName(noun: string, key: IDataObject): string {
	return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${Object.values(key).map(String).join(' / ')}`;
}

/** Fields a person finds a record by when it has no key (yet): its name or description. */
const DESCRIBING = ['name', 'description', 'proper_shipping_name', 'reference'];

/**
 * "The 3rd input item" / "The 1st and 3rd input items", counting from 1 as a person does; with
 * what a person finds it by when the record has a name or description:
 * 'The 3rd input item ("Hex bolt M8 x 40")'.
 */
export function itemsName(itemIndexes: number[], record?: IDataObject): string {
	const items = InputItems(itemIndexes);
	const said = DESCRIBING.map((field) => record?.[field] ?? record?.[camelName(field)]).find(
		(value): value is string => typeof value === 'string' && value.trim() !== '',
	);
	if (!said) return items;
	const text = said.trim();
	return `${items} (${JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text)})`;
}

/**
 * A key as a platform that folds case compares it: reads by key and the results of writes pair a
 * record whose key differs only in letter case with the one asked for or sent.
 */
export function foldKey(key: string): string {
	return key.toLowerCase();
}
