#!/usr/bin/env node
// `npm test`: everything that proves the package, in order — lint, types, unit (incl. the
// simulator and the contract), integration through real n8n-core against the simulator, the
// packed package under n8n's verification scanner, and end-to-end in real n8n with a browser. Every suite runs even when one before it failed; the
// last line is the sum over all suites: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2);
const results = [];
const bin = (name) => join(process.cwd(), 'node_modules', '.bin', name);

function step(name, command, args, count) {
	if (only.length && !only.includes(name)) return;
	const started = Date.now();
	console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
	const run = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 1 << 28 });
	process.stdout.write(run.stdout ?? '');
	const { passed, failed } = count(run);
	results.push({ name, passed, failed, seconds: Math.round((Date.now() - started) / 1000) });
	console.log(`◀ ${name}: ${passed} passed, ${failed} failed (${results.at(-1).seconds}s)`);
}

/** Lint and type checks count as one check each. */
const single = (run) => (run.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

function jest(project) {
	const dir = mkdtempSync(join(tmpdir(), 'wms-jest-'));
	const file = join(dir, 'result.json');
	return [
		bin('jest'),
		['--selectProjects', project, '--json', `--outputFile=${file}`, '--silent'],
		(run) => {
			try {
				const report = JSON.parse(readFileSync(file, 'utf8'));
				const failedSuites = report.numFailedTestSuites - report.testResults.filter((r) => r.assertionResults.some((a) => a.status === 'failed')).length;
				return { passed: report.numPassedTests, failed: report.numFailedTests + Math.max(0, failedSuites) + (report.numTotalTests === 0 ? 1 : 0) };
			} catch {
				return { passed: 0, failed: 1 };
			} finally {
				rmSync(dir, { recursive: true, force: true });
				if (run.status !== 0) process.exitCode = 1;
			}
		},
	];
}

step('lint', bin('eslint'), ['nodes', 'credentials', 'package.json'], single);
step('types', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], single);
step('unit', ...jest('unit'));
step('integration', ...jest('integration'));
step('package', process.execPath, ['scripts/verify-package.mjs'], (run) => {
	const match = /package: (\d+) passed, (\d+) failed/.exec(run.stdout ?? '');
	return match ? { passed: Number(match[1]), failed: Number(match[2]) } : { passed: 0, failed: 1 };
});
step('e2e', process.execPath, ['scripts/e2e.mjs'], (run) => {
	const match = /e2e: (\d+) passed, (\d+) failed/.exec(run.stdout ?? '');
	if (!match) return { passed: 0, failed: 1 };
	return { passed: Number(match[1]), failed: Number(match[2]) + (run.status === 0 ? 0 : Number(match[2]) === 0 ? 1 : 0) };
});
step('e2e-queue', process.execPath, ['scripts/e2e-queue.mjs'], (run) => {
	const match = /e2e-queue: (\d+) passed, (\d+) failed/.exec(run.stdout ?? '');
	if (!match) return { passed: 0, failed: 1 };
	return { passed: Number(match[1]), failed: Number(match[2]) + (run.status === 0 ? 0 : Number(match[2]) === 0 ? 1 : 0) };
});

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log('\nSuites:');
for (const r of results) console.log(`  ${r.name.padEnd(12)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed  ${r.seconds}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
