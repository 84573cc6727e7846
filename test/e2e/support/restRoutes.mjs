// Call a Route on a REST vendor in real n8n: a credential whose API Description is the simulator's
// REST vendor (orders under /orders, read with GET, replaced with PUT, cancelled with DELETE), a GET
// route with a path parameter picked, filled and run in the editor as a person does, then PUT and
// DELETE run as a saved workflow. Checks of test/e2e/94-platform-fields.e2e.mjs, in its n8n start.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SIMULATOR_JS, startSimulator } from '../../../dev/scripts/n8n-host.mjs';
import {
	closeNode,
	editorPage,
	openNode,
	openWorkflow,
	outputTable,
	screenshot,
} from './editor.mjs';
import { itemsWorkflow, savedWorkflows, TRIGGER } from './workflows.mjs';

/** The REST vendor's description, as the built simulator has it (dev/simulator/rest.ts). */
async function restDescription() {
	const rest = await import(pathToFileURL(path.join(path.dirname(SIMULATOR_JS), 'rest.js')).href);
	return rest.restDescription();
}

/** Manual trigger → items made by a Code node → the WMS Platform nodes given, one after another. */
function workflow(ctx, name, credential, items, wmsNodes) {
	return itemsWorkflow(
		ctx,
		name,
		credential,
		items,
		wmsNodes.map(([nodeName, route, value]) => ({
			name: nodeName,
			type: 'wmsPlatform',
			typeVersion: 1,
			parameters: {
				resource: 'route',
				operation: 'call',
				route: { __rl: true, mode: 'list', value: route },
				columns: { mappingMode: 'defineBelow', value, matchingColumns: [] },
			},
		})),
	);
}

