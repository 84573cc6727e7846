/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * An ERP item master as a file, through WMS Inventory → Item: Add or Update with Input → File in
 * real n8n-core (binary data in files, read back as n8n's stream), against the simulator in a
 * process of its own; beside the bare client streaming the same file (csv-parse, 1,000 records per
 * request, 4 in flight: fileSupport.ts) and beside the item path (the same rows as n8n items).
 * Each measurement runs in a child process of its own with a fresh simulator, so its peak RSS is
 * its own; "above idle" subtracts the child's RSS just before the run (n8n-core loaded).
 * Every run is checked in the simulator's store: every SKU there once, with this file's values,
 * each row accepted once.
 * Targets (issue 25): 1,000,000 rows, node ≤ 1.5 × the bare client, and the node's memory not
 * growing with the file (2,000,000 rows within the same memory).
 *
 *   npm run bench file [-- --rows 1000000 --also 2000000 --items 200000 --runs 1]
 *   node .tools/dev/bench/file.js --only node|bare|items --rows N
 */
import '../../test/support/setup';

import type { IDataObject } from 'n8n-workflow';

import { harnessFor, useBinaryData } from '../../test/support/harness';
import { bareClient, CATEGORY, itemMasterFile, SKU_PREFIX } from './fileSupport';
import {
	arg,
	erpItems,
	inChildProcess,
	loadAverage,
	measurementOrBenchmark,
	median,
	spread,
	withPeakRss,
	withSimulator,
	type Platform,
} from './support';

type Kind = 'node' | 'bare' | 'items';

interface Measured {
	kind: Kind;
	rows: number;
	seconds: number;
	/** The node's own time (n8n's executionTime); the whole run is `seconds`. */
	nodeSeconds?: number;
	peakMb: number;
	idleMb: number;
	requests: number;
	summary?: IDataObject;
}

/** Every SKU of the run in the store once, with the file's category, and each row accepted once. */
async function checkStored(platform: Platform, rows: number, prefix: string) {
	const stats = await platform.stats();
	const accepted = stats.items['/inventory/add'] ?? 0;
	const { records, matching } = await platform.control<{ records: number; matching: number }>(
		'/count',
		{ kind: 'inventory_item', key: 'sku', keyPrefix: prefix, field: 'category', equals: CATEGORY },
	);
	if (accepted !== rows || records !== rows || matching !== rows)
		throw new Error(
			`${rows} rows: ${accepted} accepted, ${records} in the store, ${matching} with the file's values`,
		);
	return stats.requests['/inventory/add'] ?? 0;
}

async function measure(kind: Kind, rows: number): Promise<Measured> {
	return await withSimulator([], async (platform) => {
		const idleMb = process.memoryUsage().rss / 2 ** 20;
		if (kind === 'bare') {
			const { path } = await itemMasterFile(rows);
			const { peakMb, seconds } = await withPeakRss(() => bareClient(path, platform), {
				collectFirst: true,
			});
			return {
				kind,
				rows,
				seconds,
				peakMb,
				idleMb,
				requests: await checkStored(platform, rows, SKU_PREFIX),
			};
		}
		const harness = harnessFor(platform);
		if (kind === 'items') {
			const items = erpItems(rows, 'ITEMS').map((item) => ({ ...item, category: CATEGORY }));
			const { result, peakMb, seconds } = await withPeakRss(
				() =>
					harness.run(
						{
							type: 'wmsInventory',
							parameters: { resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem' },
						},
						items,
					),
				{ collectFirst: true },
			);
			if (result.error) throw result.error;
			const nodeSeconds = (result.run.data.resultData.runData.WMS[0].executionTime ?? 0) / 1000;
			return {
				kind,
				rows,
				seconds,
				nodeSeconds,
				peakMb,
				idleMb,
				requests: await checkStored(platform, rows, 'ITEMS-'),
			};
		}
		await useBinaryData('filesystem');
		const { path } = await itemMasterFile(rows);
		const { result, peakMb, seconds } = await withPeakRss(
			() =>
				harness.runFiles(
					{
						type: 'wmsInventory',
						parameters: {
							resource: 'item',
							operation: 'upsert',
							input: 'file',
							options: { requestsInParallel: 4 },
						},
					},
					[{ fileName: 'item-master.csv', path }],
				),
			{ collectFirst: true },
		);
		if (result.error) throw result.error;
		const summary = result.outputs[1][0].json;
		const nodeSeconds = (result.run.data.resultData.runData.WMS[0].executionTime ?? 0) / 1000;
		return {
			kind,
			rows,
			seconds,
			nodeSeconds,
			peakMb,
			idleMb,
			requests: await checkStored(platform, rows, SKU_PREFIX),
			summary,
		};
	});
}

const s = (n?: number) => (n === undefined ? '—' : `${n.toFixed(2)} s`);
const mb = (n: number) => `${Math.round(n)} MB`;

async function main() {
	const rows = arg('rows', 1_000_000);
	const also = arg('also', 2_000_000);
	const itemRows = arg('items', 200_000);
	const runs = arg('runs', 1);
	const { mb: size } = await itemMasterFile(rows);
	console.log(
		`item master: ${rows.toLocaleString('en-US')} rows, ${Math.round(size)} MB (semicolon, decimal comma)`,
	);
	const results: Measured[] = [];
	const child = (kind: Kind, n: number) =>
		inChildProcess<Measured>(['--only', kind, '--rows', String(n)], `${kind} ${n}`).then((m) => {
			results.push(m);
			console.log(
				`  ${kind.padEnd(5)} ${n.toLocaleString('en-US').padStart(9)} rows: ${s(m.seconds)} (node ${s(m.nodeSeconds)}), ${m.requests} requests, peak RSS ${mb(m.peakMb)} (${mb(m.peakMb - m.idleMb)} above idle)`,
			);
			return m;
		});
	for (let i = 0; i < runs; i++) {
		await child('bare', rows);
		await child('node', rows);
	}
	if (also > 0) {
		await itemMasterFile(also);
		await child('node', also);
	}
	if (itemRows > 0) await child('items', itemRows);
	const bare = median(
		results.filter((m) => m.kind === 'bare' && m.rows === rows).map((m) => m.seconds),
	);
	const node = median(
		results
			.filter((m) => m.kind === 'node' && m.rows === rows)
			.map((m) => m.nodeSeconds ?? m.seconds),
	);
	// Each node run against the bare run just before it, so that load on a shared machine hits both alike.
	const bares = results.filter((m) => m.kind === 'bare' && m.rows === rows);
	const pairs = results
		.filter((m) => m.kind === 'node' && m.rows === rows)
		.map((m, i) => (m.nodeSeconds ?? m.seconds) / bares[i].seconds);
	console.log(
		`\nnode / bare client (4 in flight): ${(node / bare).toFixed(2)} (medians), run by run ${spread(pairs)} (target ≤ 1.5); load average (1 min) ${loadAverage()}`,
	);
	const summary = results.find((m) => m.kind === 'node')?.summary;
	if (summary) console.log(`the node's summary: ${String(summary.message)}`);
	console.log(
		"every run: every SKU in the simulator's store once with the file's values, each row accepted once",
	);
}

measurementOrBenchmark(async (only) => await measure(only as Kind, arg('rows', 1_000_000)), main);
