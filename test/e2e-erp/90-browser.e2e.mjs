// What a person sees, in Chromium: the error inbox in n8n's Data Table view, and n8n's Executions
// list filtered by an order number (the highlighted data the WMS nodes save). The list's filter by
// highlighted data is a licensed feature of n8n (free with a registered Community Edition): for that
// check n8n is restarted with its own test switch (E2E_TESTS=true) and the feature turned on with it.
import assert from 'node:assert/strict';
import { editorPage, screenshot } from '../e2e/support/editor.mjs';
import { INBOX, ORDERS, example, inboxRows } from './support.mjs';

export default function (ctx) {
	return [
		{
			name: `the error inbox in n8n's Data Table view: each row left, key, area and message in the first columns`,
			timeoutMs: 90000,
			async run() {
				const left = await inboxRows(ctx);
				assert.ok(left.length > 0, 'the inbox is empty: nothing to look at');
				const { data } = await ctx.client.api('GET', '/data-tables');
				const table = data.find((t) => t.name === INBOX);
				const page = await editorPage(ctx);
				await page.goto(`${ctx.n8n.url}/projects/${table.projectId}/datatables/${table.id}`);
				const grid = page.locator('[data-test-id="data-table-grid"]');
				await grid.getByText(left[0].key, { exact: true }).first().waitFor({ timeout: 30000 });
				const headers = (
					await grid.locator('[data-test-id="data-table-column-header-text"]').allInnerTexts()
				).map((h) => h.trim());
				const at = (column) => headers.indexOf(column);
				assert.ok(
					at('key') >= 0 && at('area') > at('key') && at('message') > at('area'),
					`columns: ${headers.join(', ')}`,
				);
				for (const row of left) {
					await grid.getByText(row.key, { exact: true }).first().waitFor({ timeout: 10000 });
					await grid.getByText(row.message, { exact: true }).first().waitFor({ timeout: 10000 });
				}
				await screenshot(page, ctx, 'erp-error-inbox');
				ctx.log(`${left.length} rows shown: ${left.map((r) => `${r.area} ${r.key}`).join(', ')}`);
			},
		},
		{
			name: 'the Executions list filtered by highlighted data sales_order = SO-1003 finds the run that sent SO-1003, and only it',
			timeoutMs: 90000,
			async run() {
				const orders = example(ctx, ORDERS);
				const runs = [];
				for (const { id } of await ctx.client.executions(orders.id, { limit: 100 })) {
					// As saved in full: n8n writes custom data just after marking an execution finished.
					const execution = await ctx.client.waitForExecution(id);
					if (/(^|, )SO-1003(,|$| and)/.test(execution.customData?.sales_order ?? ''))
						runs.push(execution);
				}
				assert.equal(runs.length, 1, 'the examples test sent SO-1003 once');
				const [sent] = runs;
				await ctx.n8n.stop();
				await ctx.restartN8n({ E2E_TESTS: 'true' });
				await fetch(`${ctx.n8n.url}/rest/e2e/feature`, {
					method: 'PATCH',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ feature: 'feat:advancedExecutionFilters', enabled: true }),
				}).then((res) => assert.ok(res.ok, `license switch: ${res.status}`));

				const page = await editorPage(ctx);
				await page.goto(`${ctx.n8n.url}/home/executions`);
				const rows = page.locator('[data-test-id="global-execution-list-item"]');
				await rows.first().waitFor({ timeout: 30000 });
				const before = await rows.count();
				await page.click('[data-test-id="executions-filter-button"]');
				await page.fill('[data-test-id="execution-filter-saved-data-key-input"]', 'sales_order');
				await page.fill('[data-test-id="execution-filter-saved-data-value-input"]', 'SO-1003');
				await page.waitForFunction(
					(selector) => document.querySelectorAll(selector).length === 1,
					'[data-test-id="global-execution-list-item"]',
					{ timeout: 30000 },
				);
				const shown = await rows.first().innerText();
				assert.match(shown, new RegExp(`\\b${sent.id}\\b`), `the row shown: ${shown}`);
				assert.match(shown, new RegExp(ORDERS.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
				await page.setViewportSize({ width: 1440, height: 980 }); // the filter panel whole
				await screenshot(page, ctx, 'erp-executions-filtered-by-order');
				await page.setViewportSize({ width: 1440, height: 900 });
				ctx.log(`${before} executions listed; filtered by SO-1003: execution ${sent.id}`);
			},
		},
	];
}
