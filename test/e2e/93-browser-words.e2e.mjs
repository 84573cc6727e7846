// What a warehouse person sees, in Chromium against real n8n (issue 23): a node added from the panel
// is named after its short action; a key not found and an error read as answers, key and message
// first; every node of every example opens with its parameters shown as set; Reconcile's Summary opens
// on its figures; Set Complete says what it did; columns the platform does not know are said once;
// "bin" finds the warehouse structure; the nodes are told apart by their icons.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import {
	closeNode,
	editorPage,
	openNode,
	openWorkflow,
	outputTable,
	resourceMappers,
	runAndOpenOutput,
	screenshot,
	shownParameters,
	shownParametersWith,
} from './support/editor.mjs';
import { platform } from './support/platform.mjs';
import { workflowForImport } from '../../dev/n8n-host/lib/client.mjs';

const require = createRequire(import.meta.url);
const { NodeHelpers } = require('n8n-workflow');

const MANUAL = {
	id: 'manual',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A workflow of a Manual Trigger and one WMS node after it (at its newest version), saved through the API. */
async function afterManualTrigger(ctx, name, node) {
	const wms = {
		id: 'wms',
		position: [260, 0],
		typeVersion: 2,
		credentials: { [ctx.credential.type]: { id: ctx.credential.id, name: ctx.credential.name } },
		...node,
		type: `${ctx.packageName}.${node.type}`,
	};
	return ctx.client.api('POST', '/workflows', {
		name,
		nodes: [MANUAL, wms],
		connections: { Start: { main: [[{ node: wms.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	});
}

/**
 * The example as saved, in a workflow of its own that has never run. Once an example has run (the
 * examples suite runs each, tests here run some in the editor), n8n takes seconds to open some of its
 * forms; what a run left is no part of what the forms' check looks at.
 */
async function neverRun(ctx, workflow) {
	return ctx.client.api(
		'POST',
		'/workflows',
		workflowForImport({ ...workflow, name: `${workflow.name} (forms)` }),
	);
}

/** The column headers' screen positions in the open output table: which of them a person sees without scrolling. */
async function visibleColumns(output) {
	const panel = await output.boundingBox();
	const headers = output.locator('[data-test-id="ndv-data-container"] table thead th');
	const seen = [];
	for (let i = 0; i < (await headers.count()); i++) {
		const box = await headers.nth(i).boundingBox();
		const text = (await headers.nth(i).innerText()).trim();
		if (text && box && box.x + box.width <= panel.x + panel.width) seen.push(text);
	}
	return seen;
}

/**
 * Opens a node's form by double-click, as openNode does, but takes the form as shown once it is
 * there: some forms (a Code node's editor) keep the network busy for a while after opening.
 */
async function openForm(page, nodeName) {
	await page.dblclick(
		`[data-test-id="canvas-node"][data-node-name="${nodeName.replace(/"/g, '\\"')}"]`,
	);
	await page.waitForSelector('[data-test-id="ndv"]', { timeout: 15000 });
	await page.waitForLoadState('networkidle', { timeout: 10000 }).catch(() => {});
}

/**
 * What is wrong with a resource mapper as the open form shows it: by hand (Map Each Column
 * Manually) every field saved as shown is on the form; Map Automatically is said; and neither asks
 * for a refresh, which n8n does when the fields saved differ from those the node loads now.
 */
async function mapperProblems(page, node, saved) {
	const form = page.locator('[data-test-id="ndv"] [data-test-id="resource-mapper-container"]');
	const fields = (saved.schema ?? []).filter((field) => !field.removed);
	const problems = [];
	if (saved.mappingMode === 'defineBelow') {
		const first = fields[0]?.displayName ?? '';
		await form
			.getByText(first)
			.first()
			.waitFor({ timeout: 15000 })
			.catch(() => undefined);
		const text = await form.innerText().catch(() => '');
		for (const field of fields)
			if (!text.includes(field.displayName))
				problems.push(`"${node.name}": the mapper does not show ${field.displayName}`);
	} else {
		await form.waitFor({ timeout: 15000 }).catch(() => undefined);
		const modes = await form
			.locator('input')
			.evaluateAll((inputs) => inputs.map((input) => input.value))
			.catch(() => []);
		if (!modes.includes('Map Automatically'))
			problems.push(`"${node.name}": the mapper does not say Map Automatically (${modes})`);
	}
	// n8n compares the fields saved with those the node loads as the form opens (openForm waited for it).
	if ((await form.getByText('Refresh to see the updated fields').count()) > 0)
		problems.push(`"${node.name}": the mapper's fields are not those the node loads`);
	if (!fields.length) problems.push(`"${node.name}": the mapper is saved without its fields`);
	return problems;
}

const noUndefined = (what, rows) =>
	assert.ok(
		!rows.flat().includes('undefined'),
		`${what}: a cell reads "undefined": ${rows.map((r) => r.join(' | ')).join(' / ')}`,
	);

export default function (ctx) {
	const example = (file) => {
		const found = ctx.workflows.find((w) => w.file === file);
		assert.ok(found, `examples/${file} was not imported`);
		return found;
	};
	const tests = [
		{
			name: 'a node added from the panel is named after its short action ("Get sales order status"), with no notice a lone trigger does not need',
			async run() {
				const wf = await ctx.client.api('POST', '/workflows', {
					name: 'e2e: add from the panel',
					nodes: [MANUAL],
					connections: {},
					settings: { executionOrder: 'v1' },
				});
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, wf.id);
				await page.click('[data-test-id="node-creator-plus-button"]');
				await page.waitForSelector('[data-test-id="node-creator"]');
				await page.keyboard.type('WMS Sales Order');
				await page
					.locator('[data-test-id="node-creator-item-name"]', { hasText: 'WMS Sales Order' })
					.first()
					.click();
				// The actions n8n offers for the node, as its description gives them: each on screen, each short.
				const offered = ctx.nodeTypes
					.get(`${ctx.packageName}.wmsSalesOrder`)
					.properties.filter((p) => p.name === 'operation')
					.flatMap((p) => p.options.map((o) => o.action));
				assert.ok(offered.includes('Get sales order status'), `actions: ${offered.join(' | ')}`);
				for (const action of offered) {
					await page.getByText(action, { exact: true }).waitFor({ timeout: 10000 });
					assert.ok(action.length <= 40, `the action "${action}" is long for a node's name`);
				}
				// The panel slides in: the picture is taken once it has stopped (the same place for ten frames).
				await page.waitForFunction(
					(action) => {
						const shown = [...document.querySelectorAll('*')].find(
							(e) => e.childElementCount === 0 && e.textContent?.trim() === action,
						);
						const left = shown?.getBoundingClientRect().left;
						const still = window.__wmsLeft === left ? (window.__wmsStill ?? 0) + 1 : 0;
						window.__wmsLeft = left;
						window.__wmsStill = still;
						return left !== undefined && still >= 10;
					},
					'Get sales order status',
					{ polling: 'raf', timeout: 10000 },
				);
				await screenshot(page, ctx, 'node-creator-actions');
				await page.getByText('Get sales order status', { exact: true }).click();
				await page.waitForSelector('[data-test-id="ndv"]', { timeout: 15000 });
				assert.equal(
					await page.getByText('Runs once per input item').count(),
					0,
					'the form warns of running once per item after a lone trigger',
				);
				await closeNode(page);
				const names = await page.$$eval('[data-test-id="canvas-node"]', (els) =>
					els.map((e) => e.getAttribute('data-node-name')),
				);
				assert.ok(
					names.includes('Get sales order status'),
					`nodes on the canvas: ${names.join(', ')}`,
				);
				await screenshot(page, ctx, 'node-added-from-panel');
			},
		},
		{
			name: 'reads by key: the Not Found table reads order number, found and message first, on screen, and nothing "undefined"',
			timeoutMs: 120000,
			async run() {
				await platform(ctx, '/sales_order/add', {
					items: [
						{
							order_number: 'SO-E2E-23',
							customer_code: 'CUST-1',
							warehouse_code: 'WH1',
							order_date: '2026-11-21',
							lines: [{ line_number: 1, sku: 'NUT-M8', quantity: 1 }],
						},
					],
				});
				const wf = await afterManualTrigger(ctx, 'e2e: get status of an order not found', {
					name: 'Get sales order status',
					type: 'wmsSalesOrder',
					parameters: {
						resource: 'salesOrder',
						operation: 'getStatus',
						returnAll: true,
						filters: { orderNumbers: 'SO-E2E-23, SO-9999' },
					},
				});
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, wf.id);
				const output = await runAndOpenOutput(
					page,
					'Get sales order status',
					'Get sales order status',
				);
				const tabs = (
					await output.locator('[data-test-id="branches"] [role="tab"]').allInnerTexts()
				).map((t) => t.trim().replace(/\s*(Branch\s*)?\(.*$/, ''));
				assert.deepEqual(tabs, ['Found', 'Not Found']);
				const notFound = await outputTable(output, 1, 'message');
				assert.deepEqual(notFound.headers, ['order_number', 'found', 'message']);
				assert.deepEqual(
					notFound.rows.map((row) => row.slice(0, 3)),
					[['SO-9999', 'false', 'Sales order SO-9999 is not on the platform']],
				);
				assert.deepEqual(
					(await visibleColumns(output)).slice(0, 3),
					['order_number', 'found', 'message'],
					'the not-found answer is not on screen at the panel’s width',
				);
				await screenshot(page, ctx, 'not-found-table');
				const found = await outputTable(output, 0, 'order_number');
				assert.deepEqual(found.headers.slice(0, 2), ['order_number', 'found']);
				assert.equal(found.rows.length, 1);
				noUndefined('Found', found.rows);
				await closeNode(page);
			},
		},
		{
			name: 'error tables: the reason before the parts of the error; the key first; an item without a key named by its description',
			timeoutMs: 120000,
			async run() {
				const page = await editorPage(ctx);
				// The orders example: n8n puts the ERP's fields first on the error output, the key among them.
				await openWorkflow(page, ctx, example('erp-orders-to-wms.json').id);
				let output = await runAndOpenOutput(page, 'Fix in the ERP', 'WMS Sales Order');
				const branch = await outputTable(output, 1, 'message');
				assert.equal(branch.headers[0], 'order_number');
				assert.equal(
					branch.headers.indexOf('message'),
					branch.headers.indexOf('error') - 1,
					`the message is not just before the error: ${branch.headers.join(', ')}`,
				);
				noUndefined('Error Branch', branch.rows);
				await closeNode(page);

				// An item export of a few columns: the message is on screen, an item without a key named by its description.
				const wf = await ctx.client.api('POST', '/workflows', {
					name: 'e2e: items with problems',
					nodes: [
						MANUAL,
						{
							id: 'erp',
							name: 'ERP items',
							type: 'n8n-nodes-base.code',
							typeVersion: 2,
							position: [260, 0],
							parameters: {
								jsCode:
									"return [{ sku: 'E2E-OK', description: 'Fine' }, { sku: 'E2E-NEG', description: 'Negative weight', weight_kg: -1 }, { description: 'Hex bolt M8 x 40, no SKU yet' }].map((json) => ({ json }));",
							},
						},
						{
							id: 'wms',
							name: 'WMS Inventory',
							type: `${ctx.packageName}.wmsInventory`,
							typeVersion: 2,
							position: [520, 0],
							onError: 'continueErrorOutput',
							parameters: { resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem' },
							credentials: {
								[ctx.credential.type]: { id: ctx.credential.id, name: ctx.credential.name },
							},
						},
					],
					connections: {
						Start: { main: [[{ node: 'ERP items', type: 'main', index: 0 }]] },
						'ERP items': { main: [[{ node: 'WMS Inventory', type: 'main', index: 0 }]] },
					},
					settings: { executionOrder: 'v1' },
				});
				await openWorkflow(page, ctx, wf.id);
				output = await runAndOpenOutput(page, 'WMS Inventory', 'WMS Inventory');
				const table = await outputTable(output, 1, 'message');
				assert.deepEqual(table.headers, ['sku', 'description', 'weight_kg', 'message', 'error']);
				const seen = await visibleColumns(output);
				assert.ok(
					seen.includes('message'),
					`the message is off screen: ${seen.join(', ')} of ${table.headers.join(', ')}`,
				);
				noUndefined('Error Branch', table.rows.slice(0, 1));
				await screenshot(page, ctx, 'error-branch-items');
				const messages = table.rows.map((row) => row[table.headers.indexOf('message')]);
				assert.deepEqual(messages, [
					'Inventory item E2E-NEG: weight_kg must be 0 or more (got -1)',
					'The 3rd input item ("Hex bolt M8 x 40, no SKU yet"): sku is required but missing or empty',
				]);
				await closeNode(page);
			},
		},
		{
			name: "Reconcile's Summary opens on its figures, the CSV on an output of its own; the Variance report's input is the figures",
			timeoutMs: 120000,
			async run() {
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, example('nightly-reconcile.json').id);
				const output = await runAndOpenOutput(page, 'Variance report', 'Reconcile');
				const tabs = (
					await output.locator('[data-test-id="branches"] [role="tab"]').allInnerTexts()
				).map((t) => t.trim().replace(/\s*(Branch\s*)?\(.*$/, ''));
				assert.deepEqual(tabs, ['Discrepancies', 'Summary', 'CSV File']);
				await output.locator('[data-test-id="branches"] [data-test-id="tab-1"]').click();
				await output
					.locator('[data-test-id="ndv-data-container"]')
					.first()
					.waitFor({ timeout: 10000 });
				assert.equal(
					await output.locator('[data-test-id="ndv-binary-data"]').count(),
					0,
					'the Summary opens on a file',
				);
				await closeNode(page);
				await openNode(page, 'Variance report');
				const input = page.locator('[data-test-id="ndv-input-panel"]');
				await input.getByText('lines_compared').first().waitFor({ timeout: 10000 });
				assert.equal(
					await input.locator('[data-test-id="ndv-binary-data"]').count(),
					0,
					"the Variance report's input (the Summary) opens on a file",
				);
				await screenshot(page, ctx, 'reconcile-summary-input');
				await closeNode(page);
			},
		},
		{
			name: 'Set Complete and Set Error say which update became what (example run by hand)',
			timeoutMs: 120000,
			async run() {
				const loop = example('erp-update-to-erp.json');
				const hooks = await import(
					pathToFileURL(path.join(ctx.root, 'test', 'e2e', 'examples', 'erp-update-to-erp.mjs'))
						.href
				);
				await hooks.before(ctx, loop);
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, loop.id);
				let output = await runAndOpenOutput(page, 'Set Complete', 'Set Complete');
				const complete = await outputTable(output, 0, 'result');
				assert.deepEqual(complete.headers.slice(0, 4), ['id', 'kind', 'status', 'result']);
				assert.ok(complete.rows.every((row) => row[2] === 'complete'));
				await closeNode(page);
				await page.waitForSelector(
					'[data-test-id="canvas-node"][data-node-name="Set Error"] [data-test-id="canvas-node-status-success"]',
					{ timeout: 60000 },
				);
				await openNode(page, 'Set Error');
				output = page.locator('[data-test-id="output-panel"]');
				const failed = await outputTable(output, 0, 'error_message');
				assert.deepEqual(failed.headers.slice(0, 4), ['id', 'kind', 'status', 'result']);
				assert.equal(failed.rows[0][2], 'error');
				assert.match(failed.rows[0][failed.headers.indexOf('error_message')], /\S/);
				await screenshot(page, ctx, 'set-error-table');
				await closeNode(page);
			},
		},
		{
			name: 'an ERP export with columns the platform does not know is stored, and the output panel says once which were left out',
			timeoutMs: 120000,
			async run() {
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, example('master-data-sync.json').id);
				const output = await runAndOpenOutput(page, 'WMS Supplier', 'WMS Inventory');
				const hints = (await output.locator('[data-test-id="node-hint"]').allInnerTexts()).join(
					'\n',
				);
				assert.match(
					hints,
					/Not sent, because the platform has no such fields: price \(3 items\)\. To send a column as it is, rename it with an x_ prefix/,
				);
				const table = await outputTable(output, 0, 'status');
				assert.equal(table.rows.length, 3);
				await screenshot(page, ctx, 'unknown-columns-hint');
				await closeNode(page);
			},
		},
		{
			name: 'nodes panel: "bin", "bins" and "aisle" find WMS Warehouse Structure; the WMS nodes are told apart by their icons',
			async run() {
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, example('erp-orders-to-wms.json').id);
				for (const word of ['bin', 'bins', 'aisle']) {
					await page.click('[data-test-id="node-creator-plus-button"]');
					await page.waitForSelector('[data-test-id="node-creator"]');
					await page.keyboard.type(word);
					const found = await page
						.locator('[data-test-id="node-creator-item-name"]', {
							hasText: 'WMS Warehouse Structure',
						})
						.first()
						.waitFor({ timeout: 10000 })
						.then(() => true)
						.catch(() => false);
					assert.ok(found, `"${word}" does not find WMS Warehouse Structure`);
					await page.keyboard.press('Escape');
				}
				await page.click('[data-test-id="node-creator-plus-button"]');
				await page.waitForSelector('[data-test-id="node-creator"]');
				await page.keyboard.type('WMS');
				await page
					.locator('[data-test-id="node-creator-item-name"]', {
						hasText: 'WMS Warehouse Structure',
					})
					.first()
					.waitFor({ timeout: 10000 });
				const icons = await page.$$eval('[data-test-id="node-creator-item-name"]', (els) =>
					els
						.filter((e) => e.innerText.trim().startsWith('WMS '))
						.map((e) => {
							let box = e.parentElement;
							while (box && !box.querySelector('img')) box = box.parentElement;
							return box?.querySelector('img')?.getAttribute('src') ?? '';
						}),
				);
				assert.ok(icons.length >= 10, `${icons.length} WMS entries`);
				assert.equal(new Set(icons).size, icons.length, 'two WMS entries share an icon');
				await screenshot(page, ctx, 'nodes-panel-wms');
				await page.keyboard.press('Escape');
			},
		},
	];

	for (const each of ctx.workflows) {
		tests.push({
			name: `example ${each.file}: every node opens with its parameters shown as set`,
			timeoutMs: 180000,
			async run() {
				const page = await editorPage(ctx);
				const copy = await neverRun(ctx, each.workflow);
				ctx.onCleanup(() => ctx.client.api('DELETE', `/workflows/${copy.id}`).catch(() => {}));
				await openWorkflow(page, ctx, copy.id);
				const problems = [];
				for (const node of each.workflow.nodes.filter(
					(n) => n.type !== 'n8n-nodes-base.stickyNote',
				)) {
					const description = ctx.nodeTypes.get(node.type);
					await openForm(page, node.name);
					try {
						let shown = await shownParameters(page);
						if (description) {
							const values =
								NodeHelpers.getNodeParameters(
									description.properties,
									node.parameters ?? {},
									true,
									false,
									node,
									description,
								) ?? {};
							const saved = Object.keys(node.parameters ?? {}).filter((name) =>
								description.properties.some(
									(p) =>
										p.name === name &&
										p.type !== 'hidden' &&
										NodeHelpers.displayParameter(values, p, node, description),
								),
							);
							// Some are drawn after loading (a resource mapper's fields): wait for them.
							const mappers = resourceMappers(description, node);
							shown = await shownParametersWith(page, saved, { mappers });
							for (const name of saved)
								if (!shown.includes(name))
									problems.push(`"${node.name}": ${name} is saved but not shown`);
							for (const name of mappers.filter((each) => saved.includes(each)))
								problems.push(...(await mapperProblems(page, node, node.parameters[name])));
						}
						// A picker shows its mode: a plain value saved where a picker now is shows "Mode…" empty.
						const modes = await page.$$eval('[data-test-id="rlc-mode-selector"] input', (els) =>
							els
								.filter((e) => e.offsetParent !== null)
								.map((e) => [
									e.closest('[data-test-id^="parameter-input-"]')?.getAttribute('data-test-id'),
									e.value,
								]),
						);
						for (const [parameter, mode] of modes)
							if (!mode) problems.push(`"${node.name}": ${parameter} shows no mode`);
					} finally {
						await closeNode(page);
					}
				}
				assert.deepEqual(problems, []);
			},
		});
	}
	return tests;
}
