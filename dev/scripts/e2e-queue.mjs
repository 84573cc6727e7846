#!/usr/bin/env node
// `npm test` step e2e-queue: the package in n8n's queue mode — Postgres, Redis, an n8n main and two
// workers (dev/n8n-host/lib/queue.mjs), started once — against the simulator. Runs every
// test/e2e-queue/*.e2e.mjs in order against that one profile. Ends with `e2e-queue: N passed, N failed`.
//
// Usage: node dev/scripts/e2e-queue.mjs [name-filter...] [--no-build] [--keep]
//   --keep   leave everything running afterwards (prints URL + login), Ctrl-C ends
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
	ROOT,
	PACKAGE_NAME,
	buildPackage,
	checkPackageLoaded,
	ensureN8n,
	log,
	prepareFilesFolder,
	N8nClient,
	startSimulator,
} from './n8n-host.mjs';
import { startQueueProfile } from '../n8n-host/lib/queue.mjs';
import {
	nodeTypesOf,
	runCleanups,
	runTestFiles,
	stopOnSignals,
	testFiles,
} from '../n8n-host/lib/suite.mjs';

const args = process.argv.slice(2);
const filters = args.filter((a) => !a.startsWith('--'));
const keep = args.includes('--keep');
const TEST_DIR = path.join(ROOT, 'test', 'e2e-queue');
const started = Date.now();
const cleanups = [];
let passed = 0;
let failed = 0;

/**
 * Bull's stalled-job check, shortened so a killed worker's execution is given up within about half
 * a minute instead of n8n's default one and a half; still far above the longest pause a busy worker
 * makes (n8n saving a 100,000-item run).
 */
const TEST_ENV = {
	QUEUE_WORKER_LOCK_DURATION: '20000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '4000',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
	N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
};

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const cleanup = () => runCleanups(cleanups);
stopOnSignals(async (code) => {
	await cleanup();
	console.log(`\ne2e-queue: ${passed} passed, ${failed} failed`);
	process.exit(code);
});

async function main() {
	const files = testFiles(TEST_DIR, filters);
	if (!args.includes('--no-build')) await buildPackage({ ifChanged: true });
	await ensureN8n();

	const simulator = await startSimulator({
		port: 0,
		host: '127.0.0.1',
		demoData: true,
		autoWork: false,
	});
	cleanups.push(() => simulator.close());
	log(`simulator at ${simulator.baseUrl}`);

	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-e2e-queue-'));
	if (!keep) cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
	const t0 = Date.now();
	const profile = await startQueueProfile({ folder, fast: true, env: TEST_ENV });
	cleanups.push(() => profile.stop());
	log(`queue profile up in ${seconds(t0)} (folder ${folder})`);

	const client = new N8nClient(profile.url);
	const owner = await client.ensureOwner(profile.state, profile.saveState);
	await checkPackageLoaded(profile.main, client);
	await client.createApiKey('e2e-queue');
	const credential = await client.importCredential(simulator);
	const filesFolder = prepareFilesFolder(profile.filesFolder);
	const workflows = await client.importWorkflows(path.join(ROOT, 'examples'), credential, {
		filesFolder,
	});
	log(`owner, API key, credential and ${workflows.length} example workflow(s) in place`);

	const ctx = {
		root: ROOT,
		simulator,
		/** The simulator's control API (`/_sim/...`), as a separate process would drive it. */
		async sim(pathname, body) {
			const res = await fetch(`${simulator.baseUrl.replace(/\/v1\/?$/, '')}/_sim${pathname}`, {
				method: body === undefined ? 'GET' : 'POST',
				headers: body === undefined ? {} : { 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			if (!res.ok) throw new Error(`/_sim${pathname} → ${res.status}: ${await res.text()}`);
			return res.json();
		},
		packageName: PACKAGE_NAME,
		filesFolder,
		profile,
		client,
		owner,
		credential,
		workflows,
		nodeTypes: await nodeTypesOf(client),
		folder,
		onCleanup: (fn) => cleanups.push(fn),
		log: (...a) => console.log('      ', ...a),
	};
	({ passed, failed } = await runTestFiles(TEST_DIR, files, ctx));
	log(`suite time ${seconds(started)}`);

	if (keep) {
		console.log(
			`\n--keep: n8n at ${profile.url}/ (${owner.email} / ${owner.password}), simulator at ${simulator.baseUrl}; Ctrl-C ends`,
		);
		console.log(`e2e-queue: ${passed} passed, ${failed} failed`);
		await new Promise(() => {});
	}
}

try {
	await main();
} catch (error) {
	failed++;
	console.log(`\n✗ e2e-queue setup failed: ${error.stack ?? error}`);
}
await cleanup();
console.log(`\ne2e-queue: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
