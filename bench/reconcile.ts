/**
 * Reconcile on 50,000 stock lines of one warehouse through the WMS Inventory Reconciliation node
 * in real n8n-core against the simulator: once as a dry run (report only), once adjusting the
 * differences inside a threshold. The ERP stock equals the platform's but for 1 % of lines
 * (±1..20 units) and 0.2 % of SKUs the ERP does not list.
 * Prints the node's time (n8n's executionTime), the whole run's time, requests per route, the
 * report's size, and peak RSS. Targets: ≤ 60 requests for 50,000 lines (50 chunks of 1000 plus the
 * fixed steps), one token; the report exactly the planted discrepancies.
 *
 *   npx tsc -p tsconfig.tools.json && node .tools/bench/reconcile.js [--lines 50000]
 */
import '../test/support/setup';

import axios from 'axios';
import { Agent } from 'node:http';
import type { IDataObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../simulator';
import { harnessFor } from '../test/support/harness';
import { arg, withPeakRss } from './support';

const WAREHOUSE = 'WH-BENCH';
const sku = (i: number) => `REC-${String(i).padStart(6, '0')}`;

/** Items and stock on a fresh simulator, through its public routes (items) and its seeding hook (stock). */
async function seed(sim: RunningSimulator, lines: number): Promise<void> {
	const agent = new Agent({ keepAlive: true });
	const client = axios.create({ baseURL: sim.baseUrl, httpAgent: agent });
	const token = (await client.post('/oauth/token', { client_id: sim.clientId, client_secret: sim.clientSecret, grant_type: 'client_credentials' })).data.access_token;
	const auth = { headers: { Authorization: `Bearer ${token}` } };
	await client.post('/warehouse/add', { items: [{ code: WAREHOUSE, name: 'Benchmark warehouse' }] }, auth);
	for (let start = 0; start < lines; start += 1000) {
		const items = Array.from({ length: Math.min(1000, lines - start) }, (_, k) => ({ sku: sku(start + k), description: `Bench ${start + k}`, unit_of_measure: 'EA' }));
		await client.post('/inventory/add', { items }, auth);
	}
	agent.destroy();
	for (let i = 0; i < lines; i++) sim.work.seedStock(WAREHOUSE, sku(i), 100 + (i % 50));
	sim.resetStats();
}

/** ERP stock: the platform's, but 1 % of lines off by ±1..20 and every 500th SKU not listed. */
function erpStock(lines: number): { rows: IDataObject[]; differing: number } {
	const rows: IDataObject[] = [];
	let differing = 0;
	for (let i = 0; i < lines; i++) {
		if (i % 500 === 250) {
			differing++;
			continue;
		}
		let quantity = 100 + (i % 50);
		if (i % 100 === 7) {
			quantity += (i % 2 === 0 ? 1 : -1) * (1 + (i % 20));
			differing++;
		}
		rows.push({ sku: sku(i), warehouse_code: WAREHOUSE, quantity });
	}
	return { rows, differing };
}

async function reconcile(lines: number, parameters: IDataObject, label: string): Promise<boolean> {
	const sim = await startSimulator();
	try {
		await seed(sim, lines);
		const { rows, differing } = erpStock(lines);
		const harness = harnessFor(sim);
		const { result: run, peakMb, seconds } = await withPeakRss(() =>
			harness.run({ type: 'wmsInventoryReconciliation', parameters: { resource: 'comparison', operation: 'reconcile', ...parameters } }, rows),
		);
		if (run.error) throw run.error;
		const out = run.outputs[0];
		const summary = out[out.length - 1].json;
		const nodeSeconds = (run.run.data.resultData.runData.WMS[0].executionTime ?? 0) / 1000;
		const { requests, tokensIssued } = sim.stats();
		const data = Object.entries(requests).filter(([route]) => route !== '/oauth/token');
		const total = data.reduce((sum, [, n]) => sum + n, 0);
		const perRoute = data.map(([route, n]) => `${route} ${n}`).join(', ');
		console.log(
			`${label.padEnd(30)} ${lines.toLocaleString('en-US')} lines  node ${nodeSeconds.toFixed(2)} s  (whole run ${seconds.toFixed(2)} s)  ${total} requests + ${tokensIssued} token  peak RSS ${Math.round(peakMb)} MB`,
		);
		console.log(`${''.padEnd(30)} ${perRoute}`);
		console.log(
			`${''.padEnd(30)} ${String(summary.lines_compared)} compared, ${String(summary.lines_differing)} differing (planted ${differing}), ${String(summary.adjusted_lines)} adjusted, ${String(summary.needs_review_lines)} need review; ${out.length} output items`,
		);
		return summary.lines_differing === differing && total <= Math.ceil(lines / 1000) + 10 && tokensIssued === 1;
	} finally {
		await sim.close();
	}
}

async function main(): Promise<void> {
	const lines = arg('lines', 50_000);
	await reconcile(Math.min(lines, 20_000), {}, 'warm-up'); // JIT of the node, n8n-core and the simulator
	const dry = await reconcile(lines, {}, 'Reconcile, dry run');
	const adjusting = await reconcile(lines, { dryRun: false, thresholdRule: 'units', maxUnits: 10 }, 'Reconcile, adjusting ≤ 10 units');
	console.log(`process peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
	console.log(dry && adjusting ? 'targets: met' : 'targets: NOT met');
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
