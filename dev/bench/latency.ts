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
 * of its own, so the handshakes' CPU is real and their round trips are modelled). `50tls-public` is
 * the same with a CA the processes trust already, as a public one is (NODE_EXTRA_CA_CERTS), and no
 * CA in the credential. n8n's request helper opens a connection per request, the bare clients keep
 * theirs. Then once more under a limit of 5 requests per second (the node alone: a bare client would
 * need retry code of its own), over TLS. Each measurement is a child process of its own (`--only`)
 * with a fresh simulator, so the peak RSS printed is that run's whole process (the simulator
 * excluded) and no run pays for another's memory. Each child warms up (2,000 items) before the
 * latency or limit is set and the stats are reset; the token it got then serves the measured run
 * (n8n keeps the node's on the credential). With `--later`, the node's measured run follows a whole
 * run at the same latency in its process (a nightly push in a long-running n8n: its lanes start
 * from what the last run took). `--parallel N` sets the node's Requests in Parallel.
 *
 * Every figure is the median of the runs with their least and greatest; ratios are paired in order
 * (each node run against the bare runs just before it). The load average is printed before and
 * after, and a target is called met only when the median is within it, the node's worst run within
 * 1.25 × its median, over at least five runs, on a machine that was quiet when the benchmark began
 * (latencyReport.ts). Cost beside time: the CPU (user + system) of the process running the node, less
 * an idle run of the same workflow in n8n-core (idleRun.ts), per 1,000 items, against the bare
 * clients' CPU on the same requests; the machine's cores and the bare client's own CPU per 1,000
 * items at the first round trip name the machine.
 *
 *   npm run bench latency [-- --items 100000 --runs 5 --rtt 0,20,50,100,50tls --limit 5,10,20 --limit-rtt 50tls]
 *   node .tools/dev/bench/latency.js --only node|sequential|parallel --rtt 50 [--limit 5] [--connect-ms 100] [--tls [--public-ca]]
 */
import '../../test/support/setup';

import axios from 'axios';
import { Agent } from 'node:http';
import { Agent as TlsAgent } from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { harnessFor } from '../../test/support/harness';
import { idleRunCpuSeconds } from './idleRun';
import { tracePace, type PaceTrace } from './paceTrace';
import { report, type Measured, type Setting } from './latencyReport';
import {
	arg,
	erpItems,
	inChildProcess,
	listArg,
	measurementOrBenchmark,
	withSimulator,
	type Platform,
} from './support';

type Kind = Measured['kind'];
const KINDS: Kind[] = ['sequential', 'parallel', 'node'];
const CHUNK = 1000;
const WARM_UP = 2000;

/** Where the benchmark's CA and the simulator's certificate are kept between runs. */
const TLS_DIR = join(tmpdir(), 'wms-bench-tls');

// ---------- one measurement (a child process) ----------

async function sendNode(
	platform: Platform,
	items: IDataObject[],
	parallel: number,
): Promise<{ seconds: number; wholeRunSeconds: number }> {
	const t0 = process.hrtime.bigint();
	const trust: ICredentialDataDecryptedObject = platform.ca
		? { trustPrivateCa: true, caCertificate: platform.ca }
		: {};
	const options = parallel > 0 ? { requestsInParallel: parallel } : {};
	const run = await harnessFor(platform, trust).run(
		{
			type: 'wmsInventory',
			parameters: { resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem', options },
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
	const agent = platform.baseUrl.startsWith('https:')
		? new TlsAgent({ keepAlive: true, ...(platform.ca ? { ca: platform.ca } : {}) })
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

interface Run {
	kind: Kind;
	total: number;
	rtt: number;
	connectMs: number;
	limit: number;
	tls: boolean;
	/** The CA is trusted by the process (a public CA), not given in the credential or the agents. */
	publicCa: boolean;
	/** The node's Requests in Parallel (0: its default). */
	parallel: number;
	/** The node's measured run follows a whole run at the same latency in its process. */
	later: boolean;
}

async function measureOne(run: Run): Promise<Measured> {
	const { kind, total, rtt, connectMs, limit, tls } = run;
	return await withSimulator(tls ? ['--tls', TLS_DIR] : [], async (simulator) => {
		const platform = run.publicCa ? { ...simulator, ca: undefined } : simulator;
		const bare = kind === 'node' ? undefined : bareClient(platform, kind === 'parallel' ? 4 : 1);
		const send = (items: IDataObject[]) =>
			bare ? bare.send(items) : sendNode(platform, items, run.parallel);
		await send(erpItems(WARM_UP, 'WARM')); // JIT of the node, n8n-core, axios and the simulator
		const items = erpItems(total);
		await platform.control('/latency', { roundTripMs: rtt, connectMs });
		if (run.later && !bare) await send(items);
		if (limit > 0) await platform.control('/rate-limit', { requestsPerSecond: limit });
		await platform.control('/reset-stats', {});
		const cpu = process.cpuUsage();
		const platformCpu = platform.cpuSeconds();
		const paced = bare ? undefined : tracePace();
		const sent = await send(items);
		const pace = paced?.end();
		const used = process.cpuUsage(cpu);
		const platformCpuSeconds = (platform.cpuSeconds() ?? NaN) - (platformCpu ?? NaN);
		bare?.close();
		const load = await platform.control<{ connections: number; peakInFlight: number }>('/load');
		const stats = await platform.stats();
		const stored =
			(await platform.control<{ count: number }>('/store/inventory_item?count')).count - WARM_UP;
		const rows = stats.items['/inventory/add'] ?? 0;
		// Every SKU in the store, and rows accepted once each: a row sent twice would count twice.
		if (stored !== total || rows !== total)
			throw new Error(`${kind}: ${stored} of ${total} SKUs stored, ${rows} rows accepted`);
		const peakMb = process.resourceUsage().maxRSS / 1024;
		// The node's own CPU is its run's less n8n-core's share of the same workflow (idleRun.ts);
		// measured after the last word with the simulator, whose kept connections an idle pause would close.
		const idleCpuSeconds = bare ? 0 : await idleRunCpuSeconds(items);
		return {
			kind,
			...sent,
			cpuSeconds: (used.user + used.system) / 1e6,
			idleCpuSeconds,
			platformCpuSeconds,
			peakMb,
			accepted: stats.statuses['200'] ?? 0,
			refused: stats.statuses['429'] ?? 0,
			...(pace ? { pace } : {}),
			tokens: stats.tokensIssued,
			connections: load.connections,
			peakInFlight: load.peakInFlight,
		};
	});
}

// ---------- the whole benchmark ----------

function childRun(kind: Kind, total: number, s: Setting): Promise<Measured> {
	const flags = [
		...(s.tls ? ['--tls'] : []),
		...(s.publicCa ? ['--public-ca'] : []),
		...(process.argv.includes('--later') ? ['--later'] : []),
	];
	const args = ['--only', kind, '--items', String(total), '--rtt', String(s.rtt)];
	args.push('--connect-ms', String(s.connectMs), '--limit', String(s.limit));
	args.push('--parallel', String(arg('parallel', 0)), ...flags);
	const env: Record<string, string> = s.publicCa
		? { NODE_EXTRA_CA_CERTS: join(TLS_DIR, 'ca.pem') }
		: {};
	return inChildProcess<Measured>(args, `${kind} at ${s.label}`, env);
}

function settingOf(spec: string, limit = 0): Setting {
	const rtt = Number.parseFloat(spec);
	const perSecond = limit > 0 ? `, ${limit} requests/s` : '';
	const tls = spec.includes('tls');
	const publicCa = spec.endsWith('tls-public');
	const label = `${rtt} ms${tls ? ` + TLS${publicCa ? ' (public CA)' : ''}` : ''}${perSecond}`;
	return { label, rtt, connectMs: tls ? 2 * rtt : 0, limit, tls, publicCa };
}

async function main(): Promise<void> {
	const total = arg('items', 100_000);
	const runs = arg('runs', 5);
	const settings = listArg('rtt', ['0', '20', '50', '100', '50tls']).map((spec) => settingOf(spec));
	// One or more limits (--limit 5,10,20), each measured in its own runs; 0 measures none.
	const limitRtt = listArg('limit-rtt', ['50tls'])[0];
	const limited = listArg('limit', ['5'])
		.map(Number)
		.filter((limit) => limit > 0)
		.map((limit) => ({ setting: settingOf(limitRtt, limit), runs: [] as Measured[] }));
	// The CA and the simulator's certificate exist before a process is told to trust the CA.
	await withSimulator(['--tls', TLS_DIR], async () => undefined);

	const loadBefore = loadavg()[0];
	const results = new Map<string, Measured[][]>(); // setting label → per kind (KINDS order) → runs
	for (let run = 0; run < runs; run++) {
		for (const s of settings) {
			const slot = results.get(s.label) ?? KINDS.map(() => []);
			results.set(s.label, slot);
			for (const [k, kind] of KINDS.entries()) slot[k].push(await childRun(kind, total, s));
			const [a, b, node] = slot.map((r) => r[r.length - 1]);
			console.log(
				`run ${run + 1} ${s.label.padEnd(12)} (a) ${a.seconds.toFixed(2)} s  (b) ${b.seconds.toFixed(2)} s  node ${node.seconds.toFixed(2)} s  (load ${loadavg()[0].toFixed(2)})`,
			);
		}
	}
	for (const { setting, runs: measured } of limited)
		for (let run = 0; run < runs; run++) {
			measured.push(await childRun('node', total, setting));
			console.log(
				`run ${run + 1} ${setting.label}: node ${measured[run].seconds.toFixed(2)} s, ${measured[run].refused} refused${paceLine(measured[run].pace)}`,
			);
		}
	report({ total, runs, settings, results, limited, loadBefore });
}

const paceLine = (pace: PaceTrace | undefined) =>
	pace
		? ` (${pace.refusedBeforeRate} before the rate was learnt, ${pace.refusedAfterRate} after, ${pace.perWindow ?? '-'} per ${pace.windowMs ?? '-'} ms at the end; paused ${pace.pausedSeconds.toFixed(2)} s)`
		: '';

const option = (name: string) => process.argv.includes(`--${name}`);

measurementOrBenchmark(async (kind) => {
	if (!KINDS.includes(kind as Kind)) throw new Error(`--only takes ${KINDS.join(', ')}`);
	return await measureOne({
		kind: kind as Kind,
		total: arg('items', 100_000),
		rtt: arg('rtt', 0),
		connectMs: arg('connect-ms', 0),
		limit: arg('limit', 0),
		tls: option('tls'),
		publicCa: option('public-ca'),
		parallel: arg('parallel', 0),
		later: option('later'),
	});
}, main);
