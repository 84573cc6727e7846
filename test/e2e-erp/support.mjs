// What the ERP end-to-end tests share: running the ERP examples, reading the error inbox (n8n's Data
// Table) through n8n's public API, and calling the platform as the warehouse's own people would.
import { executionError } from '../../dev/scripts/n8n-host.mjs';
import { waitUntil } from '../../dev/n8n-host/lib/suite.mjs';

export { waitUntil };

export const INBOX = 'WMS error inbox';
export const ITEMS = 'ERP item master → WMS (incremental)';
export const ORDERS = 'ERP released sales orders → WMS';
export const UPDATES = 'WMS shipments and receipts → ERP database';
export const REPLAY = 'WMS error inbox: replay';

/** The imported example workflow of that name. */
export function example(ctx, name) {
	const found = ctx.workflows.find((w) => w.name === name);
	if (!found) throw new Error(`example "${name}" not imported (examples/erp-database/)`);
	return found;
}

/** The node that starts a run of the example: its schedule (or the named trigger). */
function starter(workflow, name) {
	const node = workflow.workflow.nodes.find((n) =>
		name ? n.name === name : /scheduleTrigger$|wmsErpUpdateTrigger$/.test(n.type),
	);
	if (!node) throw new Error(`"${workflow.name}" has no ${name ?? 'schedule'} node`);
	return node.name;
}

/**
 * Runs an example once from its schedule (as the schedule would) and answers the finished
 * execution with its data; fails naming the node when the run failed.
 */
export async function runOnce(ctx, name, { trigger, timeoutMs = 120000 } = {}) {
	const workflow = example(ctx, name);
	const id = await ctx.client.runManually(workflow.id, starter(workflow, trigger));
	const execution = await ctx.client.waitForExecution(id, { timeoutMs });
	const error = executionError(execution);
	if (error) throw new Error(`"${name}" execution ${id} failed: ${error}`);
	return execution;
}

/** Items a node of an execution output: [main, error output]. */
export function outputOf(execution, node) {
	const run = execution.data?.resultData?.runData?.[node]?.[0];
	return (run?.data?.main ?? []).map((items) => (items ?? []).map((item) => item.json));
}

async function inboxId(ctx) {
	const { data } = await ctx.client.api(
		'GET',
		`/data-tables?filter=${encodeURIComponent(JSON.stringify({ name: INBOX }))}`,
	);
	const table = data.find((t) => t.name === INBOX);
	if (!table) throw new Error(`no data table "${INBOX}"`);
	return table.id;
}

/** Every row of the error inbox, as n8n's public API gives them. */
export async function inboxRows(ctx) {
	const id = await inboxId(ctx);
	const rows = [];
	let cursor;
	do {
		const page = await ctx.client.api(
			'GET',
			`/data-tables/${id}/rows?limit=250${cursor ? `&cursor=${cursor}` : ''}`,
		);
		rows.push(...page.data);
		cursor = page.nextCursor;
	} while (cursor);
	return rows;
}

/** A person ticks `retryable` on the inbox row of this record (the Data Table view does the same). */
export async function tickRetryable(ctx, area, key) {
	const id = await inboxId(ctx);
	await ctx.client.api('PATCH', `/data-tables/${id}/rows/update`, {
		filter: {
			type: 'and',
			filters: [
				{ columnName: 'area', condition: 'eq', value: area },
				{ columnName: 'key', condition: 'eq', value: key },
			],
		},
		data: { retryable: true },
	});
}

/** A call to the platform's own API with the demo client, as the warehouse's people would make it. */
export async function platformCall(ctx, route, body) {
	const base = ctx.simulator.baseUrl;
	const token = await fetch(`${base}/oauth/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			client_id: ctx.simulator.clientId,
			client_secret: ctx.simulator.clientSecret,
			grant_type: 'client_credentials',
		}),
	}).then((res) => res.json());
	const res = await fetch(`${base}${route}`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			authorization: `Bearer ${token.access_token}`,
		},
		body: JSON.stringify(body),
	});
	if (!res.ok) throw new Error(`${route} → ${res.status}: ${await res.text()}`);
	return res.json();
}

/** What the platform holds of a kind (the simulator's store), by key. */
export function onPlatform(ctx, kind) {
	return new Map(ctx.simulator.store.list(kind).map((record) => [recordKey(kind, record), record]));
}

const recordKey = (kind, record) =>
	kind === 'inventory_item' ? record.sku : kind === 'erp_update' ? record.id : record.order_number;

/** True when no execution of the workflow is running (what it started has reached every node). */
export async function idle(ctx, workflowId) {
	const { data } = await ctx.client.api(
		'GET',
		`/executions?workflowId=${workflowId}&status=running&limit=1`,
	);
	return data.length === 0;
}
