/**
 * Date-times without an offset (what n8n's date picker gives, and many ERPs) are read in the
 * workflow's time zone: its Settings → Timezone, else n8n's GENERIC_TIMEZONE (which n8n puts in
 * n8n-workflow's global state at start). Through real n8n-core, against the simulator with its
 * clock set, so what a user notices is which records a filter returns.
 */
import type { IDataObject, INode, IWorkflowSettings } from 'n8n-workflow';
import { getGlobalState, setGlobalState, Workflow } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { Harness } from '../support/harness';

/** A harness whose workflows carry these settings, as a workflow saved in n8n does. */
class HarnessWithSettings extends Harness {
	constructor(
		sim: RunningSimulator,
		private readonly settings: IWorkflowSettings,
	) {
		super({ baseUrl: sim.baseUrl, clientId: sim.clientId, clientSecret: sim.clientSecret });
	}

	override workflow(
		nodes: INode[],
		connections: Workflow['connectionsBySourceNode'] = {},
		staticData: IDataObject = {},
	) {
		return new Workflow({
			id: 'wf-1',
			name: 'test',
			nodes,
			connections,
			active: false,
			nodeTypes: this.nodeTypes,
			staticData,
			settings: this.settings,
		});
	}
}

describe("date-times without an offset are read in the workflow's time zone", () => {
	let clock: number;
	let sim: RunningSimulator;
	const defaultState = getGlobalState();

	beforeEach(async () => {
		clock = Date.parse('2026-11-21T12:00:00.000Z');
		sim = await startSimulator({ now: () => clock });
		const harness = new HarnessWithSettings(sim, {});
		for (const [code, at] of [
			['SUP-NOON-UTC', '2026-11-21T12:00:00.000Z'],
			['SUP-TWO-UTC', '2026-11-21T14:00:00.000Z'],
		]) {
			clock = Date.parse(at);
			const { error } = await harness.run(
				{
					type: 'wmsSupplier',
					parameters: { resource: 'supplier', operation: 'upsert', code, name: code },
				},
				[{}],
			);
			expect(error).toBeUndefined();
		}
	});
	afterEach(async () => {
		setGlobalState(defaultState);
		await sim.close();
	});

	const changedSince = async (settings: IWorkflowSettings, value: string) => {
		const harness = new HarnessWithSettings(sim, settings);
		const parameters = {
			resource: 'supplier',
			operation: 'getMany',
			returnAll: true,
			filters: { changedSince: value },
		};
		const { outputs, error } = await harness.run({ type: 'wmsSupplier', parameters }, [{}]);
		expect(error).toBeUndefined();
		return outputs[0].map((item) => item.json.code);
	};

	it.each([
		['Europe/Berlin', '2026-11-21T14:30:00', ['SUP-TWO-UTC']],
		['UTC', '2026-11-21T14:30:00', []],
		['Asia/Tokyo', '2026-11-21T14:30:00', ['SUP-NOON-UTC', 'SUP-TWO-UTC']],
		['America/New_York', '2026-11-21T08:30:00', ['SUP-TWO-UTC']],
		['Europe/Berlin', '2026-11-21', ['SUP-NOON-UTC', 'SUP-TWO-UTC']],
		['Europe/Berlin', '2026-11-21T14:30:00Z', []],
		['Asia/Tokyo', '2026-11-21T13:30:00+00:00', ['SUP-TWO-UTC']],
	])(
		'a workflow in %s reads Changed Since %j so that it returns %j',
		async (timezone, value, codes) => {
			expect(await changedSince({ timezone }, value)).toEqual(codes);
		},
	);

	it("without a workflow time zone, reads it in n8n's GENERIC_TIMEZONE", async () => {
		setGlobalState({ defaultTimezone: 'Europe/Berlin' });
		expect(await changedSince({}, '2026-11-21T14:30:00')).toEqual(['SUP-TWO-UTC']);
		setGlobalState({ defaultTimezone: 'Asia/Tokyo' });
		expect(await changedSince({}, '2026-11-21T14:30:00')).toEqual(['SUP-NOON-UTC', 'SUP-TWO-UTC']);
	});

	it('takes a date-time an expression builds with its own zone as that instant', async () => {
		const expression = "={{ DateTime.fromISO('2026-11-21T22:30:00', { zone: 'Asia/Tokyo' }) }}";
		expect(await changedSince({ timezone: 'UTC' }, expression)).toEqual(['SUP-TWO-UTC']);
	});

	it("refuses an order date given as an instant that falls on another day in the workflow's zone, naming item and field", async () => {
		const order = (order_number: string) => ({
			order_number,
			customer_code: 'CUST-1',
			warehouse_code: 'WH1',
			order_date: '2026-11-21T23:30:00Z',
			lines: [{ sku: 'NUT-M8', quantity: 1 }],
		});
		await sim.close();
		sim = await startSimulator({ demoData: true, now: () => clock });
		const parameters = { resource: 'salesOrder', operation: 'add', fieldsToSend: 'inputItem' };

		const berlin = await new HarnessWithSettings(sim, { timezone: 'Europe/Berlin' }).run(
			{ type: 'wmsSalesOrder', parameters, onError: 'continueErrorOutput' },
			[order('SO-TZ-1')],
		);
		expect(berlin.outputs[1].map((item) => item.json.message)).toEqual([
			"Sales order SO-TZ-1: order_date is the instant 2026-11-21T23:30:00Z, which is 2026-11-22 in Europe/Berlin (the workflow's time zone), not 2026-11-21: give the date alone, like 2026-11-22 or 2026-11-21",
		]);
		expect(sim.store.get('sales_order', 'SO-TZ-1')).toBeUndefined();

		const utc = await new HarnessWithSettings(sim, { timezone: 'UTC' }).run(
			{ type: 'wmsSalesOrder', parameters },
			[order('SO-TZ-2')],
		);
		expect(utc.error).toBeUndefined();
		expect(sim.store.get('sales_order', 'SO-TZ-2')?.order_date).toBe('2026-11-21');
	});
});
