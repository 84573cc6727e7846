/**
 * Checking one value against its field: numbers, texts (length in characters, pattern, allowed
 * values), booleans and dates, as ERP exports send them. Lists, objects and whole records are
 * walked in fields.ts.
 */
import type { FieldSpec } from './fields';

/** A field's spec as checking reads it, with what checking needs made once (see planOf). */
export interface CheckedField extends FieldSpec {
	/** The pattern, compiled. */
	regex: RegExp | undefined;
	/** A stringList's entries: checked as texts with the list's rules. */
	entry: CheckedField | undefined;
	/** An object's (or each list entry's) sub-fields. */
	plan: Plan | undefined;
}

/** How one field list is checked: each key (snake_case and camelCase) → its field, and the required fields. */
export interface Plan {
	index: Map<string, CheckedField>;
	required: CheckedField[];
	/** The keys of the last record checked, and their fields: the rows of a bulk run mostly share one key list. */
	lastKeys: string[];
	lastFields: Array<CheckedField | undefined>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function isRealDate(text: string): boolean {
	const match = DATE.exec(text);
	if (!match) return false;
	const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
	return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

export function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

export type Coerced = { value: unknown } | { problem: string };

export function coerceNumber(field: FieldSpec, value: unknown): Coerced {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
	if (typeof number !== 'number' || !Number.isFinite(number)) {
		return { problem: `must be a number (got ${JSON.stringify(value)})` };
	}
	if (field.type === 'integer' && !Number.isInteger(number)) {
		return { problem: `must be a whole number (got ${number})` };
	}
	if (field.minimum !== undefined && number < field.minimum) {
		return { problem: `must be ${field.minimum} or more (got ${number})` };
	}
	if (field.exclusiveMinimum !== undefined && number <= field.exclusiveMinimum) {
		return { problem: `must be more than ${field.exclusiveMinimum} (got ${number})` };
	}
	if (field.maximum !== undefined && number > field.maximum) {
		return { problem: `must be ${field.maximum} or less (got ${number})` };
	}
	return { value: number };
}

/** Compiled once per pattern: bulk runs test the same few patterns on every row. */
const patterns = new Map<string, RegExp>();
export function patternOf(source: string): RegExp {
	let pattern = patterns.get(source);
	if (!pattern) patterns.set(source, (pattern = new RegExp(source)));
	return pattern;
}

const SURROGATE = /[\uD800-\uDFFF]/;

export function coerceString(field: CheckedField, value: unknown): Coerced {
	const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
	if (typeof text !== 'string') return { problem: `must be text (got ${describe(value)})` };
	// Characters as the contract (JSON Schema) counts them: an emoji is one, though two UTF-16 units.
	// Counted only when the UTF-16 length is near a limit (a text never has more characters than units):
	// the surrogate test on every text of every row was a sixth of checking 100,000 items.
	const units = text.length;
	const nearLimit =
		(field.maxLength !== undefined && units > field.maxLength) || (field.minLength !== undefined && units >= field.minLength && units < 2 * field.minLength);
	const length = nearLimit && SURROGATE.test(text) ? [...text].length : units;
	if (field.minLength !== undefined && length < field.minLength) {
		return { problem: `must be at least ${field.minLength} characters long` };
	}
	if (field.maxLength !== undefined && length > field.maxLength) {
		return { problem: `must be at most ${field.maxLength} characters long (got ${length})` };
	}
	if (field.regex !== undefined && !field.regex.test(text)) {
		return { problem: `must be ${field.patternHint ?? `in the form ${field.pattern}`} (got ${JSON.stringify(text)})` };
	}
	if (field.options && !field.options.some((option) => option.value === text)) {
		const allowed = field.options.map((option) => option.value).join(', ');
		return { problem: `must be one of ${allowed} (got ${JSON.stringify(text)})` };
	}
	return { value: text };
}

export function coerceBoolean(value: unknown): Coerced {
	if (typeof value === 'boolean') return { value };
	const text = String(value).trim().toLowerCase();
	if (['true', 'yes', '1'].includes(text)) return { value: true };
	if (['false', 'no', '0'].includes(text)) return { value: false };
	return { problem: `must be true or false (got ${JSON.stringify(value)})` };
}

export function coerceDate(field: FieldSpec, value: unknown): Coerced {
	const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value.trim() : undefined;
	if (text !== undefined && field.type === 'date') {
		const day = DATE_TIME.test(text) ? text.slice(0, 10) : text;
		if (isRealDate(day)) return { value: day };
	}
	if (text !== undefined && field.type === 'dateTime') {
		if (isRealDate(text)) return { value: `${text}T00:00:00.000Z` };
		if (DATE_TIME.test(text) && isRealDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text))) {
			const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
			return { value: new Date(zoned.replace(' ', 'T')).toISOString() };
		}
	}
	const example = field.type === 'date' ? '2026-11-21' : '2026-11-21T14:30:00Z';
	return { problem: `must be a date like ${example} (got ${JSON.stringify(value)})` };
}

export function describe(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (value === null) return 'null';
	return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** Whether a checked list holds exactly what it was given, so the given one can stand for it. */
export function sameEntries(checked: unknown[], given: unknown[]): boolean {
	return checked.every((entry, index) => entry === given[index]);
}
