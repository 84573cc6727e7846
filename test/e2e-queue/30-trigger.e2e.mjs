// The ERP Update Trigger, active on the main with n8n's durable poll cursors switched on (the
// trigger's ledger is committed with the execution each poll starts): the main polls, the workers run
// the executions. Every pending update is delivered and completed once; the main killed (SIGKILL)
// between a poll and the completion of what it delivered, then restarted, loses nothing and delivers
// nothing twice inside the trigger's window ("Redeliver After", 30 minutes here).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
	allExecutions,
	completeUpdatesWorkflow,
	makePendingUpdates,
	waitUntil,
} from './support.mjs';

const TRIGGER = 'WMS ERP Update Trigger';
const secondsSince = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

/** Which executions delivered each update: id → [execution ids], from the trigger's output of every finished execution. */
async function deliveries(ctx, workflowId) {
	const byId = new Map();
	const executions = await allExecutions(ctx, workflowId);
	for (const summary of executions) {
		const execution = await ctx.client.api('GET', `/executions/${summary.id}?includeData=true`);
		for (const item of execution.data?.resultData?.runData?.[TRIGGER]?.[0]?.data?.main?.[0] ?? []) {
			byId.set(item.json.id, [...(byId.get(item.json.id) ?? []), execution.id]);
		}
	}
	return { byId, executions };
}

async function statusOf(ctx, ids) {
	const { items } = await ctx.sim('/store/erp_update');
	const wanted = new Set(ids);
	return items.filter((u) => wanted.has(u.id));
}

const allComplete = (ctx, ids) => async () =>
	(await statusOf(ctx, ids)).every((u) => u.status === 'complete');

/**
 * Each id delivered exactly once; the executions that delivered them succeeded, in `trigger` mode, on a worker.
 * The platform sees an update completed before the worker has saved the execution that completed it, and
 * n8n's API lists an execution only once saved: it waits for every id to show in a saved execution first.
 */
async function assertDeliveredOnce(ctx, workflowId, ids) {
	let seen;
	await waitUntil(
		'every update in a saved execution',
		async () => {
			seen = await deliveries(ctx, workflowId);
			return ids.every((id) => seen.byId.has(id));
		},
		{ timeoutMs: 60000, everyMs: 1000 },
	).catch((error) => {
		if (!seen) throw error; // the assertions below say which ids are missing
	});
	const { byId, executions } = seen;
	const twice = ids
		.filter((id) => (byId.get(id) ?? []).length > 1)
		.map((id) => `${id} in executions ${byId.get(id).join(', ')}`);
	const never = ids.filter((id) => !byId.has(id));
	assert.deepEqual(twice.slice(0, 5), [], `${twice.length} updates delivered more than once`);
	assert.deepEqual(never.slice(0, 5), [], `${never.length} updates never delivered`);
	for (const e of executions) {
		assert.equal(e.mode, 'trigger');
		assert.equal(e.status, 'success', `execution ${e.id}: ${e.status}`);
		assert.equal(
			ctx.profile.ranBy(e.id).length,
			1,
			`execution ${e.id} not run by exactly one worker`,
		);
	}
	return { byId, executions };
}

