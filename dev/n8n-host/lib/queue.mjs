// n8n's queue mode on one machine: Postgres and Redis (services.mjs), an n8n main (editor, API,
// triggers and pollers) and workers (`n8n worker`) that run the executions it puts on the queue.
// Each process has a user folder of its own with the package installed in it, as each container or
// machine of a real deployment has; they share one encryption key, the database and the queue.
// Used by `npm start -- --queue` and dev/scripts/e2e-queue.mjs.
import fs from 'node:fs';
import path from 'node:path';
import {
	filesFolderOf,
	freePort,
	installPackage,
	log,
	packPackage,
	startN8n,
	userFolderState,
} from '../../scripts/n8n-host.mjs';
import { ensureServices, startPostgres, startRedis } from './services.mjs';

/** Durable poll cursors (n8n 2.36+): a poll's static data is committed with the execution it starts. */
export const DURABLE_POLL_CURSORS = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

/** What every process of the profile shares: database, queue, and where the editor is. */
export function queueEnv({ postgres, redis, mainUrl, durableCursors = true }) {
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: postgres.password,
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		// Manual runs (the editor's Execute button) go to the workers too, as they will by default in n8n 3.
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		N8N_EDITOR_BASE_URL: `${mainUrl}/`,
		WEBHOOK_URL: `${mainUrl}/`,
		...(durableCursors ? DURABLE_POLL_CURSORS : {}),
	};
}

/**
 * Starts the whole profile under `folder` (kept between starts: `postgres/`, `main/`, `worker-N/`,
 * one log per process). `port`: the editor's preferred port; `fast`: Postgres without fsync (tests);
 * `env`: extra settings for every n8n process. Answers a handle to drive it (see the returned object).
 */
