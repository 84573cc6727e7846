#!/usr/bin/env node
// `npm start`: build the package, install real n8n on first use, start the simulator and n8n with the
// package loaded, an owner, the "WMS Simulator" credential and the example workflows. Ctrl-C stops all.
//
// Options: --no-build (skip the build), --build (build even if no source changed), --port <n> (n8n, default 5678 or next free),
//          --sim-port <n> (simulator, default 8787 or next free), --fresh (new n8n user folder),
//          --user-folder <dir> (instead of .n8n-local/),
//          --queue (n8n's queue mode: Postgres, Redis, a main and --workers <n> workers, default 2; folder .n8n-local-queue/),
//          --tls (the simulator over HTTPS with a CA of its own, kept in <user folder>/tls/; the credential trusts it),
//          --erp-port <n> (the ERP database, default 5433 or next free),
//          --shape acme (the simulator speaks another vendor's description, see dev/simulator/README.md),
//          --contract <file> (the simulator serves and validates against another contract in our wire shapes).
// The ERP database (Postgres, dev/erp/) runs in the user folder's erp/ beside n8n, wired to n8n's
// Postgres credential "ERP database" with the examples of examples/erp-database/. In queue mode a
// worker that dies is started again, as a site's supervisor would; the main dying stops everything.
import fs from 'node:fs';
import path from 'node:path';
import {
	ROOT,
	buildPackage,
	checkPackageLoaded,
	ensureN8n,
	filesFolderOf,
	freePort,
	log,
	N8nClient,
	prepareFilesFolder,
	simulatorCertificates,
	startN8n,
	startSimulator,
} from './n8n-host.mjs';
import { banner, shown } from '../n8n-host/lib/banner.mjs';
import { startCredential } from '../n8n-host/lib/credential.mjs';
import { startQueueProfile } from '../n8n-host/lib/queue.mjs';
import { ERP_EXAMPLES_DIR, connectErp, startErpDatabase } from '../n8n-host/lib/erp.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
	const i = args.indexOf(name);
	return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};

const text = (name) => {
	const i = args.indexOf(name);
	return i >= 0 && args[i + 1] ? args[i + 1] : undefined;
};

const queue = flag('--queue');
const tls = flag('--tls');
const folderArg = args.indexOf('--user-folder');
const USER_FOLDER =
	folderArg >= 0
		? path.resolve(args[folderArg + 1])
		: path.join(ROOT, queue ? '.n8n-local-queue' : '.n8n-local');
const started = Date.now();
const cleanups = [];
let stopping = false;

