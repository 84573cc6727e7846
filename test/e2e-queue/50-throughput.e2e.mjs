// Figures (printed, not asserted on time): twenty 5,000-item pushes started at once, run by two
// workers, then by one (the other stopped as a deploy would: SIGTERM, it finishes its jobs first).
import assert from 'node:assert/strict';
import os from 'node:os';
import { pushWorkflow, runAtOnce } from './support.mjs';

const RUNS = 20;
const ITEMS = 5000;

async function round(ctx, workflowId, expectedWorkers) {
	await ctx.sim('/reset-stats', {});
	const { ids, executions, ms } = await runAtOnce(ctx, workflowId, RUNS, 600000);
	for (const [i, e] of executions.entries())
		assert.equal(e.status, 'success', `execution ${ids[i]}: ${e.status}`);
	assert.equal(
		(await ctx.sim('/stats')).items['/inventory/add'],
		RUNS * ITEMS,
		'rows the platform accepted',
	);
	const workers = new Set(ids.flatMap((id) => ctx.profile.ranBy(id)));
	assert.deepEqual([...workers].sort(), expectedWorkers, 'workers that ran the pushes');
	return ms;
}

export default function (ctx) {
	return [
		{
			name: `figures: ${RUNS} concurrent ${ITEMS.toLocaleString('en')}-item pushes with two workers, then with one`,
			timeoutMs: 900000,
			async run() {
				const workflowId = await pushWorkflow(ctx, {
					name: 'Queue test: throughput',
					count: ITEMS,
					prefix: 'QTHRU',
					perExecution: true,
				});
				// One run first: the token stored, each worker's first-run costs paid, as in a running installation.
				await round(ctx, workflowId, ['worker-1', 'worker-2']);
				const two = await round(ctx, workflowId, ['worker-1', 'worker-2']);
				await ctx.profile.stopWorker(1);
				const one = await round(ctx, workflowId, ['worker-1']);
				const rate = (ms) => Math.round((RUNS * ITEMS) / (ms / 1000)).toLocaleString('en');
				const lines = [
					`figures — ${RUNS} pushes of ${ITEMS.toLocaleString('en')} items started at once (${(RUNS * ITEMS).toLocaleString('en')} items), worker concurrency 10, ${os.cpus().length} CPUs shared by main, workers, Postgres, Redis and the simulator:`,
					`  two workers: ${(two / 1000).toFixed(1)} s, ${rate(two)} items/s`,
					`  one worker:  ${(one / 1000).toFixed(1)} s, ${rate(one)} items/s`,
					`  two vs one:  ×${(one / two).toFixed(2)}`,
				];
				for (const line of lines) console.log(`      ${line}`);
				await ctx.profile.startWorker(1);
			},
		},
	];
}
