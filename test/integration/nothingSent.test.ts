/**
 * Words that tell what happened, through real n8n-core: a record that never reached the platform
 * (a refused credential, a platform refusing connections) says nothing was sent, never that the
 * platform may have stored it; a record sent again after a lost answer says so at every version.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { Harness, type NodeUnderTest } from '../support/harness';
import { QuirkyPlatform } from '../support/quirkyPlatform';

const order = (order_number: string) => ({
	order_number,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	sku: 'NUT-M8',
	quantity: 1,
});
const ORDERS = [order('NS-1'), order('NS-2')];

/** WMS Sales Order → Add, each input item an order; Check First makes the route one not safe to send twice. */
const addOrders = (
	onError?: NodeUnderTest['onError'],
	options: Record<string, unknown> = {},
	typeVersion = 1,
): NodeUnderTest => ({
	type: 'wmsSalesOrder',
	parameters: {
		resource: 'salesOrder',
		operation: 'add',
		fieldsToSend: 'inputItem',
		groupLines: true,
		options: { resend: 'checkFirst', maxAttempts: 2, maxWaitSeconds: 5, ...options },
	},
	onError,
	typeVersion,
});

/** Every error item says nothing was sent, in its own words, and never that the platform may hold it. */
function saysNothingSent(failed: INodeExecutionData[], why: RegExp) {
	expect(failed.map((item) => (item.pairedItem as { item: number }).item)).toEqual([0, 1]);
	for (const [k, item] of failed.entries()) {
		const message = String(item.json.message);
		expect(message).toMatch(new RegExp(`^Sales order NS-${k + 1}: nothing was sent — `));
		expect(message).toMatch(why);
		expect(message).not.toMatch(/may have stored|not confirmed|adds another/);
		expect(item.json.error).toMatchObject({ code: 'not_sent', status: null, retryable: true });
	}
}

describe('a record that never reached the platform says nothing was sent', () => {
	let sim: RunningSimulator;
	beforeEach(async () => (sim = await startSimulator()));
	afterEach(async () => await sim.close());

	const harnessWith = (overrides: Record<string, string> = {}) =>
		new Harness({
			baseUrl: sim.baseUrl,
			clientId: sim.clientId,
			clientSecret: sim.clientSecret,
			...overrides,
		});

	it('a wrong client secret (the token request answered 401): every order on the error output says nothing was sent', async () => {
		const { error, outputs } = await harnessWith({ clientSecret: 'wrong-secret-39' }).run(
			addOrders('continueErrorOutput'),
			ORDERS,
		);
		expect(error).toBeUndefined();
		const [main, failed] = outputs;
		expect(main).toEqual([]);
		saysNothingSent(failed, /Client ID or secret rejected by the platform \(HTTP 401\)/);
		expect(sim.stats().requests['/sales_order/add']).toBeUndefined();
	});

	it('a wrong client secret, the node set to stop: its error says nothing was sent', async () => {
		const { error } = await harnessWith({ clientSecret: 'wrong-secret-39' }).run(
			addOrders(),
			ORDERS,
		);
		expect(error?.message).toMatch(/^Sales order NS-1: nothing was sent — Client ID or secret/);
		expect(error?.message).not.toMatch(/may have stored/);
	});

	it('a platform refusing connections before any write: every order says nothing was sent', async () => {
		const closed = await startSimulator();
		const deadUrl = closed.baseUrl;
		await closed.close();
		const { error, outputs } = await harnessWith({ baseUrl: deadUrl }).run(
			addOrders('continueErrorOutput'),
			ORDERS,
		);
		expect(error).toBeUndefined();
		const [main, failed] = outputs;
		expect(main).toEqual([]);
		saysNothingSent(failed, /Could not reach the platform at .* \(connection refused\)/);
	});
});

describe('a record sent again after a lost answer says so at every node version', () => {
	let platform: QuirkyPlatform;
	beforeEach(async () => (platform = await QuirkyPlatform.start()));
	afterEach(async () => await platform.close());

	it.each([1, 2])(
		'version %i, Re-Send on a platform that does not deduplicate: resent: true and a sentence',
		async (typeVersion) => {
			const route = '/sales_order/add';
			platform
				.keep(route, { dedupe: false })
				.on(route, (call, p) => (call.n === 1 ? (p.store(call), { hangUp: true }) : undefined));
			const harness = new Harness({
				baseUrl: platform.baseUrl,
				clientId: platform.clientId,
				clientSecret: platform.clientSecret,
			});
			const { error, outputs } = await harness.run(
				addOrders('continueErrorOutput', { resend: undefined }, typeVersion),
				ORDERS,
			);
			expect(error).toBeUndefined();
			const [main] = outputs;
			// The platform took both orders twice: the output must not read as a plain success.
			expect(platform.stored(route, 'NS-1')).toHaveLength(2);
			expect(main).toHaveLength(2);
			for (const item of main) {
				expect(item.json).toMatchObject({ status: 'created', resent: true });
				expect(String(item.json.note)).toMatch(
					/^Sent again after the answer to the first try was lost: if the platform does not keep one record per key, it may now hold this record twice/,
				);
			}
		},
	);
});

describe('a description that cannot be read says nothing was sent', () => {
	let sim: RunningSimulator;
	beforeEach(async () => (sim = await startSimulator()));
	afterEach(async () => await sim.close());

	it('each order on the error output says so, with the code not_sent', async () => {
		const harness = new Harness({
			baseUrl: sim.baseUrl,
			clientId: sim.clientId,
			clientSecret: sim.clientSecret,
			description: 'pasted',
			descriptionText: 'openapi: 3.0.0\npaths: 5\n',
		});
		const { error, outputs } = await harness.run(addOrders('continueErrorOutput'), ORDERS);
		expect(error).toBeUndefined();
		const [main, failed] = outputs;
		expect(main).toEqual([]);
		expect(failed).toHaveLength(2);
		for (const item of failed) {
			expect(String(item.json.message)).toMatch(
				/^The platform's API description pasted in the credential cannot be used: .*\. Nothing was sent\.$/,
			);
			expect(item.json.error).toMatchObject({ code: 'not_sent', status: null });
		}
	});
});

describe('a file whose rows never reached the platform says so in its Summary', () => {
	let sim: RunningSimulator;
	beforeEach(async () => (sim = await startSimulator()));
	afterEach(async () => await sim.close());

	it('a wrong client secret: the Summary and each Not Stored row say nothing was sent', async () => {
		const harness = new Harness({
			baseUrl: sim.baseUrl,
			clientId: sim.clientId,
			clientSecret: 'wrong-secret-39',
		});
		const { outputs } = await harness.runFiles(
			{
				type: 'wmsInventory',
				parameters: {
					resource: 'item',
					operation: 'upsert',
					input: 'file',
					options: { resend: 'checkFirst' },
				},
				onError: 'continueErrorOutput',
			},
			[{ fileName: 'items.csv', text: 'sku,description\nNS-A,One\nNS-B,Two\n' }],
		);
		const [notStored, [summary]] = outputs;
		expect(notStored.map((item) => item.json.outcome)).toEqual(['not_sent', 'not_sent']);
		expect(summary.json).toMatchObject({ not_sent: 2, not_sent_rows: '1–2' });
		expect(String(summary.json.message)).toMatch(
			/Client ID or secret rejected by the platform \(HTTP 401\).* 2 not sent \(rows 1–2\): nothing of them reached the platform, so running the node again is safe/,
		);
		expect(String(summary.json.message)).not.toMatch(/not confirmed|Check the platform/);
	});
});
