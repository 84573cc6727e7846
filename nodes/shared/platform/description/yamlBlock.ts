/**
 * YAML's block style: mappings and lists laid out by indentation (a list may sit at its key's
 * indentation; `- key: value` starts a mapping inside a list item), plain scalars over several
 * lines, and the nodes that stand on one line inside them. `n` is always the indentation of the
 * block that holds the node being read (-1 at the top of the document).
 */
import { plainValue } from './yamlScalars';
import { keyAhead, readBlockKey, readBlockPlain } from './yamlPlain';
import { readBlockScalar } from './yamlBlockScalar';
import { badPlainStart, readFlowCollection, readQuoted } from './yamlFlow';
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
	isBreakOrEnd,
	NEWLINE,
	QUESTION,
	isEnd,
	AMPERSAND,
	DOUBLE_QUOTE,
	EXCLAMATION,
	GREATER,
	OPEN_BRACE,
	OPEN_BRACKET,
	PIPE,
	SINGLE_QUOTE,
} from './yamlCursor';

/** Where a node stands: after `key:`, after `-`, or at the top of the document after `---`. */
export type Place = 'value' | 'item' | 'root';

const isEntry = (c: Cursor) => c.at() === DASH && isBreakOrEnd(c.at(1));
const isExplicitKey = (c: Cursor) => c.at() === QUESTION && isBreakOrEnd(c.at(1));
const EXPLICIT_KEY =
	'this explicit key ("? ") is not supported by this reader: only "? " then text on the same line, and ": value" on the next line at its indentation, are';

/** A node that starts on this line and is not a block collection (the cursor is on it). */
function readInline(c: Cursor, n: number, props: Properties | undefined, atRoot: boolean): unknown {
	const ch = c.at();
	if (ch === ASTERISK) {
		if (props) c.fail('an alias (*) cannot have an anchor or a tag', props.at);
		const value = readAlias(c);
		c.endLine('an alias');
		return value;
	}
	if (props?.anchor === undefined) return readInlineValue(c, n, props, atRoot, ch);
	return anchored(c, props, () => readInlineValue(c, n, props, atRoot, ch));
}

function readInlineValue(
	c: Cursor,
	n: number,
	props: Properties | undefined,
	atRoot: boolean,
	ch: number,
): unknown {
	if (ch === OPEN_BRACKET || ch === OPEN_BRACE) {
		const value = readFlowCollection(c, n, props);
		c.endLine(`a ${ch === OPEN_BRACKET ? '[ ]' : '{ }'} collection`);
		return value;
	}
	c.count();
	if (ch === PIPE || ch === GREATER) {
		const text = readBlockScalar(c, n, atRoot);
		return scalarWithTag(c, props, text, text);
	}
	if (ch === DOUBLE_QUOTE || ch === SINGLE_QUOTE) {
		const text = readQuoted(c, n);
		c.endLine('a quoted text');
		return scalarWithTag(c, props, text, text);
	}
	const bad = badPlainStart(c, false);
	if (bad) c.fail(bad);
	const text = readBlockPlain(c, n);
	return scalarWithTag(c, props, text, plainValue(text));
}

/** `? key`: a scalar key on the line of its `?` (the cursor is on the `?`). */
function readExplicitKey(c: Cursor, m: number): unknown {
	c.i++;
	const separator = c.i;
	c.skipBlanks();
	const ch = c.at();
	if (c.src.slice(separator, c.i).includes('\t') || isEnd(ch) || ch === NEWLINE || ch === HASH)
		c.fail(EXPLICIT_KEY);
	if (
		ch === OPEN_BRACKET ||
		ch === OPEN_BRACE ||
		ch === AMPERSAND ||
		ch === EXCLAMATION ||
		ch === ASTERISK ||
		isEntry(c)
	)
		c.fail(EXPLICIT_KEY);
	if (isExplicitKey(c) || keyAhead(c)) c.fail(EXPLICIT_KEY);
	return readInline(c, m, undefined, false);
}

/** The `: value` after an explicit key, on the next line at the key's indentation (or none). */
function readExplicitValue(c: Cursor, m: number): unknown {
	if (c.tabbedBlank <= m)
		c.fail('a blank line holds a tab where a value may start: remove the tab', c.tabbedBlankAt);
	if (c.indent !== m || c.at() !== COLON || !isBreakOrEnd(c.at(1))) {
		c.count();
		return null;
	}
	c.checkNotTabbed();
	c.i++;
	return readBlockValue(c, m, 'item');
}

