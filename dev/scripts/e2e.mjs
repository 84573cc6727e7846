#!/usr/bin/env node
// `npm run test:e2e`: the package in real n8n 2.41.1 (and a real browser) against the simulator.
// Builds, makes sure n8n and Chromium are installed, starts the simulator and n8n once, then runs every
// test/e2e/*.e2e.mjs file in order against that one instance. Ends with `e2e: N passed, N failed`.
//
// Usage: node dev/scripts/e2e.mjs [name-filter...] [--no-build] [--keep] [--update-images]
//   name-filter      run only test files whose name contains one of the words
//   --keep           leave n8n and the simulator running afterwards (prints URL + login), Ctrl-C ends
//   --update-images  refresh the README screenshots in docs/images/ (otherwise only missing ones
//                    are added there; every run writes all of them to test-results/e2e/)
//
// A test file default-exports an array of {name, run(ctx), timeoutMs?} or a function (ctx) → that
// array (for one test per node type, per example...), run by dev/n8n-host/lib/suite.mjs. `ctx` is
// described in docs/n8n-host.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
	ROOT,
	PACKAGE_JSON,
	PACKAGE_NAME,
	buildPackage,
	checkPackageLoaded,
	ensureN8n,
	filesFolderOf,
	freePort,
	log,
	n8nCli,
	N8nClient,
	prepareFilesFolder,
	startN8n,
	startSimulator,
} from './n8n-host.mjs';
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
const TEST_DIR = path.join(ROOT, 'test', 'e2e');
const started = Date.now();
const cleanups = [];
let passed = 0;
let failed = 0;

function finish(code) {
	console.log(`\ne2e: ${passed} passed, ${failed} failed`);
	process.exit(code);
}

const cleanup = () => runCleanups(cleanups);
stopOnSignals(async (code) => {
	await cleanup();
	finish(code);
});

/** Node type names the package declares, read from the built files listed in package.json (n8n.nodes). */
function declaredTypes() {
	const require = createRequire(import.meta.url);
	const load = (rel) => {
		const mod = require(path.join(ROOT, rel));
		const Cls = Object.values(mod).find((v) => typeof v === 'function');
		return new Cls();
	};
	const nodes = (PACKAGE_JSON.n8n?.nodes ?? []).map((rel) => {
		const instance = load(rel);
		const description = instance.description ?? {};
		const latest = instance.nodeVersions
			? instance.nodeVersions[instance.currentVersion].description
			: description;
		return {
			file: rel,
			name: description.name ?? latest.name,
			type: `${PACKAGE_NAME}.${description.name ?? latest.name}`,
			displayName: description.displayName ?? latest.displayName,
			usableAsTool: Boolean(latest.usableAsTool ?? description.usableAsTool),
			isTrigger: Boolean(latest.polling || (latest.group ?? []).includes('trigger')),
			description: latest,
		};
	});
	const credentials = (PACKAGE_JSON.n8n?.credentials ?? []).map((rel) => {
		const instance = load(rel);
		return {
			file: rel,
			name: instance.name,
			displayName: instance.displayName,
			description: instance,
		};
	});
	return { nodes, credentials };
}

async function main() {
	const files = testFiles(TEST_DIR, filters);

	if (!args.includes('--no-build')) await buildPackage();
	await ensureN8n();
	await ensureChromium();
	const declared = declaredTypes();

	const simulator = await startSimulator({
		port: 0,
		host: '127.0.0.1',
		demoData: true,
		autoWork: false,
	});
	cleanups.push(() => simulator.close());
	log(`simulator at ${simulator.baseUrl}`);

	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-e2e-'));
	if (!keep) cleanups.push(() => fs.rmSync(userFolder, { recursive: true, force: true }));
	const port = await freePort(0); // any free port: several suites may run side by side
	const t0 = Date.now();
	const n8n = await startN8n({ userFolder, port });
	cleanups.push(() => n8n.stop());
	log(
		`n8n ready at ${n8n.url} in ${((Date.now() - t0) / 1000).toFixed(1)} s (log: ${n8n.logFile})`,
	);

	const client = new N8nClient(n8n.url);
	const owner = await client.ensureOwner(n8n.state, n8n.saveState);
	await checkPackageLoaded(n8n, client);
	await client.createApiKey('e2e');
	const credential = await client.importCredential(simulator);
	const filesFolder = prepareFilesFolder(filesFolderOf(userFolder));
	const workflows = await client.importWorkflows(path.join(ROOT, 'examples'), credential, {
		filesFolder,
	});
	log(`owner, API key, credential and ${workflows.length} example workflow(s) in place`);

	// What the editor knows about every node type (name → description of its newest version).
	const nodeTypes = await nodeTypesOf(client);

	const ctx = {
		root: ROOT,
		packageName: PACKAGE_NAME,
		packageJson: PACKAGE_JSON,
		declared,
		nodeTypes,
		simulator,
		n8n,
		client,
		owner,
		credential,
		workflows,
		/** The folder n8n may read and write files in (N8N_RESTRICT_FILE_ACCESS_TO), the sample data in it. */
		filesFolder,
		/** Screenshots: every run writes test-results/e2e/; docs/images/ gets new ones, or all with --update-images. */
		shotsDir: path.join(ROOT, 'test-results', 'e2e'),
		imagesDir: path.join(ROOT, 'docs', 'images'),
		updateImages: args.includes('--update-images'),
		/** Runs `fn` when the suite ends (after the tests, before n8n and the simulator stop). */
		onCleanup: (fn) => cleanups.push(fn),
		log: (...a) => console.log('      ', ...a),
		/** `n8n <args>` against this instance's user folder (import:workflow, export:workflow...). */
		async cli(cliArgs) {
			const brokerPort = await freePort(0, [n8n.port, n8n.brokerPort]);
			return n8nCli(cliArgs, {
				userFolder,
				encryptionKey: n8n.state.encryptionKey,
				port: n8n.port,
				brokerPort,
			});
		},
		/** One shared Chromium (launched on first use). */
		browser: sharedBrowser(cleanups),
	};

	({ passed, failed } = await runTestFiles(TEST_DIR, files, ctx));
	log(`suite time ${((Date.now() - started) / 1000).toFixed(1)} s`);

	if (keep) {
		console.log(
			`\n--keep: n8n at ${n8n.url}/ (${owner.email} / ${owner.password}), simulator at ${simulator.baseUrl}; Ctrl-C ends`,
		);
		console.log(`e2e: ${passed} passed, ${failed} failed`);
		await new Promise(() => {});
	}
}

try {
	await main();
} catch (error) {
	failed++;
	console.log(`\n✗ e2e setup failed: ${error.stack ?? error}`);
}
await cleanup();
finish(failed ? 1 : 0);
