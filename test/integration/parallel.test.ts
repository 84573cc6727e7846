/**
 * Requests in Parallel through real n8n-core against the simulator with a round trip (set through
 * its control API): output order and pairing, one key never in two requests at once, the most
 * requests in flight, back-off under a rate limit, Stop, and a give-up with requests side by side.
 */

import type { RunningSimulator } from '../../dev/simulator';
import { ADAPTIVE_START, platformWidths } from '../../nodes/shared/bulk/lanes';
import type { Harness } from '../support/harness';
import { inventoryUpsert, itemOf, onAFreshPlatform } from '../support/platform';
import { waitFor } from '../support/simulatorClient';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const items = (n: number, prefix: string) =>
	range(n).map((i) => ({
		sku: `${prefix}-${String(i).padStart(4, '0')}`,
		description: `Item ${i}`,
	}));
const upsert = inventoryUpsert;

describe('Requests in Parallel (real n8n-core, a simulator with a round trip)', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({}, (platform) => ({ sim, harness } = platform));

	const control = async (path: string, body: unknown) => {
		const res = await fetch(`${sim.baseUrl.replace(/\/v1$/, '')}/_sim${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		expect(res.status).toBe(200);
	};
	const stored = (prefix: string) =>
		sim.store
			.list('inventory_item')
			.map((item) => String(item.sku))
			.filter((sku) => sku.startsWith(`${prefix}-`))
			.sort();

	it('keeps output items in input order, each paired to its input item, when later requests end first', async () => {
		await control('/latency', { roundTripMs: 10 });
		// The first request is held up, so the ones after it are answered before it.
		sim.faults.add({ route: '/inventory/add', kind: 'latency', latencyMs: 300, times: 1 });
		const input = items(40, 'ORD');
		const { error, outputs } = await harness.run(
			upsert({ batchSize: 5, requestsInParallel: 4 }),
			input,
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map(itemOf)).toEqual(range(40));
		expect(outputs[0].map((item) => item.json.key)).toEqual(input.map((item) => item.sku));
		expect(sim.load().peakInFlight).toBeGreaterThan(1);
		expect(stored('ORD')).toEqual(input.map((item) => item.sku));
	});

	it('never sends one key in two requests at once: the platform keeps the last value of the input', async () => {
		await control('/latency', { roundTripMs: 10 });
		sim.faults.add({ route: '/inventory/add', kind: 'latency', latencyMs: 300, times: 1 });
		// KEY-A first (held up), then other SKUs, then KEY-A again: the second must wait for the first.
		const input = [
			{ sku: 'KEY-A', description: 'first' },
			...items(6, 'OTHER'),
			{ sku: 'KEY-A', description: 'last' },
			...items(6, 'MORE'),
		];
		const { error, outputs } = await harness.run(
			upsert({ batchSize: 1, requestsInParallel: 8 }),
			input,
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map(itemOf)).toEqual(range(input.length));
		expect(sim.store.get('inventory_item', 'KEY-A')?.description).toBe('last');
		expect(sim.stats().items['/inventory/add']).toBe(input.length);
	});

	it.each([1, 3, 8])('never has more than %i requests in flight when set so', async (setting) => {
		await control('/latency', { roundTripMs: 20 });
		const { error } = await harness.run(
			upsert({ batchSize: 2, requestsInParallel: setting }),
			items(60, `FIX${setting}`),
		);
		expect(error).toBeUndefined();
		expect(sim.load().peakInFlight).toBe(setting);
		expect(stored(`FIX${setting}`)).toHaveLength(60);
	});

	it('adaptive (the default) grows past four on a distant platform, never past thirty-two', async () => {
		await control('/latency', { roundTripMs: 80 });
		const { error } = await harness.run(upsert({ batchSize: 2 }), items(100, 'FAR'));
		expect(error).toBeUndefined();
		expect(sim.load().peakInFlight).toBeGreaterThan(4);
		expect(sim.load().peakInFlight).toBeLessThanOrEqual(32);
		expect(stored('FAR')).toHaveLength(100);
	});

	it('adaptive does not grow on when more requests in flight bring no more (a platform working on one at a time)', async () => {
		await control('/latency', { roundTripMs: 5, perRowMs: 10, servers: 1 });
		const { error } = await harness.run(upsert({ batchSize: 2 }), items(160, 'BUSY'));
		expect(error).toBeUndefined();
		// It starts at four, sees the answers of four wait, measures one alone at two and narrows to
		// what the platform carries (test/unit/lanes.test.ts shows each step on a model clock), never the
		// sixteen or thirty-two of a distant platform.
		expect(sim.load().peakInFlight).toBe(4);
		expect(stored('BUSY')).toHaveLength(160);
	});

	it("a first round that waited for the run's token is measured again: a platform working on one at a time still never gets more than four at once", async () => {
		await control('/latency', { roundTripMs: 5, perRowMs: 10, servers: 1 });
		// The run has no token yet and getting one takes long: the first round's answers all come
		// late together, as if none had waited for the others.
		sim.faults.add({ route: '/oauth/token', kind: 'latency', latencyMs: 400, times: 1 });
		const { error } = await harness.run(upsert({ batchSize: 2 }), items(160, 'TOKEN'));
		expect(error).toBeUndefined();
		expect(sim.stats().tokensIssued).toBe(1);
		expect(sim.load().peakInFlight).toBe(4);
		expect(stored('TOKEN')).toHaveLength(160);
	});

	it('adaptive starts a later run to the same platform where the last one left off (a quarter of its width), not at four', async () => {
		await control('/latency', { roundTripMs: 80 });
		expect(
			(await harness.run(upsert({ batchSize: 2 }), items(100, 'NIGHT'))).error,
		).toBeUndefined();
		const start = platformWidths.startFor(sim.baseUrl);
		expect(start).toBeGreaterThan(ADAPTIVE_START);
		// A long round trip holds the next run's first round: what is in flight then is where it starts.
		await control('/latency', { roundTripMs: 400 });
		const sent = () => sim.stats().requests['/inventory/add'] ?? 0;
		const before = sent();
		let atStart = 0;
		const next = await harness.run(
			upsert({ batchSize: 2 }),
			items(40, 'MORNING'),
			'manual',
			async () => {
				await waitFor(() => sent() - before >= start);
				atStart = sim.load().inFlight;
			},
		);
		expect(next.error).toBeUndefined();
		expect(atStart).toBe(start);
		expect(stored('MORNING')).toHaveLength(40);
	});

	it('under a rate limit backs off on 429 and stores every item once', async () => {
		await control('/latency', { roundTripMs: 10 });
		await control('/rate-limit', { requestsPerSecond: 10 });
		const input = items(40, 'RATE');
		const { error, outputs } = await harness.run(
			upsert({ batchSize: 2, requestsInParallel: 4 }),
			input,
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map(itemOf)).toEqual(range(40));
		expect(sim.stats().statuses['429']).toBeGreaterThanOrEqual(1);
		// Every row accepted once: a row sent twice would count twice.
		expect(sim.stats().items['/inventory/add']).toBe(40);
		expect(stored('RATE')).toEqual(input.map((item) => item.sku));
	});

	it('Stop ends every request in flight and sends nothing more', async () => {
		await control('/latency', { roundTripMs: 100 });
		const sent = () => sim.stats().requests['/inventory/add'] ?? 0;
		let atStop = 0;
		await harness.run(
			upsert({ batchSize: 1, requestsInParallel: 4 }),
			items(200, 'STOP'),
			'manual',
			async (cancel) => {
				await waitFor(() => sent() >= 6);
				atStop = sent();
				cancel();
			},
		);
		await expect(harness.nodeTypes.lastExecute).rejects.toThrow(/Execution cancelled/);
		// The node's run has ended: every lane has let go, so what was sent is final.
		expect(sent()).toBeLessThanOrEqual(atStop + 4);
		expect(stored('STOP').length).toBeLessThan(200);
	});

	it('a give-up with requests side by side names every row not confirmed, and the main output is what the platform holds', async () => {
		await control('/latency', { roundTripMs: 20 });
		sim.faults.add({ route: '/inventory/add', kind: '503', after: 2 });
		const input = items(60, 'GIVE');
		const { error, outputs } = await harness.run(
			upsert({ batchSize: 5, requestsInParallel: 4, maxAttempts: 1 }, 'continueErrorOutput'),
			input,
		);
		expect(error).toBeUndefined();
		const [main, failed] = outputs;
		expect(main.map((item) => input[itemOf(item)].sku).sort()).toEqual(stored('GIVE'));
		expect(
			failed.every((item) =>
				// A request given up on may be stored; one never started says nothing was sent.
				/^Inventory item GIVE-\d+: (not confirmed as stored|nothing was sent) — /.test(
					String(item.json.message),
				),
			),
		).toBe(true);
		expect([...main, ...failed].map(itemOf).sort((a, b) => a - b)).toEqual(range(60));
		expect(failed.length).toBeGreaterThanOrEqual(50);
		// Nothing is started after the give-up: at most the requests that were already in flight.
		expect(sim.stats().requests['/inventory/add']).toBeLessThanOrEqual(2 + 4);
	});
});
