// The credential's "Test" button (POST /rest/credentials/test, as the editor sends it) passes against
// the simulator and fails with a message that tells the user what to fix: never a secret the
// platform echoed, and never after sending the credential to another host. With the platform's own
// API description, it says how that description differs from the built-in one (in the answer: the
// editor shows only its banner on success), and in the editor where one it cannot use is broken.
import assert from 'node:assert/strict';
import { freePort, startSimulator } from '../../dev/scripts/n8n-host.mjs';
import { startEchoPlatform } from './support/echoPlatform.mjs';
import { editorPage, screenshot } from './support/editor.mjs';

async function testCredential(ctx, data) {
	const { id, name, type } = ctx.credential;
	return ctx.client.rest('POST', '/credentials/test', { credentials: { id, name, type, data } });
}

const good = (ctx) => ({
	baseUrl: ctx.simulator.baseUrl,
	clientId: ctx.simulator.clientId,
	clientSecret: ctx.simulator.clientSecret,
});

const SECRET = 'echo-Secret-8d2f61a0c4';
const TOKEN = 'opaque-token-5e93b1d7a2f0';

/** The credential test against a platform answering as `answers` say; its words and what reached where. */
async function testAgainst(ctx, answersOf) {
	const platform = await startEchoPlatform(answersOf);
	try {
		const result = await testCredential(ctx, {
			baseUrl: platform.baseUrl,
			clientId: 'echo-client',
			clientSecret: SECRET,
		});
		return { result, platform };
	} finally {
		await platform.close();
	}
}

const issuing = () => ({ json: { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 } });

function noSecretIn(result) {
	for (const secret of [SECRET, TOKEN, encodeURIComponent(SECRET)])
		assert.ok(
			!result.message.includes(secret),
			`the test's words show a secret: ${result.message}`,
		);
}

