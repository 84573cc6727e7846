/* eslint-disable @n8n/community-nodes/require-node-api-error -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * A platform's description comes from outside: the YAML reader bounds what a hostile text can
 * cost. Aliases that multiply (a "billion laughs"), nesting thousands deep, a text past the size
 * limit, keys named like Object.prototype's own, and very long lines each end with the right
 * value or a YamlProblem that says what was too much; none hangs, overflows the stack or
 * pollutes a prototype.
 */
import YAML from 'yaml';

import { parseYaml, YamlProblem } from '../../nodes/shared/platform/description/yaml';

function refusal(text: string, limits?: Parameters<typeof parseYaml>[1]): YamlProblem {
	try {
		parseYaml(text, limits);
	} catch (error) {
		if (error instanceof YamlProblem) return error;
		throw error;
	}
	throw new Error('the text was read');
}

/** Ten of the level below at each of `levels` levels: 10^levels values once expanded. */
function laughs(levels: number, flow: boolean): string {
	const lines = [`l0: &l0 ${flow ? '[lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]' : 'lol'}`];
	for (let k = 1; k <= levels; k++) {
		const ten = Array.from({ length: 10 }, () => `*l${k - 1}`);
		lines.push(
			flow
				? `l${k}: &l${k} [${ten.join(', ')}]`
				: `l${k}: &l${k}\n${ten.map((alias) => `  - ${alias}`).join('\n')}`,
		);
	}
	return lines.join('\n');
}

describe('YAML from outside, bounded', () => {
	it('refuses a billion laughs, in flow and block style, before copying what the aliases stand for', () => {
		for (const flow of [true, false]) {
			const problem = refusal(laughs(9, flow));
			expect(problem.message).toMatch(/aliases stand for more than 1000000 values/);
			expect(problem.line).toBeGreaterThan(4);
		}
		// The same shape, small enough, is read in full, as yaml reads it without its cap on alias uses.
		const small = laughs(3, true);
		expect(parseYaml(small)).toEqual(YAML.parse(small, { maxAliasCount: -1 }));
		expect(refusal(small, { maxAliasExpansion: 500 }).message).toMatch(/more than 500 values/);
	});

	it('refuses nesting ten thousand deep (flow, block lists, mappings) by its depth, not by the stack', () => {
		const deep = 10_000;
		const texts = [
			'['.repeat(deep) + ']'.repeat(deep),
			'{a: '.repeat(deep) + 'x' + '}'.repeat(deep),
			'- '.repeat(deep) + 'x',
			Array.from({ length: 300 }, (_, k) => `${' '.repeat(k)}a:`).join('\n') + ' x',
		];
		for (const text of texts)
			expect(refusal(text).message).toMatch(/nested deeper than 200 levels/);
		// A limit set higher than the reader can go is held at its own ceiling.
		expect(refusal(texts[0], { maxDepth: 1e9 }).message).toMatch(/nested deeper than 1000 levels/);
		const fine = '['.repeat(150) + ']'.repeat(150);
		expect(parseYaml(fine)).toEqual(YAML.parse(fine));
	});

	it('counts what an alias stands for in the depth of where it stands', () => {
		const text = 'a: &a [[[[x]]]]\nb: [[*a]]';
		expect(parseYaml(text)).toEqual({ a: [[[['x']]]], b: [[[[[['x']]]]]] });
		expect(refusal(text, { maxDepth: 6 }).message).toMatch(/alias \*a nests .* deeper than 6/);
		expect(refusal('a: &a [1, *a]').message).toMatch(
			/alias \*a is inside the node its anchor names/,
		);
	});

	it('refuses a text past the size limit (25 MB, or UTF-8 bytes past a smaller limit) at once', () => {
		const big = 'a: ' + 'x'.repeat(25 * 1024 * 1024);
		const problem = refusal(big);
		expect(problem.message).toMatch(/larger than 20971520 bytes/);
		expect([problem.line, problem.column]).toEqual([1, 1]);
		expect(refusal('a: ' + 'é'.repeat(600), { maxBytes: 1000 }).message).toMatch(/1000 bytes/);
		expect(parseYaml('a: ' + 'é'.repeat(400), { maxBytes: 1000 })).toEqual({ a: 'é'.repeat(400) });
	});

	it('refuses more values than the limit allows', () => {
		const text = `[${Array.from({ length: 200 }, (_, k) => k).join(', ')}]`;
		expect(refusal(text, { maxNodes: 100 }).message).toMatch(/more than 100 values/);
		expect(parseYaml(text, { maxNodes: 1000 })).toHaveLength(200);
	});

	it('reads keys named __proto__, constructor and prototype as plain own keys, polluting nothing', () => {
		const texts = [
			'__proto__: {polluted: yes}\nconstructor: {prototype: {polluted: 1}}\nprototype: x',
			'{"__proto__": {"polluted": true}, "toString": 1, "hasOwnProperty": 2}',
			'a: &a\n  __proto__:\n    polluted: 1\nb: *a\nc:\n  - __proto__: [1]',
		];
		for (const text of texts) {
			const value = parseYaml(text) as Record<string, unknown>;
			expect(JSON.stringify(value)).toBe(JSON.stringify(YAML.parse(text)));
			expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
			expect(({} as Record<string, unknown>).polluted).toBeUndefined();
			expect(Object.prototype.hasOwnProperty.call(value, 'polluted')).toBe(false);
		}
		const first = parseYaml(texts[0]) as Record<string, unknown>;
		expect(Object.keys(first)).toEqual(['__proto__', 'constructor', 'prototype']);
		expect(first.__proto__).toEqual({ polluted: 'yes' });
		const third = parseYaml(texts[2]) as Record<string, Record<string, unknown>>;
		expect(Object.getOwnPropertyNames(third.b)).toEqual(['__proto__']);
	});

	it('reads very long lines in one pass, and refuses a key past 1024 characters as yaml does', () => {
		const long = 'x'.repeat(2_000_000);
		expect(parseYaml(`a: ${long}`)).toEqual({ a: long });
		expect(parseYaml(`a: "${long}"`)).toEqual({ a: long });
		const list = parseYaml(`[${'1, '.repeat(200_000)}1]`) as number[];
		expect(list).toHaveLength(200_001);
		const minified = JSON.stringify({
			paths: Object.fromEntries(Array.from({ length: 20_000 }, (_, k) => [`/r${k}`, { k }])),
		});
		expect(parseYaml(minified)).toEqual(JSON.parse(minified));
		const key = 'k'.repeat(1100);
		expect(refusal(`${key}: 1`).message).toMatch(/key longer than 1024 characters/);
		expect(() => YAML.parse(`${key}: 1`)).toThrow(/1024/);
	});
});
