// What a warehouse person sees in the editor, in Chromium against real n8n: the credential test's
// words for an unreachable platform, canvas subtitles in the form's words, the nodes panel's search,
// the error branch's table and Reconcile's two outputs in the output panel, the item master read from a
// file (its form and its Not Stored and Summary outputs), and the ERP-update example run by hand with
// both of its ends (Set Complete and Set Error) reached.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../../dev/scripts/n8n-host.mjs';
import { startEchoPlatform } from './support/echoPlatform.mjs';
import * as itemMasterFile from './examples/nightly-item-master-file.mjs';
import {
	closeNode,
	editorPage,
	openNode,
	openWorkflow,
	outputTable,
	runAndOpenOutput,
	screenshot,
	shownParameters,
} from './support/editor.mjs';
import { platform } from './support/platform.mjs';

const canvasNode = (name) =>
	`[data-test-id="canvas-node"][data-node-name="${name.replace(/"/g, '\\"')}"]`;

/** The Resource and Operation display names of a node's saved parameters, from the type n8n serves. */
function formWords(description, parameters) {
	const resources = description.properties.find((p) => p.name === 'resource');
	const resource = parameters.resource ?? resources?.default;
	const resourceName = resources?.options?.find((o) => o.value === resource)?.name;
	const operations = description.properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
	);
	const operation = parameters.operation ?? operations?.default;
	const operationName = operations?.options?.find((o) => o.value === operation)?.name;
	return { words: `${operationName}: ${resourceName}`, values: `${operation}: ${resource}` };
}

/** The table of an output has these columns, and none of `absent`. */
function columns(what, headers, present, absent = []) {
	for (const column of present)
		assert.ok(
			headers.includes(column),
			`${what} has no "${column}" column (it has: ${headers.join(', ')})`,
		);
	for (const column of absent)
		assert.ok(!headers.includes(column), `${what} has a "${column}" column`);
}

/** Bins S-01-01 … U-40-25 in WH1's zone Z-A: three thousand, more than any list shows at once. */
async function seedManyBins(ctx) {
	const bins = [];
	for (const aisle of ['S', 'T', 'U']) {
		for (let bay = 1; bay <= 40; bay++) {
			for (let level = 1; level <= 25; level++) {
				const code = `${aisle}-${String(bay).padStart(2, '0')}-${String(level).padStart(2, '0')}`;
				bins.push({ warehouse_code: 'WH1', bin_code: code, zone_code: 'Z-A', bin_type: 'pallet' });
			}
		}
	}
	for (let i = 0; i < bins.length; i += 1000)
		await platform(ctx, '/bin/add', { items: bins.slice(i, i + 1000) });
	return bins.length;
}

