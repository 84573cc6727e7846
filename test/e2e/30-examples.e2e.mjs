// Every example workflow in examples/ works in real n8n against the simulator.
// - With a Manual Trigger (or another non-polling trigger): run it from there as the editor's
//   "Execute workflow" does and expect a green execution.
// - Otherwise, started by a polling trigger: activate it (n8n polls once at once) and expect a green execution
//   of mode "trigger"; then deactivate it again.
// An example may bring its own checks of the effect on the simulator: test/e2e/examples/<file>.mjs
// with `export async function before(ctx, example)` and/or `export async function after(ctx, example,
// execution)` (see README.md there).
// An example that needs a chat model (an AI Agent's) is not run here, where it has no model: its
// wiring is checked; 51-agent runs it in the editor's chat against a scripted model.
// Its wiring is checked here and its WMS tools are run through MCP in 50-mcp.
// Then every example runs a second time, in reverse order, after the warehouse has shipped the sales
// orders the first runs sent (as the simulator of `npm start` does within 30 s): an example works
// on records of its own, so it runs green any number of times, in any order.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { executionError } from '../../dev/scripts/n8n-host.mjs';
import { agentExampleCheck, chatModelNodes } from './support/agent.mjs';

/** Nodes without an incoming main connection: where a run can start. */
function startNodes(workflow) {
	const targets = new Set();
	for (const outputs of Object.values(workflow.connections ?? {})) {
		for (const list of outputs.main ?? []) for (const c of list ?? []) targets.add(c.node);
	}
	return workflow.nodes.filter(
		(n) => !targets.has(n.name) && !n.disabled && n.type !== 'n8n-nodes-base.stickyNote',
	);
}

async function hooksFor(ctx, example) {
	const file = path.join(
		ctx.root,
		'test',
		'e2e',
		'examples',
		example.file.replace(/\.json$/, '.mjs'),
	);
	return fs.existsSync(file) ? import(pathToFileURL(file).href) : {};
}

function describeRun(execution) {
	const runData = execution?.data?.resultData?.runData ?? {};
	return Object.entries(runData)
		.map(
			([name, runs]) =>
				`${name}: ${runs.map((r) => (r.error ? `error ${r.error.message}` : `${r.data?.main?.map((o) => o?.length ?? 0).join('/')} items`)).join(', ')}`,
		)
		.join('; ');
}

async function waitForTriggerExecution(ctx, workflowId, sinceIds, timeoutMs = 60000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const executions = await ctx.client.executions(workflowId);
		const fresh = executions.find(
			(e) =>
				!sinceIds.has(e.id) && (e.finished || ['success', 'error', 'crashed'].includes(e.status)),
		);
		if (fresh) return ctx.client.waitForExecution(fresh.id);
		if (Date.now() > deadline)
			throw new Error(`no execution of the active workflow within ${timeoutMs / 1000} s`);
		await new Promise((r) => setTimeout(r, 500));
	}
}

/**
 * Runs an example as the editor or `n8n start` would, expects a green execution and the example's
 * own checks (test/e2e/examples/<file>.mjs); answers the execution.
 */
async function runExample(ctx, example) {
	const hooks = await hooksFor(ctx, example);
	const starts = startNodes(example.workflow);
	assert.ok(starts.length, 'the workflow has no start node');
	const manual = starts.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
	const polling = starts.find((n) => ctx.nodeTypes.get(n.type)?.polling);
	await hooks.before?.(ctx, example);
	let execution;
	if (polling && !manual) {
		const before = new Set((await ctx.client.executions(example.id)).map((e) => e.id));
		await ctx.client.api('POST', `/workflows/${example.id}/activate`);
		try {
			execution = await waitForTriggerExecution(ctx, example.id, before);
			assert.equal(execution.mode, 'trigger');
		} finally {
			await ctx.client.api('POST', `/workflows/${example.id}/deactivate`);
		}
	} else {
		const trigger = manual ?? starts.find((n) => /trigger/i.test(n.type)) ?? starts[0];
		const id = await ctx.client.runManually(example.id, trigger.name);
		execution = await ctx.client.waitForExecution(id);
	}
	assert.equal(
		executionError(execution),
		null,
		`execution ${execution.id} failed: ${executionError(execution)} (${describeRun(execution)})`,
	);
	ctx.log(describeRun(execution));
	if (hooks.after) {
		await hooks.after(ctx, example, execution);
		ctx.log(
			`effect on the simulator checked (test/e2e/examples/${example.file.replace(/\.json$/, '.mjs')})`,
		);
	}
	return execution;
}

/** The sales orders a run stored on the platform: the keys on its WMS Sales Order nodes' success output. */
function salesOrdersSent(ctx, example, execution) {
	const types = new Map(example.workflow.nodes.map((n) => [n.name, n.type]));
	return Object.entries(execution.data?.resultData?.runData ?? {})
		.filter(([name]) => types.get(name) === `${ctx.packageName}.wmsSalesOrder`)
		.flatMap(([, runs]) => runs.flatMap((run) => run.data?.main?.[0] ?? []))
		.map((item) => item.json.key);
}

export default function (ctx) {
	if (!ctx.workflows.length) {
		return [
			{
				name: 'examples/ has workflows to import',
				run: () => assert.fail('no examples/*.json found'),
			},
		];
	}
	const sent = [];
	const runnable = ctx.workflows.filter((example) => !chatModelNodes(example.workflow).length);
	return [
		...ctx.workflows.flatMap((example) =>
			chatModelNodes(example.workflow).length
				? [agentExampleCheck(ctx, example)]
				: [
						{
							name: `example ${example.file} ("${example.name}") runs green`,
							timeoutMs: 120000,
							async run() {
								const execution = await runExample(ctx, example);
								(ctx.exampleRuns ??= {})[example.file] = execution.id; // the browser test shows this run
								sent.push(...salesOrdersSent(ctx, example, execution));
							},
						},
						...byHand(ctx, example),
					],
		),
		...runnable.reverse().map((example) => ({
			name: `example ${example.file} runs green a second time (in reverse order, after the warehouse shipped the orders the first runs sent)`,
			timeoutMs: 120000,
			async run() {
				const shipped = sent.splice(0).map((key) => ctx.simulator.work.shipSalesOrder(key).key);
				if (shipped.length) ctx.log(`the warehouse shipped ${shipped.join(', ')}`);
				await runExample(ctx, example);
			},
		})),
	];
}

/**
 * An example started by a polling trigger, run by hand from the editor ("Execute workflow"): the
 * trigger's manual mode delivers what is pending, and the example's own checks hold for that run
 * too. The browser suite shows this run (ctx.exampleRuns).
 */
function byHand(ctx, example) {
	const polling = startNodes(example.workflow).find((n) => ctx.nodeTypes.get(n.type)?.polling);
	if (!polling) return [];
	return [
		{
			name: `example ${example.file} run by hand from its trigger, as the editor's Execute workflow does`,
			timeoutMs: 120000,
			async run() {
				const hooks = await hooksFor(ctx, example);
				await hooks.before?.(ctx, example);
				const execution = await ctx.client.waitForExecution(
					await ctx.client.runManually(example.id, polling.name),
				);
				assert.equal(execution.mode, 'manual');
				assert.equal(
					executionError(execution),
					null,
					`execution ${execution.id} failed: ${executionError(execution)} (${describeRun(execution)})`,
				);
				ctx.log(describeRun(execution));
				(ctx.exampleRuns ??= {})[example.file] = execution.id;
				await hooks.after?.(ctx, example, execution);
			},
		},
	];
}