function readBlockMap(c: Cursor, m: number): Record<string, unknown> {
	c.enter();
	c.count();
	const map = newMapping();
	for (;;) {
		const keyAt = c.i;
		const ch = c.at();
		if (isEntry(c)) c.fail('a list item ("- ") where a key was expected');
		if (isExplicitKey(c)) {
			addPair(c, map, readExplicitKey(c, m), readExplicitValue(c, m), keyAt);
			if (c.indent === m) {
				c.checkNotTabbed();
				continue;
			}
			if (c.indent > m)
				c.fail('this line is indented more than the keys above it, but no value is open there');
			break;
		}
		if (ch === AMPERSAND || ch === EXCLAMATION || ch === ASTERISK)
			c.fail('an alias, anchor or tag on a key is not supported by this reader');
		if (ch === OPEN_BRACKET || ch === OPEN_BRACE)
			c.fail('a [ ] or { } collection as a key is not supported by this reader');
		if (!keyAhead(c)) c.fail('expected a key followed by ": " here');
		const key = readBlockKey(c, m);
		if (c.i - keyAt > 1024)
			c.fail('a key longer than 1024 characters (YAML allows no longer key without "? ")', keyAt);
		c.i++;
		addPair(c, map, key, readBlockValue(c, m, 'value'), keyAt);
		if (c.indent === m) {
			c.checkNotTabbed();
			continue;
		}
		if (c.indent > m)
			c.fail('this line is indented more than the keys above it, but no value is open there');
		break;
	}
	c.leave();
	return map.object;
}

function readBlockSeq(c: Cursor, m: number): unknown[] {
	c.enter();
	c.count();
	const list: unknown[] = [];
	for (;;) {
		c.i++;
		list.push(readBlockValue(c, m, 'item'));
		if (c.indent === m && isEntry(c)) {
			c.checkNotTabbed();
			continue;
		}
		if (c.indent > m)
			c.fail('this line is indented more than the list items above it, but no value is open there');
		break;
	}
	c.leave();
	return list;
}

/** After tabs in a line's indentation only plain scalars, quoted ones and flow collections stand. */
const TABBED_NOT = new Set([AMPERSAND, EXCLAMATION, ASTERISK, PIPE, GREATER]);

/** The node whose first line starts at the cursor, indented by `m` (more than `n`). */
export function readBlockNode(c: Cursor, m: number, n: number, props?: Properties): unknown {
	if (c.tabbed && (TABBED_NOT.has(c.at()) || isEntry(c) || isExplicitKey(c) || keyAhead(c)))
		c.checkNotTabbed();
	if (isEntry(c)) {
		checkCollectionTag(c, props, '!!seq');
		return readBlockSeq(c, m);
	}
	if (isExplicitKey(c)) {
		checkCollectionTag(c, props, '!!map');
		return readBlockMap(c, m);
	}
	const own = readProperties(c);
	if (own) {
		if (props) c.fail('a node has two sets of anchors or tags', own.at);
		if (keyAhead(c)) c.fail('an anchor or a tag on a key is not supported by this reader', own.at);
		const next = c.at();
		if (isEnd(next) || next === NEWLINE || next === HASH)
			c.fail(
				'an anchor or a tag alone on its line is not supported here: put it after "key:" or "-"',
				own.at,
			);
		return readInline(c, n, own, n < 0);
	}
	if (keyAhead(c)) {
		checkCollectionTag(c, props, '!!map');
		return readBlockMap(c, m);
	}
	return readInline(c, n, props, n < 0);
}

function emptyNode(c: Cursor, props: Properties | undefined): unknown {
	c.count();
	if (!props?.tag || props.tag === '!!null') return null;
	if (props.tag === '!!str') return '';
	return c.fail(`the tag ${props.tag} is on an empty value`, props.at);
}

/**
 * The node after `key:`, `-` or `---` (the cursor just past it): on the same line, on the lines
 * below, or none (null).
 */
export function readBlockValue(c: Cursor, n: number, place: Place): unknown {
	const separator = c.i;
	c.skipBlanks();
	const tabbed = c.src.slice(separator, c.i).includes('\t');
	const props = readProperties(c);
	if (props && tabbed && place === 'item')
		c.fail('a tab after "-" before an anchor or a tag: use a space', props.at);
	const ch = c.at();
	if (isEnd(ch) || ch === NEWLINE || ch === HASH) {
		c.nextLine();
		if (c.tabbedBlank <= Math.max(n, 0))
			c.fail('a blank line holds a tab where a value may start: remove the tab', c.tabbedBlankAt);
		const m = c.indent;
		if (m > n || (m === n && place === 'value' && isEntry(c)))
			return anchored(c, props, () => readBlockNode(c, m, n, props));
		return anchored(c, props, () => emptyNode(c, props));
	}
	if (isEntry(c)) {
		if (place !== 'item' || props || tabbed)
			c.fail(
				place === 'item'
					? 'a list inside a list item after an anchor, tag or tab is not supported by this reader'
					: 'a list cannot start on the same line as its key or "---": start it on the next line',
			);
		return readBlockSeq(c, c.column());
	}
	if (isExplicitKey(c)) {
		if (place !== 'item' || props || tabbed) c.fail(EXPLICIT_KEY);
		return readBlockMap(c, c.column());
	}
	if (keyAhead(c)) {
		if (place === 'value')
			c.fail('a mapping cannot start on the same line as its key: start it on the next line');
		if (place === 'root')
			c.fail('a mapping cannot start on the same line as "---": start it on the next line');
		if (props) c.fail('an anchor or a tag on a key is not supported by this reader', props.at);
		if (tabbed) c.fail('a tab before a key in a list item is not supported by this reader');
		return readBlockMap(c, c.column());
	}
	return readInline(c, n, props, place === 'root');
}
