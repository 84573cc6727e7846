// Real n8n (pinned in n8n-host/) for `npm start` and the end-to-end tests: install it when missing,
// start it with this package loaded as a community package, and drive it over HTTP.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HOST_DIR = path.join(ROOT, 'n8n-host');
export const PACKAGE_JSON = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
export const PACKAGE_NAME = PACKAGE_JSON.name;
export const CREDENTIAL_TYPE = 'wmsIntegrationApi';
export const CREDENTIAL_NAME = 'WMS Simulator';

/**
 * The n8n installations this repo can run, each in its own folder with its own package.json and
 * committed lockfile. `n8n2` is the one `npm start` and the e2e suite use; `n8n1` is the newest 1.x
 * that installs here, run on the machine's own Node 20, for the compatibility check.
 */
export const HOSTS = {
	n8n2: {
		label: 'n8n 2.41.1 + Node 24.21.0',
		dir: HOST_DIR,
		node: path.join(HOST_DIR, 'node_modules', 'node', 'bin', 'node'),
		rebuild: ['node', 'sqlite3'],
	},
	n8n1: {
		label: 'n8n 1.x on Node 20',
		dir: path.join(HOST_DIR, 'v1'),
		node: process.execPath,
		rebuild: ['sqlite3'],
		env: {
			N8N_DISABLED_MODULES: '', // 1.x has no mcp-registry module and refuses unknown names
			// 1.123's default "vm" expression engine needs isolated-vm 6, which ships binaries for
			// Node 22/24 only (and wants Node >= 22 to build): on Node 20 n8n exits at start without this.
			N8N_EXPRESSION_ENGINE: 'legacy',
		},
	},
};
const n8nBin = (host) => path.join(host.dir, 'node_modules', 'n8n', 'bin', 'n8n');
const marker = (host) => path.join(host.dir, 'node_modules', '.wms-n8n-host-ready');
export const NODE24 = HOSTS.n8n2.node;
export const N8N_BIN = n8nBin(HOSTS.n8n2);

export const log = (...args) => console.log('[n8n-host]', ...args);

// ---------- processes ----------

/** Runs a command, streaming its output line by line through `onLine`; resolves with the exit code. */
export function run(cmd, args, { cwd = ROOT, env = process.env, onLine, quiet = false } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		const feed = (chunk) => {
			const text = chunk.toString();
			out += text;
			if (onLine) {
				for (const line of text.split('\n')) if (line.trim()) onLine(line);
			} else if (!quiet) process.stdout.write(text);
		};
		child.stdout.on('data', feed);
		child.stderr.on('data', feed);
		child.on('error', reject);
		child.on('close', (code) => resolve({ code, out }));
	});
}

async function mustRun(cmd, args, opts) {
	const result = await run(cmd, args, opts);
	if (result.code !== 0) {
		throw new Error(`${cmd} ${args.join(' ')} failed (exit ${result.code}):\n${result.out.slice(-3000)}`);
	}
	return result;
}

// ---------- install ----------

function lockHash(host) {
	const file = (name) => path.join(host.dir, name);
	return createHash('sha256')
		.update(fs.readFileSync(file('package.json')))
		.update(fs.existsSync(file('package-lock.json')) ? fs.readFileSync(file('package-lock.json')) : '')
		.digest('hex');
}

export function n8nInstalled(host = HOSTS.n8n2) {
	return (
		fs.existsSync(marker(host)) &&
		fs.readFileSync(marker(host), 'utf8').trim() === lockHash(host) &&
		fs.existsSync(host.node) &&
		fs.existsSync(n8nBin(host))
	);
}

/**
 * Installs a host (default: n8n 2.41.1 + Node 24 in n8n-host/) unless its marker says the same
 * lockfile is already installed. `--ignore-scripts` because a Kafka dependency downloads sources in
 * its install script; then only the native pieces that matter are rebuilt (Node 24 binary, sqlite3).
 */
