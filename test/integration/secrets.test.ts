/**
 * No secret ever reaches an output item, an error or a log. (Every Harness run checks this; here
 * the failure paths that carry the most text run with a recognisable secret.)
 */
import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { Harness } from '../support/harness';
import { capturedLogs, findLeaks } from '../support/leaks';

const CANARY = 'canary-SECRET-4e1f0b9d7c';

describe('secrets', () => {
	let sim: RunningSimulator;
	beforeEach(async () => (sim = await startSimulator({ clientSecret: CANARY })));
	afterEach(async () => await sim.close());

	it('the leak check finds a secret where one is', () => {
		expect(findLeaks([CANARY], ['nothing here', `token=${CANARY}`])).toHaveLength(1);
		expect(findLeaks([CANARY], ['nothing here'])).toEqual([]);
	});

	it('stays out of every failure path', async () => {
		const harness = new Harness({
			baseUrl: sim.baseUrl,
			clientId: sim.clientId,
			clientSecret: CANARY,
		});
		const logsFrom = capturedLogs.length;
		const add = (parameters: Record<string, unknown>, onError?: 'continueErrorOutput') =>
			harness.run(
				{
					type: 'wmsSupplier',
					parameters: { resource: 'supplier', operation: 'upsert', ...parameters },
					onError,
				},
				[{ code: 'S-1', name: 'One' }, { code: 'S-2' }],
			);

		const runs = [await add({ fieldsToSend: 'inputItem' }, 'continueErrorOutput')];
		sim.faults.add({ route: '/supplier/add', kind: '401', times: 2 });
		runs.push(await add({ fieldsToSend: 'inputItem' }, 'continueErrorOutput'));
		sim.faults.clear();
		sim.faults.add({ route: '/supplier/add', kind: '503' });
		runs.push(
			await add({ fieldsToSend: 'inputItem', options: { maxAttempts: 2 } }, 'continueErrorOutput'),
		);
		sim.faults.clear();
		const wrong = new Harness({
			baseUrl: sim.baseUrl,
			clientId: sim.clientId,
			clientSecret: `${CANARY}-wrong`,
		});
		runs.push(
			await wrong.run(
				{ type: 'wmsSupplier', parameters: { resource: 'supplier', operation: 'getMany' } },
				[{}],
			),
		);

		expect(runs.map((run) => Boolean(run.error) || run.outputs[1]?.length > 0)).toEqual([
			true,
			true,
			true,
			true,
		]);
		expect(harness.store.tokens.size).toBeGreaterThanOrEqual(2);
		const texts = runs.flatMap((run) => [
			...run.outputs.flat().map((item) => JSON.stringify(item.json)),
			run.error?.message ?? '',
			run.error?.description ?? '',
		]);
		expect(
			findLeaks([CANARY, ...harness.store.tokens], [...texts, ...capturedLogs.slice(logsFrom)]),
		).toEqual([]);
	});
});
