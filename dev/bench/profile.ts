/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * Where the node's CPU goes: 100,000 inventory items through WMS Inventory → Item: Add or Update
 * (as the latency benchmark sends them) under V8's sampling CPU profiler (the inspector's Profiler,
 * in this process), after a warm-up. Each sample's own time goes to the concern of the nearest
 * frame on its stack that belongs to one (built-ins such as JSON.stringify have no file: they count
 * for whoever called them), by the file the frame runs in. The harness's share (making the Source
 * node's items, checking outputs for secrets) is n8n's and the test's, not the node's: it is shown
 * apart, as is the idle run's CPU of the same workflow. The profiler's times are the thread's
 * wall time between samples: on a loaded machine they include time the thread waited for a core,
 * so read the shares, and the process CPU printed above them for the amounts.
 *
 * With --alloc it samples the bytes allocated instead (V8's sampling heap profiler, garbage
 * included), by the same concerns: what feeds the garbage collector's share of the time.
 *
 *   npm run bench profile [-- --items 100000 --rtt 0 --tls --top 15 --alloc]
 */
import '../../test/support/setup';

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { harnessFor } from '../../test/support/harness';
import { idleRunCpuSeconds } from './idleRun';
import { arg, erpItems, withSimulator, type Platform } from './support';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	hitCount?: number;
	children?: number[];
}
interface Profile {
	nodes: ProfileNode[];
	startTime: number;
	endTime: number;
	samples: number[];
	timeDeltas: number[];
}

