/**
 * What version 2 of the action nodes outputs, for a person reading the editor's tables, through real
 * n8n-core against the simulator — and that a version 1 node, as saved workflows hold it, still
 * outputs what it did:
 * - reads by key put the keys the platform does not have on a Not Found output, each an answer
 *   (key, found: false, a message), and records found start with their key and `found`;
 * - columns the platform has no field for are left out and said once, not failed item by item;
 * - an error item reads reason first; an item without a key is named by what a person finds it by;
 * - Set Complete and Set Error say which update became what;
 * - Reconcile's CSV file comes out of an output of its own.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import type { Harness, NodeUnderTest } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const V2 = { typeVersion: 2 };

const order = (order_number: string): IDataObject => ({
	order_number,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines: [{ sku: 'NUT-M8', quantity: 1 }],
});

const getStatus = (filters: IDataObject, options: IDataObject = {}): NodeUnderTest => ({
	type: 'wmsSalesOrder',
	parameters: { resource: 'salesOrder', operation: 'getStatus', returnAll: true, filters, options },
});

const addOrders: NodeUnderTest = {
	type: 'wmsSalesOrder',
	parameters: { resource: 'salesOrder', operation: 'add', fieldsToSend: 'inputItem' },
};

const addItems = (options: IDataObject = {}): NodeUnderTest => ({
	type: 'wmsInventory',
	parameters: { resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem', options },
});

const json = (items: INodeExecutionData[]) => items.map((item) => item.json);
const hintsOf = (run: { data: { resultData: { runData: IDataObject } } }) =>
	(
		(run.data.resultData.runData.WMS as Array<{ hints?: Array<{ message: string }> }>)[0].hints ??
		[]
	).map((hint) => hint.message);

describe('what version 2 outputs, through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));

	describe('reads by key', () => {
		beforeEach(async () => {
			const { error } = await harness.run(addOrders, [order('SO-1001')]);
			expect(error).toBeUndefined();
		});

		it('Get Status: an order number not on the platform is an answer on the Not Found output; a record found starts with its key and found', async () => {
			const { outputs, error } = await harness.run(
				{ ...getStatus({ orderNumbers: 'SO-9999, SO-1001' }), ...V2 },
				[{}],
			);
			expect(error).toBeUndefined();
			expect(outputs).toHaveLength(2);
			expect(Object.keys(outputs[0][0].json).slice(0, 2)).toEqual(['order_number', 'found']);
			expect(outputs[0][0].json).toMatchObject({ order_number: 'SO-1001', found: true });
			expect(json(outputs[1])).toEqual([
				{
					order_number: 'SO-9999',
					found: false,
					message: 'Sales order SO-9999 is not on the platform',
				},
			]);
			expect([...outputs[0], ...outputs[1]].map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 0 },
			]);
		});

		it('with other filters, the message says the key is not there with them', async () => {
			const { outputs } = await harness.run(
				{ ...getStatus({ orderNumbers: 'SO-1001', customerCode: 'CUST-2' }), ...V2 },
				[{}],
			);
			expect(outputs[0]).toEqual([]);
			expect(json(outputs[1])).toEqual([
				{
					order_number: 'SO-1001',
					found: false,
					message: 'Sales order SO-1001 is not on the platform with the other filters given',
				},
			]);
		});

		it('Inventory Get Many by SKUs: the same two outputs, under the key sku', async () => {
			const { outputs } = await harness.run(
				{
					type: 'wmsInventory',
					parameters: {
						resource: 'item',
						operation: 'getMany',
						returnAll: true,
						filters: { skus: 'BOLT-M8-40, NO-SUCH-SKU' },
					},
					...V2,
				},
				[{}],
			);
			expect(outputs[0].map((item) => Object.keys(item.json).slice(0, 2))).toEqual([
				['sku', 'found'],
			]);
			expect(json(outputs[1])).toEqual([
				{
					sku: 'NO-SUCH-SKU',
					found: false,
					message: 'Inventory item NO-SUCH-SKU is not on the platform',
				},
			]);
		});

		it("run as an AI agent's tool, found and not found come out on the one output the agent reads, in the order asked", async () => {
			const { outputs } = await harness.run(
				{ ...getStatus({ orderNumbers: 'SO-9999, SO-1001' }), type: 'wmsSalesOrderTool', ...V2 },
				[{}],
			);
			expect(outputs[0].map((item) => [item.json.order_number, item.json.found])).toEqual([
				['SO-9999', false],
				['SO-1001', true],
			]);
			expect(outputs[1] ?? []).toEqual([]);
		});

		it('Keys Not Found → Error: the key goes to the error output, Not Found stays empty', async () => {
			const { outputs } = await harness.run(
				{
					...getStatus({ orderNumbers: 'SO-9999' }, { notFound: 'error' }),
					onError: 'continueErrorOutput',
					...V2,
				},
				[{}],
			);
			expect(outputs.map((items) => items.length)).toEqual([0, 0, 1]);
			expect(outputs[2][0].json.message).toBe('Sales order SO-9999: not found on the platform');
		});

		it('version 1 still answers a key not found with found: false beside the records, on its one output', async () => {
			const { outputs } = await harness.run(getStatus({ orderNumbers: 'SO-9999, SO-1001' }), [{}]);
			expect(outputs).toHaveLength(1);
			expect(outputs[0][0].json).toEqual({ order_number: 'SO-9999', found: false });
			expect(Object.keys(outputs[0][1].json).at(-1)).toBe('found');
		});
	});

	describe('columns the platform has no field for', () => {
		const exported = [
			{ sku: 'EXP-1', description: 'Export one', price: 1.5, ean: '4006381333931' },
			{ sku: 'EXP-2', description: 'Export two', price: 2.5 },
		];

		it('are left out: every item is stored, and the output panel says once which columns and how to keep them', async () => {
			const { outputs, error, run } = await harness.run({ ...addItems(), ...V2 }, exported);
			expect(error).toBeUndefined();
			expect(outputs[0].map((item) => item.json.status)).toEqual(['created', 'created']);
			expect(sim.store.get('inventory_item', 'EXP-1')).not.toHaveProperty('price');
			expect(hintsOf(run)).toEqual([
				'Not sent, because the platform has no such fields: price (2 items), ean (1 item). To send a column as it is, rename it with an x_ prefix (x_price); to have such items fail instead, set Options → Unknown Fields to Fail the Item.',
			]);
		});

		it('Fail the Item names them all in one message per item', async () => {
			const { outputs } = await harness.run(
				{ ...addItems({ unknownFields: 'error' }), onError: 'continueErrorOutput', ...V2 },
				exported,
			);
			expect(outputs[1].map((item) => item.json.message)).toEqual([
				'Inventory item EXP-1: price is not a field the platform knows, nor is ean: remove them, rename them with an x_ prefix (x_price) to send them as they are, or set Options → Unknown Fields to Leave Out',
				'Inventory item EXP-2: price is not a field the platform knows: remove it, rename it with an x_ prefix (x_price) to send it as it is, or set Options → Unknown Fields to Leave Out',
			]);
		});

		it('version 1 still fails such items by default', async () => {
			const { outputs, run } = await harness.run(
				{ ...addItems(), onError: 'continueErrorOutput' },
				exported,
			);
			expect(outputs[0]).toEqual([]);
			expect(outputs[1]).toHaveLength(2);
			expect(hintsOf(run)).toEqual([]);
		});
	});

	describe('error items', () => {
		const bad = [
			{ sku: 'OK-1', description: 'Fine' },
			{ sku: 'NEG-1', description: 'Negative', weight_kg: -1 },
			{ description: 'Hex bolt M8 x 40, no SKU yet' },
		];

		it('on the error output: the message before the parts of the error (n8n puts the input fields first)', async () => {
			const { outputs } = await harness.run(
				{ ...addItems(), onError: 'continueErrorOutput', ...V2 },
				bad,
			);
			expect(outputs[1].map((item) => Object.keys(item.json))).toEqual([
				['sku', 'description', 'weight_kg', 'message', 'error'],
				['description', 'message', 'error'],
			]);
		});

		it('under Continue (regular output): the key and the message first, the input fields, then the error', async () => {
			const { outputs } = await harness.run(
				{ ...addItems(), onError: 'continueRegularOutput', ...V2 },
				bad,
			);
			expect(Object.keys(outputs[0][1].json)).toEqual([
				'sku',
				'message',
				'description',
				'weight_kg',
				'error',
			]);
			expect(outputs[0][1].json.message).toBe(
				'Inventory item NEG-1: weight_kg must be 0 or more (got -1)',
			);
			// No key: named by its description and its position.
			expect(Object.keys(outputs[0][2].json)).toEqual(['message', 'description', 'error']);
			expect(outputs[0][2].json.message).toBe(
				'The 3rd input item ("Hex bolt M8 x 40, no SKU yet"): sku is required but missing or empty',
			);
		});

		it('a field filled in the form is named as the form names it, in the message and what to do', async () => {
			const { outputs } = await harness.run(
				{
					type: 'wmsInventory',
					parameters: {
						resource: 'warehouseInfo',
						operation: 'set',
						sku: 'BOLT-M8-40',
						warehouseCode: { __rl: true, mode: 'code', value: 'WH1' },
						additionalFields: { defaultBinCode: { __rl: true, mode: 'code', value: 'A|01' } },
					},
					onError: 'continueErrorOutput',
					...V2,
				},
				[{}],
			);
			const [failed] = outputs[1];
			expect(failed.json.message).toBe(
				'Warehouse info BOLT-M8-40 / WH1: Default Bin must be a code without blanks at either end and without "|" (got "A|01")',
			);
			expect(failed.json.error).toMatchObject({
				field: 'default_bin_code',
				details: expect.stringMatching(/^Fix "Default Bin" of the 1st input item/),
			});
		});

		it('version 1 keeps the error before the message', async () => {
			const { outputs } = await harness.run({ ...addItems(), onError: 'continueErrorOutput' }, bad);
			expect(Object.keys(outputs[1][0].json)).toEqual([
				'sku',
				'description',
				'weight_kg',
				'error',
				'message',
			]);
		});
	});

	describe('Set Complete and Set Error', () => {
		const update = (operation: string, typeVersion?: number): NodeUnderTest => ({
			type: 'wmsErpUpdate',
			parameters: { resource: 'update', operation },
			typeVersion,
		});

		it('say which update became what, with its kind, its ERP reference or the error stored', async () => {
			const ids = sim.work.createPendingUpdates('outgoing_consignment', 2);
			const complete = await harness.run(update('setComplete', 2), [
				{ id: ids[0], kind: 'outgoing_consignment', erp_reference: 'DN-1' },
			]);
			expect(json(complete.outputs[0])).toEqual([
				{
					id: ids[0],
					kind: 'outgoing_consignment',
					status: 'complete',
					result: 'marked complete',
					erp_reference: 'DN-1',
				},
			]);
			const again = await harness.run(update('setComplete', 2), [{ id: ids[0] }]);
			expect(again.outputs[0][0].json).toMatchObject({
				status: 'complete',
				result: 'was already complete',
			});

			const failed = await harness.run(update('setError', 2), [
				{
					id: ids[1],
					kind: 'outgoing_consignment',
					error: 'order SO-1 is closed in the ERP',
					code: 'PO_CLOSED',
				},
			]);
			expect(json(failed.outputs[0])).toEqual([
				{
					id: ids[1],
					kind: 'outgoing_consignment',
					status: 'error',
					result: 'marked as error',
					error_message: 'order SO-1 is closed in the ERP',
					error_code: 'PO_CLOSED',
				},
			]);
			expect(sim.store.get('erp_update', ids[1])).toMatchObject({
				status: 'error',
				error: { message: 'order SO-1 is closed in the ERP', code: 'PO_CLOSED' },
			});
		});

		it('version 1 still says the platform’s answer (status: updated)', async () => {
			const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
			const { outputs } = await harness.run(update('setComplete'), [{ id }]);
			expect(outputs[0][0].json).toMatchObject({ id, key: id, status: 'updated' });
		});
	});

	describe("Reconcile's CSV file", () => {
		const reconcile = (typeVersion?: number): NodeUnderTest => ({
			type: 'wmsInventoryReconciliation',
			parameters: {
				resource: 'comparison',
				operation: 'reconcile',
				attachCsv: true,
				fileName: 'variance.csv',
				options: { platformOnly: 'ignore' },
			},
			typeVersion,
		});
		const erp = [{ sku: 'BOLT-M8-40', warehouse_code: 'WH1', quantity: 1 }];

		it('comes out of an output of its own, so the Summary keeps to its figures', async () => {
			const { outputs, error } = await harness.run(reconcile(2), erp);
			expect(error).toBeUndefined();
			expect(outputs).toHaveLength(3);
			expect(outputs[1]).toHaveLength(1);
			expect(outputs[1][0].binary).toBeUndefined();
			expect(outputs[1][0].json).toMatchObject({ lines_compared: 1, lines_differing: 1 });
			expect(outputs[2]).toHaveLength(1);
			expect(outputs[2][0].json).toEqual({ file_name: 'variance.csv', lines: 1 });
			expect(outputs[2][0].binary!.data).toMatchObject({
				fileName: 'variance.csv',
				mimeType: 'text/csv',
			});
			expect(outputs[2][0].pairedItem).toEqual([{ item: 0 }]);
		});

		it('version 1 still attaches it to the Summary, on two outputs', async () => {
			const { outputs } = await harness.run(reconcile(), erp);
			expect(outputs).toHaveLength(2);
			expect(outputs[1][0].binary!.data).toMatchObject({ fileName: 'variance.csv' });
		});
	});
});
