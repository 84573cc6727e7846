/**
 * YAML's flow style, which JSON is part of: `[a, b]`, `{a: 1, "b": [x]}` over one line or many,
 * quoted scalars (in flow and block style alike) and plain scalars inside brackets. Lines inside a
 * flow node must be indented more than the block that holds it (`n`, -1 at the top).
 */
import { doubleQuoted, plainValue, singleQuoted, unfold } from './yamlScalars';
import {
	addPair,
	anchored,
	checkCollectionTag,
	newMapping,
	readAlias,
	readProperties,
	scalarWithTag,
	type Properties,
} from './yamlNodes';
import {
	ASTERISK,
	COLON,
	Cursor,
	DASH,
	HASH,
	isBlank,
	isBreakOrEnd,
	NEWLINE,
	QUESTION,
	SPACE,
	isEnd,
	AMPERSAND,
	BACKSLASH,
	EXCLAMATION,
	CLOSE_BRACE,
	CLOSE_BRACKET,
	COMMA,
	DOUBLE_QUOTE,
	OPEN_BRACE,
	OPEN_BRACKET,
	SINGLE_QUOTE,
} from './yamlCursor';

export const isFlowIndicator = (c: number) =>
	c === COMMA || c === OPEN_BRACKET || c === CLOSE_BRACKET || c === OPEN_BRACE || c === CLOSE_BRACE;
/** A `:` at `c` ends a plain scalar in flow style when followed by this. */
const endsFlowPlain = (c: number) => isBreakOrEnd(c) || isFlowIndicator(c);

function hasNewline(src: string, from: number, to: number): boolean {
	for (let k = from; k < to; k++) if (src.charCodeAt(k) === NEWLINE) return true;
	return false;
}

/** The start of a line inside a flow or quoted node: indented enough, and no document marker. */
function checkContinuation(
	c: Cursor,
	lineStart: number,
	n: number,
	what: string,
	quoted = false,
): void {
	let k = lineStart;
	while (c.src.charCodeAt(k) === SPACE) k++;
	while (isBlank(c.src.charCodeAt(k))) k++;
	const ch = c.src.charCodeAt(k);
	if (ch === NEWLINE || isEnd(ch)) {
		let spaces = lineStart;
		while (c.src.charCodeAt(spaces) === SPACE) spaces++;
		if (quoted && spaces < k && spaces - lineStart <= n)
			c.fail(`a blank line inside ${what} holds a tab: remove the tab`, spaces);
		return;
	}
	if (c.isDocumentMarker(lineStart)) c.fail(`${what} is not closed before a document marker`, k);
	let spaces = lineStart;
	while (c.src.charCodeAt(spaces) === SPACE) spaces++;
	if (spaces - lineStart > n || (!quoted && ch === HASH)) return;
	// The closing bracket of the outermost collection may stand at its block's indentation.
	const closing = ch === CLOSE_BRACKET || ch === CLOSE_BRACE;
	if (!quoted && closing && spaces === k && spaces - lineStart === n && c.flowLevel === 1) return;
	c.fail(`${what} goes on in a line that is not indented more than its block`, k);
}

/** A quoted scalar (double or single quotes) at the cursor, over one line or several. */
export function readQuoted(c: Cursor, n: number): string {
	const src = c.src;
	const quote = src.charCodeAt(c.i);
	const what = quote === DOUBLE_QUOTE ? 'a double-quoted text' : 'a single-quoted text';
	let k = c.i + 1;
	for (;;) {
		const ch = src.charCodeAt(k);
		if (isEnd(ch)) c.fail(`${what} is never closed`, c.i);
		if (ch === quote) {
			if (quote === SINGLE_QUOTE && src.charCodeAt(k + 1) === SINGLE_QUOTE) k += 2;
			else break;
		} else if (ch === BACKSLASH && quote === DOUBLE_QUOTE) k += 2;
		else if (ch === NEWLINE) {
			checkContinuation(c, k + 1, n, what, true);
			k++;
		} else k++;
	}
	const inner = src.slice(c.i + 1, k);
	const start = c.i;
	c.i = k + 1;
	if (quote === SINGLE_QUOTE) return singleQuoted(inner);
	const value = doubleQuoted(inner);
	if (typeof value !== 'string') c.fail(value.problem, start + 1 + value.at);
	return value;
}

