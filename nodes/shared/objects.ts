import type { IDataObject } from 'n8n-workflow';

/** A JSON object: not null, not a list. */
export function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value when it is a JSON object, else undefined (for reading answers of any shape with `?.`). */
export function asObject(value: unknown): IDataObject | undefined {
	return isObject(value) ? value : undefined;
}
