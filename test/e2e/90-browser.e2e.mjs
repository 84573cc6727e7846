// In Chromium, as a user: log in, open each example workflow and a form of every node type of the
// package, check the required fields are on screen, and keep screenshots in docs/images/ for README.
import assert from 'node:assert/strict';
import {
	closeNode,
	editorPage,
	openNode,
	openWorkflow,
	requiredParameters,
	screenshot,
	shownLabels,
	shownParameters,
	resourceMappers,
	shownParametersWith,
	slug,
} from './support/editor.mjs';

/** A scratch workflow with one node of each package node type, default parameters. */
async function formsWorkflow(ctx) {
	const nodes = ctx.declared.nodes.map((n, i) => ({
		id: `form-${i}`,
		name: n.displayName,
		type: n.type,
		typeVersion: Array.isArray(n.description.version)
			? Math.max(...n.description.version)
			: (n.description.version ?? 1),
		position: [(i % 5) * 260, Math.floor(i / 5) * 200],
		// n8n draws a resource mapper only once what it depends on is set: Call a Route's route.
		parameters: n.type.endsWith('.wmsPlatform')
			? { route: { __rl: true, mode: 'path', value: '/inventory/add' } }
			: {},
		credentials: { [ctx.credential.type]: { id: ctx.credential.id, name: ctx.credential.name } },
	}));
	const saved = await ctx.client.api('POST', '/workflows', {
		name: 'e2e: node forms',
		nodes,
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	return { id: saved.id, nodes };
}

export default async function (ctx) {
	const tests = [
		{
			name: 'log in to the editor',
			async run() {
				const page = await editorPage(ctx);
				assert.ok(!new URL(page.url()).pathname.startsWith('/signin'));
			},
		},
		{
			name: 'credential form: Base URL, Client ID, Client Secret required; token not shown',
			async run() {
				const page = await editorPage(ctx);
				await page.goto(`${ctx.n8n.url}/home/credentials/${ctx.credential.id}`);
				await page.waitForSelector('[data-test-id="editCredential-modal"]', { timeout: 20000 });
				await page.waitForSelector('[data-test-id="parameter-input-baseUrl"]');
				await page.waitForLoadState('networkidle'); // the automatic connection test has answered
				const shown = await shownParameters(page);
				for (const field of ['baseUrl', 'clientId', 'clientSecret'])
					assert.ok(shown.includes(field), `${field} not shown (${shown})`);
				assert.ok(
					!shown.includes('accessToken'),
					'the access token is shown in the credential form',
				);
				const labels = await shownLabels(page);
				for (const label of ['Base URL *', 'Client ID *', 'Client Secret *'])
					assert.ok(labels.includes(label), `"${label}" not among ${JSON.stringify(labels)}`);
				const secretType = await page.getAttribute(
					'[data-test-id="parameter-input-clientSecret"] input',
					'type',
				);
				assert.equal(secretType, 'password', 'the client secret is not masked');
				await screenshot(page, ctx, 'credential');
				await page.keyboard.press('Escape');
			},
		},
	];

	for (const example of ctx.workflows) {
		tests.push({
			name: `example ${example.file}: canvas and the WMS nodes' forms`,
			async run() {
				const page = await editorPage(ctx);
				await openWorkflow(page, ctx, example.id);
				const onCanvas = await page.$$eval('[data-test-id="canvas-node"]', (els) =>
					els.map((e) => e.getAttribute('data-node-name')),
				);
				for (const node of example.workflow.nodes.filter(
					(n) => n.type !== 'n8n-nodes-base.stickyNote',
				)) {
					assert.ok(onCanvas.includes(node.name), `node "${node.name}" not on the canvas`);
				}
				await screenshot(page, ctx, `example-${slug(example.file)}`);
				for (const node of example.workflow.nodes.filter((n) =>
					n.type.startsWith(`${ctx.packageName}.`),
				)) {
					const description = ctx.nodeTypes.get(node.type);
					await openNode(page, node.name);
					const required = requiredParameters(description, node);
					const shown = await shownParametersWith(page, required, {
						mappers: resourceMappers(description, node),
					});
					for (const name of required) {
						assert.ok(
							shown.includes(name),
							`"${node.name}": required field ${name} not shown (shown: ${shown})`,
						);
					}
					await closeNode(page);
				}
				const runId = ctx.exampleRuns?.[example.file];
				if (runId) {
					// The green run from 30-examples, as the Executions tab shows it.
					await page.goto(`${ctx.n8n.url}/workflow/${example.id}/executions/${runId}`);
					await page.waitForSelector(`[data-test-id="execution-preview-details-${runId}"]`, {
						timeout: 20000,
					});
					await page.waitForSelector('[data-test-id="canvas-node-status-success"]', {
						timeout: 20000,
					});
					assert.equal(
						await page.locator('[data-test-id="canvas-node-status-error"]').count(),
						0,
						'the run shows a failed node',
					);
					await page.waitForLoadState('networkidle');
					await screenshot(page, ctx, `example-${slug(example.file)}-run`);
				}
			},
		});
	}

	let forms;
	for (const node of ctx.declared.nodes) {
		tests.push({
			name: `form of ${node.displayName} shows its required fields`,
			async run() {
				forms ??= await formsWorkflow(ctx);
				const page = await editorPage(ctx);
				const scratch = forms.nodes.find((n) => n.type === node.type);
				if (!new URL(page.url()).pathname.startsWith(`/workflow/${forms.id}`))
					await openWorkflow(page, ctx, forms.id);
				await openNode(page, scratch.name);
				try {
					const required = requiredParameters(ctx.nodeTypes.get(node.type), scratch);
					const shown = await shownParametersWith(page, required, {
						mappers: resourceMappers(ctx.nodeTypes.get(node.type), scratch),
					});
					for (const name of required)
						assert.ok(shown.includes(name), `required field ${name} not shown (shown: ${shown})`);
					await screenshot(page, ctx, `node-${slug(node.name)}`);
				} finally {
					await closeNode(page);
				}
			},
		});
	}
	return tests;
}