export default [
	{
		name: 'credential test passes against the simulator',
		async run(ctx) {
			const result = await testCredential(ctx, good(ctx));
			assert.equal(result.status, 'OK', `credential test said: ${result.message}`);
		},
	},
	{
		name: 'credential test with a wrong secret fails naming the secret',
		async run(ctx) {
			const result = await testCredential(ctx, { ...good(ctx), clientSecret: 'not-the-secret' });
			assert.equal(result.status, 'Error');
			assert.match(result.message, /secret/i);
			assert.match(result.message, /rejected|invalid|wrong/i);
		},
	},
	{
		name: 'credential test with a base URL not ending in /v1 fails naming the Base URL',
		async run(ctx) {
			const result = await testCredential(ctx, {
				...good(ctx),
				baseUrl: ctx.simulator.baseUrl.replace(/\/v1$/, ''),
			});
			assert.equal(result.status, 'Error');
			assert.match(result.message, /base url/i);
		},
	},
	{
		// n8n's tester puts an error's cause code (ECONNREFUSED) in place of its message when there is one.
		name: 'credential test with nothing listening at the base URL says it cannot reach the platform there',
		async run(ctx) {
			const baseUrl = `http://127.0.0.1:${await freePort()}/v1`;
			const result = await testCredential(ctx, { ...good(ctx), baseUrl });
			assert.equal(result.status, 'Error');
			assert.equal(
				result.message,
				`Cannot reach the platform at ${baseUrl} (connection refused): check the Base URL and that the platform is up`,
			);
		},
	},
	{
		name: 'credential test: a token endpoint echoing the secret in an HTTP 200 OAuth error shows the error, not the secret',
		async run(ctx) {
			const { result } = await testAgainst(ctx, () => ({
				'/oauth/token': () => ({
					json: {
						error: 'invalid_client',
						error_description: `client secret ${SECRET} is disabled`,
					},
				}),
			}));
			assert.equal(result.status, 'Error');
			assert.match(
				result.message,
				/refused to issue a token \(invalid_client: client secret \[redacted\] is disabled\)/,
			);
			noSecretIn(result);
		},
	},
	{
		name: 'credential test: a token endpoint redirecting to another host gets no client secret posted there',
		async run(ctx) {
			const { result, platform } = await testAgainst(ctx, (self) => ({
				'/oauth/token': () => ({
					status: 307,
					headers: { location: `${self.elsewhere}/v1/oauth/token?x=1` },
				}),
			}));
			assert.equal(result.status, 'Error');
			assert.match(
				result.message,
				/answered HTTP 307 with a redirect away from the Base URL's host, to http:\/\/127\.0\.0\.1:\d+: not followed, so the client secret was not sent there/,
			);
			assert.deepEqual(platform.elsewhereCalls, []);
		},
	},
	{
		name: 'credential test: the test read redirecting to another host, with the token in the address, sends no token there',
		async run(ctx) {
			const { result, platform } = await testAgainst(ctx, (self) => ({
				'/oauth/token': issuing,
				'/warehouse/check': () => ({
					status: 308,
					headers: { location: `${self.elsewhere}/v1/warehouse/check?access_token=${TOKEN}` },
				}),
			}));
			assert.equal(result.status, 'Error');
			assert.match(result.message, /The Base URL answers with a redirect, which is not followed/);
			assert.deepEqual(platform.elsewhereCalls, []);
			noSecretIn(result);
		},
	},
	{
		name: 'credential test: the test read answering with the token in its status line and body shows its own words',
		async run(ctx) {
			const { result } = await testAgainst(ctx, () => ({
				'/oauth/token': issuing,
				'/warehouse/check': () => ({
					status: 418,
					reason: `Token ${TOKEN} not allowed`,
					json: { error: { code: 'x', message: `token ${TOKEN} secret ${SECRET}` } },
				}),
			}));
			assert.equal(result.status, 'Error');
			assert.match(
				result.message,
				/did not answer the test read \(\/warehouse\/check\) with a list of records/,
			);
			noSecretIn(result);
		},
	},
	{
		name: "credential test From the Platform: says how the platform's description differs; one it cannot use is named in the editor, with its place",
		async run(ctx) {
			const acme = await startSimulator({ port: 0, host: '127.0.0.1', shape: 'acme' });
			ctx.onCleanup(() => acme.close());
			const fromPlatform = {
				baseUrl: acme.baseUrl,
				clientId: acme.clientId,
				clientSecret: acme.clientSecret,
				description: 'platform',
				descriptionUrl: 'openapi.json',
			};
			const result = await testCredential(ctx, fromPlatform);
			assert.equal(result.status, 'OK', `credential test said: ${result.message}`);
			assert.match(
				result.message,
				/^Read the platform's API description \(Acme WMS Public API 2\.4\.0\): 42 routes\. Differs from the built-in one: .*\/inventory\/add names no key \(was sku\).*; \/inventory\/add 2 new required fields \(item_number, owner_code\);/,
			);
			assert.deepEqual(
				acme.description.requests().map(({ status, authorization }) => ({ status, authorization })),
				[{ status: 200, authorization: true }],
			);

			// The same platform, its description now broken at one place.
			const doc = structuredClone(acme.description.document());
			doc.paths['/inventory/add'].post.requestBody.content['application/json'].schema = {
				$ref: 'inventory.yaml#/InventoryAddRequest',
			};
			acme.description.set({ text: JSON.stringify(doc), format: 'json' });
			const credential = await ctx.client.api('POST', '/credentials', {
				name: 'WMS (Acme, description broken)',
				type: ctx.credential.type,
				data: fromPlatform,
			});
			try {
				const page = await editorPage(ctx);
				await page.goto(`${ctx.n8n.url}/home/credentials/${credential.id}`);
				await page.waitForSelector('[data-test-id="editCredential-modal"]', { timeout: 20000 });
				await page.getByText('More details', { exact: true }).click({ timeout: 20000 });
				const words = `The platform's API description read from ${acme.baseUrl}/openapi.json cannot be used: a $ref to another document (inventory.yaml#/InventoryAddRequest): only references inside the description are read; use the platform's bundled, one-file description (in route /inventory/add, request body). Ask the platform for its OpenAPI 3 description, or choose Built In`;
				await page.getByText(words, { exact: true }).waitFor({ timeout: 10000 });
				await screenshot(page, ctx, 'credential-description-problem');
				await page.keyboard.press('Escape');
			} finally {
				await ctx.client.api('DELETE', `/credentials/${credential.id}`);
			}
		},
	},
	{
		// Issue 39: n8n passes a node's input on through its first output when the node throws while set to continue.
		name: 'a WMS node set to Continue (using error output) whose pasted description cannot be used: every order on the error output, none on the success output',
		async run(ctx) {
			const credential = await ctx.client.api('POST', '/credentials', {
				name: 'WMS (pasted description unusable)',
				type: ctx.credential.type,
				data: {
					...good(ctx),
					description: 'pasted',
					descriptionText: '{ "openapi": "3.0.3", "paths": [',
				},
			});
			const orders = ['SO-E2E-39-1', 'SO-E2E-39-2', 'SO-E2E-39-3'].map((order_number) => ({
				json: { order_number, customer_code: 'CUST-1', sku: 'BOLT-M8-40', quantity: 1 },
			}));
			const trigger = 'Start';
			const noOp = (id, name, x) => ({
				id,
				name,
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [x, 0],
				parameters: {},
			});
			const saved = await ctx.client.api('POST', '/workflows', {
				name: 'e2e: a run that cannot start stays off the success output',
				nodes: [
					{
						id: 't',
						name: trigger,
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					{
						id: 'c',
						name: 'ERP orders',
						type: 'n8n-nodes-base.code',
						typeVersion: 2,
						position: [220, 0],
						parameters: { jsCode: `return ${JSON.stringify(orders)};` },
					},
					{
						id: 'w',
						name: 'WMS Sales Order',
						type: `${ctx.packageName}.wmsSalesOrder`,
						typeVersion: 3,
						position: [440, 0],
						onError: 'continueErrorOutput',
						parameters: {
							resource: 'salesOrder',
							operation: 'add',
							columns: {
								mappingMode: 'autoMapInputData',
								value: null,
								matchingColumns: [],
								schema: [],
							},
						},
						credentials: { wmsIntegrationApi: { id: credential.id, name: credential.name } },
					},
					noOp('s', 'Mark sent in the ERP', 660),
					noOp('e', 'Error inbox', 660),
				],
				connections: {
					[trigger]: { main: [[{ node: 'ERP orders', type: 'main', index: 0 }]] },
					'ERP orders': { main: [[{ node: 'WMS Sales Order', type: 'main', index: 0 }]] },
					'WMS Sales Order': {
						main: [
							[{ node: 'Mark sent in the ERP', type: 'main', index: 0 }],
							[{ node: 'Error inbox', type: 'main', index: 0 }],
						],
					},
				},
				settings: { executionOrder: 'v1' },
			});
			try {
				const execution = await ctx.client.waitForExecution(
					await ctx.client.runManually(saved.id, trigger),
				);
				const runData = execution.data.resultData.runData;
				const [success, errors] = runData['WMS Sales Order'][0].data.main;
				assert.deepEqual(success ?? [], [], 'an order left on the success output');
				assert.deepEqual(
					(errors ?? []).map((item) => [item.json.order_number, item.pairedItem]),
					orders.map((order, item) => [order.json.order_number, { item }]),
				);
				for (const item of errors)
					assert.match(
						item.json.message,
						/API description pasted in the credential cannot be used/,
					);
				assert.equal(runData['Mark sent in the ERP'], undefined, '"Mark sent in the ERP" ran');
				assert.equal(runData['Error inbox'][0].data.main[0].length, orders.length);
				for (const order of orders)
					assert.equal(ctx.simulator.store.get('sales_order', order.json.order_number), undefined);
			} finally {
				await ctx.client.api('DELETE', `/workflows/${saved.id}`).catch(() => {});
				await ctx.client.api('DELETE', `/credentials/${credential.id}`).catch(() => {});
			}
		},
	},
];
