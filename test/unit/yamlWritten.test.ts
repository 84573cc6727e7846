/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The YAML reader held to the `yaml` library on documents as people write them: random trees of
 * mappings, lists and scalars of every style (plain over several lines, quoted with escapes, block
 * scalars with chomping and indentation indicators), anchors, aliases and tags, laid out with
 * one to four spaces of indentation, lists under their key or indented, comments, blank lines,
 * document markers, CRLF, a byte-order mark; then, half the time, one slip of the keyboard (a
 * character dropped or added, a line indented or doubled). Each is read as yaml.parse reads it, or
 * refused with a YamlProblem; never read otherwise.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import YAML from 'yaml';

import { parseYaml, YamlProblem } from '../../nodes/shared/platform/description/yaml';

const SEED = Number(process.env.YAML_SEED ?? 2_511_2026);
const RUNS = Number(process.env.YAML_RUNS ?? 1500);

/** A node as a person might write it: its kind, its text or its entries (key, anchor/tag, node, comment). */
type Written =
	| { kind: 'plain' | 'double' | 'single'; lines: string[] }
	| {
			kind: 'block';
			style: string;
			indicator: number;
			lines: Array<[number, string]>;
			trail: number;
	  }
	| { kind: 'alias'; name: string }
	| { kind: 'map' | 'seq'; flow: boolean; items: Array<[string, string, Written, string]> };

// prettier-ignore
const PLAIN = [
	'x', 'a b', 'true', 'False', '~', 'null', 'NULL', '012', '0o17', '0x1F', '-1.5e3', '1.', '.5',
	'.inf', '-.Inf', '.NaN', '1_000', 'yes', 'off', 'http://a.b/c?d=e#f', 'a:b', 'a #b', '-x',
	'?y', ':z', 'a, b', 'é😀', "it's", 'say "hi"', '<<', '__proto__', 'constructor', 'a\tb', 'x ',
	'a - b', 'a [b] {c}', '50%', 'x!', 'a&b', 'a*b', 'a|b', 'a>b', 'a@b', 'a`b',
];
/** Plain text that is not plain text YAML can read, or reads as something else. */
// prettier-ignore
const RISKY_PLAIN = [
	'@x', '`x', '%x', '- y', '*a', '&b', '!t', '|', '>', '#', 'a: b', 'k: ', '[x]', '{y}', ']',
	',x', '? x', ': y', '---', '...',
];
const plainWord = fc.oneof(
	{ arbitrary: fc.constantFrom(...PLAIN), weight: 12 },
	{ arbitrary: fc.constantFrom(...RISKY_PLAIN), weight: 1 },
);
// prettier-ignore
const QUOTED = [
	'x', '', ' ', 'a b', '\\n', '\\t', '\\"', '\\\\', '\\u00e9', '\\x41', '\\U0001F600', '\\/',
	'\\ ', '\\_', '\\N', '\\q', '\\u12', "''", "'", '"', '#', ': ', '\\', 'é', '\t', '  lead',
	'trail  ',
];
// prettier-ignore
const KEYS = [
	'a', 'b', 'c', 'd', 'k y', '"q"', "'s'", '1', '~', '""', 'null', '__proto__', '<<', '-1', 'a:b',
	'"a\\nb"', '0x1F', '1e3', "'it''s'", 'true',
];
const RISKY_KEYS = ['? x', '[k]', '&a k', '*a', '!!str k', '-', 'a #b', '"x', "'y"];
const key = fc.oneof(
	{ arbitrary: fc.constantFrom(...KEYS), weight: 20 },
	{ arbitrary: fc.constantFrom(...RISKY_KEYS), weight: 1 },
);
// prettier-ignore
const PROPS = [
	'', '', '', '', '', '', '', '', '', '', '', '', '&a ', '&b ', '&c ', '!!str ', '!!int ',
	'!!map ', '!!seq ', '!!null ', '!foo ', '&a !!str ', '!!float ',
];
const COMMENTS = ['', '', '', ' # c', '  #c', '#c', ' #'];
// prettier-ignore
const BLOCK_LINES = ['', '', 'x', 'a b', ' lead', '\tt', '# not comment', 'k: v', '- i', '---'];

const lines = (word: fc.Arbitrary<string>, max: number, quote = '') =>
	fc.array(
		fc
			.array(word, { minLength: quote ? 0 : 1, maxLength: max })
			.map((w) => w.join(quote ? '' : ' ')),
		{ minLength: 1, maxLength: 3 },
	);