export async function ensureN8n(host = HOSTS.n8n2) {
	if (n8nInstalled(host)) return false;
	// One installer at a time (two suites started together on a fresh clone): a lock folder with its pid.
	const lock = path.join(host.dir, '.installing');
	for (;;) {
		try {
			fs.mkdirSync(lock);
			fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
			let owner = 0;
			try {
				owner = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
			} catch {}
			let alive = false;
			try {
				alive = owner > 0 && process.kill(owner, 0);
			} catch {}
			if (!alive && owner > 0) {
				fs.rmSync(lock, { recursive: true, force: true });
				continue;
			}
			log(`another process (${owner || '?'}) is installing ${host.label}; waiting...`);
			await new Promise((r) => setTimeout(r, 5000));
			if (n8nInstalled(host)) return false;
		}
	}
	try {
		return await install(host);
	} finally {
		fs.rmSync(lock, { recursive: true, force: true });
	}
}

async function install(host) {
	const started = Date.now();
	const secs = () => `${Math.round((Date.now() - started) / 1000)} s`;
	const where = path.relative(ROOT, host.dir);
	log(`first use: installing ${host.label} into ${where}/ (a few minutes, ~2.7 GB; only once)`);
	let lines = 0;
	const ticker = setInterval(() => log(`  still installing... ${secs()}`), 20000);
	try {
		await mustRun('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=http'], {
			cwd: host.dir,
			onLine: (line) => {
				if (/^npm http fetch/.test(line)) {
					if (++lines % 250 === 0) log(`  ${lines} registry requests (${secs()})`);
					return;
				}
				if (/^(added|removed|changed|up to date)/.test(line) || /^npm err/i.test(line)) log(' ', line);
			},
		});
		log(`  packages installed (${secs()}); building ${host.rebuild.join(' and ')} (about a minute)...`);
		await mustRun('npm', ['rebuild', ...host.rebuild], { cwd: host.dir, onLine: () => {} });
	} finally {
		clearInterval(ticker);
	}
	if (!fs.existsSync(host.node)) throw new Error(`Node binary missing after install: ${host.node}`);
	fs.writeFileSync(marker(host), lockHash(host) + '\n');
	log(`${host.label} ready in ${secs()}`);
	return true;
}

// ---------- ports ----------

export function portIsFree(port, host = '127.0.0.1') {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, host, () => server.close(() => resolve(true)));
	});
}

/** The preferred port if free, else the next free one above it (or any free port with 0). */
export async function freePort(preferred = 0, exclude = []) {
	if (preferred) {
		for (let port = preferred; port < preferred + 100; port++) {
			if (!exclude.includes(port) && (await portIsFree(port))) return port;
		}
	}
	for (;;) {
		const port = await new Promise((resolve, reject) => {
			const server = net.createServer();
			server.once('error', reject);
			server.listen(0, '127.0.0.1', () => {
				const { port: p } = server.address();
				server.close(() => resolve(p));
			});
		});
		if (!exclude.includes(port)) return port;
	}
}

// ---------- user folder ----------

/**
 * Installs the built package into N8N_USER_FOLDER exactly as n8n's "Install community node" does
 * (community-packages.service.js in n8n 2.41): the `npm pack` tarball unpacked into
 * `.n8n/nodes/node_modules/<name>`, devDependencies and peerDependencies stripped from its
 * package.json, the version recorded in `.n8n/nodes/package.json`. So the node code runs against
 * n8n's own n8n-workflow (found through n8n's NODE_PATH), not the repo's devDependency copy — which
 * is what catches an API the host n8n version lacks. Node types are `n8n-nodes-wms-integration.<name>`.
 */
