// At a real site, in real n8n 2.41.1: the simulator over HTTPS with a CA of its own and a real
// forward proxy with a user in front of it. n8n's own credential test (the editor's endpoint) speaks
// the site's words for a missing CA and a wrong proxy password and passes with both set; a workflow
// with a WMS node and n8n's HTTP Request node (the same credential) runs through the proxy; and in
// Chromium the credential form shows the new fields and the test's words for an unknown CA.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
	ROOT,
	executionError,
	simulatorCertificates,
	startSimulator,
} from '../../dev/scripts/n8n-host.mjs';
import { waitUntil } from '../../dev/n8n-host/lib/suite.mjs';
import { editorPage, screenshot, shownLabels, shownParameters } from './support/editor.mjs';

const PROXY_USER = 'wms-n8n';
const PROXY_PASSWORD = 'Forklift-Route-77';

/** dev/scripts/forward-proxy.mjs in a process of its own, and what it forwarded. */
async function forwardProxy(ctx) {
	const child = spawn(
		process.execPath,
		[
			path.join(ROOT, 'dev', 'scripts', 'forward-proxy.mjs'),
			'--user',
			PROXY_USER,
			'--password',
			PROXY_PASSWORD,
		],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	);
	ctx.onCleanup(() => child.kill());
	const log = [];
	let text = '';
	const url = await new Promise((resolve, reject) => {
		child.stdout.on('data', (chunk) => {
			text += chunk;
			const lines = text.split('\n');
			text = lines.pop();
			for (const line of lines) {
				if (line.startsWith('Proxy URL: ')) resolve(line.slice('Proxy URL: '.length));
				else if (line.startsWith('{')) log.push(JSON.parse(line));
			}
		});
		child.once('exit', (code) => reject(new Error(`the proxy exited (${code})`)));
	});
	return { url, log };
}

/** The HTTPS simulator, its CA and the proxy: made once for this file. */
let site;
async function theSite(ctx) {
	if (site) return site;
	const certificates = await simulatorCertificates(
		fs.mkdtempSync(path.join(os.tmpdir(), 'wms-e2e-tls-')),
	);
	const simulator = await startSimulator({
		port: 0,
		host: '127.0.0.1',
		demoData: true,
		autoWork: false,
		tls: certificates.server,
	});
	ctx.onCleanup(() => simulator.close());
	site = {
		simulator,
		ca: certificates.ca.cert,
		caKey: certificates.ca.key,
		proxy: await forwardProxy(ctx),
	};
	return site;
}

const credentialData = (s, fields = {}) => ({
	baseUrl: s.simulator.baseUrl,
	clientId: s.simulator.clientId,
	clientSecret: s.simulator.clientSecret,
	...fields,
});
const trusting = (s) => ({ trustPrivateCa: true, caCertificate: s.ca });
const throughProxy = (s, password = PROXY_PASSWORD) => ({
	useProxy: true,
	proxyUrl: s.proxy.url,
	proxyUser: PROXY_USER,
	proxyPassword: password,
});

/** n8n's credential test as the editor calls it (POST /rest/credentials/test). */
async function testCredential(ctx, data) {
	const { id, name, type } = ctx.credential;
	return ctx.client.rest('POST', '/credentials/test', { credentials: { id, name, type, data } });
}

/** A credential of its own for a test, removed when the suite ends. */
async function credentialOf(ctx, name, data) {
	const created = await ctx.client.rest('POST', '/credentials', {
		name,
		type: ctx.credential.type,
		data,
	});
	ctx.onCleanup(() => ctx.client.rest('DELETE', `/credentials/${created.id}`).catch(() => {}));
	return { id: created.id, name, type: ctx.credential.type };
}

const unknownCaWords = (s) =>
	`The platform's certificate at ${new URL(s.simulator.baseUrl).origin} is not signed by a CA this credential trusts: add the CA under Trust a Private CA → CA Certificate in the credential (ask the platform's operator for it)`;

