// A route the forms don't cover, called with the same credential through n8n's own HTTP Request node
// ("Predefined Credential Type" → WMS Integration API): n8n fetches the token through the
// credential's preAuthentication, stores it on the credential and reuses it on the next run.
import assert from 'node:assert/strict';
import { executionError } from '../../dev/scripts/n8n-host.mjs';

function workflow(ctx) {
	const http = ctx.nodeTypes.get('n8n-nodes-base.httpRequest');
	const version = Array.isArray(http.version) ? Math.max(...http.version) : http.version;
	return {
		name: 'e2e: HTTP Request with the WMS credential',
		nodes: [
			{
				id: 'm',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'h',
				name: 'Warehouses with structure',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: version,
				position: [240, 0],
				parameters: {
					method: 'POST',
					url: `${ctx.simulator.baseUrl}/warehouse/check`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: ctx.credential.type,
					sendBody: true,
					specifyBody: 'json',
					jsonBody: '{"filter": {"include_structure": true}, "limit": 5}',
					options: {},
				},
				credentials: {
					[ctx.credential.type]: { id: ctx.credential.id, name: ctx.credential.name },
				},
			},
		],
		connections: {
			Start: { main: [[{ node: 'Warehouses with structure', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

async function run(ctx, id) {
	const execution = await ctx.client.waitForExecution(await ctx.client.runManually(id, 'Start'));
	assert.equal(
		executionError(execution),
		null,
		`HTTP Request run failed: ${executionError(execution)}`,
	);
	return execution.data.resultData.runData['Warehouses with structure'][0].data.main[0];
}

let saved;
export default [
	{
		name: 'HTTP Request node with the WMS credential reaches an uncovered route',
		async run(ctx) {
			saved = await ctx.client.api('POST', '/workflows', workflow(ctx));
			const items = await run(ctx, saved.id);
			assert.equal(items.length, 1);
			const warehouses = items[0].json.items;
			assert.ok(
				Array.isArray(warehouses) && warehouses.length > 0,
				`no warehouses in ${JSON.stringify(items[0].json).slice(0, 200)}`,
			);
			assert.ok(
				Array.isArray(warehouses[0].areas),
				'structure (areas) missing: the body did not reach the platform',
			);
		},
	},
	{
		name: 'the token n8n obtained is stored and reused: a second run issues no new token',
		async run(ctx) {
			assert.ok(saved, 'needs the previous test');
			const before = ctx.simulator.stats().tokensIssued;
			await run(ctx, saved.id);
			assert.equal(
				ctx.simulator.stats().tokensIssued - before,
				0,
				'a new token was fetched although the stored one is valid',
			);
		},
	},
	{
		name: 'after the platform revokes the token, the next run gets a new one and succeeds',
		async run(ctx) {
			assert.ok(saved, 'needs the first test');
			ctx.simulator.revokeTokens();
			const before = ctx.simulator.stats().tokensIssued;
			const items = await run(ctx, saved.id);
			assert.ok(items[0].json.items.length > 0);
			assert.equal(
				ctx.simulator.stats().tokensIssued - before,
				1,
				'expected exactly one new token',
			);
		},
	},
];
