/* eslint-disable @n8n/community-nodes/no-restricted-imports, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * What latency.ts prints once its runs are done: each figure as the median of the runs with their
 * least and greatest, ratios paired run by run, the machine's load, and a verdict per target that
 * says "met" only for what a quiet machine showed over enough runs with a steady node.
 */
import { cpus, loadavg } from 'node:os';

import type { PaceTrace } from './paceTrace';
import { median, spread } from './support';

export interface Measured {
	kind: 'sequential' | 'parallel' | 'node';
	seconds: number;
	wholeRunSeconds?: number;
	/** CPU time of the client's process (the node's: n8n-core and the node) during the run. */
	cpuSeconds: number;
	/** The node's process: CPU time of an idle run of the same workflow (n8n-core's share); 0 for a bare client. */
	idleCpuSeconds: number;
	/** CPU time of the simulator's process during the run (NaN where it cannot be read). */
	platformCpuSeconds: number;
	peakMb: number;
	accepted: number;
	refused: number;
	/** The node's: its 429s before and after its pace learnt the rate, and the time it stood paused (paceTrace.ts). */
	pace?: PaceTrace;
	tokens: number;
	connections: number;
	peakInFlight: number;
}

export interface Setting {
	label: string;
	rtt: number;
	connectMs: number;
	limit: number;
	tls: boolean;
	publicCa: boolean;
}

/** The targets (issue 33): the node's time over a bare client's, as a median of five runs. */
const TARGETS: Array<{ setting: string; over: 'a' | 'b'; most: number }> = [
	{ setting: '0 ms', over: 'a', most: 1.2 },
	{ setting: '50 ms', over: 'a', most: 0.3 },
	{ setting: '50 ms', over: 'b', most: 1.0 },
	{ setting: '50 ms + TLS', over: 'b', most: 1.2 },
];
/** Cost (issue 41): the node's own CPU over the bare client's with 4 in flight, on the same requests. */
const CPU_TARGETS: Array<{ setting: string; most: number }> = [
	{ setting: '50 ms', most: 1.5 },
	{ setting: '50 ms + TLS', most: 1.5 },
];
/** Under a limit, over the floor (requests ÷ limit): issue 33's target at 5 requests a second, the package's promise (its item 1) at any other. */
const limitTarget = (limit: number) => (limit === 5 ? 1.15 : 1.2);
/** A verdict needs this many runs, the node's worst within this much of its median. */
const RUNS_FOR_VERDICT = 5;
const WORST_OVER_MEDIAN = 1.25;
/**
 * Quiet: the one-minute load average below the first when the benchmark began, and below the second
 * at its end (the benchmark itself keeps up to two processes busy, the client and the simulator).
 */
const QUIET_BEFORE = 1;
const QUIET_AFTER = 3;

export interface Report {
	total: number;
	runs: number;
	settings: Setting[];
	/** Per setting label, per kind (sequential, parallel, node), the runs. */
	results: Map<string, Measured[][]>;
	/** The node's runs under each request-rate limit. */
	limited: Array<{ setting: Setting; runs: Measured[] }>;
	loadBefore: number;
	/** Read when the runs are done. */
	loadAfter: number;
}

const secs = (values: number[]) => spread(values, 2, ' s');
/** CPU milliseconds per 1,000 items: the node's own (less the idle run), a bare client's all of it. */
const ownMs = (m: Measured, total: number) => ((m.cpuSeconds - m.idleCpuSeconds) / total) * 1e6;
const msPer1000 = (values: number[]) => spread(values, 1, ' ms');
const mb = (values: number[]) => `${Math.round(median(values))} MB`;
/** Where the 429s fell, medians: the first burst, before the run knew the rate, and those after, which its pacing let through. */
const paceSplit = (runs: Measured[]) => {
	const paced = runs.flatMap((m) => (m.pace ? [m.pace] : []));
	if (paced.length === 0) return '';
	const before = median(paced.map((p) => p.refusedBeforeRate));
	const after = spread(
		paced.map((p) => p.refusedAfterRate),
		0,
		'',
	);
	return ` (${before} before the rate was learnt, ${after} after; paused ${secs(paced.map((p) => p.pausedSeconds))})`;
};

/** Whether a target is met, in words that say why there is no verdict when there is none. */
function verdict(ratios: number[], nodeSeconds: number[], most: number, r: Report): string {
	const within = median(ratios) <= most ? 'within it' : 'over it';
	const worst = Math.max(...nodeSeconds) / median(nodeSeconds);
	if (!quiet(r))
		return `${within}, measured under load (${r.loadBefore.toFixed(2)} when it began, ${r.loadAfter.toFixed(2)} at the end): no verdict`;
	if (r.runs < RUNS_FOR_VERDICT)
		return `${within} over ${r.runs} runs: a verdict takes ${RUNS_FOR_VERDICT}`;
	if (median(ratios) > most) return 'NOT met';
	if (worst > WORST_OVER_MEDIAN)
		return `NOT met: the node's worst run took ${worst.toFixed(2)} × its median (at most ${WORST_OVER_MEDIAN})`;
	return 'met';
}

const quiet = (r: Report) => r.loadBefore < QUIET_BEFORE && r.loadAfter < QUIET_AFTER;

