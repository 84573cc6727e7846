/**
 * Checking one value against its field: numbers, texts (length in characters, pattern, allowed
 * values) and booleans, as ERP exports send them. Each check is made once per field, with the
 * field's rules read then (see fields.ts), and answers the value to send or the problem.
 */
import type { FieldSpec } from '../platform/types';

/** A value that passes as it was given: most values of an export, said without a new object for each. */
export const AS_GIVEN = Object.freeze({ asGiven: true as const });

export type Checked = { value: unknown } | { problem: string } | typeof AS_GIVEN;

/** The value to send of a check that found no problem. */
export function passed(checked: { value: unknown } | typeof AS_GIVEN, given: unknown): unknown {
	return checked === AS_GIVEN ? given : (checked as { value: unknown }).value;
}

export function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

export function describe(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (value === null) return 'null';
	return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** A plain decimal as text: digits, at most one dot, an optional sign. */
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
/** One dot or comma and exactly three digits after one to three digits: 1.000 is one thousand in much of Europe, 1 elsewhere. */
const THOUSAND_OR_DECIMAL = /^([+-]?)([1-9]\d{0,2})[.,](\d{3})$/;
/** Groups of three digits with a separator, and perhaps decimals after another: 1.000.000, 1,000,000.5, 1 000, 1.000,5. */
const GROUPED =
	/^([+-]?)([1-9]\d{0,2}(?:([,.'\u2019 \u00a0\u202f])\d{3})(?:\3\d{3})*)(?:([.,])(\d+))?$/;
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
	if (match)
		return `has a decimal comma (got ${shown}): write it with a dot, like ${match[1] || '0'}.${match[2]}`;
	return `must be a number (got ${shown})`;
}

/**
 * A number, given as a JSON number or as a plain decimal in text. Text that could be read two ways
 * (1.000), or that JavaScript would read in a way a person may not mean (0x10, 1e3, 1,5), is refused
 * with what to write instead: a silently misread quantity is worse than a refused one.
 */
export function numberCheck({
	type,
	minimum,
	maximum,
	exclusiveMinimum,
	options,
}: FieldSpec): (value: unknown) => Checked {
	const allowed = options && new Set(options.map((option) => Number(option.value)));
	return (value) => {
		let number: number;
		if (typeof value === 'number') {
			if (!Number.isFinite(value))
				return { problem: `must be a finite number (got ${String(value)})` };
			number = value;
		} else if (typeof value === 'string') {
			const text = value.trim();
			if (!PLAIN_NUMBER.test(text) || THOUSAND_OR_DECIMAL.test(text))
				return { problem: notPlainNumber(text) };
			number = Number(text);
		} else {
			return { problem: `must be a number (got ${JSON.stringify(value)})` };
		}
		if (type === 'integer' && !Number.isInteger(number))
			return { problem: `must be a whole number (got ${number})` };
		if (minimum !== undefined && number < minimum)
			return { problem: `must be ${minimum} or more (got ${number})` };
		if (exclusiveMinimum !== undefined && number <= exclusiveMinimum)
			return { problem: `must be more than ${exclusiveMinimum} (got ${number})` };
		if (maximum !== undefined && number > maximum)
			return { problem: `must be ${maximum} or less (got ${number})` };
		if (allowed !== undefined && !allowed.has(number))
			return {
				problem: `must be one of ${options!.map((option) => option.value).join(', ')} (got ${number})`,
			};
		return number === value ? AS_GIVEN : { value: number };
	};
}

/** A number given for a text, as text; a problem when its digits cannot be told exactly (beyond 2^53, or 1e-7). */
function numberAsText(value: number): { value: string } | { problem: string } {
	const text = String(value);
	if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
		return {
			problem: `is a number too large to be exact (got ${text}): give it as text, in quotes, as the ERP has it`,
		};
	}
	if (!Number.isFinite(value) || text.includes('e'))
		return { problem: `must be text (got number ${text})` };
	return { value: text };
}

/** Characters as the contract (JSON Schema) counts them: an emoji is one, though two UTF-16 units. */
function characters(text: string): number {
	let count = text.length;
	for (let i = 0; i < text.length - 1; i++) {
		const unit = text.charCodeAt(i);
		const next = text.charCodeAt(i + 1);
		if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) count--;
	}
	return count;
}

export function textCheck({
	minLength,
	maxLength,
	pattern,
	patternHint,
	options,
}: FieldSpec): (value: unknown) => Checked {
	const regex = pattern === undefined ? undefined : new RegExp(pattern);
	const allowed = options && new Set(options.map((option) => option.value));
	const allowedList = options?.map((option) => option.value).join(', ');
	return (value) => {
		let text = value;
		if (typeof value === 'number') {
			const converted = numberAsText(value);
			if ('problem' in converted) return converted;
			text = converted.value;
		}
		if (typeof text !== 'string') return { problem: `must be text (got ${describe(value)})` };
		// Code points are counted only where the UTF-16 length cannot settle a limit (a text never has more characters than units).
		const length =
			(maxLength !== undefined && text.length > maxLength) ||
			(minLength !== undefined && text.length >= minLength && text.length < 2 * minLength)
				? characters(text)
				: text.length;
		if (minLength !== undefined && length < minLength)
			return { problem: `must be at least ${minLength} characters long` };
		if (maxLength !== undefined && length > maxLength)
			return { problem: `must be at most ${maxLength} characters long (got ${length})` };
		if (regex !== undefined && !regex.test(text))
			return {
				problem: `must be ${patternHint ?? `in the form ${pattern}`} (got ${JSON.stringify(text)})`,
			};
		if (allowed !== undefined && !allowed.has(text))
			return { problem: `must be one of ${allowedList} (got ${JSON.stringify(text)})` };
		return text === value ? AS_GIVEN : { value: text };
	};
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'off', '0']);
/** What a yes/no field takes, said when it gets anything else. */
export const BOOLEAN_WORDS = `must be yes or no, written as ${[...TRUE_WORDS].map((word, i) => `${word}/${[...FALSE_WORDS][i]}`).join(', ')} (in any case)`;

const YES: Checked = Object.freeze({ value: true });
const NO: Checked = Object.freeze({ value: false });

/** true/false, or the words and digits ERP exports use for them; a list or an object is never read as one. */
export function checkBoolean(value: unknown): Checked {
	if (typeof value === 'boolean') return value ? YES : NO;
	// The word as an export writes it most often (yes, no, true) is known without making new text.
	if (typeof value === 'string' && TRUE_WORDS.has(value)) return YES;
	if (typeof value === 'string' && FALSE_WORDS.has(value)) return NO;
	if (typeof value === 'string' || typeof value === 'number') {
		const text = String(value).trim().toLowerCase();
		if (TRUE_WORDS.has(text)) return YES;
		if (FALSE_WORDS.has(text)) return NO;
	}
	return { problem: `${BOOLEAN_WORDS} (got ${JSON.stringify(value)})` };
}

/** The entries of comma-separated text, trimmed, the empty ones left out; one entry without making lists to throw away (a file's cell of one barcode). */
function commaSeparated(text: string): string[] {
	if (!text.includes(',')) {
		const one = text.trim();
		return one === '' ? [] : [one];
	}
	const entries: string[] = [];
	for (const part of text.split(',')) {
		const entry = part.trim();
		if (entry !== '') entries.push(entry);
	}
	return entries;
}

/** One entry of a list of yes/no: as a yes/no field takes it, then against the entries' enum. */
function booleanEntryCheck(allowed?: FieldSpec['options']): (value: unknown) => Checked {
	const values = allowed?.map((option) => option.value);
	return (value) => {
		const checked = checkBoolean(value);
		if ('problem' in checked || !values) return checked;
		const answer = passed(checked, value);
		return values.includes(String(answer))
			? checked
			: { problem: `must be ${values.join(' or ')} (got ${JSON.stringify(value)})` };
	};
}

/** What each entry of a list is checked as: the description's entry type, and its enum as the allowed values. */
function entryCheck(field: FieldSpec): (value: unknown) => Checked {
	const options = field.entryOptions;
	if (field.entryType === 'boolean') return booleanEntryCheck(options);
	if (field.entryType) return numberCheck({ ...field, type: field.entryType, options });
	return textCheck({ ...field, options });
}

const LIST_OF = { integer: 'whole numbers', number: 'numbers', boolean: 'yes/no values' } as const;

/**
 * A list of texts, or comma-separated text: each entry checked as the field's text is, as its
 * number or yes/no where the description's entries are such (entryType), so "7, 9" goes as [7, 9]
 * and "true, no" as [true, false], and against the entries' enum where it has one.
 */
export function stringListCheck(field: FieldSpec): (value: unknown) => Checked {
	const entry = entryCheck(field);
	const what = field.entryType ? LIST_OF[field.entryType] : 'texts';
	return (value) => {
		const list = typeof value === 'string' ? commaSeparated(value) : value;
		if (!Array.isArray(list))
			return {
				problem: `must be a list of ${what} or comma-separated text (got ${describe(value)})`,
			};
		// A new list only from the first entry the check changes (a number made text, or text a number).
		let texts: unknown[] | undefined;
		for (let index = 0; index < list.length; index++) {
			const checked = entry(list[index]);
			if ('problem' in checked) return { problem: `entry ${index + 1} ${checked.problem}` };
			const text = passed(checked, list[index]);
			if (texts) texts.push(text);
			else if (text !== list[index]) {
				texts = list.slice(0, index);
				texts.push(text);
			}
		}
		return texts ? { value: texts } : list === value ? AS_GIVEN : { value: list };
	};
}
