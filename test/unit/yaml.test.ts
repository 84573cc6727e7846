/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The YAML reader (nodes/shared/platform/description/yaml.ts) held to the `yaml` library: random
 * values written by yaml.stringify in every style it has read back as yaml.parse reads them; random
 * YAML-ish text either read the same or refused with a YamlProblem, never read otherwise.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import YAML from 'yaml';

import { parseYaml, YamlProblem } from '../../nodes/shared/platform/description/yaml';

const SEED = Number(process.env.YAML_SEED ?? 2_511_2026);
const RUNS = Number(process.env.YAML_RUNS ?? 1500);

/** Characters that mean something to YAML somewhere, and text that looks like another type. */
// prettier-ignore
const AWKWARD = [
	'a', 'Z', '7', ' ', '  ', '\t', '\n', '"', "'", ':', ': ', ' #', '#', '-', '- ', '?', '*', '&',
	'!', '%', '@', '`', '|', '>', ',', '[', ']', '{', '}', '\\', 'é', '€', '😀', '\u2028', '\u0085',
	'\u00a0', '\ufeff', '\r',
];
// prettier-ignore
const LOOKALIKES = [
	'', ' ', 'true', 'True', 'TRUE', 'false', 'yes', 'no', 'on', 'off', 'null', 'Null', '~', '012',
	'0o17', '0x1F', '0b11', '1e3', '-1.5', '+12', '.inf', '-.Inf', '.nan', '1_000', '1.', '.5', '---',
	'...', '- a', '? x', ': y', 'a: b', 'a #b', '#c', '*x', '&y', '!t', '%p', '@q', '`r', '<<',
	'__proto__', 'constructor', 'prototype', ' lead', 'trail ', 'two\n\nbreaks', '\n',
];
const awkwardText = fc.oneof(
	fc.constantFrom(...LOOKALIKES),
	fc.string({ unit: fc.constantFrom(...AWKWARD), maxLength: 12 }),
	fc.string({ unit: 'grapheme', maxLength: 8 }),
);

/** JSON-like values: objects (keys as awkward as values, `__proto__` among them), lists, scalars. */
const jsonLike: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
	value: fc.oneof(
		{ depthSize: 'small', withCrossShrink: true },
		awkwardText,
		fc.integer(),
		fc.double(),
		fc.boolean(),
		fc.constant(null),
		fc.array(tie('value'), { maxLength: 4 }),
		fc.array(fc.tuple(awkwardText, tie('value')), { maxLength: 4 }).map((pairs) => {
			const object: Record<string, unknown> = {};
			for (const [key, item] of pairs)
				Object.defineProperty(object, key, {
					value: item,
					writable: true,
					enumerable: true,
					configurable: true,
				});
			return object;
		}),
	),
})).value;

/** Pieces of YAML lines: keys, dashes, scalars of each style, flow brackets, anchors, comments. */
// prettier-ignore
const PIECES = [
	'a:', 'b:', 'k y:', '"q":', "'s':", '1:', '~:', '- ', '-', 'x', 'y z', '1', '0o7', '-2.5', 'true',
	'~', 'null', '"d\\"q"', '"e\\u00e9"', "'s''q'", '"multi', 'line"', '[a, b]', '{a: 1}', '[', ']',
	'{', '}', ',', '|', '|-', '>+', '|2', '>', '&a', '*a', '!!str', '!!int', '# c', ':', '?', '---',
	'...', '%YAML 1.2', '<<: *a', '\t', ' ', '#', '"', "'", 'a: b: c', '- - x', '0x1F', '"a":1',
	'{"a": [1, "b"]}', '.inf', '__proto__:', 'é😀',
];
const line = fc
	.tuple(
		fc.oneof(
			fc.nat({ max: 6 }).map((n) => ' '.repeat(n)),
			fc.constantFrom('\t', ' \t'),
		),
		fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 4 }),
		fc.constantFrom(' ', ''),
	)
	.map(([indent, pieces, glue]) => indent + pieces.join(glue || ' '));
const yamlish = fc
	.tuple(fc.array(line, { minLength: 1, maxLength: 8 }), fc.constantFrom('\n', '\r\n'))
	.map(([lines, end]) => lines.join(end));

type Outcome = { value: unknown } | { error: Error };

