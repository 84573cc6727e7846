/**
 * Plain scalars in block style, which may go on over lines indented more than their block, and
 * the implicit keys of block mappings: plain or quoted text on one line followed by `: `.
 */
import { plainValue, unfold } from './yamlScalars';
import { badPlainStart, readQuoted } from './yamlFlow';
import {
	COLON,
	Cursor,
	HASH,
	isBlank,
	isBreakOrEnd,
	NEWLINE,
	SPACE,
	TAB,
	isEnd,
	BACKSLASH,
	DOUBLE_QUOTE,
	SINGLE_QUOTE,
} from './yamlCursor';

/** The end of a quoted scalar that closes on its line (the position after the quote), or -1. */
function quotedEnd(src: string, from: number): number {
	const quote = src.charCodeAt(from);
	for (let k = from + 1; ; k++) {
		const ch = src.charCodeAt(k);
		if (isEnd(ch) || ch === NEWLINE) return -1;
		if (ch === BACKSLASH && quote === DOUBLE_QUOTE) {
			if (src.charCodeAt(k + 1) === NEWLINE) return -1;
			k++;
		} else if (ch === quote) {
			if (quote === SINGLE_QUOTE && src.charCodeAt(k + 1) === SINGLE_QUOTE) k++;
			else return k + 1;
		}
	}
}

/** Whether this line, from the cursor, is `key:` (plain or quoted text on one line, then `:`). */
export function keyAhead(c: Cursor): boolean {
	const src = c.src;
	const ch = c.at();
	let k: number;
	if (ch === DOUBLE_QUOTE || ch === SINGLE_QUOTE) {
		k = quotedEnd(src, c.i);
		if (k < 0) return false;
		while (isBlank(src.charCodeAt(k))) k++;
		return src.charCodeAt(k) === COLON && isBreakOrEnd(src.charCodeAt(k + 1));
	}
	if (badPlainStart(c, false)) return false;
	for (k = c.i; ; k++) {
		const at = src.charCodeAt(k);
		if (isEnd(at) || at === NEWLINE) return false;
		if (at === COLON && isBreakOrEnd(src.charCodeAt(k + 1))) return true;
		if (at === HASH && isBlank(src.charCodeAt(k - 1))) return false;
	}
}

/** The key of a block mapping entry (keyAhead has found it); the cursor ends on its `:`. */
export function readBlockKey(c: Cursor, n: number): unknown {
	const src = c.src;
	c.count();
	if (c.at() === DOUBLE_QUOTE || c.at() === SINGLE_QUOTE) {
		const text = readQuoted(c, n);
		c.skipBlanks();
		return text;
	}
	const start = c.i;
	let end = start;
	while (!(src.charCodeAt(c.i) === COLON && isBreakOrEnd(src.charCodeAt(c.i + 1)))) {
		if (!isBlank(src.charCodeAt(c.i))) end = c.i + 1;
		c.i++;
	}
	return plainValue(src.slice(start, end));
}

/** The end of a plain scalar's text on one line, from `k`; `stop` is what ended it. */
function plainLineEnd(src: string, k: number): { end: number; stop: number } {
	let end = k;
	for (; ; k++) {
		const ch = src.charCodeAt(k);
		if (isEnd(ch) || ch === NEWLINE) return { end, stop: k };
		if (ch === COLON && isBreakOrEnd(src.charCodeAt(k + 1))) return { end, stop: k };
		if (ch === HASH && isBlank(src.charCodeAt(k - 1))) return { end, stop: k };
		if (!isBlank(ch)) end = k + 1;
	}
}

/** A plain scalar in block style, going on over lines indented more than `n`. */
export function readBlockPlain(c: Cursor, n: number): string {
	const src = c.src;
	const start = c.i;
	let { end, stop } = plainLineEnd(src, start);
	while (src.charCodeAt(stop) === NEWLINE) {
		let lineStart = stop + 1;
		let k = lineStart;
		let tabbed = -1;
		for (;;) {
			while (src.charCodeAt(k) === SPACE) k++;
			if (src.charCodeAt(k) === TAB && k - lineStart <= n && tabbed < 0) tabbed = k;
			while (isBlank(src.charCodeAt(k))) k++;
			if (src.charCodeAt(k) !== NEWLINE) break;
			lineStart = ++k;
		}
		let spaces = lineStart;
		while (src.charCodeAt(spaces) === SPACE) spaces++;
		const first = src.charCodeAt(k);
		if (isEnd(first) || first === HASH || spaces - lineStart <= n) break;
		if (spaces === lineStart && c.isDocumentMarker(lineStart)) break;
		if (tabbed >= 0) c.fail('a blank line inside this value holds a tab: remove the tab', tabbed);
		const line = plainLineEnd(src, k);
		if (src.charCodeAt(line.stop) === COLON)
			c.fail(
				'a key (text followed by ": ") in a value that spans several lines: the value above needs quotes, or this key less indentation',
				k,
			);
		end = line.end;
		stop = line.stop;
	}
	c.i = end;
	c.endLine('this value');
	return unfold(src.slice(start, end));
}
