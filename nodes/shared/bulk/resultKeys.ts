/**
 * A write result's key read as the records' own keys are written ("PAINT-0|L0000"), however the
 * platform writes a key of several fields: joined by a separator of its own ("PAINT-0/L0000",
 * "PAINT-0:L0000"), learnt from the answer — the one that makes a record's key fields into the
 * result's key — never assumed; or as an object of the key's fields ({sku, lot}).
 */
import type { IDataObject } from 'n8n-workflow';

import { camelName } from '../checking';
import { isObject } from '../objects';

/** A key or message given as text or a number, as text. */
export const keyText = (value: unknown): string | undefined =>
	typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** A record's key fields that have a value, as text (a key field left empty is left out, as rowKey does). */
function partsOf(fields: string[], record: IDataObject): string[] {
	const parts: string[] = [];
	for (const field of fields) {
		const value = record[field] ?? record[camelName(field)];
		if (value !== undefined && value !== null && value !== '') parts.push(String(value));
	}
	return parts;
}

/** The separator that joins these parts into `text`, if one does. */
function separatorOf(parts: string[], text: string): string | undefined {
	if (parts.length < 2 || !text.startsWith(parts[0]) || !text.endsWith(parts[parts.length - 1]))
		return undefined;
	const between = text.length - parts.reduce((length, part) => length + part.length, 0);
	const width = between / (parts.length - 1);
	if (!Number.isInteger(width) || width <= 0) return undefined;
	const separator = text.slice(parts[0].length, parts[0].length + width);
	return parts.join(separator) === text ? separator : undefined;
}

/**
 * How to read a result's key for these records, whose own keys (`keys`, joined by rowKey) are
 * made of `fields`: a function from the result's key value to the record key it stands for (or
 * the text as given when no record's key makes it).
 */
export function resultKeyReader(
	fields: string[] | undefined,
	records: IDataObject[],
	keys: string[] | undefined,
): (value: unknown) => string | undefined {
	if (!fields || !keys) return keyText;
	if (fields.length < 2)
		return (value) => (isObject(value) ? partsOf(fields, value).join('|') : keyText(value));
	const ours = new Set(keys);
	let theirs: Map<string, string> | undefined;
	const tried = new Set<string>();
	return (value) => {
		if (isObject(value)) return partsOf(fields, value).join('|');
		const text = keyText(value);
		if (text === undefined || ours.has(text)) return text;
		if (!theirs && !tried.has(text)) {
			tried.add(text);
			let separator: string | undefined;
			for (let row = 0; row < records.length && separator === undefined; row++)
				separator = separatorOf(partsOf(fields, records[row]), text);
			if (separator !== undefined) {
				const joinedBy = separator;
				theirs = new Map(
					records.map((record, row) => [partsOf(fields, record).join(joinedBy), keys[row]]),
				);
			}
		}
		return theirs?.get(text) ?? text;
	};
}