export async function installPackage(userFolder) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-pack-'));
	try {
		const { out } = await mustRun('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], { quiet: true });
		const [{ filename }] = JSON.parse(out.slice(out.search(/^\[/m)));
		fs.rmSync(target, { recursive: true, force: true });
		fs.mkdirSync(target, { recursive: true });
		await mustRun('tar', ['-xzf', path.join(tmp, filename), '-C', target, '--strip-components=1'], { quiet: true });
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
	const pkgFile = path.join(target, 'package.json');
	const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
	for (const key of ['devDependencies', 'peerDependencies', 'optionalDependencies']) delete pkg[key];
	fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n');
	const nodesPkgFile = path.join(nodesDir, 'package.json');
	const nodesPkg = fs.existsSync(nodesPkgFile) ? JSON.parse(fs.readFileSync(nodesPkgFile, 'utf8')) : { name: 'installed-nodes', private: true };
	nodesPkg.dependencies = { ...nodesPkg.dependencies, [PACKAGE_NAME]: pkg.version };
	fs.writeFileSync(nodesPkgFile, JSON.stringify(nodesPkg, null, 2) + '\n');
	return target;
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
export function n8nEnv({ userFolder, port, brokerPort, encryptionKey, env = {}, host = HOSTS.n8n2 }) {
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
		N8N_DISABLED_MODULES: 'mcp-registry',
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
		...host.env,
		...env,
	};
}

/** Runs an `n8n` CLI command (import:workflow, execute...) against a user folder; n8n need not be running. */
export function n8nCli(args, { userFolder, encryptionKey, port = 5678, brokerPort, env = {}, quiet = true, host = HOSTS.n8n2 } = {}) {
	return run(host.node, [n8nBin(host), ...args], {
		env: n8nEnv({ userFolder, port, brokerPort: brokerPort ?? port + 1, encryptionKey, env, host }),
		quiet,
	});
}

// ---------- n8n process ----------

/**
 * Starts `n8n start` in its own process group and waits for /healthz/readiness (`fixedPort: true`:
 * fail rather than move to another port when the chosen one is taken meanwhile).
 * Returns { url, port, client, stop(), logFile }. Output goes to `logFile` (and `onLine`).
 */
export async function startN8n(options) {
	// A port found free can be taken by another n8n still booting (parallel runs): then try new ports.
	for (let attempt = 1; ; attempt++) {
		try {
			return await startN8nOnce(options);
		} catch (error) {
			if (!/already in use|EADDRINUSE/i.test(error.message) || attempt >= 3 || options.fixedPort) throw error;
			log(`port taken while n8n was starting; retrying on other ports (${attempt})`);
			options = { ...options, port: await freePort(0), brokerPort: undefined };
		}
	}
}

async function startN8nOnce({ userFolder, port, brokerPort, env = {}, logFile, onLine, timeoutMs = 120000, host = HOSTS.n8n2 }) {
	const { state, saveState } = userFolderState(userFolder);
	await installPackage(userFolder);
	port = port ?? (await freePort(5678));
	brokerPort = brokerPort ?? (await freePort(0, [port]));
	logFile = logFile ?? path.join(userFolder, 'n8n.log');
	const out = fs.createWriteStream(logFile, { flags: 'a' });
	const child = spawn(host.node, [n8nBin(host), 'start'], {
		cwd: userFolder,
		env: n8nEnv({ userFolder, port, brokerPort, encryptionKey: state.encryptionKey, env, host }),
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true, // own process group: stop() ends n8n and its task runner together
	});
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
		out.end();
	};

	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (exited) throw new Error(`n8n exited during start (${JSON.stringify(exited)}); last output:\n${tail}`);
		try {
			// Readiness (database up) and the editor's REST API answering: n8n 1.x reports ready a few
			// seconds before its /rest routes exist.
			const res = await fetch(`${url}/healthz/readiness`);
			if (res.ok && (await fetch(`${url}/rest/settings`)).status !== 404) {
				ready = true;
				break;
			}
		} catch {}
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`n8n not ready after ${timeoutMs / 1000} s; last output:\n${tail}`);
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
	const reason = at >= 0 ? lines.slice(at, at + 2).join(' — ') : `no "${CREDENTIAL_TYPE}" credential type (see ${n8n.logFile})`;
	throw new Error(
		`n8n did not load ${PACKAGE_NAME}: ${reason}\n` +
			`  Is dist/ built and in step with package.json's n8n.nodes / n8n.credentials? (npm run build)`,
	);
}