/** The checks, sharing one REST platform and credential; the last one cleans up. */
export function restRouteChecks(ctx) {
	let sim;
	let credential;
	const { save, removeAll: removeWorkflows } = savedWorkflows(ctx);
	// What the platform was sent: method, path as it arrived, body read as JSON (none: null).
	const seen = () =>
		sim.rest.seen.map(({ method, path: p, body }) => [method, p, body ? JSON.parse(body) : null]);
	/** In the open node: the route picked from the list, its ID filled, the step run; what the user sees. */
	const pickFillAndRun = async (page) => {
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.locator('[data-test-id="rlc-input"]').first().click();
		const items = page.locator('[data-test-id="rlc-item"]:visible');
		await items.first().waitFor({ timeout: 20000 });
		const search = page.locator('[data-test-id="rlc-search"]:visible');
		await ((await search.locator('input').count()) ? search.locator('input').first() : search).fill(
			'/orders/{id}',
		);
		const getOne = items.filter({ hasText: /^\s*GET \/orders\/\{id\} — / });
		await getOne.first().waitFor({ timeout: 20000 });
		const listed = (await items.allInnerTexts()).map((t) => t.trim());
		for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'])
			assert.ok(
				listed.some((t) => t.startsWith(`${method} /orders/{id} — `)),
				`no "${method} /orders/{id}" in the route list: ${listed.join(' | ')}`,
			);
		await screenshot(page, ctx, 'call-a-route-rest-picker', { forDocs: false });
		await getOne.first().click();
		await page.waitForLoadState('networkidle'); // the chosen route's fields are loaded

		// The path parameter is the mapper's one field, labelled as the form names its fields.
		const fields = ndv.locator('[data-test-id="mapping-fields-container"]');
		const idField = fields
			.locator('.parameter-item')
			.filter({ hasText: /^\s*ID\b/ })
			.first();
		await idField.waitFor({ timeout: 20000 });
		const labels = (await fields.locator('.parameter-item label').allInnerTexts()).map((t) =>
			t.trim(),
		);
		assert.equal(labels.length, 1, `the fields shown: ${labels.join(' | ')}`);
		assert.match(labels[0], /^ID \(required\)/, `the path parameter is labelled "${labels[0]}"`);
		const picked = await ndv.locator('[data-test-id="rlc-input"]').first().inputValue();
		assert.match(picked, /^GET \/orders\/\{id\} — /, `the picker shows "${picked}"`);
		await idField.locator('input, textarea').first().fill('o2');
		await page.keyboard.press('Tab');
		await screenshot(page, ctx, 'call-a-route-rest-fields', { forDocs: false });

		await ndv.locator('[data-test-id="node-execute-button"]').first().click();
		const output = page.locator('[data-test-id="output-panel"]');
		await output.locator('[data-test-id="radio-button-table"]').waitFor({ timeout: 60000 });
		const { headers, rows } = await outputTable(output, 0, 'order_number');
		const row = Object.fromEntries(headers.map((h, i) => [h, rows[0]?.[i]]));
		assert.equal(rows.length, 1, `the output shows ${rows.length} rows: ${JSON.stringify(rows)}`);
		assert.deepEqual(
			[row.id, row.order_number, row.status, row.customer],
			['o2', 'SO-2', 'picking', 'Harbour Foods'],
			`the output shows ${JSON.stringify(row)}`,
		);
		await screenshot(page, ctx, 'call-a-route-rest-output', { forDocs: false });
	};
	return [
		{
			name: 'Call a Route on a REST platform in the editor: GET /orders/{id} picked, its ID filled, the order shown',
			timeoutMs: 180000,
			async run() {
				sim = await startSimulator({});
				sim.description.set({ text: JSON.stringify(await restDescription()), format: 'json' });
				sim.rest.load(5);
				sim.rest.orders.set('o2', {
					id: 'o2',
					order_number: 'SO-2',
					status: 'picking',
					customer: 'Harbour Foods',
				});
				credential = await ctx.client.api('POST', '/credentials', {
					name: 'WMS Orders REST (its own description)',
					type: ctx.credential.type,
					data: {
						baseUrl: sim.baseUrl,
						clientId: sim.clientId,
						clientSecret: sim.clientSecret,
						description: 'platform',
						descriptionUrl: 'openapi.json',
					},
				});
				const saved = await save(
					workflow(
						ctx,
						'Orders REST: one order',
						credential,
						[{ erp: 'ERP-1' }],
						[['Read an order', '', null]],
					),
				);
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, saved.id);
				await openNode(page, 'Read an order');
				try {
					await pickFillAndRun(page);
				} catch (error) {
					// What the form showed when it went wrong, for the report.
					await screenshot(page, ctx, 'call-a-route-rest-failure', { forDocs: false });
					const form = await page
						.locator('[data-test-id="ndv"]')
						.innerText()
						.catch(() => '');
					error.stack = `${error.stack}\nthe form showed:\n${form}`;
					throw error;
				}
				assert.deepEqual(
					seen(),
					[['GET', '/orders/o2', null]],
					'the platform was not asked for o2',
				);
				await closeNode(page);
			},
		},
		{
			name: 'PUT and DELETE routes run per item from a saved workflow: each order replaced, then cancelled',
			timeoutMs: 120000,
			async run() {
				assert.ok(sim && credential, 'the check before did not set up the REST platform');
				sim.rest.seen.length = 0;
				const saved = await save(
					workflow(
						ctx,
						'Orders REST: replace, then cancel',
						credential,
						[
							{ order: 'o3', number: 'SO-3-R', buyer: 'Quay Stores' },
							{ order: 'o4', number: 'SO-4-R', buyer: 'Dock Market' },
						],
						[
							[
								'Replace orders',
								'PUT /orders/{id}',
								{
									id: '={{ $json.order }}',
									order_number: '={{ $json.number }}',
									status: 'open',
									customer: '={{ $json.buyer }}',
								},
							],
							['Cancel orders', 'DELETE /orders/{id}', { id: '={{ $json.id }}' }],
						],
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
				const out = (nodeName) =>
					execution.data.resultData.runData[nodeName][0].data.main[0].map((item) => item.json);
				assert.deepEqual(
					out('Replace orders').map((o) => [o.id, o.order_number, o.status, o.customer]),
					[
						['o3', 'SO-3-R', 'open', 'Quay Stores'],
						['o4', 'SO-4-R', 'open', 'Dock Market'],
					],
				);
				assert.equal(out('Cancel orders').length, 2, JSON.stringify(out('Cancel orders')));
				assert.deepEqual(
					['o3', 'o4'].map((id) => sim.rest.orders.get(id)),
					[
						{ id: 'o3', order_number: 'SO-3-R', status: 'cancelled', customer: 'Quay Stores' },
						{ id: 'o4', order_number: 'SO-4-R', status: 'cancelled', customer: 'Dock Market' },
					],
				);
				const put = (id, number, customer) => {
					const body = { id, order_number: number, status: 'open', customer };
					return ['PUT', `/orders/${id}`, body];
				};
				assert.deepEqual(seen(), [
					put('o3', 'SO-3-R', 'Quay Stores'),
					put('o4', 'SO-4-R', 'Dock Market'),
					['DELETE', '/orders/o3', null],
					['DELETE', '/orders/o4', null],
				]);
			},
		},
		{
			name: 'clean up the REST platform, its credential and workflows',
			async run() {
				await removeWorkflows();
				if (credential)
					await ctx.client.api('DELETE', `/credentials/${credential.id}`).catch(() => {});
				await sim?.close();
			},
		},
	];
}
