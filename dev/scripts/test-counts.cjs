// How `npm test` (dev/scripts/test-all.mjs) counts one suite: tests passed, failed, skipped and todo.
// A suite whose runner exits non-zero counts as failed even when it named no failing test (a
// coverage threshold, a crash after the tests, a report never written), and a jest test file that
// fails to load counts as a failure of its own. CommonJS, so the unit tests can require it.
'use strict';

/** @typedef {{ passed: number, failed: number, skipped: number, todo: number }} Counts */

/** @returns {Counts} */
function counts(passed = 0, failed = 0, skipped = 0, todo = 0) {
	return { passed, failed, skipped, todo };
}

/** A runner that exited non-zero failed, whatever it counted. @returns {Counts} */
function withExitStatus(counted, status) {
	return status !== 0 && counted.failed === 0 ? { ...counted, failed: 1 } : counted;
}

/** Lint and type checks: one check each. @returns {Counts} */
function countSingle(status) {
	return status === 0 ? counts(1) : counts(0, 1);
}

/**
 * A jest run from its --json report (undefined when jest wrote none) and its exit status. A test
 * file that failed without a failing test did not load (or failed around its tests): one failure.
 * @returns {Counts}
 */
function countJest(report, status) {
	if (!report) return counts(0, 1);
	const brokenFiles = (report.testResults ?? []).filter(
		(file) =>
			file.status === 'failed' &&
			!(file.assertionResults ?? []).some((test) => test.status === 'failed'),
	).length;
	const counted = counts(
		report.numPassedTests,
		report.numFailedTests + brokenFiles + (report.numTotalTests === 0 ? 1 : 0),
		report.numPendingTests,
		report.numTodoTests,
	);
	return withExitStatus(counted, status);
}

/** A script that ends with `<name>: N passed, N failed[, N skipped]`; no such line is a failure. @returns {Counts} */
function countSummaryLine(name, output, status) {
	const match = new RegExp(`${name}: (\\d+) passed, (\\d+) failed(?:, (\\d+) skipped)?`).exec(
		output ?? '',
	);
	if (!match) return counts(0, 1);
	return withExitStatus(counts(Number(match[1]), Number(match[2]), Number(match[3] ?? 0)), status);
}

/** `N passed, N failed, N skipped, N todo`: CI reads the start of the last line. */
function formatCounts({ passed, failed, skipped, todo }) {
	return `${passed} passed, ${failed} failed, ${skipped} skipped, ${todo} todo`;
}

/** @returns {Counts} */
function sum(list) {
	return list.reduce(
		(total, c) =>
			counts(
				total.passed + c.passed,
				total.failed + c.failed,
				total.skipped + c.skipped,
				total.todo + c.todo,
			),
		counts(),
	);
}

module.exports = { countJest, countSingle, countSummaryLine, formatCounts, sum, withExitStatus };
