// The platform's own description in real n8n and Chromium: a credential From the Platform against a
// simulator speaking another vendor's description (Acme WMS 2.4.0), a run that stores records under
// the platform's names, and what a person sees of version 3's resource mapper — the fields from
// the built-in description and from the platform's, Map Automatically, a mapped field the platform no
// longer has, and Call a Route's route picker; Call a Route on a REST platform's GET, PUT and DELETE
// routes (support/restRoutes.mjs). Joins the e2e suite's one n8n start.
import assert from 'node:assert/strict';
import { startSimulator } from '../../dev/scripts/n8n-host.mjs';
import { closeNode, editorPage, openNode, openWorkflow, screenshot } from './support/editor.mjs';
import { restRouteChecks } from './support/restRoutes.mjs';
import { itemsWorkflow, savedWorkflows, TRIGGER } from './support/workflows.mjs';

/** A workflow: manual trigger → items made by a Code node → one WMS node. */
const workflow = (ctx, name, credential, wms, items = []) =>
	itemsWorkflow(ctx, name, credential, items, [wms]);

const itemsNode = (columns) => ({
	name: 'Add or update items',
	type: 'wmsInventory',
	typeVersion: 3,
	parameters: { resource: 'item', operation: 'upsert', columns },
});

/** A text shown in the open node's form (not one in a closed dropdown). */
const visibleText = (page, text, exact = true) =>
	page.locator('[data-test-id="ndv"]').getByText(text, { exact }).filter({ visible: true }).first();

/** The text of the open node's form. */
const formText = async (page) => await page.locator('[data-test-id="ndv"]').innerText();

