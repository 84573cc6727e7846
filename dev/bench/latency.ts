/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * Throughput over a real network: 100,000 inventory items through WMS Inventory → Item: Add or Update
 * in real n8n-core against a "remote" simulator (its own process, latency model) at 0, 20, 50 and
 * 100 ms round trip, beside
 *   (a) a bare client (axios, keep-alive) posting the same 1000-item chunks one at a time;
 *   (b) the same bare client with 4 requests in flight;
 * then 50 ms over real TLS: the simulator serves HTTPS with a CA made for the benchmark (the node's
 * credential trusts it under Trust a Private CA, the bare clients' agents too), and a new connection
 * also costs two round trips, the TCP and TLS handshakes (the latency model: loopback has no distance
 * of its own, so the handshakes' CPU is real and their round trips are modelled). n8n's request helper
 * opens a connection per request, the bare clients keep theirs. Then once more under a limit of 5
 * requests per second (the node alone: a bare client would need retry code of its own), over TLS.
 * Each measurement is a child process of its own (`--only`) with a fresh simulator, so the peak RSS
 * printed is that run's whole process (the simulator excluded) and no run pays for another's memory.
 * Each child warms up (2,000 items) before the latency or limit is set and the stats are reset; the
 * token it got then serves the measured run (n8n keeps the node's on the credential).
 *
 * Targets: at 50 ms node ≤ 0.35 × (a) and ≤ 1.3 × (b), at 0 ms node/(a) ≤ 1.3 (issue 15); at 50 ms
 * + TLS node ≤ 1.5 × (b) (issue 24); under the limit every item stored once and the node's time ≤
 * 1.2 × requests ÷ limit. Ratios are medians of the runs paired in order (each node run against the
 * bare runs just before it).
 *
 *   npm run bench latency [-- --items 100000 --runs 3 --rtt 0,20,50,100,50tls --limit 5 --limit-rtt 50tls]
 *   node .tools/dev/bench/latency.js --only node|sequential|parallel --rtt 50 [--limit 5] [--connect-ms 100] [--tls]
 */
import '../../test/support/setup';

import axios from 'axios';
import { Agent } from 'node:http';
import { Agent as TlsAgent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { harnessFor } from '../../test/support/harness';
import {
	arg,
	erpItems,
	inChildProcess,
	listArg,
	measurementOrBenchmark,
	median,
	withSimulator,
	type Platform,
} from './support';

type Kind = 'sequential' | 'parallel' | 'node';
const KINDS: Kind[] = ['sequential', 'parallel', 'node'];
const LABEL: Record<Kind, string> = {
	sequential: '(a) one at a time',
	parallel: '(b) 4 in flight',
	node: 'WMS Inventory node',
};
const CHUNK = 1000;
const WARM_UP = 2000;

interface Measured {
	kind: Kind;
	seconds: number;
	wholeRunSeconds?: number;
	peakMb: number;
	accepted: number;
	refused: number;
	tokens: number;
	connections: number;
	peakInFlight: number;
}

/** Where the benchmark's CA and the simulator's certificate are kept between runs. */
const TLS_DIR = join(tmpdir(), 'wms-bench-tls');

// ---------- one measurement (a child process) ----------

async function sendNode(
	platform: Platform,
	items: IDataObject[],
): Promise<{ seconds: number; wholeRunSeconds: number }> {
	const t0 = process.hrtime.bigint();
	const trust: ICredentialDataDecryptedObject = platform.ca
		? { trustPrivateCa: true, caCertificate: platform.ca }
		: {};
	const run = await harnessFor(platform, trust).run(
		{
			type: 'wmsInventory',
			parameters: { resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem' },
		},
		items,
	);
	const wholeRunSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
	if (run.error) throw run.error;
	if (run.outputs[0].length !== items.length)
		throw new Error(`expected ${items.length} output items, got ${run.outputs[0].length}`);
	return {
		seconds: (run.run.data.resultData.runData.WMS[0].executionTime ?? 0) / 1000,
		wholeRunSeconds,
	};
}

/** The bare client: its token fetched once (as n8n keeps the node's on the credential), then the chunks, `inFlight` at a time. */
function bareClient(platform: Platform, inFlight: number) {
	const agent = platform.ca
		? new TlsAgent({ keepAlive: true, ca: platform.ca })
		: new Agent({ keepAlive: true });
	const client = axios.create({
		baseURL: platform.baseUrl,
		httpAgent: agent,
		httpsAgent: agent,
		headers: { 'Content-Type': 'application/json' },
	});
	let token: Promise<string> | undefined;
	return {
		async send(items: IDataObject[]): Promise<{ seconds: number }> {
			token ??= client
				.post('/oauth/token', {
					client_id: platform.clientId,
					client_secret: platform.clientSecret,
					grant_type: 'client_credentials',
				})
				.then((r) => r.data.access_token as string);
			const headers = { Authorization: `Bearer ${await token}` };
			const t0 = process.hrtime.bigint();
			let next = 0;
			const worker = async () => {
				while (next < items.length) {
					const start = next;
					next += CHUNK;
					await client.post(
						'/inventory/add',
						{ items: items.slice(start, start + CHUNK) },
						{ headers },
					);
				}
			};
			await Promise.all(Array.from({ length: inFlight }, worker));
			return { seconds: Number(process.hrtime.bigint() - t0) / 1e9 };
		},
		close: () => agent.destroy(),
	};
}

async function measureOne(
	kind: Kind,
	total: number,
	rtt: number,
	connectMs: number,
	limit: number,
	tls: boolean,
): Promise<Measured> {
	return await withSimulator(tls ? ['--tls', TLS_DIR] : [], async (platform) => {
		const bare = kind === 'node' ? undefined : bareClient(platform, kind === 'parallel' ? 4 : 1);
		const send = (items: IDataObject[]) => (bare ? bare.send(items) : sendNode(platform, items));
		await send(erpItems(WARM_UP, 'WARM')); // JIT of the node, n8n-core, axios and the simulator
		const items = erpItems(total);
		await platform.control('/latency', { roundTripMs: rtt, connectMs });
		if (limit > 0) await platform.control('/rate-limit', { requestsPerSecond: limit });
		await platform.control('/reset-stats', {});
		const sent = await send(items);
		bare?.close();
		const load = await platform.control<{ connections: number; peakInFlight: number }>('/load');
		const stats = await platform.stats();
		const stored =
			(await platform.control<{ count: number }>('/store/inventory_item?count')).count - WARM_UP;
		const rows = stats.items['/inventory/add'] ?? 0;
		// Every SKU in the store, and rows accepted once each: a row sent twice would count twice.
		if (stored !== total || rows !== total)
			throw new Error(`${kind}: ${stored} of ${total} SKUs stored, ${rows} rows accepted`);
		return {
			kind,
			...sent,
			peakMb: process.resourceUsage().maxRSS / 1024,
			accepted: stats.statuses['200'] ?? 0,
			refused: stats.statuses['429'] ?? 0,
			tokens: stats.tokensIssued,
			connections: load.connections,
			peakInFlight: load.peakInFlight,
		};
	});
}

// ---------- the whole benchmark ----------

interface Setting {
	label: string;
	rtt: number;
	connectMs: number;
	limit: number;
	tls: boolean;
}

function childRun(kind: Kind, total: number, s: Setting): Promise<Measured> {
	const args = [
		'--only',
		kind,
		'--items',
		String(total),
		'--rtt',
		String(s.rtt),
		'--connect-ms',
		String(s.connectMs),
		'--limit',
		String(s.limit),
		...(s.tls ? ['--tls'] : []),
	];
	return inChildProcess<Measured>(args, `${kind} at ${s.label}`);
}

function settingOf(spec: string, limit = 0): Setting {
	const rtt = Number.parseFloat(spec);
	const perSecond = limit > 0 ? `, ${limit} requests/s` : '';
	if (spec.endsWith('tls'))
		return { label: `${rtt} ms + TLS${perSecond}`, rtt, connectMs: 2 * rtt, limit, tls: true };
	return { label: `${rtt} ms${perSecond}`, rtt, connectMs: 0, limit, tls: false };
}

const secs = (n: number) => `${n.toFixed(2)} s`;
const mb = (n: number) => `${Math.round(n)} MB`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met yet');

async function main(): Promise<void> {
	const total = arg('items', 100_000);
	const runs = arg('runs', 3);
	const settings = listArg('rtt', ['0', '20', '50', '100', '50tls']).map((spec) => settingOf(spec));
	const limit = arg('limit', 5);
	const limitSetting = settingOf(listArg('limit-rtt', ['50tls'])[0], limit);

	const results = new Map<string, Measured[][]>(); // setting label → per kind (KINDS order) → runs
	for (let run = 0; run < runs; run++) {
		for (const s of settings) {
			const slot = results.get(s.label) ?? KINDS.map(() => []);
			results.set(s.label, slot);
			for (const [k, kind] of KINDS.entries()) slot[k].push(await childRun(kind, total, s));
			const [a, b, node] = slot.map((r) => r[r.length - 1]);
			console.log(
				`run ${run + 1} ${s.label.padEnd(12)} (a) ${secs(a.seconds)}  (b) ${secs(b.seconds)}  node ${secs(node.seconds)}`,
			);
		}
	}
	const limited: Measured[] = [];
	for (let run = 0; run < runs && limit > 0; run++) {
		limited.push(await childRun('node', total, limitSetting));
		console.log(
			`run ${run + 1} ${limitSetting.label}: node ${secs(limited[run].seconds)}, ${limited[run].refused} refused`,
		);
	}

	console.log(
		`\n${total.toLocaleString('en-US')} items, chunks of ${CHUNK}; medians of ${runs} runs; peak RSS of each run's own process`,
	);
	console.log(
		`${'round trip'.padEnd(14)}${KINDS.map((k) => LABEL[k].padEnd(22)).join('')}node/(a)  node/(b)  peak RSS (a) / (b) / node   connections (a) / (b) / node   most in flight (b) / node`,
	);
	const ratios = new Map<string, { overA: number; overB: number }>();
	for (const s of settings) {
		const [a, b, node] = results.get(s.label)!;
		const overA = median(node.map((n, i) => n.seconds / a[i].seconds));
		const overB = median(node.map((n, i) => n.seconds / b[i].seconds));
		ratios.set(s.label, { overA, overB });
		const times = [a, b, node]
			.map((r) => secs(median(r.map((m) => m.seconds))).padEnd(22))
			.join('');
		const rss = [a, b, node].map((r) => mb(median(r.map((m) => m.peakMb)))).join(' / ');
		const connections = [a, b, node].map((r) => median(r.map((m) => m.connections))).join(' / ');
		const inFlight = [b, node].map((r) => median(r.map((m) => m.peakInFlight))).join(' / ');
		console.log(
			`${s.label.padEnd(14)}${times}${overA.toFixed(2).padEnd(10)}${overB.toFixed(2).padEnd(10)}${rss.padEnd(29)}${connections.padEnd(31)}${inFlight}`,
		);
	}
	const at50 = ratios.get('50 ms');
	const at0 = ratios.get('0 ms');
	if (at50) {
		console.log(
			`at 50 ms: node/(a) ${at50.overA.toFixed(2)} (target ≤ 0.35): ${verdict(at50.overA <= 0.35)};  node/(b) ${at50.overB.toFixed(2)} (target ≤ 1.3): ${verdict(at50.overB <= 1.3)}`,
		);
	}
	if (at0)
		console.log(
			`at 0 ms: node/(a) ${at0.overA.toFixed(2)} (target ≤ 1.3): ${verdict(at0.overA <= 1.3)}`,
		);
	const atTls = ratios.get('50 ms + TLS');
	if (atTls)
		console.log(
			`at 50 ms + TLS: node/(b) ${atTls.overB.toFixed(2)} (target ≤ 1.5): ${verdict(atTls.overB <= 1.5)}`,
		);
	if (limited.length) {
		const node = median(limited.map((m) => m.seconds));
		const accepted = median(limited.map((m) => m.accepted));
		const floor = accepted / limit;
		const ratio = node / floor;
		console.log(
			`under ${limitSetting.label}: every one of ${total.toLocaleString('en-US')} items stored once; ${accepted} requests accepted (${median(limited.map((m) => m.tokens))} token) and ${median(limited.map((m) => m.refused))} refused with 429; node ${secs(node)} against ${accepted} ÷ ${limit} = ${secs(floor)}: ${ratio.toFixed(2)} × (target ≤ 1.2): ${verdict(ratio <= 1.2)}; peak RSS ${mb(median(limited.map((m) => m.peakMb)))}`,
		);
	}
}

measurementOrBenchmark(async (kind) => {
	if (!KINDS.includes(kind as Kind)) throw new Error(`--only takes ${KINDS.join(', ')}`);
	return await measureOne(
		kind as Kind,
		arg('items', 100_000),
		arg('rtt', 0),
		arg('connect-ms', 0),
		arg('limit', 0),
		process.argv.includes('--tls'),
	);
}, main);