// ---------- HTTP client ----------

export class N8nClient {
	constructor(url) {
		this.url = url;
		this.cookie = '';
		this.apiKey = '';
	}

	async request(method, pathname, { body, headers = {}, expect } = {}) {
		const res = await fetch(this.url + pathname, {
			method,
			headers: {
				...(body !== undefined ? { 'content-type': 'application/json' } : {}),
				...(this.cookie ? { cookie: this.cookie, 'browser-id': 'wms-e2e' } : {}),
				...headers,
			},
			body: body !== undefined ? JSON.stringify(body) : undefined,
		});
		const setCookie = res.headers.getSetCookie?.() ?? [];
		const auth = setCookie.find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth.split(';')[0];
		const text = await res.text();
		let data;
		try {
			data = text ? JSON.parse(text) : undefined;
		} catch {
			data = text;
		}
		if (expect !== false && !res.ok) {
			const err = new Error(`${method} ${pathname} → ${res.status}: ${text.slice(0, 800)}`);
			err.status = res.status;
			err.data = data;
			throw err;
		}
		return { status: res.status, data, ok: res.ok };
	}

	/** Editor REST (`/rest/...`, login cookie). n8n wraps most answers in `{data}`. */
	async rest(method, pathname, body, opts = {}) {
		const { data } = await this.request(method, `/rest${pathname}`, { body, ...opts });
		return data && typeof data === 'object' && 'data' in data ? data.data : data;
	}

	/** Public API (`/api/v1/...`, API key). */
	async api(method, pathname, body, opts = {}) {
		const { data } = await this.request(method, `/api/v1${pathname}`, {
			body,
			headers: { 'X-N8N-API-KEY': this.apiKey },
			...opts,
		});
		return data;
	}

	async login(email, password) {
		await this.rest('POST', '/login', { emailOrLdapLoginId: email, password });
		return this;
	}

	/**
	 * Makes sure an owner exists and logs in as it. First start: POST /rest/owner/setup with a fresh
	 * password (saved in the user folder's state); later starts: log in with the saved one.
	 */
	async ensureOwner(state, saveState) {
		if (!state.owner) {
			state.owner = {
				email: 'owner@wms.local',
				password: `Wms-${randomBytes(6).toString('hex')}-1`,
				firstName: 'Local',
				lastName: 'Owner',
			};
			saveState();
		}
		const { email, password, firstName, lastName } = state.owner;
		const settings = await this.rest('GET', '/settings');
		const needsSetup = settings?.userManagement?.showSetupOnFirstLoad;
		if (needsSetup) await this.rest('POST', '/owner/setup', { email, password, firstName, lastName });
		try {
			await this.login(email, password);
		} catch (error) {
			if (error.status !== 401) throw error;
			throw new Error(
				`cannot log in as ${email}: this n8n user folder has an owner with another password ` +
					`(changed in the editor?). Start from a fresh folder (npm start -- --fresh) or put the password in wms-host.json.`,
			);
		}
		return state.owner;
	}

	/** Creates a fresh API key for the public API (keys are only shown once, so one per start). */
	async createApiKey(label = `wms-local-${Date.now()}`) {
		let scopes;
		try {
			scopes = await this.rest('GET', '/api-keys/scopes');
		} catch {}
		const created = await this.rest('POST', '/api-keys', {
			label,
			expiresAt: null,
			...(Array.isArray(scopes) ? { scopes } : {}),
		});
		this.apiKey = created.rawApiKey ?? created.apiKey;
		if (!this.apiKey) throw new Error(`no API key in ${JSON.stringify(created).slice(0, 300)}`);
		return this.apiKey;
	}

	async listCredentials() {
		return (await this.rest('GET', '/credentials')) ?? [];
	}

