#!/usr/bin/env node
// The 100,000-item push inside real n8n 2.41.1 (n8n-host/), two ways, against the simulator:
//   package: Webhook → Make items (Code) → WMS Inventory: Item Add or Update
//   by hand: Webhook → Make items (Code) → Pack 1000 per body (Code) → HTTP Request (Predefined
//            Credential Type → WMS Integration API, POST <base>/inventory/add), what an experienced
//            n8n user builds without this package.
// Each run is a production execution (the workflows are active; the bench calls the webhook and
// n8n answers when the last node is done), as a scheduled push would be. Every run writes every SKU
// with a value naming the run; afterwards the simulator's store is checked for all of them.
// Printed per run kind (medians): the nodes' own times (executionTime in the saved run data), the
// execution's total (startedAt → stoppedAt), the wall time of the webhook call, peak RSS of n8n's
// main process and of its JS task runner (the Code nodes run there) during the run (and idle), and how
// much the database (or execution data folder) grew per run.
// Then the same again with n8n settings that matter for large runs, each on a fresh n8n:
//   default     n8n's own defaults (SQLite, every execution saved with its data, pruning on)
//   no-save     EXECUTIONS_DATA_SAVE_ON_SUCCESS=none (successful production runs not saved)
//   fs-storage  N8N_EXECUTION_DATA_STORAGE_MODE=filesystem (run data in files, not in the database)
//   heap-<MB>   NODE_OPTIONS=--max-old-space-size=<MB> (n8n's main process heap capped)
//
//   npm run bench real-n8n [-- --items 100000 --runs 3 --rtt 0,50 --variants default,no-save,fs-storage,heap-1024]
//   npm run bench real-n8n -- --file [--rows 1000000,2000000 --runs 1 --reconcile 1000000]  (real-n8n-file.mjs)
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mb, median, rssMb, s, sampledPeak, waitFor } from './n8nMeasure.mjs';
import {
	buildPackage,
	ensureN8n,
	freePort,
	N8nClient,
	startN8n,
	startSimulator,
} from '../scripts/n8n-host.mjs';

const argv = process.argv.slice(2);
const flag = (name, fallback) => {
	const i = argv.indexOf(`--${name}`);
	return i >= 0 ? argv[i + 1] : fallback;
};
const ITEMS = Number(flag('items', '100000'));
const RUNS = Number(flag('runs', '3'));
const RTTS = flag('rtt', '0,50').split(',').map(Number);
const VARIANTS = flag('variants', 'default,no-save,fs-storage,heap-1024').split(',');
const SKU_PREFIX = 'RN8N-';

const SETTINGS = {
	default: { label: "n8n's defaults (SQLite, every successful run saved with its data)", env: {} },
	'no-save': {
		label: 'EXECUTIONS_DATA_SAVE_ON_SUCCESS=none',
		env: { EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'none' },
	},
	'fs-storage': {
		label: 'N8N_EXECUTION_DATA_STORAGE_MODE=filesystem',
		env: { N8N_EXECUTION_DATA_STORAGE_MODE: 'filesystem' },
	},
};
function settingsOf(variant) {
	const heap = /^heap-(\d+)$/.exec(variant);
	if (heap)
		return {
			label: `NODE_OPTIONS=--max-old-space-size=${heap[1]}`,
			env: { NODE_OPTIONS: `--max-old-space-size=${heap[1]}` },
		};
	if (!SETTINGS[variant])
		throw new Error(`unknown variant ${variant} (default, no-save, fs-storage, heap-<MB>)`);
	return SETTINGS[variant];
}

// ---------- workflows ----------

const makeItemsCode = (count) =>
	[
		"const tag = $('Webhook').first().json.body.tag;",
		`const out = new Array(${count});`,
		`for (let i = 0; i < ${count}; i++) {`,
		"\tconst n = String(i).padStart(6, '0');",
		`\tout[i] = { json: { sku: '${SKU_PREFIX}' + n, description: 'Real n8n item ' + i + ' (' + tag + ')', barcodes: ['4000' + String(i).padStart(9, '0')], unit_of_measure: 'EA', weight_kg: 0.25, dimensions_cm: { length: 10, width: 5, height: 2 }, batch_tracked: i % 3 === 0, country_of_origin: 'DE', hs_code: '731815', category: 'bench', x_erp_id: 'E' + i } };`,
		'}',
		'return out;',
	].join('\n');

