/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * Every message, hint, log line and description the nodes and the credential write, read from
 * their source: the prose in string and template literals (a text with a space in it). None says
 * "paired" or counts from 0: an item, a line or a list entry is said as a person counts it
 * ("the 3rd input item", "line 1", "lines.1.quantity"), and a template never puts a 0-based
 * position (a variable named …index) straight into words.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

import { notForPeople } from '../support/words';

const ROOT = path.resolve(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(file);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [file] : [];
	});
}

interface Prose {
	where: string;
	text: string;
	/** The expressions a template puts into the words. */
	inserted: string[];
}

const isProse = (text: string) => /[a-z]{2,}\s/i.test(text);

/** The prose literals of one file: strings, and templates with the code of what they insert. */
function proseOf(file: string): Prose[] {
	const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
	const found: Prose[] = [];
	const where = (node: ts.Node) =>
		`${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
	const visit = (node: ts.Node) => {
		if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
			if (isProse(node.text)) found.push({ where: where(node), text: node.text, inserted: [] });
		} else if (ts.isTemplateExpression(node)) {
			const text = [node.head.text, ...node.templateSpans.map((span) => `…${span.literal.text}`)];
			if (isProse(text.join('')))
				found.push({
					where: where(node),
					text: text.join(''),
					inserted: node.templateSpans.map((span) => span.expression.getText(source)),
				});
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

const prose = ['nodes', 'credentials'].flatMap((dir) =>
	sourceFiles(path.join(ROOT, dir)).flatMap(proseOf),
);

/** A 0-based position put into words as it is: `${itemIndex}`, `${error.itemIndex}`, `${indexes.join(', ')}`. */
const ZERO_BASED = /^[\w.]*(?:^|\.)(?:\w*[iI]ndex|\w*[iI]ndexes)(?:\.join\([^)]*\))?$/;

describe('what a person reads in messages, hints and logs', () => {
	it('finds the prose of every node and the credential', () => {
		expect(prose.length).toBeGreaterThan(500);
		expect(prose.some((p) => p.where.startsWith('credentials/'))).toBe(true);
	});

	it('no message says "paired" or counts from 0', () => {
		const found = prose.flatMap(({ where, text }) =>
			notForPeople(text).map((word) => `${where}: ${word} in "${text.slice(0, 120)}"`),
		);
		expect(found).toEqual([]);
	});

	it('no message puts a position counted from 0 into its words', () => {
		const found = prose.flatMap(({ where, text, inserted }) =>
			inserted
				.filter((code) => ZERO_BASED.test(code.trim()))
				.map((code) => `${where}: \${${code}} in "${text.slice(0, 120)}"`),
		);
		expect(found).toEqual([]);
	});

	it('the checks catch what they are for', () => {
		expect(notForPeople('Item 0: sku is required')).not.toEqual([]);
		expect(notForPeople('input item 2 (counting from 0, as n8n does)')).not.toEqual([]);
		expect(notForPeople('one item per line, paired to its SKU')).not.toEqual([]);
		expect(notForPeople('field lines[0].quantity')).not.toEqual([]);
		expect(notForPeople('The 3rd input item, line 1: quantity must be more than 0')).toEqual([]);
		expect(ZERO_BASED.test('itemIndex')).toBe(true);
		expect(ZERO_BASED.test('error.itemIndex')).toBe(true);
		expect(ZERO_BASED.test('itemIndexes.join(", ")')).toBe(true);
		expect(ZERO_BASED.test('itemIndex + 1')).toBe(false);
		expect(ZERO_BASED.test('ordinal(index + 1)')).toBe(false);
	});
});
