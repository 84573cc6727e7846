#!/usr/bin/env node
// `npm test` step e2e-erp: the ERP end of the wire. A real ERP database (Postgres, dev/erp/), the
// simulator and real n8n 2.41.1 with the package, n8n's own Postgres credential and the examples of
// examples/erp-database/; then every test/e2e-erp/*.e2e.mjs in order against that one setup.
// Ends with `e2e-erp: N passed, N failed`.
//
// The browser check of the execution list restarts n8n with E2E_TESTS=true: n8n's own switch for
// testing licensed screens, used only to turn on "advanced execution filters" (free with a
// registered Community Edition), so the list can be filtered by an order number as at a
// registered site.
//
// Usage: node dev/scripts/e2e-erp.mjs [name-filter...] [--no-build] [--keep] [--update-images]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
	ROOT,
	PACKAGE_NAME,
	buildPackage,
	checkPackageLoaded,
	ensureN8n,
	freePort,
	log,
	N8nClient,
	startN8n,
	startSimulator,
} from './n8n-host.mjs';
import { connectErp, startErpDatabase } from '../n8n-host/lib/erp.mjs';
import { ensureChromium, sharedBrowser } from '../n8n-host/lib/browser.mjs';
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
const TEST_DIR = path.join(ROOT, 'test', 'e2e-erp');
const started = Date.now();
const cleanups = [];
let passed = 0;
let failed = 0;

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const cleanup = () => runCleanups(cleanups);
stopOnSignals(async (code) => {
	await cleanup();
	console.log(`\ne2e-erp: ${passed} passed, ${failed} failed`);
	process.exit(code);
});

async function main() {
	const files = testFiles(TEST_DIR, filters);
	if (!args.includes('--no-build')) await buildPackage({ ifChanged: true });
	await ensureN8n();
	await ensureChromium();

	const simulator = await startSimulator({
		port: 0,
		host: '127.0.0.1',
		demoData: true,
		autoWork: false,
	});
	cleanups.push(() => simulator.close());
	const simBase = simulator.baseUrl.replace(/\/v1\/?$/, '');
	log(`simulator at ${simulator.baseUrl}`);

	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-e2e-erp-'));
	if (!keep) cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
	const t0 = Date.now();
	const erp = await startErpDatabase({ folder, port: await freePort(0), fast: true });
	cleanups.push(() => erp.stop());
	log(`ERP database up in ${seconds(t0)} (127.0.0.1:${erp.port}, database ${erp.database})`);

	const userFolder = path.join(folder, 'n8n');
	const port = await freePort(0, [erp.port]);
	const n8nOptions = { userFolder, port, logFile: path.join(folder, 'n8n.log') };
	const t1 = Date.now();
	let n8n = await startN8n(n8nOptions);
	cleanups.push(() => n8n.stop());
	log(`n8n ready at ${n8n.url} in ${seconds(t1)} (log: ${n8n.logFile})`);

	const client = new N8nClient(n8n.url);
	const owner = await client.ensureOwner(n8n.state, n8n.saveState);
	await checkPackageLoaded(n8n, client);
	await client.createApiKey('e2e-erp');
	const credential = await client.importCredential(simulator);
	const { erpCredential, workflows } = await connectErp(client, { erp, credential });
	log(`credentials, inbox table and ${workflows.length} ERP example workflow(s) in place`);

	const ctx = {
		root: ROOT,
		packageName: PACKAGE_NAME,
		simulator,
		erp,
		client,
		owner,
		credential,
		erpCredential,
		workflows,
		nodeTypes: await nodeTypesOf(client),
		folder,
		shotsDir: path.join(ROOT, 'test-results', 'e2e-erp'),
		imagesDir: path.join(ROOT, 'docs', 'images'),
		updateImages: args.includes('--update-images'),
		get n8n() {
			return n8n;
		},
		/** The simulator's control API (`/_sim/...`), as a separate process would drive it. */
		async sim(pathname, body, method) {
			const res = await fetch(`${simBase}/_sim${pathname}`, {
				method: method ?? (body === undefined ? 'GET' : 'POST'),
				headers: body === undefined ? {} : { 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			if (!res.ok) throw new Error(`/_sim${pathname} → ${res.status}: ${await res.text()}`);
			return res.json();
		},
		/** SIGKILL to n8n (its whole process group) and wait until it is gone: a crash. */
		async killN8n() {
			process.kill(-n8n.child.pid, 'SIGKILL');
			await n8n.exited;
		},
		/**
		 * Starts n8n again on the same user folder and port (with `env` added); the client's login and
		 * API key still work.
		 */
		async restartN8n(env = {}) {
			n8n = await startN8n({ ...n8nOptions, env: { ...n8nOptions.env, ...env } });
			return n8n;
		},
		onCleanup: (fn) => cleanups.push(fn),
		log: (...a) => console.log('      ', ...a),
		/** One shared Chromium (launched on first use). */
		browser: sharedBrowser(cleanups),
	};
	({ passed, failed } = await runTestFiles(TEST_DIR, files, ctx));
	log(`suite time ${seconds(started)}`);
	if (failed > 0) {
		// The folder goes with the cleanup: what n8n warned of stays in the test's output.
		const said = fs
			.readFileSync(n8n.logFile, 'utf8')
			.split('\n')
			.filter((line) => /\b(warn|error)\b/i.test(line));
		log(`n8n's last warnings and errors (${said.length} in all):`);
		for (const line of said.slice(-40)) console.log(`    ${line.slice(0, 400)}`);
	}

	if (keep) {
		console.log(
			`\n--keep: n8n at ${n8n.url}/ (${owner.email} / ${owner.password}), simulator at ${simulator.baseUrl}, ERP database postgres://${erp.integration.user}:${erp.integration.password}@127.0.0.1:${erp.port}/${erp.database}; Ctrl-C ends`,
		);
		console.log(`e2e-erp: ${passed} passed, ${failed} failed`);
		await new Promise(() => {});
	}
}

try {
	await main();
} catch (error) {
	failed++;
	console.log(`\n✗ e2e-erp setup failed: ${error.stack ?? error}`);
}
await cleanup();
console.log(`\ne2e-erp: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
