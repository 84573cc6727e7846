// `npm start` itself: brings up the simulator, the ERP database and n8n with the package, prints a
// login that works, the simulator's and the ERP's addresses; the ERP examples run against that ERP;
// Ctrl-C (SIGINT) stops everything it started. With --tls the simulator is HTTPS, with a CA of its
// own that the banner says to paste.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { N8nClient, executionError, freePort, portIsFree } from '../../dev/scripts/n8n-host.mjs';
import { waitUntil } from '../../dev/n8n-host/lib/suite.mjs';
import { chatModelNodes } from './support/agent.mjs';
import { openFromList, screenshot, signedIn, slug } from './support/editor.mjs';

const pg = createRequire(import.meta.url)('pg');
const ERP_EXAMPLES = fs
	.readdirSync(new URL('../../examples/erp-database/', import.meta.url))
	.filter((f) => f.endsWith('.json')).length;

/**
 * Runs `npm start` (dev/scripts/start.mjs) with `flags` in a user folder of its own (or `folder`)
 * until its banner says it is ready; `stop()` is Ctrl-C, asserting it ended cleanly, and removes the
 * folder unless `keep` (then it goes when the suite ends). `output()` is all it printed.
 */
async function npmStart(ctx, label, flags = [], { folder, keep = false } = {}) {
	folder ??= fs.mkdtempSync(path.join(os.tmpdir(), 'wms-e2e-start-'));
	if (keep) ctx.onCleanup(() => fs.rmSync(folder, { recursive: true, force: true }));
	const port = await freePort(0);
	const simPort = await freePort(0, [port]);
	const erpPort = await freePort(0, [port, simPort]);
	const child = spawn(
		process.execPath,
		[
			'dev/scripts/start.mjs',
			'--no-build',
			...flags,
			'--user-folder',
			folder,
			'--port',
			String(port),
			'--sim-port',
			String(simPort),
			'--erp-port',
			String(erpPort),
		],
		{ cwd: ctx.root, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let out = '';
	child.stdout.on('data', (d) => (out += d));
	child.stderr.on('data', (d) => (out += d));
	const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
	const stop = async () => {
		child.kill('SIGINT');
		const code = await Promise.race([
			exited,
			new Promise((r) => setTimeout(() => r('timeout'), 30000)),
		]);
		if (!keep) fs.rmSync(folder, { recursive: true, force: true });
		assert.equal(
			code,
			0,
			`${label} did not stop cleanly on Ctrl-C (${code}):\n${out.slice(-1500)}`,
		);
	};
	try {
		const deadline = Date.now() + 120000;
		while (!/ready in [\d.]+ s/.test(out)) {
			assert.ok(child.exitCode === null, `${label} ended early:\n${out}`);
			assert.ok(Date.now() < deadline, `${label} not ready after 120 s:\n${out}`);
			await new Promise((r) => setTimeout(r, 250));
		}
	} catch (error) {
		await stop().catch(() => {});
		throw error;
	}
	return { folder, port, simPort, erpPort, output: () => out, stop };
}

/**
 * As a person after `npm start`: opens the banner's address, logs in, lands on the workflow list
 * (also when opening the editor's root), and runs every example from there with the editor's
 * Execute workflow button, each to a green execution with the data npm start set up. Examples that
 * need a chat model are left out (they need the user's model credential).
 */
async function examplesFromTheList(ctx, client, { editor, email, password }) {
	const { context, page } = await signedIn(await ctx.browser(), editor, { email, password });
	try {
		assert.equal(new URL(page.url()).pathname, '/home/workflows', 'not on the workflow list');
		await page.locator('[data-test-id="workflow-card-name"]').first().waitFor();
		await screenshot(page, ctx, 'npm-start-workflow-list');
		await page.goto(new URL('/', editor).href);
		await page.waitForURL((u) => u.pathname === '/home/workflows', { timeout: 15000 });

		const examples = (await client.listWorkflows()).filter((w) => !chatModelNodes(w).length);
		assert.ok(examples.length >= 9, `only ${examples.length} examples to run`);
		for (const workflow of examples) {
			await page.goto(editor);
			await openFromList(page, workflow.name);
			const before = new Set((await client.executions(workflow.id)).map((e) => e.id));
			await page.click('[data-test-id="execute-workflow-button"]');
			const execution = await waitUntil(
				`a finished run of "${workflow.name}" started from the editor`,
				async () => {
					const [fresh] = (await client.executions(workflow.id)).filter((e) => !before.has(e.id));
					return fresh && fresh.status !== 'running' && fresh.status !== 'new'
						? client.waitForExecution(fresh.id)
						: null;
				},
				{ timeoutMs: 90000, everyMs: 500 },
			);
			assert.equal(
				executionError(execution),
				null,
				`"${workflow.name}", run from the editor, failed: ${executionError(execution)}`,
			);
			await page.locator('[data-test-id="canvas-node-status-success"]').first().waitFor();
			await screenshot(page, ctx, `npm-start-${slug(workflow.name)}`, { forDocs: false });
			ctx.log(`"${workflow.name}": execution ${execution.id} green`);
		}
	} finally {
		await context.close();
	}
}

/** The "WMS Simulator" credential of the n8n that `npm start` printed `out` for, with its data as n8n shows it. */
async function simulatorCredential(out) {
	const { editor, email, password } = login(out);
	const client = await new N8nClient(new URL(editor).origin).login(email, password);
	const { id, name, type } = (await client.rest('GET', '/credentials')).find(
		(c) => c.name === 'WMS Simulator',
	);
	const { data } = await client.rest('GET', `/credentials/${id}?includeData=true`);
	/** Saves the credential with `changes`, as the editor's Save does. */
	const change = (changes) =>
		client.rest('PATCH', `/credentials/${id}`, { name, type, data: { ...data, ...changes } });
	return { client, credential: { id, name, type }, data, change };
}

/** The user folder of the first start, with the credential as the person changed it, for the next. */
const restart = {};
const PASTED = 'openapi: 3.0.3 # pasted once, kept while From the Platform is chosen';

/** What the banner of `npm start` says: the editor's address and the login. */
function login(out) {
	return {
		editor: /n8n editor\s+(\S+)/.exec(out)[1],
		email: /log in as\s+(\S+)/.exec(out)[1],
		password: /password\s+(\S+)/.exec(out)[1],
	};
}

export default [
	{
		name: 'npm start: up with a working login that lands on the workflow list, the credentials, the examples and their files folder; every example runs green from the list in the editor, the ERP examples from its ERP database; Ctrl-C stops it all',
		timeoutMs: 480000,
		async run(ctx) {
			const { folder, port, simPort, erpPort, output, stop } = await npmStart(
				ctx,
				'npm start',
				[],
				{
					keep: true,
				},
			);
			const out = output();
			try {
				const { editor, email, password } = login(out);
				assert.equal(editor, `http://127.0.0.1:${port}/home/workflows`);
				const files = /^ {2}files\s+(\S+)\/\s/m.exec(out)[1];
				assert.equal(path.resolve(ctx.root, files), path.join(folder, 'n8n-files'));
				assert.ok(fs.existsSync(path.join(folder, 'n8n-files', 'erp', 'item-master.csv')));
				assert.match(out, new RegExp(`simulator\\s+http://127\\.0\\.0\\.1:${simPort}/v1`));
				const client = await new N8nClient(new URL(editor).origin).login(email, password);
				const credentials = await client.rest('GET', '/credentials');
				assert.ok(
					credentials.some((c) => c.name === 'WMS Simulator'),
					'no "WMS Simulator" credential',
				);
				assert.ok(
					credentials.some((c) => c.name === 'ERP database' && c.type === 'postgres'),
					'no "ERP database" credential',
				);
				const workflows = await client.rest('GET', '/workflows');
				assert.equal(
					workflows.length,
					ctx.workflows.length + ERP_EXAMPLES,
					'not every example was imported',
				);
				const erpUrl = /ERP database\s+(postgres:\/\/\S+)/.exec(out)[1];
				assert.equal(new URL(erpUrl).port, String(erpPort));
				// The orders example, run from the editor, sends the ERP's released orders.
				await client.createApiKey('e2e npm start');
				const orders = workflows.find((w) => w.name === 'ERP released sales orders → WMS');
				const execution = await client.waitForExecution(
					await client.runManually(orders.id, 'Every 5 minutes'),
				);
				assert.equal(executionError(execution), null);
				const erp = new pg.Client({ connectionString: erpUrl });
				await erp.connect();
				try {
					const { rows } = await erp.query(
						`select order_number from erp.sales_orders where status = 'sent' order by 1`,
					);
					assert.deepEqual(
						rows.map((r) => r.order_number),
						['SO-1001', 'SO-1002', 'SO-1003'],
					);
				} finally {
					await erp.end();
				}
				await examplesFromTheList(ctx, client, { editor, email, password });
				// The person's own choice, through n8n's API as the editor saves it: kept by the next start.
				await (
					await simulatorCredential(out)
				).change({
					description: 'platform',
					descriptionUrl: 'openapi.yaml',
					descriptionText: PASTED,
				});
				restart.folder = folder;
			} finally {
				await stop();
			}
			assert.ok(await portIsFree(port), `n8n still listens on ${port} after Ctrl-C`);
			assert.ok(
				await portIsFree(simPort),
				`the simulator still listens on ${simPort} after Ctrl-C`,
			);
			assert.ok(await portIsFree(erpPort), `the ERP database still listens on ${erpPort}`);
		},
	},
	{
		name: "npm start again on that folder keeps what the person changed in the credential (From the Platform, its URL, the pasted text) and moves its Base URL to the simulator's new port; then with --shape acme a credential on Built In is set to From the Platform, and the banner says so",
		timeoutMs: 300000,
		async run(ctx) {
			assert.ok(restart.folder, 'needs the folder of the test before');
			const again = await npmStart(ctx, 'npm start (again)', [], {
				folder: restart.folder,
				keep: true,
			});
			try {
				const out = again.output();
				const { client, credential, data, change } = await simulatorCredential(out);
				assert.deepEqual(
					{
						description: data.description,
						descriptionUrl: data.descriptionUrl,
						descriptionText: data.descriptionText,
						baseUrl: data.baseUrl,
					},
					{
						description: 'platform',
						descriptionUrl: 'openapi.yaml',
						descriptionText: PASTED,
						baseUrl: `http://127.0.0.1:${again.simPort}/v1`,
					},
				);
				assert.match(out, /API Description: From the Platform \(openapi\.yaml\)/);
				const test = await client.rest('POST', '/credentials/test', {
					credentials: { ...credential, data },
				});
				assert.equal(test.status, 'OK', `the kept credential's test said: ${test.message}`);
				await change({ description: 'builtIn' });
			} finally {
				await again.stop();
			}
			const shaped = await npmStart(ctx, 'npm start --shape acme', ['--shape', 'acme'], {
				folder: restart.folder,
			});
			try {
				const out = shaped.output();
				const { data } = await simulatorCredential(out);
				assert.equal(data.description, 'platform');
				assert.equal(data.descriptionUrl, 'openapi.yaml', "the person's Description URL");
				assert.match(
					out,
					/API Description: From the Platform \(openapi\.yaml\)\s+set to From the Platform by npm start \(--shape acme\): the simulator speaks Acme WMS/,
				);
			} finally {
				await shaped.stop();
			}
		},
	},
	{
		name: 'npm start -- --tls: the simulator over HTTPS with a CA of its own kept in the user folder; the banner says what to paste, the "WMS Simulator" credential trusts it, and a credential without it is told to add it',
		timeoutMs: 180000,
		async run(ctx) {
			const { folder, simPort, output, stop } = await npmStart(ctx, 'npm start --tls', ['--tls']);
			const out = output();
			try {
				const baseUrl = `https://127.0.0.1:${simPort}/v1`;
				assert.match(out, new RegExp(`simulator\\s+${baseUrl.replace(/\./g, '\\.')}\\s+\\(HTTPS`));
				const caFile = path.join(folder, 'tls', 'ca.pem');
				assert.ok(
					out.includes(`Trust a Private CA → CA Certificate: the contents of ${caFile}`),
					`the banner does not say to paste ${caFile}:\n${out}`,
				);
				const ca = fs.readFileSync(caFile, 'utf8');
				assert.match(ca, /^-----BEGIN CERTIFICATE-----/);
				const [, clientId, clientSecret] = /demo client\s+id (\S+)\s+secret (\S+)/.exec(out);

				const { editor, email, password } = login(out);
				const client = await new N8nClient(new URL(editor).origin).login(email, password);
				const stored = (await client.rest('GET', '/credentials')).find(
					(c) => c.name === 'WMS Simulator',
				);
				// The editor's Test on the saved credential: n8n fills in its stored secrets.
				const saved = await client.rest('GET', `/credentials/${stored.id}?includeData=true`);
				assert.equal(saved.data.baseUrl, baseUrl);
				const test = (data) =>
					client.rest('POST', '/credentials/test', {
						credentials: { id: stored.id, name: stored.name, type: stored.type, data },
					});
				const asSaved = await test(saved.data);
				assert.equal(asSaved.status, 'OK', `the saved credential's test said: ${asSaved.message}`);
				// A credential of one's own, as the banner says: without the CA, then with ca.pem pasted.
				const own = { baseUrl, clientId, clientSecret };
				assert.deepEqual(await test(own), {
					status: 'Error',
					message: `The platform's certificate at https://127.0.0.1:${simPort} is not signed by a CA this credential trusts: add the CA under Trust a Private CA → CA Certificate in the credential (ask the platform's operator for it)`,
				});
				const pasted = await test({ ...own, trustPrivateCa: true, caCertificate: ca });
				assert.equal(pasted.status, 'OK', `with ca.pem pasted the test said: ${pasted.message}`);
			} finally {
				await stop();
			}
		},
	},
];
