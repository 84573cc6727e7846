// `npm start -- --queue` itself, on the folder the suite used (its database already set up): Postgres,
// Redis, main and two workers up, a login that works, the credential and the examples; Ctrl-C stops
// every one of them.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { N8nClient, freePort, portIsFree } from '../../dev/scripts/n8n-host.mjs';
import { waitUntil } from './support.mjs';

export default [
	{
		name: 'npm start -- --queue: main, two workers, Postgres and Redis up, login, credential and examples; Ctrl-C stops all of it',
		timeoutMs: 240000,
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
				assert.equal(editor, `http://127.0.0.1:${port}/`);
				const health = [...out.matchAll(/worker-\d health (\S+)/g)].map((m) => m[1]);
				assert.equal(health.length, 2, `two workers in the banner:\n${out}`);
				for (const url of health)
					assert.equal((await fetch(`${url}/readiness`)).status, 200, `${url}/readiness`);
				ports.push(...health.map((url) => Number(new URL(url).port)));
				ports.push(
					Number(/Postgres\s+127\.0\.0\.1:(\d+)/.exec(out)[1]),
					Number(/Redis\s+127\.0\.0\.1:(\d+)/.exec(out)[1]),
				);

				const client = await new N8nClient(editor.replace(/\/$/, '')).login(
					/log in as\s+(\S+)/.exec(out)[1],
					/password\s+(\S+)/.exec(out)[1],
				);
				assert.ok(
					(await client.rest('GET', '/credentials')).some((c) => c.name === 'WMS Simulator'),
					'no "WMS Simulator" credential',
				);
				const names = (await client.rest('GET', '/workflows')).map((w) => w.name);
				for (const example of ctx.workflows)
					assert.ok(names.includes(example.name), `example "${example.name}" missing`);
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