const written: fc.Arbitrary<Written> = fc.letrec<{ node: Written }>((tie) => ({
	node: fc.oneof(
		{ depthSize: 'small', withCrossShrink: true },
		lines(plainWord, 3).map((text) => ({ kind: 'plain' as const, lines: text })),
		lines(fc.constantFrom(...QUOTED), 4, '"').map((text) => ({
			kind: 'double' as const,
			lines: text,
		})),
		lines(
			fc.constantFrom(...QUOTED).map((q) => q.replace(/'/g, "''")),
			4,
			"'",
		).map((text) => ({
			kind: 'single' as const,
			lines: text,
		})),
		fc.record({
			kind: fc.constant('block' as const),
			style: fc.constantFrom('|', '>', '|-', '>-', '|+', '>+', '-|', '+>'),
			indicator: fc.constantFrom(0, 0, 1, 2, 3),
			lines: fc.array(fc.tuple(fc.constantFrom(0, 0, 0, 1, 2), fc.constantFrom(...BLOCK_LINES)), {
				maxLength: 5,
			}),
			trail: fc.nat({ max: 2 }),
		}),
		fc.constantFrom('a', 'b', 'c').map((name) => ({ kind: 'alias' as const, name })),
		fc.record({
			kind: fc.constantFrom('map' as const, 'seq' as const),
			flow: fc.boolean(),
			items: fc.array(
				fc.tuple(key, fc.constantFrom(...PROPS), tie('node'), fc.constantFrom(...COMMENTS)),
				{ maxLength: 4 },
			),
		}),
	),
})).node;

/** Layout of the whole text. */
const layout = fc.record({
	step: fc.constantFrom(1, 2, 2, 3, 4),
	indentSeq: fc.boolean(),
	afterColon: fc.constantFrom(' ', ' ', '  ', '\t'),
	afterDash: fc.constantFrom(' ', ' ', '   ', '\t'),
	// prettier-ignore
	start: fc.constantFrom(
		'', '', '', '', '---\n', '--- # c\n', '%YAML 1.2\n---\n', '%YAML 1.1\n---\n', '\ufeff', '# top\n\n',
	),
	end: fc.constantFrom('\n', '\n', '\n', '', '\n...\n', '\n\n# end\n', '\n---\nx\n'),
	blankLines: fc.boolean(),
	crlf: fc.boolean(),
});

type Layout = typeof layout extends fc.Arbitrary<infer T> ? T : never;

/** The node in flow style (on one line, or broken over lines indented by `pad`). */
function flow(node: Written, pad: string, broken: boolean): string {
	const nl = broken ? `\n${pad} ` : ' ';
	switch (node.kind) {
		case 'plain':
			return node.lines.join(nl);
		case 'double':
			return `"${node.lines.join(nl)}"`;
		case 'single':
			return `'${node.lines.join(nl)}'`;
		case 'block':
			return '"block"';
		case 'alias':
			return `*${node.name}`;
		default: {
			const [open, close] = node.kind === 'map' ? ['{', '}'] : ['[', ']'];
			const entry = ([k, p, v]: [string, string, Written, string]) =>
				`${nl}${node.kind === 'map' ? `${k}: ` : ''}${p}${flow(v, pad + ' ', broken)}`;
			return `${open}${node.items.map(entry).join(',')}${nl}${close}`;
		}
	}
}

/** Lines of the node at `indent`, as the value after a key or a dash whose text is `lead`. */
function block(
	node: Written,
	indent: number,
	o: Layout,
	out: string[],
	lead: string,
	place: 'value' | 'item' | 'root',
): void {
	const inner = ' '.repeat(Math.max(indent + o.step, 0));
	switch (node.kind) {
		case 'alias':
			out.push(lead + flow(node, '', false));
			return;
		case 'plain':
		case 'double':
		case 'single': {
			const q = node.kind === 'double' ? '"' : node.kind === 'single' ? "'" : '';
			const last = node.lines.length - 1;
			node.lines.forEach((text, k) =>
				out.push(`${k ? inner : lead}${k ? '' : q}${text}${k === last ? q : ''}`),
			);
			return;
		}
		case 'block': {
			const indicator = node.indicator || '';
			const header = /^[|>]/.test(node.style)
				? node.style[0] + indicator + node.style.slice(1)
				: node.style + indicator;
			out.push(lead + header);
			const base = node.indicator ? ' '.repeat(Math.max(indent, 0) + node.indicator) : inner;
			for (const [extra, text] of node.lines)
				out.push(text === '' ? '' : base + ' '.repeat(extra) + text);
			for (let k = 0; k < node.trail; k++) out.push(k ? base : '');
			return;
		}
		default: {
			if (node.flow || node.items.length === 0) {
				const broken = node.flow && node.items.length > 1 && o.blankLines;
				out.push(lead + flow(node, inner.slice(1), broken));
				return;
			}
			const underKey = node.kind === 'seq' && place === 'value' && !o.indentSeq;
			const childIndent = place === 'root' ? 0 : underKey ? indent : indent + o.step;
			if (lead.trim() !== '') out.push(lead.replace(/[ \t]+$/, ''));
			for (const [k, p, v, comment] of node.items) {
				if (o.blankLines && out.length % 3 === 0) out.push('');
				const head = node.kind === 'map' ? `${k}:${o.afterColon}` : `-${o.afterDash}`;
				const before = out.length;
				const at = node.kind === 'map' ? 'value' : 'item';
				block(v, childIndent, o, out, ' '.repeat(childIndent) + head + p, at);
				// A comment goes on the node's first line, unless that is a block scalar's header.
				if (comment && out.length > before && !/[|>][-+0-9]*$/.test(out[before]))
					out[before] += comment;
			}
		}
	}
}

function write(node: Written, o: Layout): string {
	const out: string[] = [];
	block(node, -o.step, o, out, '', 'root');
	const text = o.start + out.join('\n') + o.end;
	return o.crlf ? text.replace(/\n/g, '\r\n') : text;
}

/** A small slip of the keyboard: a character dropped, added, a line moved or doubled. */
const slip = fc.option(
	fc.record({
		at: fc.nat(),
		kind: fc.constantFrom('drop', 'add', 'indent', 'dedent', 'double'),
		// prettier-ignore
		char: fc.constantFrom(' ', '\t', ':', '-', '#', '"', "'", '\n', '[', '{', ',', '|', '&', '*', '?'),
	}),
	{ nil: undefined, freq: 2 },
);

function slipped(text: string, s: { at: number; kind: string; char: string } | undefined): string {
	if (!s || text.length === 0) return text;
	const at = s.at % text.length;
	const lineStart = text.lastIndexOf('\n', at - 1) + 1;
	const lineEnd = text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at);
	switch (s.kind) {
		case 'drop':
			return text.slice(0, at) + text.slice(at + 1);
		case 'add':
			return text.slice(0, at) + s.char + text.slice(at);
		case 'indent':
			return text.slice(0, lineStart) + ' ' + text.slice(lineStart);
		case 'dedent':
			return text[lineStart] === ' ' ? text.slice(0, lineStart) + text.slice(lineStart + 1) : text;
		default:
			return text.slice(0, lineEnd) + '\n' + text.slice(lineStart, lineEnd) + text.slice(lineEnd);
	}
}

const handWritten = fc
	.tuple(written, layout, slip)
	.map(([node, o, s]) => slipped(write(node, o), s));

function outcome(text: string): 'same' | 'refused' | 'both refuse' {
	let mine: unknown;
	try {
		mine = parseYaml(text);
	} catch (error) {
		if (!(error instanceof YamlProblem)) throw error;
		try {
			YAML.parse(text, { logLevel: 'error' });
		} catch {
			return 'both refuse';
		}
		return 'refused';
	}
	let theirs: unknown;
	try {
		theirs = YAML.parse(text, { logLevel: 'error' });
	} catch (error) {
		// yaml refuses an anchor used a hundred times or more; ours bounds what aliases expand to instead.
		if (!(error instanceof ReferenceError && /Excessive alias count/.test(error.message)))
			throw new Error(
				`yaml refuses (${(error as Error).message.split('\n')[0]}) but ours read ${JSON.stringify(mine)} from ${JSON.stringify(text)}`,
			);
		theirs = YAML.parse(text, { logLevel: 'error', maxAliasCount: -1 });
	}
	if (!isDeepStrictEqual(mine, theirs) || JSON.stringify(mine) !== JSON.stringify(theirs))
		throw new Error(
			`ours read ${JSON.stringify(mine)}, yaml ${JSON.stringify(theirs)} from ${JSON.stringify(text)}`,
		);
	return 'same';
}

describe('YAML as people write it, held to the yaml library', () => {
	it('reads each document as yaml does, or refuses it; never otherwise', () => {
		const seen = { same: 0, refused: 0, 'both refuse': 0 };
		fc.assert(
			fc.property(handWritten, (text) => {
				seen[outcome(text)]++;
			}),
			{ seed: SEED, numRuns: RUNS * 2 },
		);
		// The documents are varied enough to be read often and refused sometimes.
		expect(seen.same).toBeGreaterThan(RUNS / 2);
		expect(seen.refused).toBeLessThan(seen.same / 2);
	});
});
