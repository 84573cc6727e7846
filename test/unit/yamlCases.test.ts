/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * What the YAML reader reads, each beside what the `yaml` library reads (the core schema's
 * scalars, << kept as a key, keys that are not text, block scalars, explicit keys, CRLF and a
 * byte-order mark), and what it refuses: each refusal a YamlProblem naming line, column and what.
 */
import { isDeepStrictEqual } from 'node:util';
import YAML from 'yaml';

import { parseYaml, YamlProblem } from '../../nodes/shared/platform/description/yaml';

describe('YAML, what it reads and what it refuses', () => {
	const readAs = (text: string, expected: unknown) => {
		const value = parseYaml(text);
		expect(value).toEqual(expected);
		expect(isDeepStrictEqual(value, YAML.parse(text))).toBe(true);
	};

	it('reads YAML 1.2 core-schema scalars as yaml does: yes/no stay text, 012 is twelve', () => {
		readAs('[true, True, TRUE, false, yes, no, on, off, y]', [
			true,
			true,
			true,
			false,
			'yes',
			'no',
			'on',
			'off',
			'y',
		]);
		readAs('[null, Null, ~, "", "null", 012, 0o17, 0x1F, +12, -0, 1_000, 0b11]', [
			null,
			null,
			null,
			'',
			'null',
			12,
			15,
			31,
			12,
			-0,
			'1_000',
			'0b11',
		]);
		readAs('[1e3, 1.5, .5, 1., .inf, -.Inf, .nan, "1e3"]', [
			1000,
			1.5,
			0.5,
			1,
			Infinity,
			-Infinity,
			NaN,
			'1e3',
		]);
		readAs('a:\nb: !!str\nc: !!str 12\nd: !!int "12"\ne: !!float "1.5"', {
			a: null,
			b: '',
			c: '12',
			d: 12,
			e: 1.5,
		});
	});

	it('keeps << as a key, as yaml does by default for YAML 1.2 (no merge)', () => {
		readAs('base: &b {x: 1}\nitem:\n  <<: *b\n  y: 2', {
			base: { x: 1 },
			item: { '<<': { x: 1 }, y: 2 },
		});
	});

	it('turns keys that are not text into their text as yaml does (null into "")', () => {
		readAs('1: a\n2.50: b\nnull: c\ntrue: d\n0x1F: e\n.inf: f', {
			'1': 'a',
			'2.5': 'b',
			'': 'c',
			true: 'd',
			'31': 'e',
			Infinity: 'f',
		});
		readAs('1: a\n"1": b', { '1': 'b' });
	});

	it('reads block scalars with chomping and indentation indicators, CRLF and a byte-order mark', () => {
		readAs('a: |\n  x\n   y\n\nb: >-\n  folded\n  text\n\n  more\nc: |2+\n    lead\n\n', {
			a: 'x\n y\n',
			b: 'folded text\nmore',
			c: '  lead\n\n',
		});
		readAs("\ufeffa: \"tab\\there\"\r\nb:\r\n- 'it''s'\r\n- {a: [1, 2]}\r\n", {
			a: 'tab\there',
			b: ["it's", { a: [1, 2] }],
		});
		// With an indicator, trailing blank lines no deeper than the first line of text are not the scalar's.
		readAs('a: |2\n    x\n\n    \nb: >1\n   y\n   \n  \n', { a: '  x\n', b: '  y\n' });
		readAs('? long key\n: value\nlist:\n- a\n- b: 1\n  c: 2', {
			'long key': 'value',
			list: ['a', { b: 1, c: 2 }],
		});
	});

	const refusals: Array<[string, string, [number, number], RegExp]> = [
		['a duplicate key', 'a: 1\nb: 2\na: 3', [3, 1], /the key "a" appears twice/],
		['a duplicate key by value', 'null: 1\n~: 2', [2, 1], /the key "" appears twice/],
		['several documents', 'a: 1\n---\nb: 2', [2, 1], /several YAML documents/],
		['a tab as indentation', 'a:\n\tb: 1', [2, 1], /a tab indents this line/],
		['YAML 1.1', '%YAML 1.1\n---\na: yes', [1, 1], /only YAML 1.2 documents are read/],
		[
			'a %TAG directive',
			'%TAG !e! tag:e.com:\n---\na: 1',
			[1, 1],
			/%TAG directives are not supported/,
		],
		['a tag of its own', 'a: !thing x', [1, 4], /the tag !thing is not supported/],
		[
			'a core tag that does not fit',
			'a: !!int x',
			[1, 4],
			/the tag !!int does not fit the value "x"/,
		],
		['a collection as a key', '[a, b]: c', [1, 7], /cannot be a key here/],
		[
			'an explicit collection key',
			'? [a]\n: b',
			[1, 3],
			/this explicit key \("\? "\) is not supported/,
		],
		['a pair inside [ ]', '[a: 1]', [1, 3], /a "key: value" pair inside \[ \] is not supported/],
		['an alias with no anchor', 'a: *nowhere', [1, 4], /the alias \*nowhere names no anchor/],
		['a quote never closed', 'a: "open', [1, 4], /a double-quoted text is never closed/],
		[
			'a key: value on the line of a key',
			'a: b: c',
			[1, 4],
			/a mapping cannot start on the same line as its key/,
		],
		['a bad escape', 'a: "\\q"', [1, 5], /\\q is not a valid escape/],
	];
	it.each(refusals)(
		'refuses %s, naming line, column and what',
		(_, text, [line, column], message) => {
			let problem: unknown;
			try {
				parseYaml(text);
			} catch (error) {
				problem = error;
			}
			expect(problem).toBeInstanceOf(YamlProblem);
			const { line: at, column: col, message: said } = problem as YamlProblem;
			expect([at, col]).toEqual([line, column]);
			expect(said).toMatch(message);
			expect(said).toMatch(new RegExp(`^YAML line ${line}, column ${column}: `));
		},
	);
});