async function stopAll(code) {
	if (stopping) return;
	stopping = true;
	log('stopping...');
	for (const cleanup of cleanups.reverse()) {
		try {
			await cleanup();
		} catch (error) {
			log('  while stopping:', error.message);
		}
	}
	log('stopped.');
	process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

try {
	if (!flag('--no-build')) await buildPackage({ ifChanged: !flag('--build') });
	await ensureN8n();

	// A fresh folder first: the simulator's CA is kept in it.
	if (flag('--fresh')) fs.rmSync(USER_FOLDER, { recursive: true, force: true });
	fs.mkdirSync(USER_FOLDER, { recursive: true });
	const simPort = await freePort(option('--sim-port', 8787));
	const tlsFolder = path.join(USER_FOLDER, 'tls');
	const certificates = tls ? await simulatorCertificates(tlsFolder) : undefined;
	const simulator = await startSimulator({
		port: simPort,
		host: '127.0.0.1',
		demoData: true,
		autoWork: { intervalMs: 30000 },
		tls: certificates?.server,
		shape: text('--shape'),
		contract: text('--contract') && path.resolve(text('--contract')),
	});
	cleanups.push(() => simulator.close());
	log(`simulator up at ${simulator.baseUrl}`);
	const description = simulator.description.get();

	const folder = shown(USER_FOLDER);
	const erp = await startErp(simPort);
	let n8n;
	let profile;
	if (queue) {
		log(
			`starting n8n in queue mode (folder ${folder}/: Postgres, Redis, main and workers, a log for each)...`,
		);
		profile = await startQueueProfile({
			folder: USER_FOLDER,
			port: await freePort(option('--port', 5678), [simPort]),
			workers: option('--workers', 2),
		});
		cleanups.push(() => profile.stop());
		n8n = profile.main;
	} else {
		const port = await freePort(option('--port', 5678), [simPort]);
		log(`starting n8n on 127.0.0.1:${port} (user folder ${folder}/, log in n8n.log there)...`);
		n8n = await startN8n({
			userFolder: USER_FOLDER,
			port,
			logFile: path.join(USER_FOLDER, 'n8n.log'),
		});
		cleanups.push(() => n8n.stop());
	}
	n8n.exited.then((how) => {
		if (!stopping) {
			log(
				`n8n${profile ? ' main' : ''} exited unexpectedly (${JSON.stringify(how)}); it runs the editor, the triggers${profile ? ' and the queue' : ''}: stopping everything. Last output:\n${n8n.tail()}`,
			);
			stopAll(1);
		}
	});
	if (profile) profile.workers.forEach((worker, i) => superviseWorker(profile, i, worker));

	const client = new N8nClient(n8n.url);
	const owner = await client.ensureOwner(n8n.state, n8n.saveState);
	await checkPackageLoaded(n8n, client);
	// One API key per user folder, kept in its state file (n8n shows a key only when creating it).
	client.apiKey = n8n.state.apiKey ?? '';
	const keyWorks =
		client.apiKey &&
		(
			await client.request('GET', '/api/v1/workflows?limit=1', {
				headers: { 'X-N8N-API-KEY': client.apiKey },
				expect: false,
			})
		).ok;
	if (!keyWorks) {
		n8n.state.apiKey = await client.createApiKey('npm start');
		n8n.saveState();
	}
	// What the person changed in the credential since stays (see credential.mjs).
	const credential = await startCredential(client, {
		simulator,
		fields: certificates ? { trustPrivateCa: true, caCertificate: certificates.ca.cert } : {},
		shaped: text('--shape') ? `--shape ${text('--shape')}` : text('--contract') && '--contract',
		description,
		state: n8n.state,
	});
	n8n.saveState();
	// The folder n8n may read and write files in, with the file example's export in it.
	const filesFolder = prepareFilesFolder(profile?.filesFolder ?? filesFolderOf(USER_FOLDER));
	log(
		`files folder ${shown(filesFolder)}/ (N8N_RESTRICT_FILE_ACCESS_TO), the examples' data in it`,
	);
	const imported = await client.importWorkflows(path.join(ROOT, 'examples'), credential, {
		imported: n8n.state.imported,
		filesFolder,
	});
	// What this import wrote (an edited copy keeps its old entry, so it stays "edited" next time too).
	n8n.state.imported = Object.fromEntries(
		imported.map((wf) => [
			wf.name,
			wf.kept ? n8n.state.imported?.[wf.name] : wf.workflow.versionId,
		]),
	);
	n8n.saveState();
	for (const wf of imported.filter((w) => w.kept))
		log(`kept your edited copy of "${wf.name}" (examples/${wf.file} not re-imported)`);
	for (const wf of imported) {
		if (wf.active && !wf.kept) {
			try {
				await client.api('POST', `/workflows/${wf.id}/activate`);
			} catch (error) {
				log(`  could not activate "${wf.name}": ${error.message}`);
			}
		}
	}
	const erpWorkflows = await importErpExamples(client, erp, credential, n8n);

	console.log(
		banner({
			n8n,
			owner,
			credential,
			imported,
			erpWorkflows,
			erp,
			simulator,
			description,
			filesFolder,
			profile,
			caFile: certificates && path.join(tlsFolder, 'ca.pem'),
			seconds: Math.round((Date.now() - started) / 100) / 10,
		}),
	);
} catch (error) {
	console.error(`\n[n8n-host] npm start failed: ${error.stack ?? error}`);
	await stopAll(1);
}

/** The ERP database in the user folder (kept between starts, demo data on the first). */
async function startErp(simPort) {
	const port = await freePort(option('--erp-port', 5433), [simPort]);
	const erp = await startErpDatabase({ folder: USER_FOLDER, port });
	cleanups.push(() => erp.stop());
	log(`ERP database up on 127.0.0.1:${erp.port} (folder ${shown(path.join(USER_FOLDER, 'erp'))}/)`);
	return erp;
}

/** The "ERP database" credential, the ERP examples (an edited copy is kept) and the error inbox. */
async function importErpExamples(client, erp, credential, n8n) {
	const { workflows } = await connectErp(client, {
		erp,
		credential,
		imported: n8n.state.importedErp,
	});
	n8n.state.importedErp = Object.fromEntries(
		workflows.map((wf) => [
			wf.name,
			wf.kept ? n8n.state.importedErp?.[wf.name] : wf.workflow.versionId,
		]),
	);
	n8n.saveState();
	for (const wf of workflows.filter((w) => w.kept))
		log(`kept your edited copy of "${wf.name}" (${shown(path.join(ERP_EXAMPLES_DIR, wf.file))})`);
	return workflows;
}

/**
 * A worker that dies is reported by name and started again, as a site's supervisor (systemd,
 * Kubernetes) would, while the other workers go on; after five deaths within two minutes it is
 * left down, said so, and the rest keeps running.
 */
function superviseWorker(profile, i, worker, deaths = []) {
	const name = profile.workerName(i);
	worker.exited.then(async (how) => {
		if (stopping) return;
		const now = Date.now();
		const recent = [...deaths.filter((at) => now - at < 120000), now];
		const lastLines = worker.tail().trim().split('\n').slice(-5).join('\n    ');
		log(
			`${name} died (${how.signal ?? `exit code ${how.code}`}); the other workers go on. Last output:\n    ${lastLines}`,
		);
		if (recent.length > 5) {
			log(
				`${name} died ${recent.length} times in two minutes: left down (see ${shown(worker.logFile)})`,
			);
			return;
		}
		const delayMs = Math.min(30000, 1000 * 2 ** (recent.length - 1));
		log(`starting ${name} again in ${delayMs / 1000} s...`);
		await new Promise((resolve) => setTimeout(resolve, delayMs));
		if (stopping) return;
		try {
			const again = await profile.startWorker(i);
			log(
				`${name} is back: health http://127.0.0.1:${again.port}/healthz   pid ${again.child.pid}`,
			);
			superviseWorker(profile, i, again, recent);
		} catch (error) {
			log(`${name} did not start again: ${error.message}`);
			superviseWorker(profile, i, { ...worker, exited: Promise.resolve({ code: 1 }) }, recent);
		}
	});
}
