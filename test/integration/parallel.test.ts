/**
 * Requests in Parallel through real n8n-core against the simulator with a round trip (set through
 * its control API): output order and pairing, one key never in two requests at once, the most
 * requests in flight, back-off under a rate limit, Stop, and a give-up with requests side by side.
 *
 * Requests in flight are counted at the client, where the promise is made. The test waits for
 * requests held at the platform, not for time to pass; where adaptive decides from how long
 * answers take, the platform's times are long beside the node's own work on a busy machine.
 */

import type { RunningSimulator } from '../../dev/simulator';
import { ADAPTIVE_CAP, ADAPTIVE_START, platformWidths } from '../../nodes/shared/bulk/lanes';
import type { Harness } from '../support/harness';
import { countInFlight, type InFlight } from '../support/inFlight';
import { inventoryUpsert, itemOf, onAFreshPlatform } from '../support/platform';
import { waitFor } from '../support/simulatorClient';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const items = (n: number, prefix: string) =>
	range(n).map((i) => ({
		sku: `${prefix}-${String(i).padStart(4, '0')}`,
		description: `Item ${i}`,
	}));
const upsert = inventoryUpsert;
/**
 * A distant platform, and one working on one request at a time: their times long beside the
 * node's own work per request on a machine busy with other jobs, which adaptive cannot tell from
 * the platform's.
 */
const DISTANT_MS = 400;
const ONE_AT_A_TIME = { roundTripMs: 5, perRowMs: 50, servers: 1 };
/**
 * The narrowest width adaptive reaches only by growing (twice four). Once growing stops it keeps
 * what the platform carried and half as many again: the node's own time per request on a busy
 * machine, counted in every answer, can lift that past four, not to a growing step.
 */
const GROWN = 2 * ADAPTIVE_START;

describe('Requests in Parallel (real n8n-core, a simulator with a round trip)', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({}, (platform) => ({ sim, harness } = platform));
	let client: InFlight;
	beforeEach(() => (client = countInFlight('/inventory/add')));
	afterEach(() => client.stop());

	/** Waits until the platform holds `n` requests unanswered, answers the client's count then, and lets them go. */
	const inFlightWhenHeld = async (n: number): Promise<number> => {
		try {
			await waitFor(() => sim.faults.holding() >= n);
			return client.now;
		} finally {
			sim.faults.release();
		}
	};

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
		expect(client.peak).toBeGreaterThan(1);
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
		// The first requests are held until as many as the setting are in flight.
		sim.faults.add({ route: '/inventory/add', kind: 'hold', times: setting });
		const run = harness.run(
			upsert({ batchSize: 2, requestsInParallel: setting }),
			items(60, `FIX${setting}`),
		);
		expect(await inFlightWhenHeld(setting)).toBe(setting);
		const { error } = await run;
		expect(error).toBeUndefined();
		expect(client.started).toBe(30);
		expect(client.peak).toBe(setting);
		expect(stored(`FIX${setting}`)).toHaveLength(60);
	});

	it('adaptive (the default) grows past four on a distant platform, never past thirty-two', async () => {
		await control('/latency', { roundTripMs: DISTANT_MS });
		const { error } = await harness.run(upsert({ batchSize: 2 }), items(100, 'FAR'));
		expect(error).toBeUndefined();
		expect(client.peak).toBeGreaterThan(ADAPTIVE_START);
		expect(client.peak).toBeLessThanOrEqual(ADAPTIVE_CAP);
		expect(stored('FAR')).toHaveLength(100);
	});

	it('adaptive does not grow on when more requests in flight bring no more (a platform working on one at a time)', async () => {
		await control('/latency', ONE_AT_A_TIME);
		const { error } = await harness.run(upsert({ batchSize: 2 }), items(40, 'BUSY'));
		expect(error).toBeUndefined();
		// It starts at four, sees the answers of four wait, measures one alone at two and narrows to
		// what the platform carries (test/unit/lanes.test.ts shows each step on a model clock), never the
		// sixteen or thirty-two of a distant platform.
		expect(client.peak).toBeLessThan(GROWN);
		expect(stored('BUSY')).toHaveLength(40);
	});

	it("a first round that waited for the run's token is measured again: a platform working on one at a time is still not widened as a distant one is", async () => {
		await control('/latency', ONE_AT_A_TIME);
		// The run has no token yet and getting one takes long beside the platform's work on four
		// requests: the first round's answers all come late together, as if none had waited.
		sim.faults.add({ route: '/oauth/token', kind: 'latency', latencyMs: 2000, times: 1 });
		const { error } = await harness.run(upsert({ batchSize: 2 }), items(40, 'TOKEN'));
		expect(error).toBeUndefined();
		expect(sim.stats().tokensIssued).toBe(1);
		expect(client.peak).toBeLessThan(GROWN);
		expect(stored('TOKEN')).toHaveLength(40);
	});

	it('adaptive starts a later run to the same platform where the last one left off (a quarter of its width), not at four', async () => {
		await control('/latency', { roundTripMs: DISTANT_MS });
		expect(
			(await harness.run(upsert({ batchSize: 2 }), items(100, 'NIGHT'))).error,
		).toBeUndefined();
		const start = platformWidths.startFor(sim.baseUrl);
		expect(start).toBeGreaterThan(ADAPTIVE_START);
		// The next run's first round is held: what is in flight then is where it starts.
		sim.faults.add({ route: '/inventory/add', kind: 'hold', times: start });
		const next = harness.run(upsert({ batchSize: 2 }), items(40, 'MORNING'));
		expect(await inFlightWhenHeld(start)).toBe(start);
		expect((await next).error).toBeUndefined();
		expect(stored('MORNING')).toHaveLength(40);
	});

	it('under a rate limit backs off on 429 and stores every item once', async () => {
		await control('/latency', { roundTripMs: 10 });
		await control('/rate-limit', { requestsPerSecond: 3 });
		// The first four are let go together: one more than the platform takes in a second.
		sim.faults.add({ route: '/inventory/add', kind: 'hold', times: 4 });
		const input = items(40, 'RATE');
		const run = harness.run(upsert({ batchSize: 4, requestsInParallel: 4 }), input);
		expect(await inFlightWhenHeld(4)).toBe(4);
		const { error, outputs } = await run;
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
