// What the benchmarks in real n8n share: n8n's memory as /proc shows it, sampled while work runs,
// and waiting for a condition.
import fs from 'node:fs';
import os from 'node:os';

/** Resident memory of a process and its descendants (the task runner is a child of n8n's main process), in MB. */
export function rssMb(pid) {
	const read = (p) => {
		try {
			return fs.readFileSync(p, 'utf8');
		} catch {
			return '';
		}
	};
	const rss = (p) => Number(/VmRSS:\s+(\d+) kB/.exec(read(`/proc/${p}/status`))?.[1] ?? 0) / 1024;
	const children = (p) => read(`/proc/${p}/task/${p}/children`).split(/\s+/).filter(Boolean);
	const descendants = (p) => children(p).flatMap((c) => [c, ...descendants(c)]);
	return {
		main: rss(pid),
		others: descendants(String(pid)).reduce((sum, p) => Math.max(sum, rss(p)), 0),
	};
}

export async function sampledPeak(pid, work) {
	let main = 0;
	let runner = 0;
	const sample = () => {
		const now = rssMb(pid);
		main = Math.max(main, now.main);
		runner = Math.max(runner, now.others);
	};
	sample();
	const timer = setInterval(sample, 25);
	try {
		return { result: await work(), main, runner };
	} finally {
		clearInterval(timer);
		sample();
	}
}

export async function waitFor(check, timeoutMs = 120000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value) return value;
		if (Date.now() > deadline) throw new Error('execution not saved in time');
		await new Promise((r) => setTimeout(r, 250));
	}
}

export const median = (values) => {
	const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
	return v.length ? v[Math.floor((v.length - 1) / 2)] : NaN;
};
/** The runs' median with their least and greatest, so that a noisy run shows: `1.23 (1.10–1.40)`. */
export const spread = (values, digits = 2) => {
	const v = values.filter((x) => Number.isFinite(x));
	const f = (n) => n.toFixed(digits);
	return v.length ? `${f(median(v))} (${f(Math.min(...v))}–${f(Math.max(...v))})` : '—';
};
/** The one-minute load average: a figure measured while other work ran is not a quiet machine's. */
export const load = () => os.loadavg()[0].toFixed(2);
export const s = (n) => (Number.isFinite(n) ? `${n.toFixed(2)} s` : '—');
export const mb = (n) => (Number.isFinite(n) ? `${Math.round(n)} MB` : '—');
