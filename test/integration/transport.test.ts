/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The one transport under platform faults: retries what is worth retrying (429 with
 * Retry-After, 503, resets) within the user's budget, never retries what is not, and reports
 * what it could not do.
 */
import * as workflowModule from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';
import { capturedLogs } from '../support/leaks';

const add = (items: number, options: Record<string, unknown> = {}) => ({
	type: 'wmsSupplier',
	parameters: { resource: 'supplier', operation: 'upsert', fieldsToSend: 'inputItem', options },
});
const suppliers = (n: number, prefix = 'R') =>
	Array.from({ length: n }, (_, i) => ({ code: `${prefix}-${i}`, name: `Supplier ${i}` }));

describe('transport', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({}, (platform) => ({ sim, harness } = platform));

	it('waits as Retry-After says after a 429 and then succeeds', async () => {
		sim.faults.add({ route: '/supplier/add', kind: '429', times: 2, retryAfterSeconds: 0 });
		const { error, outputs } = await harness.run(add(3), suppliers(3));
		expect(error).toBeUndefined();
		expect(outputs[0]).toHaveLength(3);
		expect(sim.stats().requests['/supplier/add']).toBe(3);
		expect(sim.store.count('supplier')).toBe(3);
	});

	it('retries a 503 and a connection reset after the platform stored the body, without doubling records', async () => {
		sim.faults.add({ route: '/supplier/add', kind: '503', times: 1 });
		sim.faults.add({ route: '/supplier/add', kind: 'reset_after', times: 1 });
		const { error, outputs } = await harness.run(add(10), suppliers(10));
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.key)).toEqual(suppliers(10).map((s) => s.code));
		expect(sim.store.count('supplier')).toBe(10);
	});

	it('gives up after Max Attempts and says which items were not confirmed', async () => {
		sim.faults.add({ route: '/supplier/add', kind: '503' });
		const { error } = await harness.run(
			add(2, { maxAttempts: 2, maxWaitSeconds: 5 }),
			suppliers(2),
		);
		expect(error?.message).toMatch(
			/^Supplier R-0: not confirmed as stored — .*HTTP 503.*\. Gave up after 2 tries/,
		);
		expect(sim.stats().requests['/supplier/add']).toBe(2);
	});

	it('routes every unconfirmed row to the error output under continue-on-fail, and stops sending', async () => {
		sim.faults.add({ route: '/supplier/add', kind: '503', after: 1 });
		const { outputs } = await harness.run(
			{
				...add(0, { maxAttempts: 1, batchSize: 10, requestsInParallel: 1 }),
				onError: 'continueErrorOutput',
			},
			suppliers(30),
		);
		expect(outputs[0]).toHaveLength(10);
		expect(outputs[1]).toHaveLength(20);
		expect(outputs[1].map((item) => item.pairedItem)).toEqual(
			Array.from({ length: 20 }, (_, i) => ({ item: 10 + i })),
		);
		expect(sim.stats().requests['/supplier/add']).toBe(2);
	});

	it('stops waiting to retry as soon as the execution is cancelled', async () => {
		sim.faults.add({ route: '/supplier/add', kind: '429', retryAfterSeconds: 300 });
		const logsFrom = capturedLogs.length;
		await harness.run(add(1, { maxWaitSeconds: 600 }), suppliers(1), 'manual', async (cancel) => {
			// Cancel once the node is waiting out the Retry-After (it logs the retry just before).
			const waiting = () =>
				capturedLogs
					.slice(logsFrom)
					.some((line) => line.includes('WMS /supplier/add: HTTP 429, retry 1'));
			while (!waiting()) await new Promise((resolve) => setImmediate(resolve));
			cancel();
		});
		// n8n ends the run at once; the node must end too rather than sleep out the five-minute
		// Retry-After (this test's time limit would catch that) and then send again.
		await expect(harness.nodeTypes.lastExecute).rejects.toThrow(
			'Execution cancelled while waiting to retry /supplier/add',
		);
		expect(sim.stats().requests['/supplier/add']).toBe(1);
	});

	it('gives up on a platform that does not answer within the timeout, and says so', async () => {
		sim.faults.add({ route: '/supplier/check', kind: 'latency', latencyMs: 3000, times: 1 });
		const { error } = await harness.run(
			{
				type: 'wmsSupplier',
				parameters: {
					resource: 'supplier',
					operation: 'getMany',
					options: { timeoutSeconds: 1, maxAttempts: 1 },
				},
			},
			[{}],
		);
		expect(error?.message).toMatch(
			/The connection to the platform at http:\/\/127\.0\.0\.1:\d+\/v1 was lost \(no answer within the timeout\)/,
		);
	});

	it('fails at once when Retry-After asks for longer than Max Total Wait', async () => {
		sim.faults.add({ route: '/supplier/check', kind: '429', retryAfterSeconds: 3600 });
		const { error } = await harness.run(
			{
				type: 'wmsSupplier',
				parameters: { resource: 'supplier', operation: 'getMany', options: { maxWaitSeconds: 60 } },
			},
			[{}],
		);
		expect(error?.message).toMatch(/HTTP 429/);
		expect(sim.stats().requests['/supplier/check']).toBe(1);
	});

	describe('Max Total Wait, one budget for the whole run (waits recorded, not slept)', () => {
		let waits: number[];
		beforeEach(() => {
			waits = [];
			jest
				.spyOn(workflowModule, 'sleep')
				.mockImplementation(async (ms: number) => void waits.push(ms));
		});
		afterEach(() => jest.restoreAllMocks());

		it('is shared by all requests of the run: the third Retry-After of 20 s would pass 50 s, so that request gives up', async () => {
			// Three requests of one supplier each; each gets a 429 asking for 20 s once. Each alone is well inside 50 s.
			for (const after of [0, 2, 4])
				sim.faults.add({
					route: '/supplier/add',
					kind: '429',
					retryAfterSeconds: 20,
					after,
					times: 1,
				});
			// One request at a time: which request meets which 429 is then fixed.
			const { outputs } = await harness.run(
				{
					...add(0, { batchSize: 1, maxWaitSeconds: 50, requestsInParallel: 1 }),
					onError: 'continueErrorOutput',
				},
				suppliers(3, 'W'),
			);
			expect(waits).toEqual([20_000, 20_000]);
			expect(outputs[0].map((item) => item.json.key)).toEqual(['W-0', 'W-1']);
			expect(outputs[1].map((item) => item.json.message)).toEqual([
				expect.stringMatching(
					/^Supplier W-2: not confirmed as stored — .*HTTP 429.*\. Not tried again: waiting 20 s more would pass Max Total Wait \(50 s for the node's whole run, 40 s already spent\)\. Running the node again is safe/,
				),
			]);
			expect(sim.stats().requests['/supplier/add']).toBe(5);
			expect(sim.store.count('supplier')).toBe(2);
		});

		it('a fresh run of the node starts with the whole budget again', async () => {
			sim.faults.add({ route: '/supplier/add', kind: '429', retryAfterSeconds: 40, times: 1 });
			expect(
				(await harness.run(add(0, { maxWaitSeconds: 50 }), suppliers(1, 'X'))).error,
			).toBeUndefined();
			sim.faults.add({ route: '/supplier/add', kind: '429', retryAfterSeconds: 40, times: 1 });
			expect(
				(await harness.run(add(0, { maxWaitSeconds: 50 }), suppliers(1, 'Y'))).error,
			).toBeUndefined();
			expect(waits).toEqual([40_000, 40_000]);
		});
	});
});
