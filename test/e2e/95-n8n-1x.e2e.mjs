// Compatibility: the package in the newest n8n 1.x that installs here (dev/n8n-host/v1, on the machine's
// Node 20), installed the way n8n installs community packages: it loads, its credential tests green
// and one example workflow runs green against the same simulator.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import {
	HOSTS,
	N8nClient,
	checkPackageLoaded,
	ensureN8n,
	executionError,
	freePort,
	startN8n,
} from '../../dev/scripts/n8n-host.mjs';

const EXAMPLE = 'master-data-sync.json';

export default function (ctx) {
	let v1;
	const needsV1 = () => assert.ok(v1, 'n8n 1.x did not start (see the first 1.x test)');
	return [
		{
			name: 'n8n 1.x starts with the package loaded',
			timeoutMs: 15 * 60000, // the first run installs it
			async run() {
				await ensureN8n(HOSTS.n8n1);
				const version = JSON.parse(
					fs.readFileSync(path.join(HOSTS.n8n1.dir, 'node_modules', 'n8n', 'package.json'), 'utf8'),
				).version;
				const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-e2e-n8n1-'));
				ctx.onCleanup(() => fs.rmSync(userFolder, { recursive: true, force: true }));
				const n8n = await startN8n({ host: HOSTS.n8n1, userFolder, port: await freePort(0) });
				ctx.onCleanup(() => n8n.stop());
				const client = new N8nClient(n8n.url);
				const owner = await client.ensureOwner(n8n.state, n8n.saveState);
				await checkPackageLoaded(n8n, client);
				await client.createApiKey('e2e-n8n1');
				const credential = await client.importCredential(ctx.simulator);
				v1 = { version, n8n, client, owner, credential };
				ctx.log(`n8n ${version} on Node ${process.versions.node} at ${n8n.url}`);
			},
		},
		{
			name: 'n8n 1.x: every node type and the credential type load',
			async run() {
				needsV1();
				const nodes = new Set(
					(await v1.client.request('GET', '/types/nodes.json')).data.map((t) => t.name),
				);
				const missing = ctx.declared.nodes.filter((n) => !nodes.has(n.type)).map((n) => n.type);
				assert.deepEqual(missing, [], `not loaded in n8n ${v1.version}`);
			},
		},
		{
			// The editor computes a node's subtitle with n8n-workflow's expression engine: 1.x's must read ours too.
			name: 'n8n 1.x: canvas subtitles read in the form\'s words ("Add or Update: Item")',
			async run() {
				needsV1();
				const require1 = createRequire(
					path.join(HOSTS.n8n1.dir, 'node_modules', 'n8n', 'package.json'),
				);
				const { Workflow } = require1('n8n-workflow');
				const types = (await v1.client.request('GET', '/types/nodes.json')).data.filter((t) =>
					t.name.startsWith(`${ctx.packageName}.`),
				);
				let checked = 0;
				for (const type of types.filter((t) => t.properties.some((p) => p.name === 'resource'))) {
					// n8n adds its own "Custom API Call" resource and operation to nodes with a credential: not ours to name.
					const ours = (options) => options.filter((o) => o.value !== '__CUSTOM_API_CALL__');
					for (const resource of ours(type.properties.find((p) => p.name === 'resource').options)) {
						const selector = type.properties.find(
							(p) =>
								p.name === 'operation' &&
								p.displayOptions?.show?.resource?.includes(resource.value),
						);
						for (const operation of ours(selector.options)) {
							const node = {
								id: 'n',
								name: type.displayName,
								type: type.name,
								typeVersion: 1,
								position: [0, 0],
								parameters: { resource: resource.value, operation: operation.value },
							};
							const nodeTypes = {
								getByName: () => ({ description: type }),
								getByNameAndVersion: () => ({ description: type }),
								getKnownTypes: () => ({}),
							};
							const workflow = new Workflow({
								nodes: [node],
								connections: {},
								active: false,
								nodeTypes,
							});
							const shown = workflow.expression.getSimpleParameterValue(
								node,
								type.subtitle,
								'internal',
								{},
							);
							assert.equal(
								shown,
								`${operation.name}: ${resource.name}`,
								`${type.displayName} in n8n ${v1.version}`,
							);
							checked++;
						}
					}
				}
				assert.ok(checked > 20, `only ${checked} subtitles checked`);
				ctx.log(`${checked} subtitles read in the form's words in n8n ${v1.version}`);
			},
		},
		{
			name: 'n8n 1.x: the credential test passes against the simulator, and fails in its own words',
			async run() {
				needsV1();
				const { id, name, type } = v1.credential;
				const data = {
					baseUrl: ctx.simulator.baseUrl,
					clientId: ctx.simulator.clientId,
					clientSecret: ctx.simulator.clientSecret,
				};
				const test = async (fields) =>
					await v1.client.rest('POST', '/credentials/test', {
						credentials: { id, name, type, data: { ...data, ...fields } },
					});
				const result = await test({});
				assert.equal(result.status, 'OK', result.message);
				assert.equal(result.message, 'Connected: the nodes use the built-in API description.');
				// The test is a function of the package on 1.x too: its own words, not n8n's general ones.
				assert.deepEqual(await test({ baseUrl: `${ctx.simulator.baseUrl}/x` }), {
					status: 'Error',
					message: `The platform's token endpoint ${ctx.simulator.baseUrl}/x/oauth/token answered HTTP 404: check the Base URL (it must end in /v1)`,
				});
			},
		},
		{
			name: `n8n 1.x: example ${EXAMPLE} runs green`,
			async run() {
				needsV1();
				const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-e2e-example-'));
				try {
					fs.copyFileSync(path.join(ctx.root, 'examples', EXAMPLE), path.join(dir, EXAMPLE));
					const [example] = await v1.client.importWorkflows(dir, v1.credential);
					const trigger = example.workflow.nodes.find(
						(n) => n.type === 'n8n-nodes-base.manualTrigger',
					);
					const before = ctx.simulator.stats();
					const execution = await v1.client.waitForExecution(
						await v1.client.runManually(example.id, trigger.name),
					);
					assert.equal(
						executionError(execution),
						null,
						`failed in n8n ${v1.version}: ${executionError(execution)}`,
					);
					// The platform saw this run (the same records may already be there from the 2.x run).
					const after = ctx.simulator.stats();
					const total = (stats) => Object.values(stats.requests).reduce((a, b) => a + b, 0);
					const wmsNodes = example.workflow.nodes.filter((n) =>
						n.type.startsWith(`${ctx.packageName}.`),
					);
					assert.ok(
						total(after) - total(before) >= wmsNodes.length,
						'the WMS nodes sent nothing to the platform',
					);
					const hooks = path.join(
						ctx.root,
						'test',
						'e2e',
						'examples',
						EXAMPLE.replace(/\.json$/, '.mjs'),
					);
					if (fs.existsSync(hooks))
						await (await import(pathToFileURL(hooks).href)).after?.(ctx, example, execution);
				} finally {
					fs.rmSync(dir, { recursive: true, force: true });
				}
			},
		},
	];
}
