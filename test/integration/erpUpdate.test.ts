import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { Harness } from '../support/harness';
import { ALL_NODE_TYPES } from '../support/nodeTypes';

/**
 * Stands in for the ERP: books shipments, but refuses orders named in "refuse". Its answer has an
 * `id` of its own (the ERP document), as real ERPs' answers do.
 */
class ErpStep implements INodeType {
	description = {
		displayName: 'ERP Step',
		name: 'testErpStep',
		group: ['transform'],
		version: 1,
		description: 'Books ERP updates like an ERP would',
		defaults: { name: 'ERP Step' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'Refuse', name: 'refuse', type: 'string', default: '' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const refuse = String(this.getNodeParameter('refuse', 0)).split(',');
		return [
			this.getInputData().map((item, index): INodeExecutionData => {
				const order = String((item.json.payload as IDataObject).order_number);
				if (!refuse.includes(order))
					return { json: { id: `ERP-DOC-${index}`, booked: order }, pairedItem: { item: index } };
				if (!this.continueOnFail()) throw new Error(`order ${order} is closed in the ERP`);
				return {
					json: { error: `order ${order} is closed in the ERP` },
					pairedItem: { item: index },
				};
			}),
		];
	}
}

const update = (operation: string, parameters: IDataObject = {}) => ({
	type: 'wmsErpUpdate',
	parameters: { resource: 'update', operation, ...parameters },
});

describe('WMS ERP Update through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;

	beforeEach(async () => {
		sim = await startSimulator();
		harness = new Harness(
			{ baseUrl: sim.baseUrl, clientId: sim.clientId, clientSecret: sim.clientSecret },
			[...ALL_NODE_TYPES, new ErpStep()],
		);
	});
	afterEach(async () => await sim.close());

	const statusOf = (id: string) => sim.store.get('erp_update', id);
	const node = (
		name: string,
		type: string,
		parameters: IDataObject,
		onError?: INode['onError'],
	): INode => ({
		...harness.node({ name, type, parameters, onError }),
		id: name,
		type: type.startsWith('test') ? type : `n8n-nodes-wms-integration.${type}`,
	});

	it('gets many updates of each kind, with Return All, a Limit or a status filter', async () => {
		const shipments = sim.work.createPendingUpdates('outgoing_consignment', 620);
		const moves = sim.work.createPendingUpdates('move_attempt', 3);
		const getMany = (resource: string, parameters: IDataObject) =>
			harness.run(
				{ type: 'wmsErpUpdate', parameters: { resource, operation: 'getMany', ...parameters } },
				[{}],
			);

		const all = await getMany('outgoingConsignment', { returnAll: true });
		expect(all.outputs[0].map((item) => item.json.id)).toEqual(shipments);
		expect(all.outputs[0][0].json).toMatchObject({
			kind: 'outgoing_consignment',
			status: 'pending',
			payload: { order_number: 'SO-SAMPLE-1' },
		});
		expect(
			(await getMany('moveAttempt', { limit: 2 })).outputs[0].map((item) => item.json.id),
		).toEqual(moves.slice(0, 2));
		expect((await getMany('incomingConsignment', { returnAll: true })).outputs[0]).toEqual([]);

		await harness.run(update('setComplete'), [{ id: moves[1] }]);
		const complete = await getMany('moveAttempt', {
			returnAll: true,
			filters: { status: 'complete' },
		});
		expect(complete.outputs[0].map((item) => item.json.id)).toEqual([moves[1]]);
	});

	it('sets many updates complete from the input items as they are, in chunks, and a second time is not an error', async () => {
		const ids = sim.work.createPendingUpdates('incoming_consignment', 2500);
		const items = ids.map((id) => ({ id, kind: 'incoming_consignment' }));
		const first = await harness.run(update('setComplete'), items);
		expect(first.error).toBeUndefined();
		expect(first.outputs[0].map((item) => item.json.status)).toEqual(ids.map(() => 'updated'));
		expect(first.outputs[0].map((item) => item.pairedItem)).toEqual(
			ids.map((_, item) => ({ item })),
		);
		expect(sim.stats().requests['/erp_update/set_complete']).toBe(3);
		expect(sim.store.list('erp_update').every((u) => u.status === 'complete')).toBe(true);

		const again = await harness.run(update('setComplete'), items.slice(0, 2));
		expect(again.error).toBeUndefined();
		expect(again.outputs[0].map((item) => item.json.status)).toEqual(['unchanged', 'unchanged']);
	});

	it('sets one update complete from the form, with the ERP reference', async () => {
		const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
		const { outputs } = await harness.run(
			update('setComplete', { source: 'define', id, erpReference: 'DN-88001' }),
			[{}],
		);
		expect(outputs[0][0].json).toMatchObject({ key: id, status: 'updated' });
		expect(statusOf(id)).toMatchObject({ status: 'complete', erp_reference: 'DN-88001' });
	});

	it('names the item with no update ID, and the unknown ID, without sinking the others', async () => {
		const ids = sim.work.createPendingUpdates('outgoing_consignment', 2);
		const { outputs, error } = await harness.run(
			update('setComplete'),
			[{ id: ids[0] }, { order: 'no id here' }, { id: 'UPD-999999' }, { id: ids[1] }],
			'manual',
		);
		expect(error?.message).toMatch(/^The 2nd input item: Update ID was not found/);
		expect(outputs).toEqual([]);

		const lenient = await harness.run(
			{ ...update('setComplete'), onError: 'continueErrorOutput' },
			[{ id: ids[0] }, { order: 'no id here' }, { id: 'UPD-999999' }, { id: ids[1] }],
		);
		expect(lenient.outputs[0].map((item) => item.json.key)).toEqual([ids[0], ids[1]]);
		expect(lenient.outputs[1].map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
		expect(lenient.outputs[1][1].json.message).toMatch(
			/^ERP update UPD-999999: .*UPD-999999 does not exist/,
		);
		expect(statusOf(ids[1])?.status).toBe('complete');
	});

	it('sets an error from the form; the same error twice is not an error; a complete update cannot take one', async () => {
		const [id, done] = sim.work.createPendingUpdates('move_attempt', 2);
		const form = update('setError', {
			source: 'define',
			id,
			message: 'bin A-01-02 unknown in the ERP',
			code: 'BIN_UNKNOWN',
		});
		expect((await harness.run(form, [{}])).outputs[0][0].json.status).toBe('updated');
		expect(statusOf(id)).toMatchObject({
			status: 'error',
			error: { message: 'bin A-01-02 unknown in the ERP', code: 'BIN_UNKNOWN' },
		});
		expect((await harness.run(form, [{}])).outputs[0][0].json.status).toBe('unchanged');

		await harness.run(update('setComplete'), [{ id: done }]);
		const conflict = await harness.run(
			update('setError', { source: 'define', id: done, message: 'late' }),
			[{}],
		);
		expect(conflict.error?.message).toMatch(
			/^ERP update UPD-000002: .*is in state complete; cannot set error/,
		);
	});

	it("wired as Trigger → ERP step → Set Complete, with the ERP step's error output → Set Error, needs no mapping", async () => {
		const ids = sim.work.createPendingUpdates('outgoing_consignment', 4);
		const workflow = harness.workflow(
			[
				node('ERP Update Trigger', 'wmsErpUpdateTrigger', {
					updateKinds: ['outgoing_consignment'],
				}),
				node(
					'Book in ERP',
					'testErpStep',
					{ refuse: 'SO-SAMPLE-2,SO-SAMPLE-4' },
					'continueErrorOutput',
				),
				node('Set Complete', 'wmsErpUpdate', { resource: 'update', operation: 'setComplete' }),
				node('Set Error', 'wmsErpUpdate', { resource: 'update', operation: 'setError' }),
			],
			{
				'ERP Update Trigger': { main: [[{ node: 'Book in ERP', type: 'main', index: 0 }]] },
				'Book in ERP': {
					main: [
						[{ node: 'Set Complete', type: 'main', index: 0 }],
						[{ node: 'Set Error', type: 'main', index: 0 }],
					],
				},
			},
		);
		const trigger = workflow.getNode('ERP Update Trigger')!;
		const type = harness.nodeTypes.getByNameAndVersion(trigger.type) as INodeType;
		const emitted = (await type.poll!.call(
			harness.pollContext({ ...trigger, type: 'wmsErpUpdateTrigger', parameters: {} }, workflow),
		)) as INodeExecutionData[][];
		expect(emitted[0]).toHaveLength(4);

		const run = await harness.runEmitted(workflow, 'ERP Update Trigger', emitted);
		expect(run.data.resultData.error).toBeUndefined();
		expect(run.data.resultData.runData['Set Complete'][0].data!.main[0]).toHaveLength(2);
		expect(run.data.resultData.runData['Set Error'][0].data!.main[0]).toHaveLength(2);
		expect(ids.map((id) => statusOf(id)?.status)).toEqual([
			'complete',
			'error',
			'complete',
			'error',
		]);
		expect(statusOf(ids[1])?.error).toMatchObject({
			message: 'order SO-SAMPLE-2 is closed in the ERP',
		});
	});

	it('after Trigger → Get Many, Set Complete completes the updates listed, not the one that triggered', async () => {
		const [shipment] = sim.work.createPendingUpdates('outgoing_consignment', 1);
		const moves = sim.work.createPendingUpdates('move_attempt', 2);
		const workflow = harness.workflow(
			[
				node('ERP Update Trigger', 'wmsErpUpdateTrigger', {
					updateKinds: ['outgoing_consignment'],
				}),
				node('Moves', 'wmsErpUpdate', {
					resource: 'moveAttempt',
					operation: 'getMany',
					returnAll: true,
				}),
				node('Set Complete', 'wmsErpUpdate', { resource: 'update', operation: 'setComplete' }),
			],
			{
				'ERP Update Trigger': { main: [[{ node: 'Moves', type: 'main', index: 0 }]] },
				Moves: { main: [[{ node: 'Set Complete', type: 'main', index: 0 }]] },
			},
		);
		const trigger = workflow.getNode('ERP Update Trigger')!;
		const type = harness.nodeTypes.getByNameAndVersion(trigger.type) as INodeType;
		const emitted = (await type.poll!.call(
			harness.pollContext({ ...trigger, type: 'wmsErpUpdateTrigger', parameters: {} }, workflow),
		)) as INodeExecutionData[][];
		const run = await harness.runEmitted(workflow, 'ERP Update Trigger', emitted);
		expect(run.data.resultData.error).toBeUndefined();
		expect(moves.map((id) => statusOf(id)?.status)).toEqual(['complete', 'complete']);
		expect(statusOf(shipment)?.status).toBe('pending');
	});

	it('Set Error reads the message and code from error items in the shapes n8n nodes give them', async () => {
		const ids = sim.work.createPendingUpdates('incoming_consignment', 3);
		const { outputs } = await harness.run(
			{ ...update('setError'), onError: 'continueErrorOutput' },
			[
				{
					id: ids[0],
					kind: 'incoming_consignment',
					error: { message: 'PO closed', code: 'PO_CLOSED' },
				},
				{
					id: ids[1],
					kind: 'incoming_consignment',
					error: 'Request failed with status code 500',
					details: 'ERP gateway timeout',
				},
				{ id: ids[2], kind: 'incoming_consignment' },
			],
		);
		expect(statusOf(ids[0])?.error).toMatchObject({ message: 'PO closed', code: 'PO_CLOSED' });
		expect(statusOf(ids[1])?.error).toMatchObject({
			message: 'Request failed with status code 500 — ERP gateway timeout',
		});
		expect(outputs[1].map((item) => item.json.message)).toEqual([
			expect.stringMatching(/^The 3rd input item: Error Message was not found/),
		]);
		expect(statusOf(ids[2])?.status).toBe('pending');
	});
});