export default function (ctx) {
	const state = {};
	return [
		{
			name: 'active on the main with durable poll cursors: 1,000 pending updates delivered and completed once each, on workers',
			timeoutMs: 240000,
			async run() {
				const ids = await makePendingUpdates(ctx, {
					outgoing_consignment: 400,
					incoming_consignment: 300,
					move_attempt: 300,
				});
				await ctx.sim('/reset-stats', {});
				state.workflowId = await completeUpdatesWorkflow(ctx, {
					name: 'Queue test: ERP updates → complete',
				});
				const t0 = Date.now();
				await ctx.client.api('POST', `/workflows/${state.workflowId}/activate`);
				await waitUntil('the 1,000 updates complete on the platform', allComplete(ctx, ids), {
					timeoutMs: 180000,
					everyMs: 1000,
				});
				const { byId, executions } = await assertDeliveredOnce(ctx, state.workflowId, ids);
				const stats = await ctx.sim('/stats');
				assert.equal(
					stats.items['/erp_update/set_complete'],
					byId.size,
					'completions the platform accepted = updates delivered',
				);
				ctx.log(
					`${ids.length} delivered and completed in ${secondsSince(t0)} by ${executions.length} execution(s) on ${executions.map((e) => ctx.profile.ranBy(e.id)[0]).join(', ')}`,
				);

				// The trigger's ledger lives in n8n's poller_state row, committed with each execution.
				const { out } = await ctx.profile.postgres.psql(
					`select cursor::text from poller_state where "workflowId" = '${state.workflowId}'`,
				);
				assert.ok(
					out.includes(ids[0]) && out.includes(ids.at(-1)),
					`poller_state holds no ledger with the delivered ids: ${out.slice(0, 300)}`,
				);
				assert.ok(
					!fs
						.readFileSync(ctx.profile.main.logFile, 'utf8')
						.includes('durable poll cursors stay disabled'),
				);
				state.delivered = ids;
			},
		},
		{
			name: 'the main killed (SIGKILL) between a poll and its completion, restarted: nothing lost, nothing delivered twice inside the window',
			timeoutMs: 360000,
			async run() {
				assert.ok(state.delivered, 'needs the active workflow of the test before');
				const before = (await allExecutions(ctx, state.workflowId)).length;
				const known = new Set(ctx.profile.started().map((s) => s.id));
				// Completion answered slowly: the poll's execution is still running on a worker when the main dies.
				await ctx.sim('/faults', {
					route: '/erp_update/set_complete',
					kind: 'latency',
					latencyMs: 4000,
				});
				const inFlight = await makePendingUpdates(ctx, {
					outgoing_consignment: 200,
					move_attempt: 100,
				});
				// The public API lists finished executions only: a worker's log shows the one that started.
				const polled = await waitUntil(
					'the next poll delivered the new updates to a worker',
					() => ctx.profile.started().find((s) => !known.has(s.id)),
					{
						timeoutMs: 120000,
						everyMs: 250,
					},
				);
				const pendingAtKill = (await statusOf(ctx, inFlight)).filter(
					(u) => u.status === 'pending',
				).length;
				await ctx.profile.killMain();
				const killedAt = Date.now();
				ctx.log(
					`main killed while execution ${polled.id} ran on ${polled.worker}; ${pendingAtKill} of ${inFlight.length} updates not yet completed`,
				);
				assert.ok(
					pendingAtKill > 0,
					'the delivered updates were already completed when the main was killed',
				);
				await fetch(`${ctx.simulator.baseUrl.replace(/\/v1\/?$/, '')}/_sim/faults`, {
					method: 'DELETE',
				});

				await ctx.profile.restartMain();
				await ctx.client.login(ctx.owner.email, ctx.owner.password);
				ctx.log(`main back after ${secondsSince(killedAt)}`);
				// Made after the restart: their delivery proves the restarted main polls again.
				const later = await makePendingUpdates(ctx, { incoming_consignment: 20 });
				const all = [...inFlight, ...later];
				await waitUntil('every update complete after the restart', allComplete(ctx, all), {
					timeoutMs: 240000,
					everyMs: 1000,
				});
				await waitUntil(
					'no execution of the workflow still running',
					async () =>
						(await allExecutions(ctx, state.workflowId)).every(
							(e) => e.status !== 'running' && e.status !== 'new',
						),
					{ timeoutMs: 60000 },
				);
				const { byId, executions } = await assertDeliveredOnce(ctx, state.workflowId, [
					...state.delivered,
					...all,
				]);
				assert.ok(
					byId.get(inFlight[0]).includes(polled.id),
					`execution ${polled.id} is not the one that delivered the updates in flight`,
				);
				ctx.log(
					`${all.length} updates delivered once each across ${executions.length - before} execution(s) after the crash (${secondsSince(killedAt)})`,
				);
				await ctx.client.api('POST', `/workflows/${state.workflowId}/deactivate`);
			},
		},
	];
}