/** What yaml.parse makes of a text (its warnings unprinted; its cap on alias uses lifted, see below). */
function theirs(text: string): Outcome {
	try {
		return { value: YAML.parse(text, { logLevel: 'error' }) };
	} catch (error) {
		// yaml refuses an anchor used a hundred times or more; ours bounds what aliases expand to instead.
		if (error instanceof ReferenceError && /Excessive alias count/.test(error.message))
			return { value: YAML.parse(text, { logLevel: 'error', maxAliasCount: -1 }) };
		return { error: error as Error };
	}
}

function ours(text: string): Outcome {
	try {
		return { value: parseYaml(text) };
	} catch (error) {
		if (error instanceof YamlProblem) return { error };
		throw error;
	}
}

const same = (a: unknown, b: unknown) =>
	isDeepStrictEqual(a, b) && JSON.stringify(a) === JSON.stringify(b);

/** Ours reads the text as yaml does, or refuses it; never another value, never another error. */
function readSameOrRefused(text: string): 'same' | 'refused' {
	const mine = ours(text);
	if ('error' in mine) return 'refused';
	const reference = theirs(text);
	if ('error' in reference)
		throw new Error(
			`yaml refuses (${reference.error.message.split('\n')[0]}) but ours read ${JSON.stringify(mine.value)} from ${JSON.stringify(text)}`,
		);
	if (!same(mine.value, reference.value))
		throw new Error(
			`ours read ${JSON.stringify(mine.value)}, yaml ${JSON.stringify(reference.value)} from ${JSON.stringify(text)}`,
		);
	return 'same';
}

const stringifyOptions = fc.record({
	indent: fc.constantFrom(2, 4),
	indentSeq: fc.boolean(),
	lineWidth: fc.constantFrom(0, 12, 20, 40, 80),
	minContentWidth: fc.constantFrom(0, 5, 20),
	collectionStyle: fc.constantFrom('any', 'block', 'flow'),
	defaultStringType: fc.constantFrom(
		'PLAIN',
		'QUOTE_DOUBLE',
		'QUOTE_SINGLE',
		'BLOCK_LITERAL',
		'BLOCK_FOLDED',
	),
	defaultKeyType: fc.constantFrom(null, 'PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE'),
	doubleQuotedAsJSON: fc.boolean(),
	doubleQuotedMinMultiLineLength: fc.constantFrom(10, 40),
	singleQuote: fc.constantFrom(null, true, false),
	flowCollectionPadding: fc.boolean(),
	nullStr: fc.constantFrom('null', '~', 'NULL', ''),
	directives: fc.constantFrom(true, false, null),
}) as fc.Arbitrary<YAML.ToStringOptions & YAML.DocumentOptions>;

describe('YAML, held to the yaml library', () => {
	it('reads what yaml.stringify writes, in every style, as yaml.parse does', () => {
		fc.assert(
			fc.property(jsonLike, stringifyOptions, fc.boolean(), (value, options, crlf) => {
				let text = YAML.stringify(value, options);
				if (crlf) text = text.replace(/\n/g, '\r\n');
				// Where yaml does not read back what it wrote (`[, x]` for nullStr '', a key "\ufeff"
				// written plain), ours reads what yaml reads or refuses; elsewhere it reads the same.
				const reference = theirs(text);
				if ('error' in reference || !same(reference.value, value))
					return void readSameOrRefused(text);
				const mine = parseYaml(text);
				if (!same(mine, reference.value))
					throw new Error(`ours ${JSON.stringify(mine)} for ${JSON.stringify(text)}`);
			}),
			{ seed: SEED, numRuns: RUNS },
		);
	});

	it('reads text with every awkward character written in each scalar style', () => {
		const styles = ['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'];
		fc.assert(
			fc.property(
				fc.array(awkwardText, { maxLength: 4 }),
				fc.constantFrom(...styles),
				fc.constantFrom(0, 10, 80),
				(texts, style, lineWidth) => {
					const text = YAML.stringify(
						{ list: texts, map: Object.fromEntries(texts.map((t, k) => [`k${k}`, t])) },
						{ defaultStringType: style as 'PLAIN', lineWidth, minContentWidth: 0 },
					);
					expect(readSameOrRefused(text)).toBe('same');
				},
			),
			{ seed: SEED, numRuns: RUNS },
		);
	});

	it('reads YAML-ish text as yaml does, or refuses it with a YamlProblem', () => {
		let read = 0;
		fc.assert(
			fc.property(yamlish, (text) => {
				if (readSameOrRefused(text) === 'same') read++;
			}),
			{ seed: SEED, numRuns: RUNS * 2 },
		);
		// The texts must not all be refused: one in twenty at least is read.
		expect(read).toBeGreaterThan(RUNS / 10);
	});
});