export default function (ctx) {
	let acme;
	let credential;
	const { save, removeAll: removeWorkflows } = savedWorkflows(ctx);
	return [
		{
			name: "a credential From the Platform reads Acme WMS 2.4.0's description, and a run stores items under its names",
			timeoutMs: 120000,
			async run() {
				acme = await startSimulator({ shape: 'acme', demoData: true });
				credential = await ctx.client.api('POST', '/credentials', {
					name: 'WMS Acme (its own description)',
					type: ctx.credential.type,
					data: {
						baseUrl: acme.baseUrl,
						clientId: acme.clientId,
						clientSecret: acme.clientSecret,
						description: 'platform',
						descriptionUrl: 'openapi.json',
					},
				});
				const items = [
					{ item_number: 'ACME-E2E-1', owner: 'OWN-1', text: 'Widget' },
					{ item_number: 'ACME-E2E-2', owner: 'OWN-1', text: 'Gadget' },
				];
				const saved = await save(
					workflow(
						ctx,
						'Acme: items from the ERP',
						credential,
						itemsNode({
							mappingMode: 'defineBelow',
							value: {
								item_number: '={{ $json.item_number }}',
								owner_code: '={{ $json.owner }}',
								unit_of_measure: 'EA',
								description: '={{ $json.text }}',
							},
							matchingColumns: ['item_number'],
						}),
						items,
					),
				);
				const execution = await ctx.client.waitForExecution(
					await ctx.client.runManually(saved.id, TRIGGER),
				);
				assert.equal(
					execution.status,
					'success',
					JSON.stringify(execution.data?.resultData?.error),
				);
				const output = execution.data.resultData.runData['Add or update items'][0].data.main[0];
				assert.deepEqual(
					output.map((item) => [item.json.item_number, item.json.status]),
					[
						['ACME-E2E-1', 'created'],
						['ACME-E2E-2', 'created'],
					],
				);
				assert.equal(acme.store.get('inventory_item', 'ACME-E2E-2')?.x_owner_code, 'OWN-1');
				assert.ok(
					acme.description.requests().some((request) => request.authorization),
					'the description was not read with the credential',
				);
			},
		},
		{
			name: "version 3's mapper shows the built-in description's fields and the platform's, required first",
			timeoutMs: 120000,
			async run() {
				const page = await editorPage(ctx);
				for (const [which, cred, image, expected, absent] of [
					['built-in', ctx.credential, 'mapper-items-builtin', ['SKU', 'Description'], []],
					['platform', credential, 'mapper-items-platform', ['Item Number', 'Owner Code'], ['SKU']],
				]) {
					const saved = await save(
						workflow(
							ctx,
							`Mapper (${which})`,
							cred,
							itemsNode({ mappingMode: 'defineBelow', value: null }),
						),
					);
					await openWorkflow(page, ctx, saved.id);
					await openNode(page, 'Add or update items');
					// A field matched on is labelled "… (using to match)" by n8n.
					await visibleText(page, expected[0], false).waitFor({ timeout: 20000 });
					const text = await formText(page);
					for (const label of expected)
						assert.ok(text.includes(label), `${which}: no "${label}" in ${text}`);
					for (const label of absent)
						assert.ok(!text.includes(`${label}\n`), `${which}: "${label}" shown`);
					await screenshot(page, ctx, image);
					await closeNode(page);
				}
			},
		},
		{
			name: 'Map Automatically, and a mapped field the platform no longer has: named, never dropped silently',
			timeoutMs: 120000,
			async run() {
				const page = await editorPage(ctx);
				const auto = await save(
					workflow(
						ctx,
						'Mapper (automatically)',
						credential,
						itemsNode({ mappingMode: 'autoMapInputData', value: null }),
					),
				);
				await openWorkflow(page, ctx, auto.id);
				await openNode(page, 'Add or update items');
				await visibleText(page, 'Mapping Column Mode').waitFor({ timeout: 20000 });
				assert.equal(
					await page
						.locator('[data-test-id="ndv"] input')
						.evaluateAll((inputs) => inputs.some((input) => input.value === 'Map Automatically')),
					true,
					'the mapping mode shown is not Map Automatically',
				);
				await screenshot(page, ctx, 'mapper-automatically');
				await closeNode(page);

				// Mapped on the built-in description (SKU), now run on the platform's, which has no sku.
				const stale = await save(
					workflow(
						ctx,
						'Mapper (a field the platform no longer has)',
						credential,
						itemsNode({
							mappingMode: 'defineBelow',
							value: { sku: 'BOLT-1', item_number: 'BOLT-1', description: 'Bolt' },
							matchingColumns: ['item_number'],
						}),
						[{}],
					),
				);
				await openWorkflow(page, ctx, stale.id);
				await openNode(page, 'Add or update items');
				await page
					.getByText("no longer in the platform's description", { exact: false })
					.first()
					.waitFor({ timeout: 20000 });
				await screenshot(page, ctx, 'mapper-removed-field');
				await closeNode(page);
				const execution = await ctx.client.waitForExecution(
					await ctx.client.runManually(stale.id, TRIGGER),
				);
				assert.equal(execution.status, 'error');
				assert.match(
					execution.data.resultData.error.message,
					/has no field "sku" on \/inventory\/add, which this node maps/,
				);
				assert.equal(acme.store.get('inventory_item', 'BOLT-1'), undefined, 'something was sent');
			},
		},
		{
			name: "Call a Route's picker lists the routes no node names first",
			timeoutMs: 120000,
			async run() {
				const page = await editorPage(ctx);
				const saved = await save(
					workflow(ctx, 'Call a route', credential, {
						name: 'Call a route',
						type: 'wmsPlatform',
						typeVersion: 1,
						parameters: {
							resource: 'route',
							operation: 'call',
							route: { __rl: true, mode: 'list', value: '' },
						},
					}),
				);
				await openWorkflow(page, ctx, saved.id);
				await openNode(page, 'Call a route');
				await page
					.locator('[data-test-id="resource-locator-dropdown"], [data-test-id="rlc-input"]')
					.first()
					.click();
				await page
					.getByText('/inventory_batch/add', { exact: false })
					.first()
					.waitFor({ timeout: 20000 });
				await screenshot(page, ctx, 'call-a-route-picker');
				await closeNode(page);
			},
		},
		{
			name: 'a Yes/No field nobody touched sends nothing: the editor saves no false, and the item stays active',
			timeoutMs: 120000,
			async run() {
				const page = await editorPage(ctx);
				const sku = `E2E-UNSET-${Date.now()}`;
				const saved = await save(
					workflow(
						ctx,
						'Mapper (a field left alone)',
						ctx.credential,
						itemsNode({ mappingMode: 'defineBelow', value: null }),
						[{ sku, description: 'Hex bolt', notes: 'only three fields mapped' }],
					),
				);
				await openWorkflow(page, ctx, saved.id);
				await openNode(page, 'Add or update items');
				const active = page
					.locator('[data-test-id="ndv"] .parameter-item')
					.filter({ has: page.getByText('Active', { exact: true }) })
					.first();
				await active.waitFor({ timeout: 20000 });
				await active.scrollIntoViewIfNeeded();
				await screenshot(page, ctx, 'mapper-yes-no-unset', { forDocs: false });
				assert.equal(
					await active.locator('input').first().inputValue(),
					'Leave As Is',
					'an untouched Yes/No field does not show Leave As Is',
				);
				await active.locator('input').first().click();
				await page.getByRole('option', { name: 'No' }).first().waitFor({ timeout: 10000 });
				await screenshot(page, ctx, 'mapper-yes-no-leave-as-is');
				await page.keyboard.press('Escape');
				await closeNode(page);
				// What the editor saved (n8n saves a changed workflow by itself; else its Save button).
				let columns;
				for (let attempt = 0; ; attempt++) {
					columns = (await ctx.client.api('GET', `/workflows/${saved.id}`)).nodes.find(
						(node) => node.name === 'Add or update items',
					).parameters.columns;
					if (columns.schema?.length) break;
					if (attempt === 0) {
						const button = page.locator('[data-test-id="workflow-save-button"]');
						if (await button.isEnabled().catch(() => false)) await button.click();
					}
					assert.ok(attempt < 100, `the editor never saved the mapper: ${JSON.stringify(columns)}`);
					await page.waitForLoadState('networkidle');
				}
				assert.equal(
					columns.schema.find((field) => field.id === 'active')?.type,
					'options',
					'Active is not a Yes/No/Leave As Is dropdown',
				);
				assert.deepEqual(
					Object.entries(columns.value ?? {}).filter(([, value]) => value === false),
					[],
					'the editor saved a false nobody chose',
				);
				// The person maps SKU, Description and Notes, nothing else.
				const workflowNow = await ctx.client.api('GET', `/workflows/${saved.id}`);
				const wms = workflowNow.nodes.find((node) => node.name === 'Add or update items');
				wms.parameters.columns = {
					...columns,
					value: {
						...columns.value,
						sku: '={{ $json.sku }}',
						description: '={{ $json.description }}',
						notes: '={{ $json.notes }}',
					},
				};
				await ctx.client.api('PUT', `/workflows/${saved.id}`, {
					name: workflowNow.name,
					nodes: workflowNow.nodes,
					connections: workflowNow.connections,
					settings: { executionOrder: 'v1' },
				});
				const execution = await ctx.client.waitForExecution(
					await ctx.client.runManually(saved.id, TRIGGER),
				);
				assert.equal(
					execution.status,
					'success',
					JSON.stringify(execution.data?.resultData?.error),
				);
				const stored = ctx.simulator.store.get('inventory_item', sku);
				assert.equal(stored?.notes, 'only three fields mapped');
				// Not sent, the platform's own default (active) stands; sent, it would be false.
				assert.equal(stored.active, true, `Active was sent as false: ${JSON.stringify(stored)}`);
			},
		},
		...restRouteChecks(ctx),
		{
			name: 'clean up the Acme platform and its workflows',
			async run() {
				await removeWorkflows();
				if (credential)
					await ctx.client.api('DELETE', `/credentials/${credential.id}`).catch(() => {});
				await acme?.close();
			},
		},
	];
}
