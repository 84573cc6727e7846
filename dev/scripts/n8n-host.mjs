// Real n8n (pinned in n8n-host/) for `npm start` and the end-to-end tests: install it when missing
// (dev/n8n-host/lib/install.mjs), start it with this package installed as a community package, drive it
// over HTTP (dev/n8n-host/lib/client.mjs), build the package and start the simulator.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CREDENTIAL_TYPE } from '../n8n-host/lib/client.mjs';
import { filesFolderOf } from '../n8n-host/lib/files.mjs';
import { HOSTS, ROOT, log, mustRun, n8nBin, run } from '../n8n-host/lib/install.mjs';
import { freePort } from '../n8n-host/lib/ports.mjs';

export * from '../n8n-host/lib/install.mjs';
export * from '../n8n-host/lib/files.mjs';
export * from '../n8n-host/lib/client.mjs';
export * from '../n8n-host/lib/ports.mjs';

export const PACKAGE_JSON = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
export const PACKAGE_NAME = PACKAGE_JSON.name;

// ---------- user folder ----------

/**
 * Installs the built package into N8N_USER_FOLDER exactly as n8n's "Install community node" does
 * (community-packages.service.js in n8n 2.41): the `npm pack` tarball unpacked into
 * `.n8n/nodes/node_modules/<name>`, devDependencies and peerDependencies stripped from its
 * package.json, the version recorded in `.n8n/nodes/package.json`. So the node code runs against
 * n8n's own n8n-workflow (found through n8n's NODE_PATH), not the repo's devDependency copy — which
 * is what catches an API the host n8n version lacks. Node types are `n8n-nodes-wms-integration.<name>`.
 */
export async function installPackage(userFolder, { tarball } = {}) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	const tmp = tarball ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'wms-pack-'));
	try {
		const file = tarball ?? (await packPackage(tmp));
		fs.rmSync(target, { recursive: true, force: true });
		fs.mkdirSync(target, { recursive: true });
		await mustRun('tar', ['-xzf', file, '-C', target, '--strip-components=1'], { quiet: true });
	} finally {
		if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
	}
	const pkgFile = path.join(target, 'package.json');
	const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
	for (const key of ['devDependencies', 'peerDependencies', 'optionalDependencies'])
		delete pkg[key];
	fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n');
	const nodesPkgFile = path.join(nodesDir, 'package.json');
	const nodesPkg = fs.existsSync(nodesPkgFile)
		? JSON.parse(fs.readFileSync(nodesPkgFile, 'utf8'))
		: { name: 'installed-nodes', private: true };
	nodesPkg.dependencies = { ...nodesPkg.dependencies, [PACKAGE_NAME]: pkg.version };
	fs.writeFileSync(nodesPkgFile, JSON.stringify(nodesPkg, null, 2) + '\n');
	return target;
}