	/**
	 * Creates (or, on a reused instance, updates) the "WMS Simulator" credential pointing at the
	 * simulator. Returns {id, name, type}.
	 */
	async importCredential({ baseUrl, clientId, clientSecret }, { name = CREDENTIAL_NAME, type = CREDENTIAL_TYPE } = {}) {
		const data = { baseUrl, clientId, clientSecret };
		const existing = (await this.listCredentials()).find((c) => c.name === name && c.type === type);
		if (existing) {
			await this.rest('PATCH', `/credentials/${existing.id}`, { name, type, data });
			return { id: existing.id, name, type };
		}
		// The editor's endpoint, not the public API: n8n 1.x's public API schema demands fields the
		// credential form adds itself (allowedDomains).
		const created = await this.rest('POST', '/credentials', { name, type, data });
		return { id: created.id, name: created.name, type };
	}

	async listWorkflows() {
		const all = [];
		let cursor;
		do {
			const page = await this.api('GET', `/workflows?limit=250${cursor ? `&cursor=${cursor}` : ''}`);
			all.push(...page.data);
			cursor = page.nextCursor;
		} while (cursor);
		return all;
	}

	/**
	 * Imports every examples/*.json workflow (n8n export format), pointing its WMS nodes at the given
	 * credential. A workflow of the same name is replaced, so repeated starts don't pile up copies —
	 * unless `imported` (name → versionId saved by the previous import) shows it was changed since in
	 * the editor: then the user's copy is kept.
	 * Returns [{file, id, name, active (as exported), kept, source, workflow (as saved)}].
	 */
	async importWorkflows(dir, credential, { imported } = {}) {
		if (!fs.existsSync(dir)) return [];
		const existing = await this.listWorkflows();
		const results = [];
		for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
			const source = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
			const body = workflowForImport({ name: path.basename(file, '.json'), ...source }, credential);
			const same = existing.find((w) => w.name === body.name);
			let saved;
			let kept = false;
			if (same && imported && imported[same.name] !== same.versionId) {
				saved = same;
				kept = true;
			} else if (same) {
				if (same.active) await this.api('POST', `/workflows/${same.id}/deactivate`);
				saved = await this.api('PUT', `/workflows/${same.id}`, body);
			} else {
				saved = await this.api('POST', '/workflows', body);
			}
			results.push({ file, id: saved.id, name: saved.name, active: source.active === true, kept, source, workflow: saved });
		}
		return results;
	}

	/**
	 * Runs a saved workflow the way the editor's "Execute workflow" button does (login cookie),
	 * starting from the named trigger node. Returns the execution id.
	 */
	async runManually(workflowId, triggerName) {
		// n8n 1.x wants the workflow itself in the body (as its editor sends it); 2.x reads it from the
		// database and ignores the field.
		const workflowData = await this.rest('GET', `/workflows/${workflowId}`);
		const result = await this.rest('POST', `/workflows/${workflowId}/run`, {
			workflowData,
			...(triggerName ? { triggerToStartFrom: { name: triggerName } } : {}),
		});
		if (!result?.executionId) throw new Error(`no execution started: ${JSON.stringify(result).slice(0, 500)}`);
		return result.executionId;
	}

	/** Waits until an execution has finished; answers it with its data (public API shape). */
	async waitForExecution(executionId, { timeoutMs = 60000 } = {}) {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = await this.api('GET', `/executions/${executionId}?includeData=true`, undefined, { expect: false });
			if (execution?.finished || ['success', 'error', 'crashed', 'canceled'].includes(execution?.status)) {
				return execution;
			}
			if (Date.now() > deadline) throw new Error(`execution ${executionId} not finished after ${timeoutMs / 1000} s (${execution?.status})`);
			await new Promise((r) => setTimeout(r, 250));
		}
	}

	/** Executions of a workflow, newest first (public API). */
	async executions(workflowId, { includeData = false, limit = 20 } = {}) {
		const page = await this.api('GET', `/executions?workflowId=${workflowId}&includeData=${includeData}&limit=${limit}`);
		return page.data;
	}
}

