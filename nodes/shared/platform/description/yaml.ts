/**
 * A YAML reader for a platform's own description (OpenAPI is often published as YAML), with no
 * library: shipped code imports nothing but n8n-workflow. It reads one document as the `yaml`
 * library's `parse()` does with its defaults (YAML 1.2, core schema), or refuses it with a
 * YamlProblem that names the line, the column and what it does not read; it never reads a
 * document differently. The text comes from outside, so size, nesting, the number of values and
 * what aliases expand to are all bounded.
 *
 * Not read (refused by name): explicit keys (`? `), anchors, tags or aliases on keys, keys that are
 * collections, `key: value` pairs inside `[ ]`, tags other than the core ones, `%TAG` and any
 * YAML version but 1.2, several documents in one text.
 */
import { readBlockNode, readBlockValue } from './yamlBlock';
import { copy } from './yamlNodes';
import { Cursor, YamlProblem, type YamlLimits, PERCENT } from './yamlCursor';

export { YamlProblem, type YamlLimits } from './yamlCursor';

const DEFAULTS: Required<YamlLimits> = {
	maxBytes: 20 * 1024 * 1024,
	maxDepth: 200,
	maxAliasExpansion: 1_000_000,
	maxNodes: 5_000_000,
};

/** Past this, nesting is refused whatever the limits say: the reader goes down one call per level. */
const DEEPEST = 1000;

/** The text's length in UTF-8 bytes, counted only as far as it matters. */
function utf8Length(text: string, atMost: number): number {
	if (text.length * 3 <= atMost) return text.length;
	let bytes = 0;
	for (let k = 0; k < text.length && bytes <= atMost; k++) {
		const code = text.charCodeAt(k);
		if (code < 0x80) bytes += 1;
		else if (code < 0x800) bytes += 2;
		else if (code >= 0xd800 && code <= 0xdbff) {
			bytes += 4;
			k++;
		} else bytes += 3;
	}
	return bytes;
}

const YAML_12 = /^%YAML[ \t]+1\.2(?:[ \t]+#.*|[ \t]*)$/;

/** `%` lines before `---`: only `%YAML 1.2` is read. */
function readDirectives(c: Cursor): boolean {
	let seen = false;
	while (c.indent === 0 && c.at() === PERCENT) {
		const end = c.src.indexOf('\n', c.i);
		const line = c.src.slice(c.i, end === -1 ? c.src.length : end);
		if (line.startsWith('%TAG'))
			c.fail(
				'%TAG directives are not supported by this reader: write tags as !!str, !!int and the like',
			);
		if (!line.startsWith('%YAML') || (line[5] !== ' ' && line[5] !== '\t'))
			c.fail(`the directive ${line.split(/[ \t]/)[0]} is not supported by this reader`);
		if (!YAML_12.test(line))
			c.fail(
				`${line.trim()}: only YAML 1.2 documents are read (YAML 1.1 reads yes, no, on and off as booleans, and more)`,
			);
		if (seen) c.fail('%YAML is given twice');
		seen = true;
		c.nextLine();
	}
	return seen;
}

const SEVERAL =
	'the text holds several YAML documents; only one is read (one description per text)';

function readDocument(c: Cursor): unknown {
	c.toContent();
	const bom = c.src.lastIndexOf('\n\ufeff', c.i);
	if (bom !== -1) c.fail('a byte-order mark (U+FEFF) starts a line before the document', bom + 1);
	const directives = readDirectives(c);
	let value: unknown = null;
	if (c.indent === -1 && c.src.startsWith('---', c.i)) {
		c.i += 3;
		value = readBlockValue(c, -1, 'root');
	} else if (directives) c.fail('directives (%) must be followed by a "---" line');
	else if (c.indent >= 0) value = readBlockNode(c, c.indent, -1);
	if (c.indent >= 0) c.fail('unexpected text after the end of the document');
	if (c.i >= c.src.length) return value;
	if (c.src.startsWith('---', c.i)) c.fail(SEVERAL);
	c.i += 3;
	c.endLine('"..."');
	if (c.i < c.src.length) c.fail(SEVERAL);
	return value;
}

/**
 * Reads one YAML document (JSON is YAML) into plain values, as the `yaml` library's `parse()`
 * does by default. Throws YamlProblem for what it does not read, and for what is out of bounds.
 */
export function parseYaml(text: string, limits: YamlLimits = {}): unknown {
	const bounds: Required<YamlLimits> = {
		maxBytes: limits.maxBytes ?? DEFAULTS.maxBytes,
		maxDepth: Math.min(limits.maxDepth ?? DEFAULTS.maxDepth, DEEPEST),
		maxAliasExpansion: limits.maxAliasExpansion ?? DEFAULTS.maxAliasExpansion,
		maxNodes: limits.maxNodes ?? DEFAULTS.maxNodes,
	};
	if (utf8Length(text, bounds.maxBytes) > bounds.maxBytes)
		throw new YamlProblem(1, 1, `the text is larger than ${bounds.maxBytes} bytes`);
	const bom = text.charCodeAt(0) === 0xfeff;
	let src = bom ? text.slice(1) : text;
	if (src.includes('\r')) src = src.replace(/\r\n/g, '\n');
	const c = new Cursor(src, bounds);
	if (bom && /^(?:[ \t]|[-?:](?:[ \t\n]|$))/.test(src) && !c.isDocumentMarker(0))
		c.fail(
			'a byte-order mark before an indented line or a list item is not read: save the text as UTF-8 without a byte-order mark',
		);
	const cr = src.indexOf('\r');
	if (cr !== -1)
		c.fail('a carriage return without a line feed: lines must end with LF or CRLF', cr);
	const value = readDocument(c);
	return c.aliased ? copy(value) : value;
}
