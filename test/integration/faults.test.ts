/**
 * The nodes under platform faults (simulator fault injection), through real n8n-core. What is
 * checked is what a user relies on: nothing reported as stored that the platform does not hold,
 * every input item answered on the main or the error output, nothing stored twice.
 * Retry-After is 0 and budgets are small, so the few real backoff waits stay short.
 */
import * as workflowModule from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, INodeType } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { Harness, type NodeUnderTest } from '../support/harness';
import { harnessFor, inventoryUpsert, itemOf, onAFreshPlatform } from '../support/platform';
import { waitFor } from '../support/simulatorClient';
import { moveClock, onlyDateFaked } from '../support/triggerHost';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const skus = (n: number, prefix = 'F') =>
	Array.from({ length: n }, (_, i) => ({
		sku: `${prefix}-${String(i).padStart(5, '0')}`,
		description: `Item ${i}`,
	}));
const addItems = inventoryUpsert;

describe('faults through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));

	const storedSkus = (prefix: string) =>
		sim.store
			.list('inventory_item')
			.map((item) => String(item.sku))
			.filter((sku) => sku.startsWith(`${prefix}-`));

	describe('beyond the retry budget', () => {
		it('fails the node naming the first unsent item and how many were stored; the platform holds exactly those', async () => {
			sim.faults.add({ route: '/inventory/add', kind: '503', after: 1 });
			// One request at a time, so "never sent" is exact (tests/integration/parallel.test.ts gives up with requests side by side).
			const { error, outputs } = await harness.run(
				addItems({ maxAttempts: 2, maxWaitSeconds: 5, requestsInParallel: 1 }),
				skus(2500),
			);
			expect(error?.message).toMatch(
				/^Inventory item F-01000: not confirmed as stored — .*HTTP 503.*\. Gave up after 2 tries\. Running the node again is safe/,
			);
			expect(error?.description).toMatch(/1,000 of 2,500 records were confirmed as stored/);
			expect(outputs).toEqual([]);
			expect(storedSkus('F')).toEqual(skus(1000).map((item) => item.sku));
			// One good chunk, the second tried twice, the third never sent.
			expect(sim.stats().requests['/inventory/add']).toBe(3);
		});

		it('under continue-on-fail, the main output and the platform agree exactly; every other item is on the error output, paired', async () => {
			sim.faults.add({ route: '/inventory/add', kind: '503', after: 1 });
			const input = skus(2500);
			const { error, outputs } = await harness.run(
				addItems({ maxAttempts: 2, maxWaitSeconds: 5 }, 'continueErrorOutput'),
				input,
			);
			expect(error).toBeUndefined();
			const [main, failed] = outputs;
			expect(main.map((item) => input[itemOf(item)].sku).sort()).toEqual(storedSkus('F').sort());
			// Its requests go side by side: which one the platform takes (the one it sees first) is the machine's to say.
			expect([500, 1000]).toContain(main.length);
			expect(
				failed.every((item) =>
					String(item.json.message).startsWith(
						`Inventory item ${input[itemOf(item)].sku}: not confirmed as stored`,
					),
				),
			).toBe(true);
			expect([...main, ...failed].map(itemOf).sort((a, b) => a - b)).toEqual(range(0, 2500));
		});

		it('a reset after the platform stored the body is reported as not confirmed (never as stored), and running again is safe', async () => {
			sim.faults.add({ route: '/inventory/add', kind: 'reset_after' });
			const input = skus(30, 'RA');
			const first = await harness.run(
				addItems({ maxAttempts: 2, maxWaitSeconds: 5 }, 'continueErrorOutput'),
				input,
			);
			expect(first.outputs[0]).toEqual([]);
			expect(first.outputs[1].map(itemOf)).toEqual(range(0, 30));
			expect(first.outputs[1][0].json.message).toMatch(
				/^Inventory item RA-00000: not confirmed as stored — .*connection closed by the other side.*\. Gave up after 2 tries/,
			);
			// The platform did store them: "not confirmed" is the honest word, and a re-run finds them.
			expect(storedSkus('RA')).toHaveLength(30);
			sim.faults.clear();
			const again = await harness.run(addItems({}, 'continueErrorOutput'), input);
			expect(again.outputs[0].map((item) => item.json.status)).toEqual(
				input.map(() => 'unchanged'),
			);
			expect(storedSkus('RA')).toHaveLength(30);
		});

		it('a platform that drops every connection before reading: nothing stored, every item named after Max Attempts', async () => {
			sim.faults.add({ route: '/inventory/add', kind: 'reset_before' });
			const { outputs } = await harness.run(
				addItems(
					{ maxAttempts: 3, maxWaitSeconds: 10, requestsInParallel: 1 },
					'continueErrorOutput',
				),
				skus(1500, 'RB'),
			);
			expect(outputs[0]).toEqual([]);
			expect(outputs[1].map(itemOf)).toEqual(range(0, 1500));
			expect(outputs[1][0].json.message).toMatch(
				/^Inventory item RB-00000: not confirmed as stored — .*\. Gave up after 3 tries/,
			);
			// The second request was never made: its records say so, not that the platform may hold them.
			expect(outputs[1][1499].json.message).toMatch(
				/^Inventory item RB-01499: nothing was sent — the write stopped before this record's turn, when a request failed: .*\. Gave up after 3 tries\. It is safe to run the node again/,
			);
			expect(outputs[1][1499].json.error).toMatchObject({ code: 'not_sent' });
			expect(storedSkus('RB')).toEqual([]);
			expect(sim.stats().requests['/inventory/add']).toBe(3);
		});

		it('a Retry-After longer than Max Total Wait gives up at once instead of waiting, naming the items', async () => {
			sim.faults.add({ route: '/inventory/add', kind: '429', retryAfterSeconds: 120 });
			const { outputs } = await harness.run(
				addItems({ maxWaitSeconds: 1 }, 'continueErrorOutput'),
				skus(3, 'RL'),
			);
			expect(outputs[1].map((item) => item.json.message)).toEqual(
				[0, 1, 2].map((i) =>
					expect.stringMatching(
						new RegExp(`^Inventory item RL-0000${i}: not confirmed as stored — .*HTTP 429`),
					),
				),
			);
			expect(sim.stats().requests['/inventory/add']).toBe(1);
		});

		it('a grouped sales order that could not be sent names and pairs every item it came from', async () => {
			sim.faults.add({ route: '/sales_order/add', kind: '503' });
			const line = (order_number: string, sku: string) => ({
				order_number,
				customer_code: 'CUST-1',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				sku,
				quantity: 1,
			});
			const { outputs } = await harness.run(
				{
					type: 'wmsSalesOrder',
					parameters: {
						resource: 'salesOrder',
						operation: 'add',
						fieldsToSend: 'inputItem',
						groupLines: true,
						options: { maxAttempts: 1 },
					},
					onError: 'continueErrorOutput',
				},
				[line('SO-G1', 'NUT-M8'), line('SO-G2', 'NUT-M8'), line('SO-G1', 'BOLT-M8-40')],
			);
			expect(outputs[0]).toEqual([]);
			expect(outputs[1].map((item) => [item.pairedItem, item.json.message])).toEqual([
				[
					[{ item: 0 }, { item: 2 }],
					expect.stringMatching(
						/^Sales order SO-G1: not confirmed as stored — service temporarily unavailable \(HTTP 503/,
					),
				],
				[
					{ item: 1 },
					expect.stringMatching(
						/^Sales order SO-G2: not confirmed as stored — service temporarily unavailable \(HTTP 503/,
					),
				],
			]);
			expect(sim.store.get('sales_order', 'SO-G1')).toBeUndefined();
		});

		it('a create that is not safe to repeat is not retried after a reset: one comparison, not two', async () => {
			sim.faults.add({ route: '/comparison/add', kind: 'reset_after', times: 1 });
			const before = sim.store.count('comparison');
			const { error } = await harness.run(
				{
					type: 'wmsInventoryReconciliation',
					parameters: { resource: 'comparison', operation: 'create', warehouseCode: 'WH1' },
				},
				[{}],
			);
			expect(error?.message).toMatch(
				/^Comparison WH1: not confirmed as stored — .*connection closed by the other side/,
			);
			// It was stored: the message must not invite a second run, which would open a second comparison.
			expect(error?.message).not.toMatch(/Running the node again is safe/);
			expect(error?.message).toMatch(
				/may have stored it .* check the platform before running the node again\.$/,
			);
			expect(sim.stats().requests['/comparison/add']).toBe(1);
			expect(sim.store.count('comparison')).toBe(before + 1);

			// A 503 means the platform did not take it: then a re-run is safe, and the message says so.
			sim.faults.add({ route: '/comparison/add', kind: '503' });
			const refused = await harness.run(
				{
					type: 'wmsInventoryReconciliation',
					parameters: {
						resource: 'comparison',
						operation: 'create',
						warehouseCode: 'WH1',
						options: { maxAttempts: 1 },
					},
				},
				[{}],
			);
			expect(refused.error?.message).toMatch(
				/^Comparison WH1: not confirmed as stored — .*HTTP 503.*The platform did not take it: running the node again is safe\.$/,
			);
			expect(sim.stats().requests['/comparison/add']).toBe(2);
			expect(sim.store.count('comparison')).toBe(before + 1);
		});
	});

	describe('within the budget', () => {
		it('the token revoked halfway through a bulk run: one new token, nothing lost, nothing doubled', async () => {
			// The third request is held before its token is checked, and the tokens are revoked meanwhile.
			sim.faults.add({ route: '/inventory/add', kind: 'hold', after: 2, times: 1 });
			const input = skus(5000, 'TR');
			const run = harness.run(addItems({}), input);
			try {
				await waitFor(() => sim.faults.holding() === 1);
				sim.revokeTokens();
			} finally {
				sim.faults.release();
			}
			const { error, outputs } = await run;
			expect(error).toBeUndefined();
			expect(outputs[0].map(itemOf)).toEqual(range(0, 5000));
			expect(storedSkus('TR')).toEqual(input.map((item) => item.sku));
			// Each request in flight when the token was revoked meets one 401; they share the one new token.
			expect(sim.stats().statuses['401']).toBeGreaterThanOrEqual(1);
			expect(sim.stats().statuses['401']).toBeLessThanOrEqual(4);
			expect(sim.stats().tokensIssued).toBe(2);
		});

		it('Get Many with Return All through a 503, a reset and a 429 on later pages: every record once, none missing', async () => {
			await harness.run(addItems({}), skus(1700, 'GM'));
			sim.faults.add({ route: '/inventory/check', kind: '503', after: 1, times: 1 });
			sim.faults.add({ route: '/inventory/check', kind: 'reset_before', after: 3, times: 1 });
			sim.faults.add({
				route: '/inventory/check',
				kind: '429',
				after: 5,
				times: 1,
				retryAfterSeconds: 0,
			});
			const { error, outputs } = await harness.run(
				{
					type: 'wmsInventory',
					parameters: { resource: 'item', operation: 'getMany', returnAll: true },
				},
				[{}],
			);
			expect(error).toBeUndefined();
			const read = outputs[0]
				.map((item) => String(item.json.sku))
				.filter((sku) => sku.startsWith('GM-'));
			expect(read).toEqual(skus(1700, 'GM').map((item) => item.sku));
			expect(sim.faults.list().map((rule) => rule.fired)).toEqual([1, 1, 1]);
		});
	});

	// The credential keeps the status, Retry-After and socket code of a token call that failed for a
	// passing reason, so the transport retries it instead of telling the user to check the Base URL.
	it.each(['503', '429', 'reset_before'] as const)(
		'one %s from the token endpoint while refreshing a revoked token is retried like any other',
		async (kind) => {
			await harness.run(addItems({}), skus(1, 'TK'));
			sim.revokeTokens();
			sim.faults.add({ route: '/oauth/token', kind, times: 1, retryAfterSeconds: 0 });
			const { error } = await harness.run(addItems({}), skus(3, 'TL'));
			expect(error?.message).toBeUndefined();
			expect(storedSkus('TL')).toHaveLength(3);
		},
	);

	describe('sales orders re-imported under faults (503, reset after storing, 429)', () => {
		/** 150 orders of 3 lines, one input item per line, as ERP exports give them. */
		const lines = (quantityOf: (order: number) => number) =>
			range(0, 150).flatMap((order) =>
				['NUT-M8', 'BOLT-M8-40', 'WASHER-M8'].map((sku) => ({
					order_number: `SO-F${String(order).padStart(3, '0')}`,
					customer_code: 'CUST-1',
					warehouse_code: 'WH1',
					order_date: '2026-11-21',
					sku,
					quantity: quantityOf(order),
				})),
			);
		const importOrders = (items: IDataObject[]) =>
			harness.run(
				{
					type: 'wmsSalesOrder',
					parameters: {
						resource: 'salesOrder',
						operation: 'add',
						fieldsToSend: 'inputItem',
						groupLines: true,
						options: { batchSize: 50, maxAttempts: 3, maxWaitSeconds: 10, requestsInParallel: 1 },
					},
					onError: 'continueErrorOutput',
				},
				items,
			);
		/**
		 * One fault on the first try of each of the three requests of 50 orders: 503, 429, and a reset after the platform stored them.
		 * Faults count requests as they arrive, so the import sends one request at a time to give each request its own.
		 */
		const injectFaults = () => {
			sim.faults.clear();
			sim.faults.add({ route: '/sales_order/add', kind: '503', times: 1 });
			sim.faults.add({
				route: '/sales_order/add',
				kind: '429',
				after: 2,
				times: 1,
				retryAfterSeconds: 0,
			});
			sim.faults.add({ route: '/sales_order/add', kind: 'reset_after', after: 4, times: 1 });
		};

		it('each order is stored once with its lines once, and every input item is paired to an output', async () => {
			for (const [run, quantityOf] of [
				['first import', () => 2],
				['re-import, a third changed', (order: number) => (order % 3 === 0 ? 5 : 2)],
				['same again', (order: number) => (order % 3 === 0 ? 5 : 2)],
			] as const) {
				injectFaults();
				sim.resetStats();
				const items = lines(quantityOf);
				const { error, outputs } = await importOrders(items);
				expect({ run, error }).toEqual({ run, error: undefined });
				const [main, failed = []] = outputs;
				expect(failed).toEqual([]);
				expect(main).toHaveLength(150);
				expect(main.map((item) => item.json.key)).toEqual(
					range(0, 150).map((order) => `SO-F${String(order).padStart(3, '0')}`),
				);
				expect(main.map((item) => item.pairedItem)).toEqual(
					range(0, 150).map((order) => [0, 1, 2].map((line) => ({ item: order * 3 + line }))),
				);
				// The faults really happened, each on its own request: 3 requests + 3 retries.
				expect(sim.faults.list().map((rule) => rule.fired)).toEqual([1, 1, 1]);
				expect(sim.stats().requests['/sales_order/add']).toBe(6);

				// Requests side by side are stored in the order they end: read the store by order number.
				const stored = sim.store
					.list('sales_order')
					.filter((order) => String(order.order_number).startsWith('SO-F'))
					.sort((a, b) => String(a.order_number).localeCompare(String(b.order_number)));
				expect(stored).toHaveLength(150);
				for (const [order, record] of stored.entries()) {
					expect(record.lines.map((l: IDataObject) => [l.line_number, l.sku, l.quantity])).toEqual([
						[1, 'NUT-M8', quantityOf(order)],
						[2, 'BOLT-M8-40', quantityOf(order)],
						[3, 'WASHER-M8', quantityOf(order)],
					]);
				}
			}
		}, 60_000);
	});

	describe('ERP updates: Set Complete under faults', () => {
		const setComplete = (options: IDataObject = {}): NodeUnderTest => ({
			type: 'wmsErpUpdate',
			parameters: { resource: 'update', operation: 'setComplete', options },
			onError: 'continueErrorOutput',
		});
		const statuses = (ids: string[]) => ids.map((id) => sim.store.get('erp_update', id)?.status);

		it('2,500 updates through 503, resets after storing and 429: every one complete, one output each; a second run changes nothing', async () => {
			const ids = sim.work.createPendingUpdates('incoming_consignment', 2500);
			sim.faults.add({ route: '/erp_update/set_complete', kind: '503', times: 1 });
			sim.faults.add({
				route: '/erp_update/set_complete',
				kind: 'reset_after',
				after: 2,
				times: 2,
			});
			sim.faults.add({
				route: '/erp_update/set_complete',
				kind: '429',
				after: 4,
				times: 1,
				retryAfterSeconds: 0,
			});
			const first = await harness.run(
				setComplete({ maxAttempts: 6, maxWaitSeconds: 30 }),
				ids.map((id) => ({ id })),
			);
			expect(first.outputs[1] ?? []).toEqual([]);
			expect(first.outputs[0].map((item) => [item.json.key, itemOf(item)])).toEqual(
				ids.map((id, index) => [id, index]),
			);
			expect(sim.faults.list().map((rule) => rule.fired)).toEqual([1, 2, 1]);
			expect(new Set(statuses(ids))).toEqual(new Set(['complete']));
			const completedAt = ids.map((id) => sim.store.get('erp_update', id)?.completed_at);

			const second = await harness.run(
				setComplete(),
				ids.map((id) => ({ id })),
			);
			expect(new Set(second.outputs[0].map((item) => item.json.status))).toEqual(
				new Set(['unchanged']),
			);
			expect(ids.map((id) => sim.store.get('erp_update', id)?.completed_at)).toEqual(completedAt);
		}, 60_000);

		it('version 3, as the examples have it: an answer lost after storing is sent again (the contract says completing twice changes nothing), every one complete', async () => {
			const ids = sim.work.createPendingUpdates('incoming_consignment', 2500);
			sim.faults.add({
				route: '/erp_update/set_complete',
				kind: 'reset_after',
				after: 1,
				times: 2,
			});
			const { outputs } = await harness.run(
				{ ...setComplete({ batchSize: 500 }), typeVersion: 3 },
				ids.map((id) => ({ id })),
			);
			expect(outputs[1] ?? []).toEqual([]);
			expect(outputs[0].map(itemOf)).toEqual(range(0, 2500));
			expect(sim.faults.list().map((rule) => rule.fired)).toEqual([2]);
			expect(new Set(statuses(ids))).toEqual(new Set(['complete']));
			expect(sim.stats().requests['/erp_update/set_complete']).toBe(7);
		});

		/** 2,500 updates in requests of 500, one at a time, not sent again after a lost answer; the answers to the 2nd (and on) lost `times` times. */
		const completeLosing = async (times: number) => {
			const ids = sim.work.createPendingUpdates('incoming_consignment', 2500);
			sim.faults.add({ route: '/erp_update/set_complete', kind: 'reset_after', after: 1, times });
			const { outputs } = await harness.run(
				setComplete({ batchSize: 500, requestsInParallel: 1, resend: 'checkFirst' }),
				ids.map((id) => ({ id })),
			);
			return { ids, outputs };
		};

		it('a lost answer the run may not send again (Re-Send After a Lost Answer: Do Not Re-Send) costs only its own request: the others are sent and confirmed', async () => {
			const { ids, outputs } = await completeLosing(1);
			expect(outputs[0].map(itemOf)).toEqual([...range(0, 500), ...range(1000, 2500)]);
			expect(outputs[1].map(itemOf)).toEqual(range(500, 1000));
			expect(outputs[1][0].json.message).toMatch(
				new RegExp(
					`^ERP update ${ids[500]}: not confirmed as stored — .*connection closed by the other side.*a second run adds another unless the platform keeps one record per key: check the platform before running the node again, or, if it does keep one, set Options → Re-Send After a Lost Answer to Re-Send\\.$`,
				),
			);
			expect(sim.stats().requests['/erp_update/set_complete']).toBe(5);
			// The lost request was stored: "not confirmed" is the honest word for it, never "failed".
			expect(new Set(statuses(ids))).toEqual(new Set(['complete']));
		});

		it('two lost answers in a row that may not be sent again stop the write: what was not sent is named and stays pending', async () => {
			const { ids, outputs } = await completeLosing(2);
			expect(outputs[0].map(itemOf)).toEqual(range(0, 500));
			expect(outputs[1].map(itemOf)).toEqual(range(500, 2500));
			expect(sim.stats().requests['/erp_update/set_complete']).toBe(3);
			expect(statuses(ids.slice(0, 1500)).every((status) => status === 'complete')).toBe(true);
			expect(statuses(ids.slice(1500)).every((status) => status === 'pending')).toBe(true);
		});

		it('beyond the budget the unconfirmed ids are named; running again completes the rest, none twice', async () => {
			const ids = sim.work.createPendingUpdates('move_attempt', 2500);
			sim.faults.add({ route: '/erp_update/set_complete', kind: '503', after: 1 });
			const first = await harness.run(
				setComplete({ maxAttempts: 1 }),
				ids.map((id) => ({ id })),
			);
			expect(first.outputs[0].map(itemOf)).toEqual(range(0, 1000));
			expect(first.outputs[1].map(itemOf)).toEqual(range(1000, 2500));
			expect(statuses(ids.slice(0, 1000)).every((status) => status === 'complete')).toBe(true);
			expect(statuses(ids.slice(1000)).every((status) => status === 'pending')).toBe(true);
			const completedAt = ids
				.slice(0, 1000)
				.map((id) => sim.store.get('erp_update', id)?.completed_at);

			sim.faults.clear();
			const again = await harness.run(
				setComplete(),
				ids.map((id) => ({ id })),
			);
			expect(again.outputs[1] ?? []).toEqual([]);
			expect(again.outputs[0].map((item) => item.json.status)).toEqual(
				ids.map((_, index) => (index < 1000 ? 'unchanged' : 'updated')),
			);
			expect(ids.slice(0, 1000).map((id) => sim.store.get('erp_update', id)?.completed_at)).toEqual(
				completedAt,
			);
		});
	});
});

describe('ERP Update Trigger with the platform down for several polls (on a clock the test moves)', () => {
	const MINUTE = 60_000;
	let sim: RunningSimulator;
	let harness: Harness;
	let waits: number[];

	beforeEach(async () => {
		onlyDateFaked(Date.parse('2026-11-21T08:00:00.000Z'));
		sim = await startSimulator();
		harness = harnessFor(sim);
		// The transport's backoff waits are recorded, not slept: time is the test's clock here.
		waits = [];
		jest
			.spyOn(workflowModule, 'sleep')
			.mockImplementation(async (ms: number) => void waits.push(ms));
	});
	afterEach(async () => {
		jest.restoreAllMocks();
		jest.useRealTimers();
		await sim.close();
	});

	it('loses nothing, and delivers nothing twice inside the redelivery window', async () => {
		const spec: NodeUnderTest = {
			type: 'wmsErpUpdateTrigger',
			name: 'Trigger',
			parameters: { updateKinds: ['outgoing_consignment'], redeliverAfterMinutes: 30 },
		};
		const workflow = harness.workflow([harness.node(spec)]);
		const type = harness.nodeTypes.getByNameAndVersion(
			`n8n-nodes-wms-integration.${spec.type}`,
		) as INodeType;
		const deliveries = new Map<string, number[]>();
		const poll = async () => {
			const emitted = (await type.poll!.call(harness.pollContext(spec, workflow))) as
				| INodeExecutionData[][]
				| null;
			const ids = (emitted?.[0] ?? []).map((item) => String(item.json.id));
			for (const id of ids) deliveries.set(id, [...(deliveries.get(id) ?? []), Date.now()]);
			return ids;
		};
		const complete = (ids: string[]) =>
			harness.run(
				{ type: 'wmsErpUpdate', parameters: { resource: 'update', operation: 'setComplete' } },
				ids.map((id) => ({ id })),
			);
		const down = async (rule: Parameters<RunningSimulator['faults']['add']>[0]) => {
			moveClock(5 * MINUTE);
			sim.faults.clear();
			sim.faults.add(rule);
			const ledger = JSON.stringify(workflow.staticData);
			await expect(poll()).rejects.toThrow();
			expect(JSON.stringify(workflow.staticData)).toBe(ledger);
		};

		const early = sim.work.createPendingUpdates('outgoing_consignment', 5);
		expect(await poll()).toEqual(early);
		// The workflow booked three; for two it failed halfway, so they stay pending.
		await complete(early.slice(0, 3));
		const late = sim.work.createPendingUpdates('outgoing_consignment', 4);

		await down({ route: '/erp_update/outgoing_consignment', kind: '503' });
		await down({ route: '/erp_update/outgoing_consignment', kind: 'reset_before' });
		await down({ route: '/erp_update/outgoing_consignment', kind: '429', retryAfterSeconds: 0 });
		expect(waits.length).toBeGreaterThanOrEqual(12);

		// Back after 20 minutes: the new ones come; the two held ones are still inside the window.
		moveClock(5 * MINUTE);
		sim.faults.clear();
		expect(await poll()).toEqual(late);
		await complete(late);
		moveClock(5 * MINUTE);
		expect(await poll()).toEqual([]);
		// Past the window, the two the workflow never completed come again, once.
		moveClock(6 * MINUTE);
		expect(await poll()).toEqual(early.slice(3));
		await complete(early.slice(3));
		moveClock(31 * MINUTE);
		expect(await poll()).toEqual([]);

		expect([...deliveries.keys()].sort()).toEqual([...early, ...late].sort());
		for (const [id, times] of deliveries) {
			for (let k = 1; k < times.length; k++)
				expect({ id, gap: times[k] - times[k - 1] >= 30 * MINUTE }).toEqual({ id, gap: true });
		}
		expect(sim.store.list('erp_update').filter((update) => update.status !== 'complete')).toEqual(
			[],
		);
	});

	it('with "Acknowledge on Emit", a reset after the platform completed the updates loses none of them', async () => {
		const spec: NodeUnderTest = {
			type: 'wmsErpUpdateTrigger',
			name: 'Trigger',
			parameters: { updateKinds: ['outgoing_consignment'], options: { acknowledgeOnEmit: true } },
		};
		const workflow = harness.workflow([harness.node(spec)]);
		const type = harness.nodeTypes.getByNameAndVersion(
			`n8n-nodes-wms-integration.${spec.type}`,
		) as INodeType;
		const ids = sim.work.createPendingUpdates('outgoing_consignment', 3);
		sim.faults.add({ route: '/erp_update/set_complete', kind: 'reset_after', times: 1 });
		const first = (await type.poll!.call(harness.pollContext(spec, workflow))) as
			| INodeExecutionData[][]
			| null;
		moveClock(60 * MINUTE);
		const second = (await type.poll!.call(harness.pollContext(spec, workflow))) as
			| INodeExecutionData[][]
			| null;
		const delivered = [...(first?.[0] ?? []), ...(second?.[0] ?? [])].map((item) => item.json.id);
		expect(ids.map((id) => sim.store.get('erp_update', id)?.status)).toEqual([
			'complete',
			'complete',
			'complete',
		]);
		expect(delivered).toEqual(ids);
	});
});