export function report(runs: Omit<Report, 'loadAfter'>): void {
	const r: Report = { ...runs, loadAfter: loadavg()[0] };
	console.log(
		`\n${r.total.toLocaleString('en-US')} items, chunks of 1000; ${r.runs} runs each, ${new Date().toISOString().slice(0, 10)}; median (least–greatest); peak RSS of each run's own process`,
	);
	console.log(
		`load average (1 min): ${r.loadBefore.toFixed(2)} when it began, ${r.loadAfter.toFixed(2)} at the end: ${quiet(r) ? 'a quiet machine' : `NOT a quiet machine (quiet: below ${QUIET_BEFORE} when it begins, below ${QUIET_AFTER} at the end)`}`,
	);
	const ratios = new Map<string, { a: number[]; b: number[]; node: number[] }>();
	const cpuRatios = new Map<string, { overB: number[]; own: number[] }>();
	const first = r.results.get(r.settings[0]?.label ?? '');
	if (first)
		console.log(
			`machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}); single-core speed: the bare client (b) used ${msPer1000(first[1].map((m) => ownMs(m, r.total)))} of CPU per 1,000 items at ${r.settings[0].label}`,
		);
	for (const s of r.settings) {
		const [a, b, node] = r.results.get(s.label)!;
		const seconds = (runs: Measured[]) => runs.map((m) => m.seconds);
		const overA = node.map((n, i) => n.seconds / a[i].seconds);
		const overB = node.map((n, i) => n.seconds / b[i].seconds);
		ratios.set(s.label, { a: overA, b: overB, node: seconds(node) });
		console.log(`\n${s.label}`);
		console.log(`  (a) one at a time      ${secs(seconds(a))}`);
		console.log(`  (b) 4 in flight        ${secs(seconds(b))}`);
		console.log(`  WMS Inventory node     ${secs(seconds(node))}`);
		const cpu = (runs: Measured[]) =>
			`${median(runs.map((m) => m.cpuSeconds)).toFixed(2)} + ${median(runs.map((m) => m.platformCpuSeconds)).toFixed(2)} s`;
		console.log(
			`  CPU of the client + the simulator: (a) ${cpu(a)}, (b) ${cpu(b)}, node ${cpu(node)} (two cores: a sum near twice the time means the machine was the limit)`,
		);
		console.log(`  node/(a) ${spread(overA)}   node/(b) ${spread(overB)}`);
		const own = node.map((m) => ownMs(m, r.total));
		const cpuOverB = node.map((m, i) => ownMs(m, r.total) / ownMs(b[i], r.total));
		cpuRatios.set(s.label, { overB: cpuOverB, own });
		console.log(
			`  CPU per 1,000 items: node's own ${msPer1000(own)} (its process ${msPer1000(node.map((m) => (m.cpuSeconds / r.total) * 1e6))}, less an idle n8n-core run of the same workflow ${msPer1000(node.map((m) => (m.idleCpuSeconds / r.total) * 1e6))}); bare (a) ${msPer1000(a.map((m) => ownMs(m, r.total)))}, (b) ${msPer1000(b.map((m) => ownMs(m, r.total)))}; node/(b) ${spread(cpuOverB)}`,
		);
		const of = (f: (m: Measured) => number) =>
			[a, b, node].map((runs) => median(runs.map(f))).join(' / ');
		console.log(
			`  peak RSS (a) / (b) / node ${[a, b, node].map((runs) => mb(runs.map((m) => m.peakMb))).join(' / ')}; connections ${of((m) => m.connections)}; most in flight ${of((m) => m.peakInFlight)}`,
		);
	}
	console.log('');
	for (const target of TARGETS) {
		const measured = ratios.get(target.setting);
		if (!measured) continue;
		console.log(
			`at ${target.setting}: node/(${target.over}) ${spread(measured[target.over])} (target ≤ ${target.most}): ${verdict(measured[target.over], measured.node, target.most, r)}`,
		);
	}
	for (const target of CPU_TARGETS) {
		const measured = cpuRatios.get(target.setting);
		if (!measured) continue;
		console.log(
			`at ${target.setting}: node's own CPU/(b)'s ${spread(measured.overB)} (target ≤ ${target.most}): ${verdict(measured.overB, measured.own, target.most, r)}`,
		);
	}
	for (const { setting, runs } of r.limited) {
		const { limit } = setting;
		const overFloor = runs.map((m) => m.seconds / (m.accepted / limit));
		const accepted = median(runs.map((m) => m.accepted));
		console.log(
			`under ${setting.label}: every one of ${r.total.toLocaleString('en-US')} items stored once in each run; ${accepted} requests accepted, ${median(runs.map((m) => m.refused))} refused with 429${paceSplit(runs)}; node ${secs(runs.map((m) => m.seconds))} against ${accepted} ÷ ${limit} = ${(accepted / limit).toFixed(2)} s: ${spread(overFloor)} × (target ≤ ${limitTarget(limit)}): ${verdict(
				overFloor,
				runs.map((m) => m.seconds),
				limitTarget(limit),
				r,
			)}; peak RSS ${mb(runs.map((m) => m.peakMb))}`,
		);
	}
}