export async function startQueueProfile({
	folder,
	port = 0,
	workers = 2,
	fast = false,
	durableCursors = true,
	env = {},
	onStep = log,
}) {
	const { pgBin, redisServer } = await ensureServices();
	fs.mkdirSync(folder, { recursive: true });
	// Postgres runs as its own user, which must reach its data folder inside this one.
	if (process.getuid?.() === 0) fs.chmodSync(folder, 0o755);
	const stops = [];
	const profile = { folder, workers: [], stopped: false };
	try {
		const [pgPort, redisPort] = [await freePort(0), await freePort(0)];
		profile.postgres = await startPostgres({
			dir: path.join(folder, 'postgres'),
			port: pgPort,
			pgBin,
			fast,
		});
		stops.push(() => profile.postgres.stop());
		profile.redis = await startRedis({
			dir: path.join(folder, 'redis'),
			port: redisPort,
			redisServer,
		});
		stops.push(() => profile.redis.stop());
		onStep(`Postgres on 127.0.0.1:${pgPort}, Redis on 127.0.0.1:${redisPort}`);

		// The package, packed once, installed into every process's own user folder.
		const packDir = fs.mkdtempSync(path.join(folder, '.pack-'));
		try {
			const tarball = await packPackage(packDir);
			const folders = ['main', ...Array.from({ length: workers }, (_, i) => `worker-${i + 1}`)];
			for (const name of folders) await installPackage(path.join(folder, name), { tarball });
		} finally {
			fs.rmSync(packDir, { recursive: true, force: true });
		}

		const mainFolder = path.join(folder, 'main');
		const { state } = userFolderState(mainFolder);
		const mainPort = await freePort(port, [pgPort, redisPort]);
		const mainUrl = `http://127.0.0.1:${mainPort}`;
		// One files folder for the main and every worker, as a site shares one disk or volume.
		profile.filesFolder = filesFolderOf(folder);
		const shared = {
			...queueEnv({ postgres: profile.postgres, redis: profile.redis, mainUrl, durableCursors }),
			N8N_RESTRICT_FILE_ACCESS_TO: profile.filesFolder,
			...env,
		};
		const mainOptions = {
			userFolder: mainFolder,
			port: mainPort,
			env: shared,
			packageInstalled: true,
			logFile: path.join(folder, 'main.log'),
			fixedPort: true,
		};
		Object.assign(profile, { encryptionKey: state.encryptionKey, env: shared, url: mainUrl });

		const t0 = Date.now();
		profile.main = await startN8n(mainOptions);
		// The main's state file (owner, API key): one object for it, the one the main's handle holds.
		Object.assign(profile, { state: profile.main.state, saveState: profile.main.saveState });
		stops.push(() =>
			Promise.all([...profile.workers, profile.main].filter(Boolean).map((p) => p.stop())),
		);
		onStep(`n8n main ready at ${mainUrl} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

		const workerOptions = async (i) => ({
			command: 'worker',
			userFolder: path.join(folder, `worker-${i + 1}`),
			port: await freePort(0, [pgPort, redisPort, mainPort]),
			encryptionKey: state.encryptionKey,
			env: shared,
			packageInstalled: true,
			logFile: path.join(folder, `worker-${i + 1}.log`),
		});
		const t1 = Date.now();
		const started = await Promise.allSettled(
			Array.from({ length: workers }, async (_, i) => startN8n(await workerOptions(i))),
		);
		profile.workers = started.filter((r) => r.status === 'fulfilled').map((r) => r.value);
		const failed = started.find((r) => r.status === 'rejected');
		if (failed) throw failed.reason;
		onStep(
			`${workers} n8n worker(s) ready in ${((Date.now() - t1) / 1000).toFixed(1)} s (health ports ${profile.workers.map((w) => w.port).join(', ')})`,
		);

		Object.assign(profile, {
			workerName: (i) => `worker-${i + 1}`,
			/** Starts worker `i` (0-based) again after it was stopped or killed. */
			async startWorker(i) {
				profile.workers[i] = await startN8n(await workerOptions(i));
				return profile.workers[i];
			},
			/** Ends worker `i`: `SIGTERM` lets it finish its jobs first, `SIGKILL` is a crash. */
			async stopWorker(i, signal = 'SIGTERM') {
				const worker = profile.workers[i];
				if (signal === 'SIGTERM') return worker.stop();
				process.kill(-worker.child.pid, signal);
				await worker.exited;
			},
			/** Kills the main at once (SIGKILL to its process group) and waits until it is gone. */
			async killMain() {
				process.kill(-profile.main.child.pid, 'SIGKILL');
				await profile.main.exited;
			},
			async restartMain() {
				profile.main = await startN8n(mainOptions);
				return profile.main;
			},
			/** The workers whose log says they ran execution `id` ("Worker started execution <id> (job …)"). */
			ranBy(id) {
				return profile
					.started()
					.filter((s) => s.id === String(id))
					.map((s) => s.worker);
			},
			/** Peak resident memory of a worker process so far, in MB (Linux: VmHWM). */
			peakRssMb(name) {
				const worker = profile.workers[Number(name.split('-')[1]) - 1];
				const match = /VmHWM:\s+(\d+) kB/.exec(readLog(`/proc/${worker.child.pid}/status`));
				return match ? Math.round(Number(match[1]) / 1024) : undefined;
			},
			/** Every execution a worker started, as its log tells: [{id, worker}]. */
			started() {
				return profile.workers.flatMap((worker, i) =>
					[...readLog(worker.logFile).matchAll(/Worker started execution (\d+) \(/g)].map((m) => ({
						id: m[1],
						worker: `worker-${i + 1}`,
					})),
				);
			},
		});
		profile.stop = async () => {
			if (profile.stopped) return;
			profile.stopped = true;
			for (const stop of stops.reverse()) {
				try {
					await stop();
				} catch (error) {
					log('  while stopping:', error.message);
				}
			}
		};
		return profile;
	} catch (error) {
		for (const stop of stops.reverse()) await stop().catch(() => {});
		throw error;
	}
}

function readLog(file) {
	try {
		return fs.readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}