export default function (ctx) {
	const example = (file) => {
		const found = ctx.workflows.find((w) => w.file === file);
		assert.ok(found, `examples/${file} was not imported`);
		return found;
	};
	return [
		{
			name: 'credential test with an unreachable platform says "Cannot reach the platform at <url> (connection refused)"',
			async run() {
				const baseUrl = `http://127.0.0.1:${await freePort()}/v1`;
				const data = {
					baseUrl,
					clientId: ctx.simulator.clientId,
					clientSecret: ctx.simulator.clientSecret,
				};
				const credential = await ctx.client.api('POST', '/credentials', {
					name: 'WMS (unreachable)',
					type: ctx.credential.type,
					data,
				});
				try {
					const page = await editorPage(ctx);
					await page.goto(`${ctx.n8n.url}/home/credentials/${credential.id}`);
					await page.waitForSelector('[data-test-id="editCredential-modal"]', { timeout: 20000 });
					// The editor tests a saved credential as it opens it; its details hold the message.
					await page.getByText('More details', { exact: true }).click({ timeout: 20000 });
					const words = `Cannot reach the platform at ${baseUrl} (connection refused): check the Base URL and that the platform is up`;
					await page.getByText(words, { exact: true }).waitFor({ timeout: 10000 });
					assert.equal(
						await page.getByText('ECONNREFUSED').count(),
						0,
						'the bare socket code is shown',
					);
					await screenshot(page, ctx, 'credential-unreachable');
					await page.keyboard.press('Escape');
				} finally {
					await ctx.client.api('DELETE', `/credentials/${credential.id}`);
				}
			},
		},
		{
			name: 'credential test with a Base URL that redirects to another host says so, naming only that host, and sends the secret nowhere',
			async run() {
				const platform = await startEchoPlatform((self) => ({
					'/oauth/token': () => ({
						status: 301,
						headers: { location: `${self.elsewhere}/v1/oauth/token?session=abc123` },
					}),
				}));
				const credential = await ctx.client.api('POST', '/credentials', {
					name: 'WMS (moved)',
					type: ctx.credential.type,
					data: {
						baseUrl: platform.baseUrl,
						clientId: 'moved-client',
						clientSecret: 'moved-secret-77',
					},
				});
				try {
					const page = await editorPage(ctx);
					await page.goto(`${ctx.n8n.url}/home/credentials/${credential.id}`);
					await page.waitForSelector('[data-test-id="editCredential-modal"]', { timeout: 20000 });
					await page.getByText('More details', { exact: true }).click({ timeout: 20000 });
					const words = `The platform's token endpoint answered HTTP 301 with a redirect away from the Base URL's host, to ${platform.elsewhere}: not followed, so the client secret was not sent there. If the platform has moved, enter its new address as the Base URL`;
					await page.getByText(words, { exact: true }).waitFor({ timeout: 10000 });
					assert.equal(
						await page.getByText('session=abc123').count(),
						0,
						'the full target is shown',
					);
					assert.deepEqual(platform.elsewhereCalls, []);
					await screenshot(page, ctx, 'credential-redirect');
					await page.keyboard.press('Escape');
				} finally {
					await ctx.client.api('DELETE', `/credentials/${credential.id}`);
					await platform.close();
				}
			},
		},
		{
			name: 'canvas subtitles are in the form\'s words ("Add or Update: Item"), not the values behind them',
			async run() {
				const orders = example('erp-orders-to-wms.json');
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, orders.id);
				const wmsNodes = orders.workflow.nodes.filter((n) =>
					n.type.startsWith(`${ctx.packageName}.`),
				);
				assert.ok(wmsNodes.length > 0, 'the example has no WMS node');
				for (const node of wmsNodes) {
					const { words, values } = formWords(ctx.nodeTypes.get(node.type), node.parameters);
					const shown = await page.locator(canvasNode(node.name)).innerText();
					assert.ok(
						shown.includes(words),
						`"${node.name}" on the canvas reads ${JSON.stringify(shown)}, not "${words}"`,
					);
					assert.ok(!shown.includes(values), `"${node.name}" on the canvas shows "${values}"`);
				}
				await screenshot(page, ctx, 'canvas-subtitles');
			},
		},
		{
			name: 'nodes panel: searching "ERP" finds every node of the package',
			async run() {
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, example('erp-orders-to-wms.json').id);
				await page.click('[data-test-id="node-creator-plus-button"]');
				await page.waitForSelector('[data-test-id="node-creator"]');
				await page.keyboard.type('ERP');
				await page
					.waitForSelector(
						'[data-test-id="node-creator-item-name"]:text-is("WMS Warehouse Structure")',
						{ timeout: 10000 },
					)
					.catch(() => {});
				const names = await page.$$eval('[data-test-id="node-creator-item-name"]', (els) =>
					els.map((e) => e.innerText.trim()),
				);
				// n8n shows an action node and its trigger (same type name + "Trigger") as one entry.
				const typeNames = new Set(ctx.declared.nodes.map((n) => n.type));
				const entries = ctx.declared.nodes.filter(
					(n) => !(n.type.endsWith('Trigger') && typeNames.has(n.type.replace(/Trigger$/, ''))),
				);
				for (const node of entries)
					assert.ok(
						names.includes(node.displayName),
						`"${node.displayName}" not found by "ERP" (found: ${names.join(', ')})`,
					);
				const described = await page.$$eval('[data-test-id="node-creator-item-name"]', (els) =>
					els
						.filter((e) => e.innerText.trim() === 'WMS ERP Update')
						.map((e) => {
							let box = e.parentElement;
							while (box && !box.querySelector('[data-test-id="node-creator-item-description"]'))
								box = box.parentElement;
							return (
								box?.querySelector('[data-test-id="node-creator-item-description"]')?.innerText ??
								''
							);
						}),
				);
				assert.match(
					described.join(' '),
					/complete or failed/,
					`the ERP Update entry does not say the action node marks updates: ${described}`,
				);
				await screenshot(page, ctx, 'nodes-panel-erp');
				await page.keyboard.press('Escape');
			},
		},
		{
			name: "bin picker (resource locator): typing searches the warehouse's thousands of bins on the platform",
			timeoutMs: 120000,
			async run() {
				const seeded = await seedManyBins(ctx);
				const inventory = ctx.declared.nodes.find((n) => n.name === 'wmsInventory');
				const wf = await ctx.client.api('POST', '/workflows', {
					name: 'e2e: bin picker',
					nodes: [
						{
							id: 'inv',
							name: 'Warehouse info',
							type: inventory.type,
							typeVersion: 1,
							position: [0, 0],
							parameters: {
								resource: 'warehouseInfo',
								operation: 'set',
								sku: 'BOLT-M8-40',
								// As saved before the pickers were resource locators: a plain code.
								warehouseCode: 'WH1',
								additionalFields: { defaultBinCode: { __rl: true, mode: 'list', value: '' } },
							},
							credentials: {
								[ctx.credential.type]: { id: ctx.credential.id, name: ctx.credential.name },
							},
						},
					],
					connections: {},
					settings: { executionOrder: 'v1' },
				});
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, wf.id);
				await openNode(page, 'Warehouse info');
				try {
					const warehouse = await page
						.locator('[data-test-id="parameter-input-warehouseCode"] [data-test-id="rlc-input"]')
						.inputValue();
					assert.equal(
						warehouse,
						'WH1',
						'the warehouse saved as a plain code is not shown in its picker',
					);
					const before = ctx.simulator.stats().requests['/bin/check'] ?? 0;
					const picker = page.locator('[data-test-id="parameter-input-defaultBinCode"]');
					await picker.locator('[data-test-id="rlc-input"]').click();
					// The list opens in a popover: its entries and search box (n8n 2.41's test ids).
					const items = page.locator('[data-test-id="rlc-item"]:visible');
					// The first page only: a hundred of the thousands, more as the user scrolls.
					await items.first().waitFor({ timeout: 15000 });
					const firstPage = await items.count();
					assert.ok(
						firstPage > 0 && firstPage <= 100,
						`the list shows ${firstPage} bins at first, of ${seeded}`,
					);
					const search = page.locator('[data-test-id="rlc-search"]:visible');
					await (
						(await search.locator('input').count()) ? search.locator('input').first() : search
					).fill('t-17-');
					await page.waitForFunction(
						() => {
							const shown = [...document.querySelectorAll('[data-test-id="rlc-item"]')].filter(
								(e) => e.offsetParent !== null,
							);
							return shown.length === 25 && shown.every((e) => e.innerText.includes('T-17-'));
						},
						null,
						{ timeout: 15000 },
					);
					const shown = await items.allInnerTexts();
					assert.equal(shown.length, 25, `"t-17-" shows ${shown.length} bins`);
					// Narrowed to the warehouse in the form: no "WH1 ›" in front.
					assert.equal(shown[0].trim(), 'T-17-01 (Z-A, pallet)');
					assert.ok(
						(ctx.simulator.stats().requests['/bin/check'] ?? 0) > before,
						'the search did not go to the platform',
					);
					await screenshot(page, ctx, 'bin-locator-search');
				} finally {
					await closeNode(page);
				}
			},
		},
		{
			name: 'error branch in the output panel: each failed order is named in its own column, with the message and the error apart',
			timeoutMs: 120000,
			async run() {
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, example('erp-orders-to-wms.json').id);
				const output = await runAndOpenOutput(page, 'Fix in the ERP', 'WMS Sales Order');
				const { headers, rows } = await outputTable(output, 1, 'message');
				columns('the Error Branch', headers, ['order_number', 'message', 'error']);
				assert.equal(rows.length, 2, `the Error Branch shows ${rows.length} rows`);
				const cell = (row, column) => row[headers.indexOf(column)];
				// The example numbers its orders afresh at every run: SO-R<run>-3 and -4 are its bad rows.
				const [third, fourth] = rows.map((row) => cell(row, 'order_number'));
				assert.match(third, /^SO-R\d+-3$/);
				assert.equal(fourth, third.replace(/3$/, '4'));
				assert.ok(
					cell(rows[0], 'message').startsWith(
						`Sales order ${third}, line 1: quantity must be more than 0`,
					),
					cell(rows[0], 'message'),
				);
				assert.ok(cell(rows[1], 'message').startsWith(`Sales order ${fourth}: `));
				assert.ok(
					!rows.flat().includes('undefined'),
					`a cell reads "undefined": ${rows.map((r) => r.join(' ')).join(' | ')}`,
				);
				await screenshot(page, ctx, 'error-branch-table');
				await closeNode(page);
			},
		},
		{
			name: "Reconcile's outputs: Discrepancies with one sign (platform_minus_erp) and only a discrepancy's columns, Summary apart",
			timeoutMs: 120000,
			async run() {
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, example('nightly-reconcile.json').id);
				const output = await runAndOpenOutput(page, 'Variance report', 'Reconcile');
				const tabs = (
					await output.locator('[data-test-id="branches"] [role="tab"]').allInnerTexts()
				).map((t) => t.trim());
				assert.deepEqual(
					tabs.map((t) => t.replace(/\s*(Branch\s*)?\(.*$/, '')),
					['Discrepancies', 'Summary', 'CSV File'],
					`Reconcile's output tabs: ${tabs.join(', ')}`,
				);
				const lines = await outputTable(output, 0, 'platform_minus_erp');
				columns(
					'Discrepancies',
					lines.headers,
					['sku', 'erp_quantity', 'platform_quantity', 'platform_minus_erp'],
					['difference', 'quantity_delta', 'summary', 'lines_compared', 'type'],
				);
				assert.ok(lines.rows.length >= 1, 'Discrepancies shows no row');
				for (const row of lines.rows)
					assert.match(row[lines.headers.indexOf('platform_minus_erp')], /^-?\d+(\.\d+)?$/);
				assert.ok(
					!lines.rows.flat().includes('undefined'),
					`a Discrepancies cell reads "undefined": ${lines.rows.map((r) => r.join(' ')).join(' | ')}`,
				);
				await screenshot(page, ctx, 'reconcile-table');
				const summary = await outputTable(output, 1, 'lines_compared');
				assert.equal(summary.rows.length, 1, 'Summary shows one row');
				assert.equal(
					summary.rows[0][summary.headers.indexOf('lines_differing')],
					String(lines.rows.length),
				);
				assert.ok(
					!summary.rows.flat().includes('undefined'),
					`a Summary cell reads "undefined": ${summary.rows[0].join(' | ')}`,
				);
				await closeNode(page);
			},
		},
		{
			name: 'item master from a file: the form asks for the file (not the fields), and the run shows Not Stored and Summary, each with its own columns',
			timeoutMs: 120000,
			async run() {
				const file = example('nightly-item-master-file.json');
				await itemMasterFile.before(ctx, file);
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, file.id);
				await openNode(page, 'WMS Inventory');
				const shown = await shownParameters(page);
				for (const name of ['input', 'binaryPropertyName', 'fileFormat', 'columnMapping'])
					assert.ok(
						shown.includes(name),
						`the file form does not show ${name} (it shows ${shown})`,
					);
				for (const name of ['columns', 'extraFields', 'sku', 'description'])
					assert.ok(!shown.includes(name), `the file form shows ${name}, a field of Input → Items`);
				await screenshot(page, ctx, 'inventory-file-form');
				await closeNode(page);
				const output = await runAndOpenOutput(
					page,
					'Refused rows for the ERP team',
					'WMS Inventory',
				);
				const tabs = (
					await output.locator('[data-test-id="branches"] [role="tab"]').allInnerTexts()
				).map((t) => t.trim().replace(/\s*(Branch\s*)?\(.*$/, ''));
				assert.deepEqual(tabs, ['Not Stored', 'Summary'], `output tabs: ${tabs.join(', ')}`);
				const refused = await outputTable(output, 0, 'reason');
				columns(
					'Not Stored',
					refused.headers,
					['row', 'line', 'sku', 'field', 'reason'],
					['rows_read'],
				);
				assert.equal(refused.rows.length, 1, 'Not Stored shows one row');
				assert.equal(refused.rows[0][refused.headers.indexOf('sku')], 'FILE-BAD-1');
				await screenshot(page, ctx, 'file-not-stored-table');
				const summary = await outputTable(output, 1, 'rows_read');
				columns(
					'Summary',
					summary.headers,
					['rows_read', 'stored', 'refused', 'requests'],
					['reason'],
				);
				assert.equal(summary.rows[0][summary.headers.indexOf('rows_read')], '6');
				assert.ok(!summary.rows.flat().includes('undefined'), `a Summary cell reads "undefined"`);
				await closeNode(page);
			},
		},
		{
			name: 'example erp-update-to-erp.json run by hand in the editor: Set Complete and Set Error both get items',
			timeoutMs: 120000,
			async run() {
				const loop = example('erp-update-to-erp.json');
				const hooks = await import(
					pathToFileURL(path.join(ctx.root, 'test', 'e2e', 'examples', 'erp-update-to-erp.mjs'))
						.href
				);
				await hooks.before(ctx, loop);
				const before = new Set((await ctx.client.executions(loop.id)).map((e) => e.id));
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, loop.id);
				await page.click('[data-test-id="execute-workflow-button"]');
				for (const name of ['Set Complete', 'Set Error']) {
					await page.waitForSelector(
						`${canvasNode(name)} [data-test-id="canvas-node-status-success"]`,
						{ timeout: 60000 },
					);
				}
				const run = (await ctx.client.executions(loop.id)).find((e) => !before.has(e.id));
				assert.ok(run, 'no execution recorded for the run from the editor');
				const execution = await ctx.client.waitForExecution(run.id);
				assert.equal(execution.mode, 'manual');
				await hooks.after(ctx, loop, execution);
				await page.waitForLoadState('networkidle');
				await screenshot(page, ctx, 'example-erp-update-to-erp-by-hand');
			},
		},
	];
}
