#!/usr/bin/env node
// `npm test`: everything that proves the package, in order — lint, types, unit (incl. the
// simulator and the contract), integration through real n8n-core against the simulator, the
// packed package under n8n's verification scanner, end-to-end in real n8n with a browser, the ERP
// round trip (a real ERP database), and queue mode.
// Every suite runs even when one before it failed. Each suite prints its tests passed, failed,
// skipped and todo (dev/scripts/test-counts.cjs: a runner that exits non-zero has failed, whatever it
// counted); the last line is the sum over all suites: `N passed, N failed, N skipped, N todo`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import testCounts from './test-counts.cjs';

const { countJest, countSingle, countSummaryLine, formatCounts, sum, withExitStatus } = testCounts;
const only = process.argv.slice(2);
const results = [];
const bin = (name) => join(process.cwd(), 'node_modules', '.bin', name);

function step(name, command, args, count) {
	if (only.length && !only.includes(name)) return;
	const started = Date.now();
	console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
	const run = spawnSync(command, args, {
		stdio: ['ignore', 'pipe', 'inherit'],
		encoding: 'utf8',
		maxBuffer: 1 << 28,
	});
	process.stdout.write(run.stdout ?? '');
	// A runner killed by a signal has no status: it did not pass.
	const status = run.status ?? 1;
	const counted = withExitStatus(count(run, status), status);
	results.push({ name, ...counted, status, seconds: Math.round((Date.now() - started) / 1000) });
	console.log(
		`◀ ${name}: ${formatCounts(counted)}${status === 0 ? '' : ` (exit ${status})`} (${results.at(-1).seconds}s)`,
	);
}

/** The files that took longest, so the suite's time can be spent where it goes. */
function slowest(report, shown = 8) {
	const files = (report?.testResults ?? [])
		.map((file) => ({
			name: file.name.slice(process.cwd().length + 1),
			seconds: (file.endTime - file.startTime) / 1000,
		}))
		.sort((a, b) => b.seconds - a.seconds)
		.slice(0, shown);
	if (files.length) console.log('  slowest files:');
	for (const file of files) console.log(`  ${file.seconds.toFixed(1).padStart(7)} s  ${file.name}`);
}

function jest(project) {
	const dir = mkdtempSync(join(tmpdir(), 'wms-jest-'));
	const file = join(dir, 'result.json');
	return [
		bin('jest'),
		['--selectProjects', project, '--json', `--outputFile=${file}`, '--silent'],
		(_run, status) => {
			let report;
			try {
				report = JSON.parse(readFileSync(file, 'utf8'));
			} catch {
				report = undefined;
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
			slowest(report);
			return countJest(report, status);
		},
	];
}

// What the end-to-end suites need (Chromium, Postgres, Redis, both n8n hosts) installs in the
// background from the start, when any of it is missing, so a fresh clone's installs overlap the
// suites before them. Its log is kept; a suite that needs a host still being installed waits on that
// install's lock (install.mjs), and the n8n 1.x host, needed last, installs while e2e runs.
const wantsEndToEnd = !only.length || only.some((name) => name.startsWith('e2e'));
let preparing;
if (wantsEndToEnd) {
	const logDir = mkdtempSync(join(tmpdir(), 'wms-prepare-'));
	const logFile = join(logDir, 'prepare.log');
	const out = openSync(logFile, 'a');
	const child = spawn(process.execPath, ['dev/scripts/prepare-hosts.mjs'], {
		stdio: ['ignore', out, out],
	});
	console.log(`▷ preparing the end-to-end hosts in the background (log: ${logFile})`);
	preparing = new Promise((resolve) => {
		child.on('close', (code) => resolve({ code, logFile }));
		child.on('error', () => resolve({ code: 1, logFile }));
	});
}

async function reportPreparing() {
	if (!preparing) return;
	const { code, logFile } = await preparing;
	const lines = readFileSync(logFile, 'utf8')
		.split('\n')
		.filter((line) => /prepared|could not/.test(line));
	console.log(`\n▷ background preparation ${code === 0 ? 'done' : `ended with exit ${code}`}:`);
	for (const line of lines) console.log(`  ${line}`);
}

// n8n's own lint, strict (the starter's eslint.config.mjs, unchanged, which strict mode requires),
// then Prettier's check. The lint reads every file of the tree: .tools/, the benchmarks `npm run
// bench` compiled (git-ignored, compiled again at the next bench), goes first, so a developer's
// earlier bench does not fail the lint.
rmSync('.tools', { recursive: true, force: true });
step(
	'lint',
	'sh',
	['-c', `"${bin('n8n-node')}" lint && "${bin('prettier')}" --check .`],
	(_run, status) => countSingle(status),
);
step('types', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], (_run, status) =>
	countSingle(status),
);
step('unit', ...jest('unit'));
step('integration', ...jest('integration'));
step('package', process.execPath, ['dev/scripts/verify-package.mjs'], (run, status) =>
	countSummaryLine('package', run.stdout, status),
);
step('e2e', process.execPath, ['dev/scripts/e2e.mjs'], (run, status) =>
	countSummaryLine('e2e', run.stdout, status),
);
step('e2e-erp', process.execPath, ['dev/scripts/e2e-erp.mjs'], (run, status) =>
	countSummaryLine('e2e-erp', run.stdout, status),
);
step('e2e-queue', process.execPath, ['dev/scripts/e2e-queue.mjs'], (run, status) =>
	countSummaryLine('e2e-queue', run.stdout, status),
);

await reportPreparing();

const total = sum(results);
console.log('\nSuites:');
for (const r of results) {
	const figures = [
		`${String(r.passed).padStart(5)} passed`,
		`${String(r.failed).padStart(4)} failed`,
		`${String(r.skipped).padStart(3)} skipped`,
		`${String(r.todo).padStart(3)} todo`,
	];
	console.log(
		`  ${r.name.padEnd(12)} ${figures.join(' ')}  ${r.seconds}s${r.status === 0 ? '' : `  exit ${r.status}`}`,
	);
}
console.log(formatCounts(total));
process.exitCode = total.failed > 0 ? 1 : 0;
