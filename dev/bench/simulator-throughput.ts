/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * Items per second the simulator accepts on /inventory/add (1000-item requests, keep-alive,
 * a few requests in flight). Target: ≥ 20,000 items/s, so the simulator is never the bottleneck.
 * `--shape acme`: the same through Acme WMS 2.4.0's translation (250-record requests under data).
 *
 *   npx tsc -p tsconfig.tools.json && node .tools/dev/bench/simulator-throughput.js [--requests 60] [--concurrency 4] [--shape acme]
 */
import { Agent, request } from 'node:http';
import { startSimulator } from '../simulator';
import { arg, erpItemRow } from './support';

function post(
	agent: Agent,
	url: URL,
	body: string,
	token?: string,
): Promise<{ status: number; text: string }> {
	return new Promise((resolve, reject) => {
		const req = request(
			url,
			{
				method: 'POST',
				agent,
				headers: {
					'content-type': 'application/json',
					'content-length': Buffer.byteLength(body),
					...(token ? { authorization: `Bearer ${token}` } : {}),
				},
			},
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (c: Buffer) => chunks.push(c));
				res.on('end', () =>
					resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
				);
			},
		);
		req.on('error', reject);
		req.end(body);
	});
}

const shapeArg = process.argv.indexOf('--shape');
const shape = shapeArg > 0 ? process.argv[shapeArg + 1] : 'ours';

function items(batch: number, size: number): unknown[] {
	return Array.from({ length: size }, (_, i) => {
		const { sku, ...row } = erpItemRow(
			`BENCH-${batch}-${i}`,
			`Benchmark item ${batch}/${i}`,
			`40000${batch}${i}`,
			i,
		);
		return shape === 'acme' ? { item_number: sku, owner_code: 'BENCH', ...row } : { sku, ...row };
	});
}

const body = (records: unknown[]) =>
	JSON.stringify(shape === 'acme' ? { data: records } : { items: records });

async function main(): Promise<void> {
	const requests = arg('requests', 60);
	const concurrency = arg('concurrency', 4);
	const size = shape === 'acme' ? 250 : 1000;
	const sim = await startSimulator({ shape });
	const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
	const base = sim.baseUrl;
	const token = JSON.parse(
		(
			await post(
				agent,
				new URL(`${base}/oauth/token`),
				JSON.stringify({
					client_id: sim.clientId,
					client_secret: sim.clientSecret,
					grant_type: 'client_credentials',
				}),
			)
		).text,
	).access_token;
	const bodies = Array.from({ length: requests }, (_, b) => body(items(b, size)));
	const url = new URL(`${base}/inventory/add`);
	// Warm-up (JIT, validator) on records that are then re-sent as "unchanged" would flatter the figure: use fresh skus.
	await post(agent, url, body(items(-1, size)), token);

	let next = 0;
	const started = process.hrtime.bigint();
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < bodies.length) {
				const res = await post(agent, url, bodies[next++], token);
				if (res.status !== 200) throw new Error(`status ${res.status}: ${res.text.slice(0, 300)}`);
			}
		}),
	);
	const seconds = Number(process.hrtime.bigint() - started) / 1e9;
	const stored = sim.store.count('inventory_item');
	const rate = Math.round((requests * size) / seconds);
	agent.destroy();
	await sim.close();
	if (stored !== requests * size + size)
		throw new Error(`expected ${requests * size + size} items stored, found ${stored}`);
	console.log(
		`simulator${shape === 'ours' ? '' : ` (shape ${shape})`} /inventory/add: ${rate.toLocaleString('en-US')} items/s (${requests} requests x ${size} items, ${concurrency} in flight, ${seconds.toFixed(2)} s)`,
	);
	console.log(
		rate >= 20000 ? 'target >= 20,000 items/s: met' : 'target >= 20,000 items/s: NOT met',
	);
}

main().catch((err) => {
	console.error(err);
	process.exit(1);
});
