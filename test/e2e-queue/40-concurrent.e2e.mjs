// Twenty executions at once across the two workers: every item answered and stored once, and the
// platform issues at most one token per n8n process — no refresh storm — with the credential holding
// a token, and with every token revoked while they run.
import assert from 'node:assert/strict';
import { pushWorkflow, runAtOnce, stored, waitUntil } from './support.mjs';

const RUNS = 20;
const ITEMS = 2000;

/** 20 runs at once; every run green on one worker, both workers used, every item answered and stored once. Answers the token count. */
async function twentyAtOnce(ctx, { prefix, whileRunning }) {
	const workflowId = await pushWorkflow(ctx, {
		name: `Queue test: 20 at once (${prefix})`,
		count: ITEMS,
		prefix,
		perExecution: true,
	});
	// One run first, so that the credential holds a token (stored by n8n after its first use).
	const first = await ctx.client.waitForExecution(
		await ctx.client.runManually(workflowId, 'Start'),
	);
	assert.equal(first.status, 'success');
	await ctx.sim('/reset-stats', {});
	const running = runAtOnce(ctx, workflowId, RUNS);
	await whileRunning?.();
	const { ids, executions, ms } = await running;
	const stats = await ctx.sim('/stats');
	const workers = ids.map((id) => ctx.profile.ranBy(id));
	const perWorker = [...new Set(workers.flat())]
		.sort()
		.map((w) => `${w}: ${workers.flat().filter((x) => x === w).length}`);
	ctx.log(
		`${RUNS} × ${ITEMS} items in ${(ms / 1000).toFixed(1)} s (${perWorker.join(', ')}); tokens issued: ${stats.tokensIssued}; HTTP ${JSON.stringify(stats.statuses)}`,
	);

	for (const [i, e] of executions.entries())
		assert.equal(e.status, 'success', `execution ${ids[i]}: ${e.status}`);
	assert.ok(
		workers.every((w) => w.length === 1),
		'every execution run by exactly one worker',
	);
	assert.equal(new Set(workers.flat()).size, 2, 'both workers took executions');
	assert.equal(stats.items['/inventory/add'], RUNS * ITEMS, 'rows the platform accepted');
	for (const id of ids) {
		const e = await ctx.client.api('GET', `/executions/${id}?includeData=true`);
		const [ok, failed = []] = e.data.resultData.runData['WMS Inventory'][0].data.main;
		assert.equal(ok.length, ITEMS, `execution ${id}: items answered on the success output`);
		assert.equal(failed.length, 0, `execution ${id}: items on the error output`);
	}
	assert.equal(
		(await stored(ctx, 'inventory_item', `${prefix}-`)).length,
		(RUNS + 1) * ITEMS,
		"SKUs in the store (and the first run's)",
	);
	return stats.tokensIssued;
}

function atMostOnePerProcess(ctx, tokens) {
	const processes = ctx.profile.workers.length + 1;
	assert.ok(
		tokens <= processes,
		`${tokens} tokens issued for ${RUNS} executions on ${processes} n8n processes (refresh storm)`,
	);
}

const clearFaults = (ctx) =>
	fetch(`${ctx.simulator.baseUrl.replace(/\/v1\/?$/, '')}/_sim/faults`, { method: 'DELETE' });

export default function (ctx) {
	return [
		{
			name: `${RUNS} executions at once across two workers, the credential holding a token: every item answered once, at most one token per process`,
			timeoutMs: 300000,
			async run() {
				atMostOnePerProcess(ctx, await twentyAtOnce(ctx, { prefix: 'QCONC' }));
			},
		},
		{
			name: `${RUNS} at once, the platform revoking every token while they run: at most one new token per process`,
			timeoutMs: 300000,
			async run() {
				// Slow answers keep all twenty running when the tokens are revoked.
				await ctx.sim('/faults', { route: '/inventory/add', kind: 'latency', latencyMs: 300 });
				const revokeMidway = async () => {
					await waitUntil(
						'the first requests answered',
						async () => ((await ctx.sim('/stats')).requests['/inventory/add'] ?? 0) >= RUNS,
						{ everyMs: 50 },
					);
					await ctx.sim('/revoke-tokens', {});
				};
				try {
					atMostOnePerProcess(
						ctx,
						await twentyAtOnce(ctx, { prefix: 'QREVOKE', whileRunning: revokeMidway }),
					);
				} finally {
					await clearFaults(ctx);
				}
			},
		},
	];
}
