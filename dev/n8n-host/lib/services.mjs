// Postgres and Redis for n8n's queue mode, from Debian's packages: installed with apt-get when missing,
// run as child processes in data folders of their own on loopback ports. Postgres refuses to run as
// root, so as root it runs as a system user of its own (POSTGRES_USER), which owns its data folder.
// Used through dev/n8n-host/lib/queue.mjs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { log, mustRun, run } from './install.mjs';

export const POSTGRES_USER = 'wmspg';
const isRoot = process.getuid?.() === 0;

/** `apt-get install -y <packages>` (sudo when not root); `apt-get update` first when the first try fails. */
export async function aptInstall(packages) {
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const apt = (...a) =>
		isRoot
			? run('apt-get', a, { env, quiet: true })
			: run('sudo', ['-E', 'apt-get', ...a], { env, quiet: true });
	log(`installing ${packages.join(' ')} from Debian (apt-get install -y)...`);
	let result = await apt('install', '-y', '--no-install-recommends', ...packages);
	if (result.code !== 0) {
		log('  apt-get install failed; running apt-get update first...');
		await apt('update');
		result = await apt('install', '-y', '--no-install-recommends', ...packages);
	}
	if (result.code !== 0)
		throw new Error(`could not install ${packages.join(' ')}:\n${result.out.slice(-2000)}`);
}

/** `name` found on PATH; `real`: with symlinks resolved (initdb is linked into /usr/local/bin). */
function onPath(name, { real = false } = {}) {
	for (const dir of (process.env.PATH ?? '').split(':')) {
		const file = path.join(dir, name);
		if (dir && fs.existsSync(file)) return real ? fs.realpathSync(file) : file;
	}
	return null;
}

/** The folder with Postgres' server binaries (initdb, postgres, pg_isready, psql), or null. */
function postgresBinDir() {
	const initdb = onPath('initdb', { real: true });
	if (initdb) return path.dirname(initdb);
	const root = '/usr/lib/postgresql';
	const versions = fs.existsSync(root)
		? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
		: [];
	const found = versions
		.map((v) => path.join(root, v, 'bin'))
		.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
	return found ?? null;
}

/** Makes sure Postgres is on the machine (an ERP database needs no Redis); returns its binaries' folder. */
export async function ensurePostgres() {
	if (!postgresBinDir()) await aptInstall(['postgresql']);
	const pgBin = postgresBinDir();
	if (!pgBin) throw new Error('Postgres binaries (initdb) not found after installing postgresql');
	return pgBin;
}

/** Makes sure Postgres and Redis are on the machine; returns where their binaries are. */
export async function ensureServices() {
	const missing = [];
	if (!postgresBinDir()) missing.push('postgresql');
	if (!onPath('redis-server') && !fs.existsSync('/usr/bin/redis-server'))
		missing.push('redis-server');
	if (missing.length) await aptInstall(missing);
	const pgBin = postgresBinDir();
	if (!pgBin) throw new Error('Postgres binaries (initdb) not found after installing postgresql');
	return { pgBin, redisServer: onPath('redis-server') ?? '/usr/bin/redis-server' };
}

async function ensurePostgresUser() {
	const { code } = await run('id', ['-u', POSTGRES_USER], { quiet: true });
	if (code === 0) return;
	log(`creating system user ${POSTGRES_USER} (Postgres does not run as root)`);
	await mustRun(
		'useradd',
		[
			'--system',
			'--no-create-home',
			'--home-dir',
			'/nonexistent',
			'--shell',
			'/usr/sbin/nologin',
			POSTGRES_USER,
		],
		{ quiet: true },
	);
}

/** The command line that runs `file args` as the Postgres user when we are root (setpriv execs, so signals reach Postgres). */
function asPostgresUser(file, args) {
	if (!isRoot) return [file, args];
	return [
		'setpriv',
		['--reuid', POSTGRES_USER, '--regid', POSTGRES_USER, '--init-groups', '--', file, ...args],
	];
}

/** Runs a long-lived child in its own process group, its output appended to `logFile`. */
function daemon(cmd, args, { logFile, env = process.env, cwd }) {
	const out = fs.openSync(logFile, 'a');
	const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', out, out], detached: true });
	fs.closeSync(out);
	let exited = null;
	const exitPromise = new Promise((resolve) =>
		child.on('exit', (code, signal) => resolve((exited = { code, signal }))),
	);
	const stop = async (signal = 'SIGTERM', graceMs = 15000) => {
		if (!exited) {
			try {
				process.kill(-child.pid, signal);
			} catch {}
			const timer = setTimeout(() => {
				try {
					process.kill(-child.pid, 'SIGKILL');
				} catch {}
			}, graceMs);
			await exitPromise;
			clearTimeout(timer);
		}
	};
	return {
		child,
		stop,
		exited: exitPromise,
		hasExited: () => exited,
		tail: () => readTail(logFile),
	};
}

function readTail(file, bytes = 3000) {
	try {
		const text = fs.readFileSync(file, 'utf8');
		return text.slice(-bytes);
	} catch {
		return '';
	}
}