const packCode = [
	'const items = $input.all();',
	'const bodies = [];',
	'for (let i = 0; i < items.length; i += 1000) bodies.push({ json: { items: items.slice(i, i + 1000).map((item) => item.json) } });',
	'return bodies;',
].join('\n');

function workflow(name, webhookPath, tail, credential) {
	const credentials = { wmsIntegrationApi: { id: credential.id, name: credential.name } };
	const nodes = [
		{
			id: randomUUID(),
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: {
				httpMethod: 'POST',
				path: webhookPath,
				responseMode: 'lastNode',
				responseData: 'noData',
				options: {},
			},
		},
		{
			id: randomUUID(),
			name: 'Make items',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 0],
			parameters: { jsCode: makeItemsCode(ITEMS) },
		},
		...tail.map((node, i) => ({
			id: randomUUID(),
			position: [440 + 220 * i, 0],
			...node,
			...(node.credentialed ? { credentials } : {}),
			credentialed: undefined,
		})),
	];
	const chain = nodes.map((n) => n.name);
	const connections = Object.fromEntries(
		chain
			.slice(0, -1)
			.map((from, i) => [from, { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] }]),
	);
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

function packageWorkflow(credential) {
	return workflow(
		'bench: package node',
		'bench-package',
		[
			{
				name: 'WMS Inventory',
				type: 'n8n-nodes-wms-integration.wmsInventory',
				typeVersion: 1,
				parameters: {
					resource: 'item',
					operation: 'upsert',
					fieldsToSend: 'inputItem',
					options: {},
				},
				credentialed: true,
			},
		],
		credential,
	);
}

function byHandWorkflow(credential, baseUrl, httpVersion) {
	return workflow(
		'bench: Code + HTTP Request',
		'bench-by-hand',
		[
			{
				name: 'Pack 1000 per body',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: { jsCode: packCode },
			},
			{
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: httpVersion,
				parameters: {
					method: 'POST',
					url: `${baseUrl}/inventory/add`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'wmsIntegrationApi',
					sendBody: true,
					specifyBody: 'json',
					jsonBody: '={{ JSON.stringify($json) }}',
					options: {},
				},
				credentialed: true,
			},
		],
		credential,
	);
}

const KINDS = {
	package: { label: 'WMS Inventory node', path: 'bench-package', nodes: ['WMS Inventory'] },
	'by-hand': {
		label: 'Code (pack) + HTTP Request',
		path: 'bench-by-hand',
		nodes: ['Pack 1000 per body', 'HTTP Request'],
	},
};

// ---------- measuring ----------

function sizeMb(target) {
	if (!fs.existsSync(target)) return 0;
	const stat = fs.statSync(target);
	if (!stat.isDirectory()) return stat.size / 2 ** 20;
	return fs.readdirSync(target).reduce((sum, entry) => sum + sizeMb(path.join(target, entry)), 0);
}

const dataSizeMb = (userFolder) => {
	const n8nDir = path.join(userFolder, '.n8n');
	return ['database.sqlite', 'database.sqlite-wal', 'storage'].reduce(
		(sum, f) => sum + sizeMb(path.join(n8nDir, f)),
		0,
	);
};

/** Every SKU stored, each with the value this run sent; the platform accepted each row once. */
function checkStored(simulator, tag) {
	const items = simulator.store
		.list('inventory_item')
		.filter((item) => item.sku.startsWith(SKU_PREFIX));
	const withValue = items.filter((item) => item.description.endsWith(`(${tag})`)).length;
	const rows = simulator.stats().items['/inventory/add'] ?? 0;
	if (items.length !== ITEMS || withValue !== ITEMS || rows !== ITEMS) {
		throw new Error(
			`${tag}: ${items.length} SKUs in the store, ${withValue} with this run's value, ${rows} rows accepted (expected ${ITEMS} each)`,
		);
	}
	return { requests: simulator.stats().requests['/inventory/add'] ?? 0 };
}

