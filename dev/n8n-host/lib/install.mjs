// Installing the n8n hosts (dev/n8n-host/, dev/n8n-host/v1/) when missing, and running commands.
// Used through dev/scripts/n8n-host.mjs.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(HOST_DIR, '..', '..');

export const log = (...args) => console.log('[n8n-host]', ...args);

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
export const n8nBin = (host) => path.join(host.dir, 'node_modules', 'n8n', 'bin', 'n8n');
const marker = (host) => path.join(host.dir, 'node_modules', '.wms-n8n-host-ready');

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

export async function mustRun(cmd, args, opts) {
	const result = await run(cmd, args, opts);
	if (result.code !== 0) {
		throw new Error(
			`${cmd} ${args.join(' ')} failed (exit ${result.code}):\n${result.out.slice(-3000)}`,
		);
	}
	return result;
}

// ---------- install ----------

function lockHash(host) {
	const file = (name) => path.join(host.dir, name);
	return createHash('sha256')
		.update(fs.readFileSync(file('package.json')))
		.update(
			fs.existsSync(file('package-lock.json')) ? fs.readFileSync(file('package-lock.json')) : '',
		)
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
	log(`first use: installing ${host.label} into ${where}/ (3 to 8 minutes, 2.8 GB; only once)`);
	let lines = 0;
	const ticker = setInterval(() => log(`  still installing... ${secs()}`), 20000);
	try {
		// --no-save: the committed lockfile stays as it is. npm re-resolves an optional peer that the
		// tree does not satisfy (openai's @aws-sdk/credential-provider-node) at every install and,
		// once the registry has newer versions, would rewrite entries it shares with others.
		await mustRun(
			'npm',
			['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=http'],
			{
				cwd: host.dir,
				onLine: (line) => {
					if (/^npm http fetch/.test(line)) {
						if (++lines % 250 === 0) log(`  ${lines} registry requests (${secs()})`);
						return;
					}
					if (/^(added|removed|changed|up to date)/.test(line) || /^npm err/i.test(line))
						log(' ', line);
				},
			},
		);
		log(
			`  packages installed (${secs()}); building ${host.rebuild.join(' and ')} (about a minute)...`,
		);
		await mustRun('npm', ['rebuild', ...host.rebuild], { cwd: host.dir, onLine: () => {} });
	} finally {
		clearInterval(ticker);
	}
	if (!fs.existsSync(host.node)) throw new Error(`Node binary missing after install: ${host.node}`);
	fs.writeFileSync(marker(host), lockHash(host) + '\n');
	log(`${host.label} ready in ${secs()}`);
	return true;
}
