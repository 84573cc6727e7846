/**
 * What a scalar's text means, as YAML 1.2's core schema reads it (the schema the `yaml` library
 * uses by default): plain words become null, booleans and numbers by the same patterns and the
 * same conversions; quoted text is folded and unescaped the same way. Each function returns
 * undefined (or a problem) where the text is not one this reader takes, never a guess.
 */

/** A tag this reader knows, by its shorthand. */
export type CoreTag = '!!str' | '!!int' | '!!float' | '!!bool' | '!!null' | '!!map' | '!!seq';
export const CORE_TAGS = new Set<string>([
	'!!str',
	'!!int',
	'!!float',
	'!!bool',
	'!!null',
	'!!map',
	'!!seq',
]);

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

const asNull = (text: string) => (NULL.test(text) ? { value: null } : undefined);
const asBool = (text: string) =>
	BOOL.test(text) ? { value: text[0] === 't' || text[0] === 'T' } : undefined;
function asInt(text: string): { value: number } | undefined {
	if (INT_OCT.test(text)) return { value: parseInt(text.substring(2), 8) };
	if (INT.test(text)) return { value: parseInt(text, 10) };
	if (INT_HEX.test(text)) return { value: parseInt(text.substring(2), 16) };
	return undefined;
}
function asFloat(text: string): { value: number } | undefined {
	if (FLOAT_NAN.test(text))
		return {
			value:
				text.slice(-3).toLowerCase() === 'nan'
					? NaN
					: text[0] === '-'
						? Number.NEGATIVE_INFINITY
						: Number.POSITIVE_INFINITY,
		};
	if (FLOAT_EXP.test(text) || FLOAT.test(text)) return { value: parseFloat(text) };
	return undefined;
}

/** The first characters a plain scalar that is not a string can start with. */
const MAYBE_NOT_STRING = /^[-+.~0-9nNtTfF]|^$/;

/** A plain (unquoted) scalar as the core schema resolves it, in the schema's order. */
export function plainValue(text: string): unknown {
	if (!MAYBE_NOT_STRING.test(text)) return text;
	return (asNull(text) ?? asBool(text) ?? asInt(text) ?? asFloat(text) ?? { value: text }).value;
}

/**
 * A scalar under an explicit core tag: the tag's own patterns must match (else undefined: the
 * `yaml` library would keep the text and warn, which this reader does not do).
 */
