/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * `npm test`'s totals are honest: dev/scripts/test-counts.cjs (what dev/scripts/test-all.mjs counts with)
 * on jest reports recorded from real runs of jest 30 on a tiny project (fixtures/jest-reports,
 * trimmed to the fields counted; each with the exit status jest gave):
 *   passing-with-skips                  two files, 3 passing tests, one it.skip, one it.todo → exit 0
 *   suite-fails-to-load                 a passing file and one that throws when loaded      → exit 1
 *   failing-test                        a passing file and one with a failing test          → exit 1
 *   exits-nonzero-without-failing-test  one passing test under an unmet --coverageThreshold  → exit 1
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Counts {
	passed: number;
	failed: number;
	skipped: number;
	todo: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const testCounts = require('../../dev/scripts/test-counts.cjs') as {
	countJest(report: unknown, status: number): Counts;
	countSingle(status: number): Counts;
	countSummaryLine(name: string, output: string, status: number): Counts;
	formatCounts(counts: Counts): string;
	sum(list: Counts[]): Counts;
};

const recorded = (name: string) =>
	JSON.parse(readFileSync(join(__dirname, 'fixtures', 'jest-reports', `${name}.json`), 'utf8')) as {
		exitStatus: number;
		report: unknown;
	};

describe('npm test counting', () => {
	it('shows skipped and todo tests beside passed and failed', () => {
		const { report, exitStatus } = recorded('passing-with-skips');
		expect(testCounts.countJest(report, exitStatus)).toEqual({
			passed: 3,
			failed: 0,
			skipped: 1,
			todo: 1,
		});
	});

	it('counts a runner that exits non-zero as failed, though it counted no failing test', () => {
		const { report, exitStatus } = recorded('exits-nonzero-without-failing-test');
		expect(exitStatus).toBe(1);
		expect(testCounts.countJest(report, exitStatus)).toEqual({
			passed: 1,
			failed: 1,
			skipped: 0,
			todo: 0,
		});
		// The same report with exit 0 is a pass: it is the exit status that fails it.
		expect(testCounts.countJest(report, 0)).toEqual({ passed: 1, failed: 0, skipped: 0, todo: 0 });
	});

	it('counts a test file that fails to load', () => {
		const { report, exitStatus } = recorded('suite-fails-to-load');
		expect(testCounts.countJest(report, exitStatus)).toEqual({
			passed: 2,
			failed: 1,
			skipped: 0,
			todo: 0,
		});
		expect(testCounts.countJest(report, 0).failed).toBe(1);
	});

	it('counts failing tests once each, not once more for their file', () => {
		const { report, exitStatus } = recorded('failing-test');
		expect(testCounts.countJest(report, exitStatus)).toEqual({
			passed: 3,
			failed: 1,
			skipped: 0,
			todo: 0,
		});
	});

	it('counts a jest run without a report, or without any test, as failed', () => {
		expect(testCounts.countJest(undefined, 1)).toEqual({
			passed: 0,
			failed: 1,
			skipped: 0,
			todo: 0,
		});
		expect(
			testCounts.countJest(
				{
					numPassedTests: 0,
					numFailedTests: 0,
					numPendingTests: 0,
					numTodoTests: 0,
					numTotalTests: 0,
					testResults: [],
				},
				0,
			).failed,
		).toBe(1);
	});

	it('reads the package and e2e summary lines, and fails them on a non-zero exit or a missing line', () => {
		expect(testCounts.countSummaryLine('e2e', 'log\ne2e: 12 passed, 0 failed\n', 0)).toEqual({
			passed: 12,
			failed: 0,
			skipped: 0,
			todo: 0,
		});
		expect(testCounts.countSummaryLine('e2e', 'e2e: 12 passed, 0 failed\n', 1)).toEqual({
			passed: 12,
			failed: 1,
			skipped: 0,
			todo: 0,
		});
		expect(testCounts.countSummaryLine('package', 'crashed before counting', 1)).toEqual({
			passed: 0,
			failed: 1,
			skipped: 0,
			todo: 0,
		});
		expect(testCounts.countSingle(2)).toEqual({ passed: 0, failed: 1, skipped: 0, todo: 0 });
	});

	it('sums the suites into a last line that starts "N passed, N failed" as CI reads it', () => {
		const suites = ['passing-with-skips', 'exits-nonzero-without-failing-test'].map((name) =>
			testCounts.countJest(recorded(name).report, recorded(name).exitStatus),
		);
		const line = testCounts.formatCounts(testCounts.sum([...suites, testCounts.countSingle(0)]));
		expect(line).toBe('5 passed, 1 failed, 1 skipped, 1 todo');
		expect(line).toMatch(/^(\d+) passed, (\d+) failed/);
	});
});
