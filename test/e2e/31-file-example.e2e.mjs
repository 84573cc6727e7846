// The file example when the ERP's export is not there: the run stops with an error that names the
// path and says what to do, never a green run that did nothing (n8n's Read Files From Disk outputs
// nothing for a path that matches no file).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { executionError } from '../../dev/scripts/n8n-host.mjs';
import { editorPage, openWorkflow, screenshot } from './support/editor.mjs';

const FILE_EXAMPLE = 'nightly-item-master-file.json';

export default function (ctx) {
	return [
		{
			name: `example ${FILE_EXAMPLE} without the ERP's export: stops with an error naming the path and what to do, before WMS Inventory`,
			async run() {
				const example = ctx.workflows.find((w) => w.file === FILE_EXAMPLE);
				assert.ok(example, `examples/${FILE_EXAMPLE} was not imported`);
				const file = path.join(ctx.filesFolder, 'erp', 'item-master.csv');
				fs.renameSync(file, `${file}.away`);
				try {
					const trigger = example.workflow.nodes.find(
						(n) => n.type === 'n8n-nodes-base.manualTrigger',
					);
					const execution = await ctx.client.waitForExecution(
						await ctx.client.runManually(example.id, trigger.name),
					);
					assert.equal(execution.status, 'error');
					assert.equal(
						executionError(execution),
						`No export: stop with an error: No ERP export at ${file}. Put the ERP's item master there, or set File(s) Selector in Read ERP export to where it is (n8n reads files only in its files folder: see the note on the canvas).`,
					);
					assert.equal(execution.data.resultData.runData['WMS Inventory'], undefined);
					// As a person sees it: the run from the editor stops at that node with those words.
					const page = await editorPage(ctx);
					await openWorkflow(page, ctx, example.id);
					await page.click('[data-test-id="execute-workflow-button"]');
					const words = page.getByText(`No ERP export at ${file}`).first();
					await words.waitFor({ timeout: 60000 });
					// The pop-up has slid in: its words are wholly in the window.
					await words.evaluate(
						(el) =>
							new Promise((resolve) => {
								const inView = () => el.getBoundingClientRect().right <= window.innerWidth;
								const check = () => (inView() ? resolve() : requestAnimationFrame(check));
								check();
							}),
					);
					await screenshot(page, ctx, 'file-example-no-export');
				} finally {
					fs.renameSync(`${file}.away`, file);
				}
			},
		},
	];
}
