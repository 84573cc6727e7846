#!/usr/bin/env node
// `npm run bench [name...]`: compiles the tools once and runs the benchmarks in bench/ one after
// the other, each printing its own figures (they are measurements, not tests). Names:
// description, simulator-throughput, inventory-bulk, latency, connections, trigger-drain, reconcile,
// faults, file, yaml, and real-n8n (the push inside real n8n 2.41.1; not in the default set, as it
// installs and starts n8n), and profile (where the node's CPU goes, by concern: V8's profiler; not
// in the default set, as it prints a profile, not a figure to compare). Extra flags
// after `--` go to every benchmark (e.g. `npm run bench inventory-bulk -- --items 20000`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ALL = [
	'description',
	'simulator-throughput',
	'inventory-bulk',
	'latency',
	'connections',
	'trigger-drain',
	'reconcile',
	'faults',
	'file',
	'yaml',
];
const EXTRA = ['real-n8n', 'profile'];
const args = process.argv.slice(2);
// npm passes what follows its own `--` on without it: names come first, flags (and their values) after.
const dash = args.indexOf('--');
const firstFlag = args.findIndex((a) => a.startsWith('-'));
const split = dash >= 0 ? dash : firstFlag >= 0 ? firstFlag : args.length;
const names = args.slice(0, split);
const flags = args.slice(dash >= 0 ? dash + 1 : split);
const chosen = names.length ? names : ALL;
const unknown = chosen.filter((name) => !ALL.includes(name) && !EXTRA.includes(name));
if (unknown.length) {
	console.error(
		`unknown benchmark: ${unknown.join(', ')} (known: ${[...ALL, ...EXTRA].join(', ')})`,
	);
	process.exit(2);
}

const tsc = spawnSync(join('node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.tools.json'], {
	stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
let failed = 0;
for (const name of chosen) {
	// A .mjs benchmark runs as it is (it drives real n8n); the others are compiled into .tools/.
	const plain = existsSync(join('dev', 'bench', `${name}.mjs`));
	const script = plain
		? join('dev', 'bench', `${name}.mjs`)
		: join('.tools', 'dev', 'bench', `${name}.js`);
	console.log(`\n=== bench/${name}.${plain ? 'mjs' : 'ts'} ===`);
	// real-n8n keeps the simulator in its own process: two million items need more than Node's default heap.
	const heap = name === 'real-n8n' ? ['--max-old-space-size=8192'] : [];
	const run = spawnSync(process.execPath, ['--expose-gc', ...heap, script, ...flags], {
		stdio: 'inherit',
	});
	if (run.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