export default [
	{
		name: "credential test over HTTPS without the CA says to add it (not n8n's bare code); with the CA it passes",
		async run(ctx) {
			const s = await theSite(ctx);
			const without = await testCredential(ctx, credentialData(s));
			assert.deepEqual(without, { status: 'Error', message: unknownCaWords(s) });
			const withCa = await testCredential(ctx, credentialData(s, trusting(s)));
			assert.equal(withCa.status, 'OK', `credential test said: ${withCa.message}`);
		},
	},
	{
		name: 'credential test through a proxy with a user: passes through it (CONNECT); a wrong password says to check the proxy user',
		async run(ctx) {
			const s = await theSite(ctx);
			const before = s.proxy.log.length;
			const right = await testCredential(
				ctx,
				credentialData(s, { ...trusting(s), ...throughProxy(s) }),
			);
			assert.equal(right.status, 'OK', `credential test said: ${right.message}`);
			await waitUntil('the proxy logged the test', () => s.proxy.log.length >= before + 2);
			const host = new URL(s.simulator.baseUrl).host;
			assert.deepEqual(
				s.proxy.log.slice(before, before + 2),
				Array(2).fill({ method: 'CONNECT', target: host, user: PROXY_USER, allowed: true }),
			);
			const wrong = await testCredential(
				ctx,
				credentialData(s, { ...trusting(s), ...throughProxy(s, 'Not-The-Password-1') }),
			);
			assert.deepEqual(wrong, {
				status: 'Error',
				message: `The proxy ${s.proxy.url} refused the connection (407 Proxy Authentication Required): check Proxy User and Proxy Password in the credential`,
			});
		},
	},
	{
		name: "a WMS node and n8n's HTTP Request node with the same credential run over HTTPS through the proxy",
		timeoutMs: 120000,
		async run(ctx) {
			const s = await theSite(ctx);
			const credential = await credentialOf(
				ctx,
				'WMS at a site (e2e)',
				credentialData(s, { ...trusting(s), ...throughProxy(s) }),
			);
			const http = ctx.nodeTypes.get('n8n-nodes-base.httpRequest');
			const creds = { [credential.type]: { id: credential.id, name: credential.name } };
			const saved = await ctx.client.api('POST', '/workflows', {
				name: 'e2e: at a site',
				nodes: [
					{
						id: 'm',
						name: 'Start',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					{
						id: 's',
						name: 'Add supplier',
						type: `${ctx.packageName}.wmsSupplier`,
						typeVersion: 1,
						position: [240, 0],
						parameters: {
							resource: 'supplier',
							operation: 'upsert',
							code: 'SITE-1',
							name: 'At the site',
						},
						credentials: creds,
					},
					{
						id: 'h',
						name: 'Read it back',
						type: 'n8n-nodes-base.httpRequest',
						typeVersion: Math.max(...[http.version].flat()),
						position: [480, 0],
						parameters: {
							method: 'POST',
							url: `${s.simulator.baseUrl}/supplier/check`,
							authentication: 'predefinedCredentialType',
							nodeCredentialType: credential.type,
							sendBody: true,
							specifyBody: 'json',
							jsonBody: '{"filter": {"code": "SITE-1"}}',
							options: {},
						},
						credentials: creds,
					},
				],
				connections: {
					Start: { main: [[{ node: 'Add supplier', type: 'main', index: 0 }]] },
					'Add supplier': { main: [[{ node: 'Read it back', type: 'main', index: 0 }]] },
				},
				settings: { executionOrder: 'v1' },
			});
			ctx.onCleanup(() => ctx.client.api('DELETE', `/workflows/${saved.id}`).catch(() => {}));
			const before = s.proxy.log.length;
			const requests = () =>
				Object.values(s.simulator.stats().requests).reduce((sum, n) => sum + n, 0);
			const sentBefore = requests();
			const execution = await ctx.client.waitForExecution(
				await ctx.client.runManually(saved.id, 'Start'),
			);
			assert.equal(executionError(execution), null, `the run failed: ${executionError(execution)}`);
			const read = execution.data.resultData.runData['Read it back'][0].data.main[0][0].json;
			assert.equal(read.items?.[0]?.code, 'SITE-1', JSON.stringify(read).slice(0, 300));
			// The node's request and the HTTP Request node's (and a token request, unless the credential
			// test above fetched one moments ago): every request the platform saw came through the proxy.
			const sent = requests() - sentBefore;
			assert.ok(sent >= 2, `the platform saw ${sent} requests`);
			await waitUntil(
				`the proxy logged the run's ${sent} requests (it has: ${JSON.stringify(s.proxy.log.slice(before))})`,
				() => s.proxy.log.length >= before + sent,
				{ timeoutMs: 10000 },
			);
			assert.deepEqual(
				s.proxy.log.slice(before).map((line) => `${line.method} ${line.user}`),
				Array(sent).fill(`CONNECT ${PROXY_USER}`),
			);
		},
	},
	{
		name: 'credential form: the site fields, each group shown when switched on, secrets masked',
		async run(ctx) {
			const s = await theSite(ctx);
			const credential = await credentialOf(
				ctx,
				'WMS site settings (e2e)',
				credentialData(s, {
					...trusting(s),
					...throughProxy(s),
					useClientCertificate: true,
					// Any certificate and key will do to show the form: n8n saves only a complete credential.
					clientCertificate: s.ca,
					clientKey: s.caKey,
					proxyBypass: 'localhost, .intranet.example.com',
				}),
			);
			const page = await editorPage(ctx);
			await page.goto(`${ctx.n8n.url}/home/credentials/${credential.id}`);
			await page.waitForSelector('[data-test-id="editCredential-modal"]', { timeout: 20000 });
			await page.waitForSelector('[data-test-id="parameter-input-proxyUrl"]');
			await page.waitForLoadState('networkidle');
			const shown = await shownParameters(page);
			for (const field of [
				'tokenRequest',
				'scope',
				'audience',
				'trustPrivateCa',
				'caCertificate',
				'useClientCertificate',
				'clientCertificate',
				'clientKey',
				'clientKeyPassphrase',
				'useProxy',
				'proxyUrl',
				'proxyUser',
				'proxyPassword',
				'proxyBypass',
				'ignoreCertificateErrors',
			])
				assert.ok(shown.includes(field), `${field} not shown (${shown})`);
			const labels = await shownLabels(page);
			for (const label of [
				'Token Request',
				'Trust a Private CA',
				'CA Certificate *',
				'Proxy URL *',
			])
				assert.ok(labels.includes(label), `"${label}" not among ${JSON.stringify(labels)}`);
			for (const secret of ['clientKey', 'clientKeyPassphrase', 'proxyPassword']) {
				const type = await page.getAttribute(
					`[data-test-id="parameter-input-${secret}"] input`,
					'type',
				);
				assert.equal(type, 'password', `${secret} is not masked`);
			}
			// For the picture: the client certificate group switched off again (not saved), so the CA and
			// the proxy fit on one screen.
			await page.click('[data-test-id="parameter-input-useClientCertificate"] .el-switch');
			await page.waitForSelector('[data-test-id="parameter-input-clientKey"]', { state: 'hidden' });
			await page.evaluate(() =>
				document
					.querySelector('[data-test-id="parameter-input-audience"]')
					?.scrollIntoView({ block: 'start' }),
			);
			await page.mouse.move(0, 0);
			await screenshot(page, ctx, 'credential-site');
			await page.keyboard.press('Escape');
		},
	},
	{
		name: 'credential test in the editor, HTTPS without the CA: "More details" says to add the CA, not a bare code',
		async run(ctx) {
			const s = await theSite(ctx);
			const credential = await credentialOf(ctx, 'WMS without its CA (e2e)', credentialData(s));
			const page = await editorPage(ctx);
			await page.goto(`${ctx.n8n.url}/home/credentials/${credential.id}`);
			await page.waitForSelector('[data-test-id="editCredential-modal"]', { timeout: 20000 });
			// The editor tests a saved credential as it opens it; its details hold the message.
			await page.getByText('More details', { exact: true }).click({ timeout: 20000 });
			await page.getByText(unknownCaWords(s), { exact: true }).waitFor({ timeout: 10000 });
			for (const code of ['SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'])
				assert.equal(await page.getByText(code).count(), 0, `the bare code ${code} is shown`);
			await screenshot(page, ctx, 'credential-unknown-ca');
			await page.keyboard.press('Escape');
		},
	},
];
