// The 100,000-item push on a worker; that worker killed (SIGKILL) in the middle of it. n8n 2.41.1
// gives the execution up once Bull finds its job stalled (the lock the dead worker held runs out and
// a live worker's stalled-job check fails it): the main then stores it as `error`, "This execution
// failed to be processed too many times…". A worker restarted with its user folder marks it `crashed`
// first (its event log shows a node started and never finished); the main's `error` comes last.
// Then a re-run stores every SKU exactly once, with the re-run's value.
import assert from 'node:assert/strict';
import { pushWorkflow, stored, waitUntil } from './support.mjs';

const COUNT = 100000;
const PREFIX = 'QPUSH';
const STALLED = /failed to be processed too many times/;
const secondsSince = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

export default function (ctx) {
	const state = {};
	const execution = (id) => ctx.client.api('GET', `/executions/${id}?includeData=true`);
	return [
		{
			name: `the ${COUNT.toLocaleString('en')}-item push runs on a worker; SIGKILL to that worker in the middle → n8n gives the execution up`,
			timeoutMs: 300000,
			async run() {
				state.workflowId = await pushWorkflow(ctx, {
					name: 'Queue test: 100,000-item push',
					count: COUNT,
					prefix: PREFIX,
				});
				// Slow answers spread the 100 requests over ten seconds and more: time to kill the worker mid-way.
				await ctx.sim('/faults', { route: '/inventory/add', kind: 'latency', latencyMs: 100 });
				await ctx.sim('/reset-stats', {});
				const id = await ctx.client.runManually(state.workflowId, 'Start');
				const worker = await waitUntil(
					`execution ${id} started on a worker`,
					() => ctx.profile.ranBy(id)[0],
					{ timeoutMs: 60000 },
				);
				const sent = await waitUntil(
					'a fifth of the push sent',
					async () => {
						const n = (await ctx.sim('/stats')).requests['/inventory/add'] ?? 0;
						return n >= 20 ? n : 0;
					},
					{ timeoutMs: 120000, everyMs: 100 },
				);
				const index = ctx.profile.workers.findIndex((_, i) => ctx.profile.workerName(i) === worker);
				await ctx.profile.stopWorker(index, 'SIGKILL');
				const killedAt = Date.now();
				await fetch(`${ctx.simulator.baseUrl.replace(/\/v1\/?$/, '')}/_sim/faults`, {
					method: 'DELETE',
				});
				ctx.log(`execution ${id} on ${worker}: killed after ${sent} of 100 requests`);
				assert.ok(sent < 100, 'the push had already ended when its worker was killed');

				// Brought back at once, as a supervisor would; it is running again before n8n gives the execution up.
				const restarted = ctx.profile.startWorker(index);
				const seen = [];
				const ended = await waitUntil(
					'the killed execution given up',
					async () => {
						const e = await execution(id);
						if (seen.at(-1) !== e.status) seen.push(e.status);
						return e.status === 'error' && STALLED.test(e.data?.resultData?.error?.message ?? '')
							? e
							: null;
					},
					{ timeoutMs: 180000, everyMs: 500 },
				);
				await restarted;
				ctx.log(
					`statuses seen: ${seen.join(' → ')}; given up after ${secondsSince(killedAt)}: "${ended.data.resultData.error.message.slice(0, 60)}…"`,
				);
				assert.equal(ended.finished, false);
				const storedBefore = (await stored(ctx, 'inventory_item', `${PREFIX}-`)).length;
				assert.ok(
					storedBefore > 0 && storedBefore < COUNT,
					`${storedBefore} SKUs stored by the killed run`,
				);
				state.killedRun = id;
			},
		},
		{
			name: 'a re-run stores every SKU exactly once, with its last value; every item answered once',
			timeoutMs: 300000,
			async run() {
				assert.ok(state.killedRun, 'needs the killed run of the test before');
				await ctx.sim('/reset-stats', {});
				const t0 = Date.now();
				const id = await ctx.client.runManually(state.workflowId, 'Start');
				const done = await ctx.client.waitForExecution(id, { timeoutMs: 240000 });
				assert.equal(done.status, 'success', `re-run ${id}: ${done.status}`);
				const [worker] = ctx.profile.ranBy(id);
				assert.ok(worker, `re-run ${id} was not run by a worker`);
				const answered = done.data.resultData.runData['WMS Inventory'][0].data.main;
				assert.equal(answered[0].length, COUNT, 'items on the success output');
				assert.equal((answered[1] ?? []).length, 0, 'items on the error output');

				const items = await stored(ctx, 'inventory_item', `${PREFIX}-`);
				assert.equal(items.length, COUNT, 'SKUs in the store');
				assert.equal(new Set(items.map((i) => i.sku)).size, COUNT, 'distinct SKUs in the store');
				const stale = items.filter((i) => !i.description.endsWith(`(execution ${id})`));
				assert.deepEqual(
					stale.slice(0, 3).map((i) => `${i.sku}: ${i.description}`),
					[],
					`${stale.length} SKUs without the re-run's value`,
				);
				const stats = await ctx.sim('/stats');
				assert.equal(
					stats.items['/inventory/add'],
					COUNT,
					'rows the platform accepted in the re-run',
				);
				ctx.log(
					`re-run ${id} on ${worker}: ${COUNT} SKUs stored once with its value in ${secondsSince(t0)}; ${stats.requests['/inventory/add']} requests; ${worker} peak RSS ${ctx.profile.peakRssMb(worker)} MB`,
				);
			},
		},
	];
}
