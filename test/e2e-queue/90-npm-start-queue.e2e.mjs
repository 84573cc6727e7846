// `npm start -- --queue` itself, on the folder the suite used (its database already set up): Postgres,
// Redis, main and two workers up, a login that works, the credential and the examples; a worker
// killed (SIGKILL) is named and started again while the other goes on; Ctrl-C stops every one of them.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { N8nClient, executionError, freePort, portIsFree } from '../../dev/scripts/n8n-host.mjs';
import { waitUntil } from './support.mjs';

export default [
	{
		name: 'npm start -- --queue: main, two workers, Postgres and Redis up, login, credential and examples; a worker killed is started again while the other goes on; Ctrl-C stops all of it',
		timeoutMs: 300000,
		async run(ctx) {
			await ctx.profile.stop();
			const port = await freePort(0);
			const simPort = await freePort(0, [port]);
			const child = spawn(
				process.execPath,
				[
					'dev/scripts/start.mjs',
					'--queue',
					'--no-build',
					'--user-folder',
					ctx.folder,
					'--port',
					String(port),
					'--sim-port',
					String(simPort),
					'--erp-port',
					String(await freePort(0, [port, simPort])),
				],
				{
					cwd: ctx.root,
					stdio: ['ignore', 'pipe', 'pipe'],
				},
			);
			let out = '';
			child.stdout.on('data', (d) => (out += d));
			child.stderr.on('data', (d) => (out += d));
			const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
			const ports = [port, simPort];
			try {
				await waitUntil(
					'npm start -- --queue ready',
					() => {
						assert.ok(child.exitCode === null, `npm start -- --queue ended early:\n${out}`);
						return /ready in [\d.]+ s — Ctrl-C/.test(out);
					},
					{ timeoutMs: 180000 },
				);
				const editor = /n8n editor\s+(\S+)/.exec(out)[1];
				// The banner's address opens on the workflow list, where the examples are.
				assert.equal(editor, `http://127.0.0.1:${port}/home/workflows`);
				const health = [...out.matchAll(/worker-\d health (\S+)/g)].map((m) => m[1]);
				assert.equal(health.length, 2, `two workers in the banner:\n${out}`);
				for (const url of health)
					assert.equal((await fetch(`${url}/readiness`)).status, 200, `${url}/readiness`);
				ports.push(...health.map((url) => Number(new URL(url).port)));
				ports.push(
					Number(/ERP database\s+postgres:\/\/\S+@127\.0\.0\.1:(\d+)\//.exec(out)[1]),
					Number(/Postgres\s+127\.0\.0\.1:(\d+)/.exec(out)[1]),
					Number(/Redis\s+127\.0\.0\.1:(\d+)/.exec(out)[1]),
				);

				const client = await new N8nClient(new URL(editor).origin).login(
					/log in as\s+(\S+)/.exec(out)[1],
					/password\s+(\S+)/.exec(out)[1],
				);
				assert.ok(
					(await client.rest('GET', '/credentials')).some((c) => c.name === 'WMS Simulator'),
					'no "WMS Simulator" credential',
				);
				const workflows = await client.rest('GET', '/workflows');
				for (const example of ctx.workflows)
					assert.ok(
						workflows.some((w) => w.name === example.name),
						`example "${example.name}" missing`,
					);

				// SIGKILL to worker-1: it is named, started again, and worker-2 answers all along.
				const pid = Number(/worker-1 health \S+\s+pid (\d+)/.exec(out)[1]);
				const [, other] = health;
				let otherDown = 0;
				const watching = setInterval(async () => {
					const res = await fetch(`${other}/readiness`).catch(() => null);
					if (res?.status !== 200) otherDown++;
				}, 250);
				try {
					process.kill(-pid, 'SIGKILL');
					const back = await waitUntil(
						'worker-1 named and started again',
						() => /worker-1 died \(SIGKILL\)[\s\S]*worker-1 is back: health (\S+)/.exec(out)?.[1],
						{ timeoutMs: 120000 },
					);
					assert.equal((await fetch(`${back}/readiness`)).status, 200, `${back}/readiness`);
					ports.push(Number(new URL(back).port));
				} finally {
					clearInterval(watching);
				}
				assert.equal(otherDown, 0, 'worker-2 stopped answering while worker-1 was restarted');
				assert.doesNotMatch(out, /stopping\.\.\./, 'npm start stopped when a worker died');
				await client.createApiKey('e2e npm start queue');
				const masterData = await client.api(
					'GET',
					`/workflows/${workflows.find((w) => w.name.startsWith('ERP master data')).id}`,
				);
				const execution = await client.waitForExecution(
					await client.runManually(
						masterData.id,
						masterData.nodes.find((n) => /manualTrigger$/.test(n.type)).name,
					),
					{ timeoutMs: 120000 },
				);
				assert.equal(executionError(execution), null, 'a run after the restart');
			} finally {
				child.kill('SIGINT');
				const code = await Promise.race([
					exited,
					new Promise((r) => setTimeout(() => r('timeout'), 60000)),
				]);
				assert.equal(
					code,
					0,
					`npm start -- --queue did not stop cleanly on Ctrl-C (${code}):\n${out.slice(-1500)}`,
				);
			}
			for (const p of ports) assert.ok(await portIsFree(p), `port ${p} still taken after Ctrl-C`);
			ctx.log(
				`ports ${ports.join(', ')} (editor, simulator, worker health, Postgres, Redis) free after Ctrl-C`,
			);
		},
	},
];
