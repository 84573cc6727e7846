// The nightly reconcile runs as a dry run: a variance report with the CSV attached, and nothing changed
// on the platform (no stock moved, no adjustment updates created).
import assert from 'node:assert/strict';

const moveAttempts = (ctx) =>
	ctx.simulator.store.list('erp_update').filter((u) => u.kind === 'move_attempt').length;
let movesBefore;

export async function before(ctx) {
	movesBefore = moveAttempts(ctx);
}

export async function after(ctx, example, execution) {
	const report = execution.data.resultData.runData['Variance report']?.[0]?.data?.main?.[0] ?? [];
	assert.equal(report.length, 1, 'one variance report item');
	assert.ok(Object.keys(report[0].binary ?? {}).length, 'the variance report has no CSV attached');
	assert.equal(
		moveAttempts(ctx),
		movesBefore,
		'a dry run created stock adjustments on the platform',
	);
	// Reconcile's two outputs: one item per differing line, and the summary that counts them.
	const [lines, summary] = execution.data.resultData.runData.Reconcile[0].data.main;
	assert.equal(summary.length, 1, 'one summary item');
	assert.equal(
		lines.length,
		summary[0].json.lines_differing,
		'Discrepancies has one item per differing line',
	);
	assert.deepEqual(
		execution.data.resultData.runData['Differing lines']?.[0]?.data?.main?.[0]?.length,
		lines.length,
	);
}