async function runOnce(ctx, kind, tag) {
	ctx.simulator.resetStats();
	let wall;
	// Sampled until n8n has saved the execution too (it may write it after answering the webhook).
	const {
		result: executionId,
		main,
		runner,
	} = await sampledPeak(ctx.n8n.child.pid, async () => {
		const t0 = performance.now();
		const response = await callWebhook(ctx, kind, tag);
		const text = await response.text();
		wall = (performance.now() - t0) / 1000;
		if (!response.ok)
			throw new Error(`${kind} ${tag}: webhook answered ${response.status} ${text.slice(0, 300)}`);
		if (!ctx.saves) return null;
		const saved = await waitFor(async () => {
			const [latest] = (
				await ctx.client.api('GET', `/executions?workflowId=${ctx.ids[kind]}&limit=1`)
			).data;
			return latest &&
				latest.id !== ctx.lastExecution[kind] &&
				latest.status !== 'running' &&
				latest.status !== 'new'
				? latest
				: null;
		});
		ctx.lastExecution[kind] = saved.id;
		return saved.id;
	});
	const { requests } = checkStored(ctx.simulator, tag);
	return { kind, tag, wall, main, runner, requests, executionId };
}

/** The production webhook; n8n may register it a moment after the workflow is activated (a 404 ran nothing: try again). */
async function callWebhook(ctx, kind, tag) {
	const deadline = Date.now() + 30000;
	for (;;) {
		const response = await fetch(`${ctx.n8n.url}/webhook/${KINDS[kind].path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ tag }),
		});
		if (response.status !== 404 || Date.now() > deadline) return response;
		await response.text();
		await new Promise((r) => setTimeout(r, 500));
	}
}

/** Node times and the execution's total, read from the saved run data (after all runs, so reading it weighs on no run). */
async function addRunData(ctx, run) {
	if (!run.executionId) return run;
	const execution = await ctx.client.api('GET', `/executions/${run.executionId}?includeData=true`);
	const runData = execution.data?.resultData?.runData ?? {};
	const nodeSeconds = KINDS[run.kind].nodes.map(
		(name) => (runData[name]?.[0]?.executionTime ?? NaN) / 1000,
	);
	const total = (Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt)) / 1000;
	return {
		...run,
		status: execution.status,
		nodeSeconds,
		makeItems: (runData['Make items']?.[0]?.executionTime ?? NaN) / 1000,
		total,
	};
}

async function variant(name, simulator) {
	const settings = settingsOf(name);
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), `wms-bench-n8n-${name}-`));
	console.log(`\n--- ${name}: ${settings.label}`);
	let n8n;
	try {
		n8n = await startN8n({
			userFolder,
			port: await freePort(0),
			env: { N8N_LOG_LEVEL: 'warn', ...settings.env },
		});
		const client = new N8nClient(n8n.url);
		await client.ensureOwner(n8n.state, n8n.saveState);
		await client.createApiKey('bench');
		const credential = await client.importCredential(simulator);
		const types = await client.request('GET', '/types/nodes.json');
		const http = types.data
			.filter((t) => t.name === 'n8n-nodes-base.httpRequest')
			.flatMap((t) => [t.version].flat());
		const ids = {};
		for (const [kind, body] of [
			['package', packageWorkflow(credential)],
			['by-hand', byHandWorkflow(credential, simulator.baseUrl, Math.max(...http))],
		]) {
			ids[kind] = (await client.api('POST', '/workflows', body)).id;
			await client.api('POST', `/workflows/${ids[kind]}/activate`);
		}
		const ctx = {
			n8n,
			client,
			simulator,
			userFolder,
			ids,
			lastExecution: {},
			saves: name !== 'no-save',
		};
		const idle = rssMb(n8n.child.pid);
		const dataBefore = dataSizeMb(userFolder);
		const runs = [];
		for (const rtt of RTTS) {
			simulator.latency.set({ roundTripMs: rtt });
			await runOnce(ctx, 'package', `warm-${name}-${rtt}`); // JIT and n8n's first-run work, not counted
			await runOnce(ctx, 'by-hand', `warm-${name}-${rtt}-h`);
			for (let i = 0; i < RUNS; i++) {
				for (const kind of Object.keys(KINDS)) {
					const run = await runOnce(ctx, kind, `${name}-${rtt}-${kind}-${i}`);
					runs.push({ ...run, rtt });
					console.log(
						`  ${rtt} ms ${kind.padEnd(8)} run ${i + 1}: wall ${s(run.wall)}, n8n main ${mb(run.main)}, runner ${mb(run.runner)}, ${run.requests} requests`,
					);
				}
			}
		}
		simulator.latency.set({});
		// The database (or execution data folder) over all runs, warm-ups included: one run's own growth hides in SQLite's write-ahead log.
		const perRunMb = (dataSizeMb(userFolder) - dataBefore) / (runs.length + 2 * RTTS.length);
		const hwm =
			Number(
				/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${n8n.child.pid}/status`, 'utf8'))?.[1] ??
					0,
			) / 1024;
		const detailed = [];
		for (const run of runs) detailed.push(await addRunData(ctx, run));
		return { name, label: settings.label, runs: detailed, hwm, idle, perRunMb };
	} catch (error) {
		console.log(`  ${name} failed: ${error.message.split('\n')[0]}`);
		const tail = n8n?.tail?.() ?? '';
		if (tail) console.log(`  last n8n output: ${tail.split('\n').slice(-6).join(' | ')}`);
		return { name, label: settings.label, runs: [], failed: error.message.split('\n')[0] };
	} finally {
		await n8n?.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

function report(results) {
	console.log(
		`\n${ITEMS.toLocaleString('en-US')} items in real n8n 2.41.1; medians of ${RUNS} runs (production executions through a webhook)`,
	);
	const head = [
		'settings',
		'round trip',
		'way',
		'node time',
		'execution',
		'webhook wall',
		'n8n main peak',
		'runner peak',
	];
	console.log(head.join(' | '));
	for (const r of results) {
		if (r.failed) {
			console.log(`${r.name} | — | — | failed: ${r.failed}`);
			continue;
		}
		for (const rtt of RTTS) {
			for (const kind of Object.keys(KINDS)) {
				const runs = r.runs.filter((x) => x.rtt === rtt && x.kind === kind);
				const nodeTimes = KINDS[kind].nodes.map((_, i) =>
					median(runs.map((x) => x.nodeSeconds?.[i] ?? NaN)),
				);
				const nodeText = nodeTimes.every(Number.isFinite)
					? nodeTimes.map(s).join(' + ')
					: 'not saved';
				const row = [
					r.name,
					`${rtt} ms`,
					KINDS[kind].label,
					nodeText,
					s(median(runs.map((x) => x.total ?? NaN))),
					s(median(runs.map((x) => x.wall))),
					mb(median(runs.map((x) => x.main))),
					mb(median(runs.map((x) => x.runner))),
				];
				console.log(row.join(' | '));
			}
		}
		const makeItems = median(r.runs.map((x) => x.makeItems ?? NaN));
		console.log(
			`${r.name}: n8n main ${mb(r.idle.main)} idle, ${mb(r.hwm)} at its highest over all runs; runner ${mb(r.idle.others)} idle; database and execution data grew ${mb(r.perRunMb)} per run; the Make items Code node ${s(makeItems)}`,
		);
	}
	console.log(
		"every run: all SKUs stored with that run's value, each row accepted once (checked in the simulator's store)",
	);
}

async function main() {
	await buildPackage({ ifChanged: true });
	await ensureN8n();
	const simulator = await startSimulator({ port: 0, host: '127.0.0.1' });
	try {
		const results = [];
		for (const name of VARIANTS) results.push(await variant(name, simulator));
		report(results);
	} finally {
		await simulator.close();
	}
}

// --file: an ERP export as a file instead of items (real-n8n-file.mjs).
(argv.includes('--file')
	? import('./real-n8n-file.mjs').then((m) => m.fileBench(argv))
	: main()
).catch((error) => {
	console.error(error);
	process.exit(1);
});
