/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/** What the benchmarks share: command-line numbers, peak-memory timing, ERP item rows, a simulator in its own process. */
import axios from 'axios';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { Agent as TlsAgent } from 'node:https';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { IDataObject } from 'n8n-workflow';

import type { Stats } from '../simulator/server';

/** `--name N` from the command line, or the fallback. */
export function arg(name: string, fallback: number): number {
	const i = process.argv.indexOf(`--${name}`);
	return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** `--name a,b,c` from the command line, or the fallback. */
export function listArg(name: string, fallback: string[]): string[] {
	const i = process.argv.indexOf(`--${name}`);
	return i > 0 ? process.argv[i + 1].split(',').filter(Boolean) : fallback;
}

let collectGarbage: (() => void) | undefined;

/**
 * Highest RSS seen while `work` runs (sampled every 10 ms) and its wall time. With
 * `collectFirst`, what earlier runs left is collected before, so runs do not pay for each other.
 */
export async function withPeakRss<T>(
	work: () => Promise<T>,
	{ collectFirst = false } = {},
): Promise<{ result: T; peakMb: number; seconds: number }> {
	if (collectFirst) {
		if (!collectGarbage) {
			setFlagsFromString('--expose-gc');
			collectGarbage = runInNewContext('gc') as () => void;
		}
		collectGarbage();
	}
	let peak = process.memoryUsage().rss;
	const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
	const started = process.hrtime.bigint();
	try {
		const result = await work();
		return {
			result,
			seconds: Number(process.hrtime.bigint() - started) / 1e9,
			peakMb: Math.max(peak, process.memoryUsage().rss) / 2 ** 20,
		};
	} finally {
		clearInterval(timer);
	}
}

/** One inventory item as an ERP exports it (the keys as an ERP sends them). */
export function erpItemRow(sku: string, description: string, barcode: string, i: number) {
	return {
		sku,
		description,
		barcodes: [barcode],
		unit_of_measure: 'EA',
		weight_kg: 0.25,
		dimensions_cm: { length: 10, width: 5, height: 2 },
		batch_tracked: i % 3 === 0,
		country_of_origin: 'DE',
		hs_code: '731815',
		category: 'bench',
		x_erp_id: `E${i}`,
	};
}

/** An ERP item export of n rows, SKUs `<prefix>-000000`… */
export function erpItems(n: number, prefix = 'BENCH'): IDataObject[] {
	return Array.from({ length: n }, (_, i) =>
		erpItemRow(
			`${prefix}-${String(i).padStart(6, '0')}`,
			`Benchmark item ${i}`,
			`4000${String(i).padStart(9, '0')}`,
			i,
		),
	);
}

/** CPU seconds (user and system) process `pid` has used, read from /proc; undefined elsewhere. */
function processCpuSeconds(pid: number | undefined): number | undefined {
	try {
		// The fields after the command name (which may hold spaces) in /proc/<pid>/stat: utime is the 12th, stime the 13th.
		const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
		return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
	} catch {
		return undefined;
	}
}
/** Linux counts process CPU time in ticks of a hundredth of a second (USER_HZ). */
const CLOCK_TICKS = 100;

/** A simulator in its own process, as the platform is a server of its own, driven through its control API. */
export interface Platform {
	baseUrl: string;
	clientId: string;
	clientSecret: string;
	/** The CA that signed its certificate, when it serves HTTPS (`--tls <dir>`). */
	ca?: string;
	/** CPU seconds its process has used so far (Linux: /proc), or undefined where that cannot be read. */
	cpuSeconds(): number | undefined;
	stats(): Promise<Stats>;
	/** `/_sim/<path>`: GET without a body, POST with one (DELETE when asked). */
	control<T = unknown>(
		path: string,
		body?: unknown,
		method?: 'GET' | 'POST' | 'DELETE',
	): Promise<T>;
}

/**
 * A fresh simulator (`dev/simulator/cli.ts`, extra command-line `args`) in a child process, for the
 * length of `work`; over HTTPS with `--tls <dir>` among the args (its CA in `<dir>/ca.pem`).
 */
export async function withSimulator<T>(
	args: string[],
	work: (platform: Platform) => Promise<T>,
): Promise<T> {
	const child = spawn(
		process.execPath,
		[join(__dirname, '../simulator/cli.js'), '--port', '0', ...args],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	);
	const tls = args.indexOf('--tls');
	const ca = tls >= 0 ? () => readFileSync(join(args[tls + 1], 'ca.pem'), 'utf8') : undefined;
	let agent: Agent | undefined;
	try {
		const baseUrl = await new Promise<string>((resolve, reject) => {
			let text = '';
			child.stdout.on('data', (chunk: Buffer) => {
				text += chunk.toString();
				const match = /Base URL:\s+(\S+)/.exec(text);
				if (match) resolve(match[1]);
			});
			child.once('exit', (code) =>
				reject(new Error(`simulator exited (${code}) before it was ready`)),
			);
		});
		const root = baseUrl.replace(/\/v1$/, '/_sim');
		const trusted = ca?.();
		agent = trusted
			? new TlsAgent({ keepAlive: true, ca: trusted })
			: new Agent({ keepAlive: true });
		const control = async <R>(path: string, body?: unknown, method?: 'GET' | 'POST' | 'DELETE') =>
			(
				await axios.request<R>({
					url: `${root}${path}`,
					method: method ?? (body === undefined ? 'GET' : 'POST'),
					data: body,
					httpAgent: agent,
					httpsAgent: agent,
				})
			).data;
		return await work({
			baseUrl,
			ca: trusted,
			cpuSeconds: () => processCpuSeconds(child.pid),
			clientId: 'demo-client',
			clientSecret: 'demo-secret',
			control,
			stats: () => control<Stats>('/stats'),
		});
	} finally {
		agent?.destroy();
		child.kill();
	}
}

/** The middle value (the lower middle of an even count). */
export function median(values: number[]): number {
	return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
}

/** The runs' median with their least and greatest: `1.23 (1.10–1.40)`, so that a noisy run shows. */
export function spread(values: number[], digits = 2, unit = ''): string {
	const f = (n: number) => `${n.toFixed(digits)}${unit}`;
	return `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})`;
}

/** The machine's load average over the last minute, as uptime prints it: a figure measured under load is not a quiet machine's. */
export function loadAverage(): string {
	return loadavg()[0].toFixed(2);
}

/**
 * One measurement in a child process of its own (this script again with `args`), so its peak RSS is
 * its own: answers what the child printed on its `RESULT <json>` line.
 */
export function inChildProcess<T>(
	args: string[],
	what: string,
	env: Record<string, string> = {},
): Promise<T> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [process.argv[1], ...args], {
			stdio: ['ignore', 'pipe', 'inherit'],
			env: { ...process.env, ...env },
		});
		let out = '';
		child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
		child.once('exit', (code) => {
			const line = out.split('\n').find((l) => l.startsWith('RESULT '));
			if (code !== 0 || !line)
				reject(new Error(`${what} failed (exit ${code}): ${out.slice(-500)}`));
			else resolve(JSON.parse(line.slice(7)) as T);
		});
	});
}

/** `--only X`: runs the one measurement and prints its `RESULT` line (for inChildProcess); otherwise the whole benchmark. */
export function measurementOrBenchmark(
	one: (only: string) => Promise<unknown>,
	all: () => Promise<void>,
): void {
	const i = process.argv.indexOf('--only');
	const work =
		i > 0
			? one(process.argv[i + 1]).then((m) => console.log(`RESULT ${JSON.stringify(m)}`))
			: all();
	work.catch((error) => {
		console.error(error);
		process.exit(1);
	});
}