export function taggedValue(tag: CoreTag, text: string): { value: unknown } | undefined {
	switch (tag) {
		case '!!str':
			return { value: text };
		case '!!null':
			return asNull(text);
		case '!!bool':
			return asBool(text);
		case '!!int':
			return asInt(text);
		case '!!float':
			return asFloat(text);
		default:
			return undefined;
	}
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

function trimEnd(line: string): string {
	let end = line.length;
	while (end > 0 && isBlank(line[end - 1])) end--;
	return line.slice(0, end);
}

function trimStart(line: string): string {
	let start = 0;
	while (start < line.length && isBlank(line[start])) start++;
	return line.slice(start);
}

/**
 * Lines of a plain or single-quoted scalar folded into one: a line break between two lines
 * becomes a space, each blank line a line break; the blanks around line breaks go.
 */
export function unfold(source: string): string {
	if (source.indexOf('\n') === -1) return source;
	const lines = source.split('\n');
	let value = trimEnd(lines[0]);
	let sep = ' ';
	for (let k = 1; k < lines.length - 1; k++) {
		const line = trimEnd(trimStart(lines[k]));
		if (line === '') {
			if (sep === '\n') value += sep;
			else sep = '\n';
		} else {
			value += sep + line;
			sep = ' ';
		}
	}
	return value + sep + trimStart(lines[lines.length - 1]);
}

const ESCAPES: Record<string, string> = {
	'0': '\0',
	a: '\x07',
	b: '\b',
	e: '\x1b',
	f: '\f',
	n: '\n',
	r: '\r',
	t: '\t',
	v: '\v',
	N: '\u0085',
	_: '\u00a0',
	L: '\u2028',
	P: '\u2029',
	' ': ' ',
	'"': '"',
	'/': '/',
	'\\': '\\',
	'\t': '\t',
};
const HEX = /^[0-9a-fA-F]+$/;

/**
 * The text between double quotes (without them): escapes read, lines folded. A problem is
 * returned as the offset in `inner` and what is wrong there.
 */
export function doubleQuoted(inner: string): string | { at: number; problem: string } {
	if (inner.indexOf('\\') === -1 && inner.indexOf('\n') === -1) return inner;
	let value = '';
	for (let k = 0; k < inner.length; k++) {
		const ch = inner[k];
		if (ch === '\n') {
			let fold = '';
			let next = inner[k + 1];
			while (next === ' ' || next === '\t' || next === '\n') {
				if (next === '\n') fold += '\n';
				next = inner[++k + 1];
			}
			value += fold || ' ';
		} else if (ch === '\\') {
			const next = inner[++k];
			const escaped = ESCAPES[next];
			if (escaped !== undefined) value += escaped;
			else if (next === '\n') {
				while (isBlank(inner[k + 1])) k++;
			} else if (next === 'x' || next === 'u' || next === 'U') {
				const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
				const digits = inner.substr(k + 1, length);
				const code = digits.length === length && HEX.test(digits) ? parseInt(digits, 16) : NaN;
				if (!(code <= 0x10ffff))
					return { at: k - 1, problem: `\\${next}${digits} is not a valid escape` };
				value += String.fromCodePoint(code);
				k += length;
			} else return { at: k - 1, problem: `\\${next ?? ''} is not a valid escape` };
		} else if (isBlank(ch)) {
			let end = k;
			while (isBlank(inner[end + 1])) end++;
			if (inner[end + 1] !== '\n') value += inner.slice(k, end + 1);
			k = end;
		} else value += ch;
	}
	return value;
}

/** The text between single quotes (without them): lines folded, '' read as one quote. */
export const singleQuoted = (inner: string) =>
	inner.indexOf("'") === -1 ? unfold(inner) : unfold(inner).replace(/''/g, "'");

/** A line of a block scalar: its leading spaces and the rest. */
export type BlockLine = [indent: string, content: string];

/**
 * A literal (|) or folded (>) block scalar's lines as the `yaml` library resolves them, with the
 * indentation to strip already known and chomping: '-' strip, '+' keep, '' clip.
 */
export function blockValue(
	lines: BlockLine[],
	folded: boolean,
	chomp: '' | '-' | '+',
	trimIndent: number,
): string {
	let chompStart = lines.length;
	for (let k = lines.length - 1; k >= 0 && lines[k][1] === ''; k--) chompStart = k;
	if (chompStart === 0)
		return chomp === '+' && lines.length > 0 ? '\n'.repeat(Math.max(1, lines.length - 1)) : '';
	let contentStart = 0;
	while (lines[contentStart][1] === '') contentStart++;
	for (let k = lines.length - 1; k >= chompStart; k--)
		if (lines[k][0].length > trimIndent) chompStart = k + 1;
	let value = '';
	let sep = '';
	let moreIndented = false;
	for (let k = 0; k < contentStart; k++) value += lines[k][0].slice(trimIndent) + '\n';
	for (let k = contentStart; k < chompStart; k++) {
		const [indent, content] = lines[k];
		if (!folded) {
			value += sep + indent.slice(trimIndent) + content;
			sep = '\n';
		} else if (indent.length > trimIndent || content[0] === '\t') {
			if (sep === ' ') sep = '\n';
			else if (!moreIndented && sep === '\n') sep = '\n\n';
			value += sep + indent.slice(trimIndent) + content;
			sep = '\n';
			moreIndented = true;
		} else if (content === '') {
			if (sep === '\n') value += '\n';
			else sep = '\n';
		} else {
			value += sep + content;
			sep = ' ';
			moreIndented = false;
		}
	}
	if (chomp === '+') {
		for (let k = chompStart; k < lines.length; k++) value += '\n' + lines[k][0].slice(trimIndent);
		if (value[value.length - 1] !== '\n') value += '\n';
	} else if (chomp === '') value += '\n';
	return value;
}
