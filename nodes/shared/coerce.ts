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

export function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

export type Coerced = { value: unknown } | { problem: string };

/** A plain decimal as text: digits, at most one dot, an optional sign. */
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
/** One dot or comma and exactly three digits after one to three digits: 1.000 is one thousand in much of Europe, 1 elsewhere. */
const THOUSAND_OR_DECIMAL = /^([+-]?)([1-9]\d{0,2})[.,](\d{3})$/;
/** Groups of three digits with a separator, and perhaps decimals after another: 1.000.000, 1,000,000.5, 1 000, 1.000,5. */
const GROUPED = /^([+-]?)([1-9]\d{0,2}(?:([,.'\u2019 \u00a0\u202f])\d{3})(?:\3\d{3})*)(?:([.,])(\d+))?$/;
const DECIMAL_COMMA = /^([+-]?\d*),(\d+)$/;
const OTHER_BASE = /^([+-]?)0([xob])[\da-f]+$/i;
const EXPONENT = /^[+-]?(?:\d+\.?\d*|\.\d+)e[+-]?\d+$/i;
const BASES: Record<string, string> = { x: 'hexadecimal', o: 'octal', b: 'binary' };

/** Why a text that is not a plain decimal is refused, and what to write instead. */
function notPlainNumber(text: string): string {
	const shown = JSON.stringify(text);
	if (text === '') return 'is blank: give a number, or leave the field out';
	if (/^[+-]?(?:infinity|nan)$/i.test(text)) return `must be a finite number (got ${shown})`;
	let match = OTHER_BASE.exec(text);
	if (match) {
		const decimal = Number(text.slice(match[1].length)) * (match[1] === '-' ? -1 : 1);
		const like = Number.isNaN(decimal) ? '' : `, like ${decimal}`;
		return `is written in ${BASES[match[2].toLowerCase()]} (got ${shown}): write it in decimal digits${like}`;
	}
	if (EXPONENT.test(text)) {
		const written = String(Number(text));
		return `is in exponent notation (got ${shown}): write the number out${written.includes('e') ? ' in digits' : `, like ${written}`}`;
	}
	match = THOUSAND_OR_DECIMAL.exec(text);
	if (match) {
		const [, sign, whole, three] = match;
		return `is ambiguous (got ${shown}): ${sign}${whole}${three} with a thousands separator, or ${Number(`${sign}${whole}.${three}`)} with three decimals? Write it without thousands separators and with a dot for decimals, like ${sign}${whole}${three} or ${Number(`${sign}${whole}.${three}`)}`;
	}
	match = GROUPED.exec(text);
	if (match && match[4] !== match[3]) {
		const [, sign, grouped, separator, , decimals] = match;
		const plain = `${sign}${grouped.split(separator).join('')}${decimals ? `.${decimals}` : ''}`;
		return `has thousands separators (got ${shown}): write it without them${decimals ? ' and with a dot for decimals' : ''}, like ${plain}`;
	}
	match = DECIMAL_COMMA.exec(text);
	if (match) return `has a decimal comma (got ${shown}): write it with a dot, like ${match[1] || '0'}.${match[2]}`;
	return `must be a number (got ${shown})`;
}

/**
 * A number, given as a JSON number or as a plain decimal in text. Text that could be read two ways
 * (1.000), or that JavaScript would read in a way a person may not mean (0x10, 1e3, 1,5), is refused
 * with what to write instead: a silently misread quantity is worse than a refused one.
 */
export function coerceNumber(field: FieldSpec, value: unknown): Coerced {
	let number: number;
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) return { problem: `must be a finite number (got ${String(value)})` };
		number = value;
	} else if (typeof value === 'string') {
		const text = value.trim();
		if (!PLAIN_NUMBER.test(text) || THOUSAND_OR_DECIMAL.test(text)) return { problem: notPlainNumber(text) };
		number = Number(text);
	} else {
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

/** A number given for a text, as text; a problem when its digits cannot be told exactly (beyond 2^53, or 1e-7). */
function numberAsText(value: number): Coerced {
	const text = String(value);
	if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
		return { problem: `is a number too large to be exact (got ${text}): give it as text, in quotes, as the ERP has it` };
	}
	if (!Number.isFinite(value) || text.includes('e')) return { problem: `must be text (got number ${text})` };
	return { value: text };
}

export function coerceString(field: CheckedField, value: unknown): Coerced {
	let text = value;
	if (typeof value === 'number') {
		const converted = numberAsText(value);
		if ('problem' in converted) return converted;
		text = converted.value;
	}
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

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'off', '0']);

/** true/false, or the words and digits ERP exports use for them; a list or an object is never read as one. */
export function coerceBoolean(value: unknown): Coerced {
	if (typeof value === 'boolean') return { value };
	if (typeof value === 'string' || typeof value === 'number') {
		const text = String(value).trim().toLowerCase();
		if (TRUE_WORDS.has(text)) return { value: true };
		if (FALSE_WORDS.has(text)) return { value: false };
	}
	return { problem: `must be true or false (got ${JSON.stringify(value)})` };
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