/** Concerns, first match wins, by the file a frame runs in. */
const CONCERNS: Array<[string, RegExp]> = [
	['our checks', /nodes\/shared\/(checking|form\/(mapper|records|mapperValues))\//],
	['building bodies', /nodes\/shared\/(bulk\/request|orders|platform\/description\/wire|objects)/],
	[
		'reading answers',
		/nodes\/shared\/(bulk\/(outcomes|resultKeys|readBack)|transport\/(problem|failure|secrets))/,
	],
	['output items', /nodes\/shared\/(output|errorItem|highlighted|counting)/],
	['sending (our transport, lanes, pacing)', /nodes\/shared\/(transport|bulk\/(lanes|write))/],
	['the rest of our node', /nodes\//],
	['the harness (test only: Source items, leak checks)', /test\/support\//],
	['TLS', /node:(_tls|tls)|node:internal\/tls|node:crypto|node:internal\/crypto/],
	[
		'HTTP (axios, n8n backend-network, node:http, sockets)',
		/axios|follow-redirects|backend-network|node:(_http|http|https|net|internal\/(http|stream|streams|net|dns|url))|proxy|form-data/,
	],
	['n8n-core item handling', /n8n-core|n8n-workflow|@n8n\//],
];
const SPECIAL: Record<string, string> = {
	'(garbage collector)': 'garbage collection',
	'(idle)': 'idle (waiting)',
	'(program)': 'V8 and Node outside JS',
};

/** A frame's concern: its own, else its caller's (a built-in counts for whoever called it). */
function concernsOf(
	nodes: Map<number, ProfileNode>,
	parent: Map<number, number>,
): (id: number) => string {
	const concernOf = new Map<number, string>();
	const resolve = (id: number): string => {
		const known = concernOf.get(id);
		if (known) return known;
		const node = nodes.get(id)!;
		const fn = node.callFrame.functionName;
		const special = Object.hasOwn(SPECIAL, fn) ? SPECIAL[fn] : undefined;
		const url = node.callFrame.url;
		const own = special ?? (url ? CONCERNS.find(([, re]) => re.test(url))?.[0] : undefined);
		const up = parent.get(id);
		// The inspector's own work (sending the profile back) runs at the root as `dispatch`.
		const profiler = !url && fn === 'dispatch' && up !== undefined && parent.get(up) === undefined;
		const concern =
			own ?? (profiler ? 'the profiler itself' : up === undefined ? 'other' : resolve(up));
		concernOf.set(id, concern);
		return concern;
	};
	return resolve;
}

type ByConcern = Map<string, { amount: number; top: Map<string, number> }>;

/** Amounts (time, bytes) of frames, summed by concern, each with its costliest frames. */
function byConcern(
	nodes: Map<number, ProfileNode>,
	parent: Map<number, number>,
	amounts: Iterable<[number, number]>,
): ByConcern {
	const resolve = concernsOf(nodes, parent);
	const out: ByConcern = new Map();
	for (const [id, amount] of amounts) {
		const concern = resolve(id);
		const slot = out.get(concern) ?? { amount: 0, top: new Map() };
		slot.amount += amount;
		const f = nodes.get(id)!.callFrame;
		const where = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(work\/main|node_modules)\//, '')}:${f.lineNumber + 1}`;
		slot.top.set(where, (slot.top.get(where) ?? 0) + amount);
		out.set(concern, slot);
	}
	return out;
}

/** CPU time (ms) of a CPU profile's samples, by concern. */
function cpuByConcern(profile: Profile): ByConcern {
	const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	return byConcern(
		nodes,
		parent,
		profile.samples.map((id, i) => [id, (profile.timeDeltas[i] ?? 0) / 1000]),
	);
}

interface HeapNode {
	id: number;
	callFrame: ProfileNode['callFrame'];
	selfSize: number;
	children: HeapNode[];
}

/** Bytes allocated (sampled, garbage included) by concern: what the garbage collector is fed. */
function heapByConcern(head: HeapNode): ByConcern {
	const nodes = new Map<number, ProfileNode>();
	const parent = new Map<number, number>();
	const sizes: Array<[number, number]> = [];
	const visit = (node: HeapNode): void => {
		nodes.set(node.id, { id: node.id, callFrame: node.callFrame });
		if (node.selfSize) sizes.push([node.id, node.selfSize]);
		for (const child of node.children) {
			parent.set(child.id, node.id);
			visit(child);
		}
	};
	visit(head);
	return byConcern(nodes, parent, sizes);
}

function printConcerns(
	concerns: ByConcern,
	top: number,
	unit: (amount: number) => string,
	least: number,
): void {
	const sorted = [...concerns.entries()].sort((a, b) => b[1].amount - a[1].amount);
	const busy = sorted
		.filter(([name]) => name !== 'idle (waiting)')
		.reduce((sum, [, c]) => sum + c.amount, 0);
	for (const [name, { amount, top: frames }] of sorted) {
		const share = name === 'idle (waiting)' ? '' : ` ${((amount / busy) * 100).toFixed(0)} %`;
		console.log(`\n${name.padEnd(52)} ${unit(amount)}${share}`);
		for (const [where, one] of [...frames.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
			if (one >= least) console.log(`    ${unit(one)}  ${where}`);
	}
}

async function sendNode(platform: Platform, items: IDataObject[]): Promise<void> {
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
	if (run.error) throw run.error;
}

async function main(): Promise<void> {
	const total = arg('items', 100_000);
	const rtt = arg('rtt', 0);
	const tls = process.argv.includes('--tls');
	const alloc = process.argv.includes('--alloc');
	const top = arg('top', 12);
	const tlsDir = join(tmpdir(), 'wms-bench-tls');
	await withSimulator(tls ? ['--tls', tlsDir] : [], async (platform) => {
		await sendNode(platform, erpItems(2000, 'WARM'));
		await platform.control('/latency', { roundTripMs: rtt, connectMs: tls ? 2 * rtt : 0 });
		const items = erpItems(total);
		const session = new Session();
		session.connect();
		const loadBefore = loadavg()[0];
		const cpu = process.cpuUsage();
		let profile: Profile | undefined;
		let heap: HeapNode | undefined;
		if (alloc) {
			// Garbage included: what a run allocates is what the collector has to clear.
			await session.post('HeapProfiler.startSampling', {
				samplingInterval: 4096,
				includeObjectsCollectedByMajorGC: true,
				includeObjectsCollectedByMinorGC: true,
			} as object);
			await sendNode(platform, items);
			heap = (
				(await session.post('HeapProfiler.getSamplingProfile')) as unknown as {
					profile: { head: HeapNode };
				}
			).profile.head;
			await session.post('HeapProfiler.stopSampling');
		} else {
			await session.post('Profiler.enable');
			await session.post('Profiler.setSamplingInterval', { interval: 200 });
			await session.post('Profiler.start');
			await sendNode(platform, items);
			profile = ((await session.post('Profiler.stop')) as unknown as { profile: Profile }).profile;
		}
		const used = process.cpuUsage(cpu);
		session.disconnect();
		const idle = await idleRunCpuSeconds(items);
		const cpuMs = (used.user + used.system) / 1000;
		const per1000 = (ms: number) => `${((ms / total) * 1000).toFixed(1)} ms`;
		console.log(
			`${total.toLocaleString('en-US')} items, ${rtt} ms${tls ? ' + TLS' : ''}; ${cpus().length} cores (${cpus()[0]?.model.trim()}); load ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
		);
		console.log(
			`process CPU ${(cpuMs / 1000).toFixed(2)} s (${per1000(cpuMs)} per 1,000 items); an idle n8n-core run of the same workflow ${idle.toFixed(2)} s; the node's own ${(cpuMs / 1000 - idle).toFixed(2)} s (${per1000(cpuMs - idle * 1000)} per 1,000 items)`,
		);
		if (heap) {
			console.log(
				'bytes allocated (sampled every 4 KiB, garbage included), by concern; each with the frames that allocate most:',
			);
			const perItem = (bytes: number) =>
				`${(bytes / 2 ** 20).toFixed(1)} MB (${(bytes / total).toFixed(0)} B per item)`;
			printConcerns(heapByConcern(heap), top, perItem, 2 ** 20 / 2);
			return;
		}
		const file = join(tmpdir(), `wms-node-${Date.now()}.cpuprofile`);
		writeFileSync(file, JSON.stringify(profile));
		console.log(`profile (sampled, by concern; each with its costliest frames): ${file}`);
		printConcerns(cpuByConcern(profile!), top, (ms) => `${(ms / 1000).toFixed(2)} s`, 5);
	});
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