/** Blanks, line ends and comments between the parts of a flow node. */
function flowSpace(c: Cursor, n: number): void {
	const src = c.src;
	for (;;) {
		const ch = src.charCodeAt(c.i);
		if (isBlank(ch)) c.i++;
		else if (ch === NEWLINE) {
			checkContinuation(c, c.i + 1, n, 'a [ ] or { } collection');
			c.i++;
		} else if (ch === HASH && (c.i === 0 || isBreakOrEnd(src.charCodeAt(c.i - 1)))) {
			const end = src.indexOf('\n', c.i);
			c.i = end === -1 ? src.length : end;
		} else return;
	}
}

const BAD_PLAIN_START = new Set(',[]{}#&*!|>\'"%@`'.split('').map((ch) => ch.charCodeAt(0)));

/** Why a plain scalar cannot start at the cursor, if it cannot. */
export function badPlainStart(c: Cursor, flow: boolean): string | undefined {
	const ch = c.at();
	if (ch === DASH || ch === QUESTION || ch === COLON) {
		const next = c.at(1);
		if (isBreakOrEnd(next) || (flow && isFlowIndicator(next)))
			return `"${String.fromCharCode(ch)}" alone is not a value here`;
		return undefined;
	}
	if (BAD_PLAIN_START.has(ch))
		return `a plain value cannot start with "${String.fromCharCode(ch)}" (quote it)`;
	return undefined;
}

/** A plain scalar inside a flow node, over one line or several; the cursor ends after it. */
function readFlowPlain(c: Cursor, n: number): string {
	const src = c.src;
	const start = c.i;
	let end = start;
	let k = start;
	for (;;) {
		const ch = src.charCodeAt(k);
		if (isEnd(ch) || isFlowIndicator(ch)) break;
		if (ch === COLON && endsFlowPlain(src.charCodeAt(k + 1))) break;
		if (ch === HASH && isBlank(src.charCodeAt(k - 1))) break;
		if (ch === NEWLINE) {
			checkContinuation(c, k + 1, n, 'a [ ] or { } collection');
			let next = k + 1;
			while (isBlank(src.charCodeAt(next)) || src.charCodeAt(next) === NEWLINE) {
				if (src.charCodeAt(next) === NEWLINE)
					checkContinuation(c, next + 1, n, 'a [ ] or { } collection');
				next++;
			}
			const first = src.charCodeAt(next);
			if (isEnd(first) || first === HASH || isFlowIndicator(first)) break;
			if (first === COLON && endsFlowPlain(src.charCodeAt(next + 1))) break;
			k = next;
			continue;
		}
		if (!isBlank(ch)) end = k + 1;
		k++;
	}
	c.i = end;
	return unfold(src.slice(start, end));
}

/** One node inside a flow collection (or a flow collection standing in block style). */
export function readFlowNode(c: Cursor, n: number): unknown {
	const props = readProperties(c);
	if (props) flowSpace(c, n);
	const ch = c.at();
	if (ch === ASTERISK) {
		if (props) c.fail('an alias (*) cannot have an anchor or a tag', props.at);
		return readAlias(c);
	}
	if (props?.anchor === undefined) return readFlowValue(c, n, props, ch);
	return anchored(c, props, () => readFlowValue(c, n, props, ch));
}