/** `npm pack` of the built package into `dir`; answers the tarball's path. */
export async function packPackage(dir) {
	const { out } = await mustRun(
		'npm',
		['pack', '--json', '--ignore-scripts', '--pack-destination', dir],
		{ quiet: true },
	);
	const [{ filename }] = JSON.parse(out.slice(out.search(/^\[/m)));
	return path.join(dir, filename);
}

/** The user folder's own state: a stable encryption key (credentials survive restarts), the owner... */
export function userFolderState(userFolder) {
	fs.mkdirSync(userFolder, { recursive: true });
	const stateFile = path.join(userFolder, 'wms-host.json');
	const state = fs.existsSync(stateFile) ? JSON.parse(fs.readFileSync(stateFile, 'utf8')) : {};
	const saveState = () => fs.writeFileSync(stateFile, JSON.stringify(state, null, 2) + '\n');
	if (!state.encryptionKey) {
		state.encryptionKey = randomBytes(24).toString('hex');
		saveState();
	}
	return { state, saveState };
}

/** Env that keeps n8n local, quiet and self-contained (see shared TOOLCHAIN notes). */
export function n8nEnv({
	userFolder,
	port,
	brokerPort,
	encryptionKey,
	env = {},
	host = HOSTS.n8n2,
}) {
	return {
		PATH: `${path.dirname(host.node)}:${process.env.PATH}`,
		HOME: process.env.HOME,
		TMPDIR: process.env.TMPDIR ?? '/tmp',
		LANG: process.env.LANG ?? 'C.UTF-8',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: encryptionKey,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		// instance-ai: n8n's Assistant, which would be the page after logging in (the AI is off here).
		N8N_DISABLED_MODULES: 'mcp-registry,instance-ai',
		N8N_PYTHON_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_COMMUNITY_PACKAGES_PREVENT_LOADING: 'false',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		DB_TYPE: 'sqlite',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		// The one folder Read/Write Files from Disk may use (dev/n8n-host/lib/files.mjs).
		N8N_RESTRICT_FILE_ACCESS_TO: filesFolderOf(userFolder),
		...host.env,
		...env,
	};
}

/** Runs an `n8n` CLI command (import:workflow, execute...) against a user folder; n8n need not be running. */
export function n8nCli(
	args,
	{
		userFolder,
		encryptionKey,
		port = 5678,
		brokerPort,
		env = {},
		quiet = true,
		host = HOSTS.n8n2,
	} = {},
) {
	return run(host.node, [n8nBin(host), ...args], {
		env: n8nEnv({ userFolder, port, brokerPort: brokerPort ?? port + 1, encryptionKey, env, host }),
		quiet,
	});
}

// ---------- n8n process ----------

/** Process groups of the n8n processes started here and not yet stopped. */
const running = new Set();
let guarded = false;

/**
 * n8n runs in a process group of its own (detached), so it outlives this process unless this
 * process ends it: on any exit, and on a signal a script does not handle itself (`timeout`'s or a
 * CI runner's SIGTERM), the groups still running are killed. A left n8n keeps a core busy.
 */
function endWithThisProcess(pid) {
	running.add(pid);
	if (guarded) return;
	guarded = true;
	const killAll = () => {
		for (const group of running)
			try {
				process.kill(-group, 'SIGKILL');
			} catch {}
		running.clear();
	};
	process.on('exit', killAll);
	for (const [signal, code] of [
		['SIGINT', 130],
		['SIGTERM', 143],
		['SIGHUP', 129],
	])
		if (process.listenerCount(signal) === 0)
			process.on(signal, () => {
				killAll();
				process.exit(code);
			});
}

/**
 * Starts `n8n start` (or `command: 'worker'`, `args`) in its own process group and waits for
 * /healthz/readiness (`fixedPort: true`: fail rather than move to another port when the chosen one is
 * taken meanwhile). `encryptionKey` overrides the user folder's own (queue mode: one for all
 * processes); `packageInstalled: true` skips installing the package (the caller did).
 * Returns { url, port, client, stop(), logFile }. Output goes to `logFile` (and `onLine`).
 */
export async function startN8n(options) {
	// A port found free can be taken by another n8n still booting (parallel runs): then try new ports.
	for (let attempt = 1; ; attempt++) {
		try {
			return await startN8nOnce(options);
		} catch (error) {
			if (!/already in use|EADDRINUSE/i.test(error.message) || attempt >= 3 || options.fixedPort)
				throw error;
			log(`port taken while n8n was starting; retrying on other ports (${attempt})`);
			options = { ...options, port: await freePort(0), brokerPort: undefined };
		}
	}
}

async function startN8nOnce(options) {
	const {
		userFolder,
		env = {},
		onLine,
		timeoutMs = 120000,
		host = HOSTS.n8n2,
		command = 'start',
		packageInstalled = false,
	} = options;
	let { port, brokerPort, logFile } = options;
	const { state, saveState } = userFolderState(userFolder);
	if (!packageInstalled) await installPackage(userFolder);
	port = port ?? (await freePort(5678));
	brokerPort = brokerPort ?? (await freePort(0, [port]));
	logFile = logFile ?? path.join(userFolder, 'n8n.log');
	// A queue-mode worker has no editor: its port is the health server's, which tells when it is ready.
	const isWorker = command === 'worker';
	const workerEnv = isWorker
		? {
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(port),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			}
		: {};
	const encryptionKey = options.encryptionKey ?? state.encryptionKey;
	const out = fs.createWriteStream(logFile, { flags: 'a' });
	const child = spawn(host.node, [n8nBin(host), command, ...(options.args ?? [])], {
		cwd: userFolder,
		env: n8nEnv({
			userFolder,
			port,
			brokerPort,
			encryptionKey,
			env: { ...workerEnv, ...env },
			host,
		}),
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true, // own process group: stop() ends n8n and its task runner together
	});
	endWithThisProcess(child.pid);
	let tail = '';
	let startup = ''; // everything n8n printed until it was ready (package loading happens there)
	let ready = false;
	const feed = (chunk) => {
		out.write(chunk);
		tail = (tail + chunk.toString()).slice(-6000);
		if (!ready) startup += chunk.toString();
		if (onLine) for (const line of chunk.toString().split('\n')) if (line.trim()) onLine(line);
	};
	child.stdout.on('data', feed);
	child.stderr.on('data', feed);
	let exited = null;
	const exitPromise = new Promise((resolve) =>
		child.on('exit', (code, signal) => {
			exited = { code, signal };
			resolve(exited);
		}),
	);

	const url = `http://127.0.0.1:${port}`;
	const stop = async () => {
		if (!exited) {
			try {
				process.kill(-child.pid, 'SIGTERM');
			} catch {}
			const timer = setTimeout(() => {
				try {
					process.kill(-child.pid, 'SIGKILL');
				} catch {}
			}, 15000);
			await exitPromise;
			clearTimeout(timer);
		}
		// The task runner shares the group; make sure nothing is left behind.
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {}
		running.delete(child.pid);
		out.end();
	};

	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (exited)
			throw new Error(
				`n8n ${command} exited during start (${JSON.stringify(exited)}); last output:\n${tail}`,
			);
		try {
			// Readiness (database up) and the editor's REST API answering: n8n 1.x reports ready a few
			// seconds before its /rest routes exist.
			const res = await fetch(`${url}/healthz/readiness`);
			if (res.ok && (isWorker || (await fetch(`${url}/rest/settings`)).status !== 404)) {
				ready = true;
				break;
			}
		} catch {}
		if (Date.now() > deadline) {
			await stop();
			throw new Error(
				`n8n ${command} not ready after ${timeoutMs / 1000} s; last output:\n${tail}`,
			);
		}
		await new Promise((r) => setTimeout(r, 300));
	}
	return {
		url,
		port,
		brokerPort,
		userFolder,
		logFile,
		state,
		saveState,
		stop,
		child,
		tail: () => tail,
		startupOutput: () => startup,
		exited: exitPromise,
	};
}