async function waitFor(what, check, { timeoutMs = 60000, service }) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (service.hasExited())
			throw new Error(
				`${what} exited during start (${JSON.stringify(service.hasExited())}):\n${service.tail()}`,
			);
		if (await check()) return;
		if (Date.now() > deadline) {
			await service.stop('SIGKILL');
			throw new Error(`${what} not ready after ${timeoutMs / 1000} s:\n${service.tail()}`);
		}
		await new Promise((r) => setTimeout(r, 200));
	}
}

/**
 * Postgres in `dir` (initialised on first use: superuser `user`, password kept in `dir/../postgres.json`),
 * listening on 127.0.0.1:`port` only, database `database`. `fast`: no fsync (tests: the data need not
 * survive a power cut). Returns {host, port, user, password, database, fresh, stop(), psql(sql)}.
 */
export async function startPostgres({
	dir,
	port,
	pgBin,
	fast = false,
	user = 'n8n',
	database = 'n8n',
}) {
	const secretsFile = path.join(path.dirname(dir), 'postgres.json');
	const dataDir = path.join(dir, 'data');
	if (isRoot) await ensurePostgresUser();
	const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
	if (fresh) {
		fs.rmSync(dir, { recursive: true, force: true });
		fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
		const password = randomBytes(12).toString('hex');
		fs.writeFileSync(secretsFile, JSON.stringify({ user, password, database }, null, 2) + '\n', {
			mode: 0o600,
		});
		const pwFile = path.join(dir, 'pwfile');
		fs.writeFileSync(pwFile, password + '\n', { mode: 0o600 });
		if (isRoot)
			await mustRun('chown', ['-R', `${POSTGRES_USER}:${POSTGRES_USER}`, dir], { quiet: true });
		const [cmd, args] = asPostgresUser(path.join(pgBin, 'initdb'), [
			'-D',
			dataDir,
			'-U',
			user,
			`--pwfile=${pwFile}`,
			'--auth=scram-sha-256',
			'-E',
			'UTF8',
			'--locale=C.UTF-8',
			'--no-sync',
		]);
		await mustRun(cmd, args, { quiet: true, cwd: '/' });
		fs.rmSync(pwFile, { force: true });
	}
	if (isRoot) {
		const [testCmd, testArgs] = asPostgresUser('test', ['-w', dataDir]);
		if ((await run(testCmd, testArgs, { quiet: true, cwd: '/' })).code !== 0) {
			throw new Error(
				`Postgres' user ${POSTGRES_USER} cannot write ${dataDir}: every folder above it must be searchable by others (chmod o+x)`,
			);
		}
	}
	const secrets = JSON.parse(fs.readFileSync(secretsFile, 'utf8'));
	const settings = {
		listen_addresses: '127.0.0.1',
		unix_socket_directories: dir,
		max_connections: '200',
		...(fast ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
	};
	const flags = Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
	const [cmd, args] = asPostgresUser(path.join(pgBin, 'postgres'), [
		'-D',
		dataDir,
		'-p',
		String(port),
		...flags,
	]);
	const logFile = path.join(path.dirname(dir), 'postgres.log');
	const service = daemon(cmd, args, { logFile, cwd: '/' });
	const env = { ...process.env, PGPASSWORD: secrets.password, PGCONNECT_TIMEOUT: '3' };
	const psql = (sql, database = 'postgres') =>
		run(
			path.join(pgBin, 'psql'),
			['-h', '127.0.0.1', '-p', String(port), '-U', secrets.user, '-d', database, '-tAc', sql],
			{ env, quiet: true },
		);
	await waitFor('Postgres', async () => (await psql('select 1')).code === 0, { service });
	if (
		(await psql(`select 1 from pg_database where datname = '${secrets.database}'`)).out.trim() !==
		'1'
	) {
		const created = await psql(`create database ${secrets.database}`);
		if (created.code !== 0)
			throw new Error(`could not create database ${secrets.database}: ${created.out}`);
	}
	return {
		host: '127.0.0.1',
		port,
		...secrets,
		fresh,
		logFile,
		psql: (sql) => psql(sql, secrets.database),
		// SIGINT: Postgres' "fast" shutdown (SIGTERM would wait for n8n's pooled connections to close).
		stop: () => service.stop('SIGINT'),
	};
}

/** Redis on 127.0.0.1:`port`, nothing persisted (n8n's queue lives only while the profile runs). */
export async function startRedis({ dir, port, redisServer }) {
	fs.mkdirSync(dir, { recursive: true });
	const args = [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--dir',
		dir,
		'--save',
		'',
		'--appendonly',
		'no',
		'--daemonize',
		'no',
		'--protected-mode',
		'yes',
	];
	const service = daemon(redisServer, args, {
		logFile: path.join(path.dirname(dir), 'redis.log'),
		cwd: dir,
	});
	await waitFor('Redis', () => redisPing(port), { service });
	return { host: '127.0.0.1', port, stop: () => service.stop('SIGTERM') };
}

async function redisPing(port) {
	const net = await import('node:net');
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		let answer = '';
		socket.setTimeout(1000, () => socket.destroy());
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (d) => {
			answer += d.toString();
			if (answer.includes('\r\n')) socket.end();
		});
		socket.on('close', () => resolve(answer.startsWith('+PONG')));
		socket.on('error', () => resolve(false));
	});
}