function readFlowValue(c: Cursor, n: number, props: Properties | undefined, ch: number): unknown {
	if (ch === OPEN_BRACKET || ch === OPEN_BRACE) return readFlowCollection(c, n, props);
	c.count();
	if (ch === DOUBLE_QUOTE || ch === SINGLE_QUOTE) {
		const text = readQuoted(c, n);
		return scalarWithTag(c, props, text, text);
	}
	const bad = badPlainStart(c, true);
	if (bad)
		c.fail(
			props && (isFlowIndicator(ch) || isEnd(ch))
				? 'an anchor or a tag without a value is not supported by this reader'
				: bad,
		);
	const text = readFlowPlain(c, n);
	return scalarWithTag(c, props, text, plainValue(text));
}

/** A key inside `{ }`: plain or quoted text on one line. */
function readFlowKey(c: Cursor, n: number): unknown {
	const ch = c.at();
	const start = c.i;
	if (ch === OPEN_BRACKET || ch === OPEN_BRACE)
		c.fail('a [ ] or { } collection as a key is not supported by this reader');
	if (ch === ASTERISK || ch === AMPERSAND || ch === EXCLAMATION)
		c.fail('an alias, anchor or tag on a key is not supported by this reader');
	if (ch === QUESTION && isBreakOrEnd(c.at(1)))
		c.fail(
			'an explicit key ("? ") is not supported by this reader: write the key alone before ":"',
		);
	c.count();
	if (ch === DOUBLE_QUOTE || ch === SINGLE_QUOTE) {
		const text = readQuoted(c, n);
		if (hasNewline(c.src, start, c.i)) c.fail('a key spans several lines', start);
		return text;
	}
	const bad = badPlainStart(c, true);
	if (bad) c.fail(bad);
	const text = readFlowPlain(c, n);
	if (hasNewline(c.src, start, c.i)) c.fail('a key spans several lines', start);
	return plainValue(text);
}

/** `[ ... ]` or `{ ... }` at the cursor. */
export function readFlowCollection(
	c: Cursor,
	n: number,
	props: ReturnType<typeof readProperties>,
): unknown {
	const open = c.i;
	const isMap = c.at() === OPEN_BRACE;
	checkCollectionTag(c, props, isMap ? '!!map' : '!!seq');
	c.enter();
	c.count();
	c.flowLevel++;
	c.i++;
	const close = isMap ? CLOSE_BRACE : CLOSE_BRACKET;
	const list: unknown[] = [];
	const map = newMapping();
	for (;;) {
		flowSpace(c, n);
		const ch = c.at();
		if (ch === close) break;
		if (isEnd(ch)) c.fail(`a ${isMap ? '{' : '['} is never closed`, open);
		if (isMap) {
			const keyAt = c.i;
			const key = readFlowKey(c, n);
			const afterKey = c.i;
			flowSpace(c, n);
			let value: unknown = null;
			if (c.at() === COLON) {
				if (hasNewline(c.src, afterKey, c.i))
					c.fail('the ":" after a key must be on the key\'s line');
				c.i++;
				flowSpace(c, n);
				const next = c.at();
				if (next === COMMA || next === CLOSE_BRACE) c.count();
				else value = readFlowNode(c, n);
			} else c.count();
			addPair(c, map, key, value, keyAt);
		} else {
			if (ch === QUESTION && isBreakOrEnd(c.at(1)))
				c.fail('an explicit key ("? ") is not supported by this reader');
			list.push(readFlowNode(c, n));
			flowSpace(c, n);
			if (c.at() === COLON)
				c.fail(
					'a "key: value" pair inside [ ] is not supported by this reader: write it as { key: value }',
				);
		}
		flowSpace(c, n);
		const after = c.at();
		if (after === COMMA) {
			c.i++;
			continue;
		}
		if (after !== close) {
			if (isEnd(after)) c.fail(`a ${isMap ? '{' : '['} is never closed`, open);
			c.fail(`expected "," or "${isMap ? '}' : ']'}" here`);
		}
	}
	c.i++;
	c.flowLevel--;
	c.leave();
	return isMap ? map.object : list;
}
