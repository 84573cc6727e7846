// What a user must see, asserted in the browser: a new Inventory node asks for the SKU and flags it
// while empty; filling it in clears the warning.
import assert from 'node:assert/strict';
import {
	closeNode,
	editorPage,
	openNode,
	openWorkflow,
	screenshot,
	shownLabels,
} from './support/editor.mjs';

const skuItem = '.parameter-item:has(label[for="sku"])';

export default function (ctx) {
	const inventory = ctx.declared.nodes.find((n) => n.name === 'wmsInventory');
	// Never silently nothing: a package without the Inventory node fails here rather than skipping the check.
	if (!inventory)
		return [
			{
				name: 'the package declares the WMS Inventory node',
				run: () => assert.fail('package.json declares no wmsInventory node'),
			},
		];
	return [
		{
			name: 'Inventory node form shows SKU, flagged until it is filled in',
			async run() {
				const wf = await ctx.client.api('POST', '/workflows', {
					name: 'e2e: inventory form',
					nodes: [
						{
							id: 'inv',
							name: 'WMS Inventory',
							type: inventory.type,
							typeVersion: 1,
							position: [0, 0],
							parameters: {},
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
				await openNode(page, 'WMS Inventory');
				try {
					assert.ok(
						(await shownLabels(page)).includes('SKU'),
						'no "SKU" field in the Inventory form',
					);
					assert.ok(
						await page.locator(`${skuItem} [data-test-id="parameter-issues"]`).isVisible(),
						'empty SKU is not flagged',
					);
					await page.locator(`${skuItem} [data-test-id="parameter-input-field"]`).fill('SKU-100');
					const flagGone = await page
						.locator(`${skuItem} [data-test-id="parameter-issues"]`)
						.waitFor({ state: 'detached', timeout: 5000 })
						.then(() => true)
						.catch(() => false);
					assert.ok(flagGone, 'SKU still flagged after filling it in');
					await screenshot(page, ctx, 'inventory-form');
				} finally {
					await closeNode(page);
				}
			},
		},
	];
}