/**
 * Throws a readable error unless n8n loaded this package (its credential type is served; the types
 * need the login cookie once an owner exists). n8n loads
 * a package all or nothing: one node file listed in package.json but missing from dist/ drops it all.
 */
export async function checkPackageLoaded(n8n, client) {
	const { data: types } = await client.request('GET', '/types/credentials.json');
	if (types.some((t) => t.name === CREDENTIAL_TYPE)) return;
	const lines = n8n.startupOutput().split('\n');
	const at = lines.findIndex((l) => l.includes(`Failed to load package "${PACKAGE_NAME}"`));
	const reason =
		at >= 0
			? lines.slice(at, at + 2).join(' — ')
			: `no "${CREDENTIAL_TYPE}" credential type (see ${n8n.logFile})`;
	throw new Error(
		`n8n did not load ${PACKAGE_NAME}: ${reason}\n` +
			`  Is dist/ built and in step with package.json's n8n.nodes / n8n.credentials? (npm run build)`,
	);
}

// ---------- the package ----------

const BUILD_INPUTS = [
	'nodes',
	'credentials',
	'dev/simulator',
	'contract',
	'package.json',
	'tsconfig.json',
	'tsconfig.build.json',
	'tsconfig.tools.json',
	'gulpfile.js',
];
const BUILD_STAMP = path.join(ROOT, '.tools', '.n8n-host-build-stamp');

function newestMtime(target) {
	let stat;
	try {
		stat = fs.statSync(target);
	} catch {
		return 0;
	}
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const entry of fs.readdirSync(target))
		newest = Math.max(newest, newestMtime(path.join(target, entry)));
	return newest;
}

/**
 * `npm run build` (dist/) and `tsc -p tsconfig.tools.json` (the simulator in .tools/).
 * `ifChanged`: skip both when no source changed since the last build made here (a stamp in .tools/).
 */
export async function buildPackage({ tools = true, ifChanged = false } = {}) {
	const newestInput = Math.max(...BUILD_INPUTS.map((p) => newestMtime(path.join(ROOT, p))));
	// The stamp keeps the newest source's time to about the millisecond (read back as 750.999 for
	// 751.0056): compared in whole milliseconds, or every source looks newer than the last build.
	const stamped = fs.existsSync(BUILD_STAMP) ? fs.statSync(BUILD_STAMP).mtimeMs : -1;
	if (ifChanged && Math.round(stamped) >= Math.floor(newestInput)) {
		log('dist/ and the simulator are up to date (no source changed since the last build)');
		return false;
	}
	log('building the package (npm run build)...');
	await mustRun('npm', ['run', 'build', '--silent'], { quiet: true });
	if (tools && fs.existsSync(path.join(ROOT, 'tsconfig.tools.json'))) {
		log('compiling the simulator (tsc -p tsconfig.tools.json)...');
		await mustRun(path.join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.tools.json'], {
			quiet: true,
		});
		fs.mkdirSync(path.dirname(BUILD_STAMP), { recursive: true });
		fs.writeFileSync(BUILD_STAMP, `${new Date().toISOString()}\n`);
		// Dated as the newest source the build saw: an edit made while building still triggers the next one.
		fs.utimesSync(BUILD_STAMP, new Date(newestInput), new Date(newestInput));
	}
	return true;
}

export const SIMULATOR_JS = path.join(ROOT, '.tools', 'dev', 'simulator', 'index.js');

/** A CA and a certificate for the simulator over HTTPS, kept in `dir` (dev/simulator/certificates.ts). */
export async function simulatorCertificates(dir) {
	const mod = await import(path.join(ROOT, '.tools', 'dev', 'simulator', 'certificates.js'));
	return (mod.siteCertificates ?? mod.default?.siteCertificates)(dir);
}

/** Starts the package's simulator in this process. */
export async function startSimulator(options = {}) {
	if (!fs.existsSync(SIMULATOR_JS)) {
		throw new Error(
			`simulator not built: ${path.relative(ROOT, SIMULATOR_JS)} missing (run npx tsc -p tsconfig.tools.json)`,
		);
	}
	const mod = await import(SIMULATOR_JS);
	const start = mod.startSimulator ?? mod.default?.startSimulator;
	return start(options);
}