/** The error an execution ended with, as one line (node name + message), or null when it succeeded. */
export function executionError(execution) {
	const error = execution?.data?.resultData?.error;
	if (execution?.status === 'success' && !error) return null;
	if (!error) return `status ${execution?.status}`;
	return `${error.node?.name ? `${error.node.name}: ` : ''}${error.message}${error.description ? ` — ${error.description}` : ''}`;
}

const WORKFLOW_SETTINGS_KEYS = [
	'saveExecutionProgress',
	'saveManualExecutions',
	'saveDataErrorExecution',
	'saveDataSuccessExecution',
	'executionTimeout',
	'errorWorkflow',
	'timezone',
	'executionOrder',
	'callerPolicy',
];

/** Keeps only what the public API accepts and binds credential references to the imported one. */
export function workflowForImport(source, credential) {
	const nodes = (source.nodes ?? []).map((node) => {
		const copy = { ...node };
		if (copy.credentials?.[CREDENTIAL_TYPE] && credential) {
			copy.credentials = { ...copy.credentials, [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } };
		}
		return copy;
	});
	const settings = Object.fromEntries(
		Object.entries(source.settings ?? {}).filter(([key]) => WORKFLOW_SETTINGS_KEYS.includes(key)),
	);
	return {
		name: source.name,
		nodes,
		connections: source.connections ?? {},
		settings: { executionOrder: 'v1', ...settings },
		...(source.staticData ? { staticData: source.staticData } : {}),
	};
}

// ---------- the package ----------

/** Node type names as n8n lists them, from package.json's n8n.nodes (read at run time: the list grows). */
export function packageNodeFiles() {
	return (PACKAGE_JSON.n8n?.nodes ?? []).map((rel) => path.join(ROOT, rel));
}

const BUILD_INPUTS = ['nodes', 'credentials', 'simulator', 'contract', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.tools.json', 'gulpfile.js'];
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
	for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
	return newest;
}

/**
 * `npm run build` (dist/) and `tsc -p tsconfig.tools.json` (the simulator in .tools/).
 * `ifChanged`: skip both when no source changed since the last build made here (a stamp in .tools/).
 */
export async function buildPackage({ tools = true, ifChanged = false } = {}) {
	const newestInput = Math.max(...BUILD_INPUTS.map((p) => newestMtime(path.join(ROOT, p))));
	if (ifChanged && fs.existsSync(BUILD_STAMP) && fs.statSync(BUILD_STAMP).mtimeMs >= newestInput) {
		log('dist/ and the simulator are up to date (no source changed since the last build)');
		return false;
	}
	log('building the package (npm run build)...');
	await mustRun('npm', ['run', 'build', '--silent'], { quiet: true });
	if (tools && fs.existsSync(path.join(ROOT, 'tsconfig.tools.json'))) {
		log('compiling the simulator (tsc -p tsconfig.tools.json)...');
		await mustRun(path.join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.tools.json'], { quiet: true });
		fs.mkdirSync(path.dirname(BUILD_STAMP), { recursive: true });
		fs.writeFileSync(BUILD_STAMP, `${new Date().toISOString()}\n`);
		// Dated as the newest source the build saw: an edit made while building still triggers the next one.
		fs.utimesSync(BUILD_STAMP, new Date(newestInput), new Date(newestInput));
	}
	return true;
}

export const SIMULATOR_JS = path.join(ROOT, '.tools', 'simulator', 'index.js');

/** Starts the package's simulator in this process. */
export async function startSimulator(options = {}) {
	if (!fs.existsSync(SIMULATOR_JS)) {
		throw new Error(`simulator not built: ${path.relative(ROOT, SIMULATOR_JS)} missing (run npx tsc -p tsconfig.tools.json)`);
	}
	const mod = await import(SIMULATOR_JS);
	const start = mod.startSimulator ?? mod.default?.startSimulator;
	return start(options);
}
