// Workflows and waits shared by the queue-mode tests.
import { waitUntil } from '../../dev/n8n-host/lib/suite.mjs';

export { waitUntil };

const FINAL = ['success', 'error', 'crashed', 'canceled'];

/**
 * Saves a workflow "Manual Trigger → Make items (Code) → WMS Inventory: Item Add or Update" whose
 * Code node makes `count` items `<prefix>-000001`…, each description naming the execution that sent
 * it (so the store tells which run wrote a SKU last); `perExecution`: SKUs `<prefix>-<execution id>-000001`…
 * so that runs side by side write SKUs of their own. Answers its id.
 */
export async function pushWorkflow(
	ctx,
	{ name, count, prefix, perExecution = false, credential = ctx.credential },
) {
	const skuPrefix = perExecution ? `'${prefix}-' + $execution.id + '-'` : `'${prefix}-'`;
	const jsCode = [
		`const out = new Array(${count});`,
		`for (let i = 0; i < ${count}; i++) out[i] = { json: { sku: ${skuPrefix} + String(i + 1).padStart(6, '0'), description: 'Queue test item ' + (i + 1) + ' (execution ' + $execution.id + ')' } };`,
		'return out;',
	].join('\n');
	const credentials = { wmsIntegrationApi: { id: credential.id, name: credential.name } };
	const saved = await ctx.client.api('POST', '/workflows', {
		name,
		nodes: [
			{
				id: 'q-start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'q-make',
				name: 'Make items',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
				parameters: { jsCode },
			},
			{
				id: 'q-push',
				name: 'WMS Inventory',
				type: 'n8n-nodes-wms-integration.wmsInventory',
				typeVersion: 1,
				position: [440, 0],
				parameters: {
					resource: 'item',
					operation: 'upsert',
					fieldsToSend: 'inputItem',
					options: {},
				},
				credentials,
			},
		],
		connections: {
			Start: { main: [[{ node: 'Make items', type: 'main', index: 0 }]] },
			'Make items': { main: [[{ node: 'WMS Inventory', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	});
	return saved.id;
}

/** The execution (without data) once its status is final. */
export async function finalExecution(ctx, id, timeoutMs = 180000) {
	return waitUntil(
		`execution ${id} finished`,
		async () => {
			const execution = await ctx.client.api('GET', `/executions/${id}`, undefined, {
				expect: false,
			});
			return FINAL.includes(execution?.status) ? execution : null;
		},
		{ timeoutMs, everyMs: 500 },
	);
}

/** Items of a kind in the simulator's store whose key starts with `prefix`, read through its control API. */
export async function stored(ctx, kind, prefix, key = 'sku') {
	const { items } = await ctx.sim(`/store/${kind}`);
	return items.filter((item) => String(item[key]).startsWith(prefix));
}

/**
 * Saves "WMS ERP Update Trigger (every minute, all kinds) → Set Complete" and answers its id. One poll
 * may emit up to `maxUpdatesPerPoll`.
 */
export async function completeUpdatesWorkflow(ctx, { name, maxUpdatesPerPoll = 5000 }) {
	const credentials = { wmsIntegrationApi: { id: ctx.credential.id, name: ctx.credential.name } };
	const saved = await ctx.client.api('POST', '/workflows', {
		name,
		nodes: [
			{
				id: 'q-trigger',
				name: 'WMS ERP Update Trigger',
				type: 'n8n-nodes-wms-integration.wmsErpUpdateTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					updateKinds: ['outgoing_consignment', 'incoming_consignment', 'move_attempt'],
					redeliverAfterMinutes: 30,
					maxUpdatesPerPoll,
					options: {},
				},
				credentials,
			},
			{
				id: 'q-complete',
				name: 'Set Complete',
				type: 'n8n-nodes-wms-integration.wmsErpUpdate',
				typeVersion: 1,
				position: [240, 0],
				parameters: {
					resource: 'update',
					operation: 'setComplete',
					source: 'inputItem',
					erpReference: '',
					options: {},
				},
				credentials,
			},
		],
		connections: {
			'WMS ERP Update Trigger': { main: [[{ node: 'Set Complete', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	});
	return saved.id;
}

/** Every execution of a workflow (newest first, without data). */
export async function allExecutions(ctx, workflowId) {
	const all = [];
	let cursor;
	do {
		const page = await ctx.client.api(
			'GET',
			`/executions?workflowId=${workflowId}&limit=250${cursor ? `&cursor=${cursor}` : ''}`,
		);
		all.push(...page.data);
		cursor = page.nextCursor;
	} while (cursor);
	return all;
}

/** Pending ERP updates made on the platform, `n` of each kind; answers their ids. */
export async function makePendingUpdates(ctx, perKind) {
	const ids = [];
	for (const [kind, n] of Object.entries(perKind))
		ids.push(...(await ctx.sim('/work/pending-updates', { kind, n })).ids);
	return ids;
}

/** Starts `n` runs of a workflow at once (the editor's Execute button, `n` times); answers them when all ended, with the time it took. */
export async function runAtOnce(ctx, workflowId, n, timeoutMs = 300000) {
	const t0 = Date.now();
	const ids = await Promise.all(
		Array.from({ length: n }, () => ctx.client.runManually(workflowId, 'Start')),
	);
	const executions = await Promise.all(ids.map((id) => finalExecution(ctx, id, timeoutMs)));
	return { ids, executions, ms: Date.now() - t0 };
}
