/**
 * A mark answered with a state word (issue 40, point 7), through real n8n-core against Initech WMS
 * 3.1 with a front that makes it answer a mark with a word of the test's choosing: a word its
 * description lists among the update's states but the package cannot place as the state set
 * (REJECTED after Set Error, where no listed word says error) is not a refusal, only not confirmed,
 * named with Options → Marked State; a word saying another state (DONE after Set Error) is not
 * the mark made, never confirmed as it.
 */
import type { IDataObject, INodeExecutionData, INodeType } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import type { Harness, NodeUnderTest } from '../support/harness';
import { capturedLogs } from '../support/leaks';
import { MarkFront } from '../support/markFront';
import { harnessFor } from '../support/platform';
import { ErpPlatform } from '../support/vendor/erpPlatform';
import { describeErp, type ErpVendor } from '../support/vendor/erpUpdates';
import { onVendorPlatform } from '../support/vendor/run';

jest.setTimeout(60_000);

const DESCRIPTION = "the platform's API description (Initech WMS API 3.1.0)";
/** The simulator keeps our ids (UPD-000007); the platform says 7. */
const theirs = (ourId: string) => Number(ourId.slice(4));
const mark = (
	typeVersion: number,
	operation: string,
	options: IDataObject = {},
): NodeUnderTest => ({
	type: 'wmsErpUpdate',
	typeVersion,
	parameters: { resource: 'update', operation, options },
	onError: 'continueRegularOutput',
});
const messages = (items: INodeExecutionData[]) =>
	items.map((item) => (item.json.error as IDataObject | undefined)?.message ?? item.json);

let sim: RunningSimulator;
let front: MarkFront;
let harness: Harness;

/** Initech listing `states` as its update's states, answering marks through the front. */
async function initech(states: string[]): Promise<void> {
	sim = await startSimulator({ shape: 'initech' });
	sim.description.set({
		shape: 'initech',
		tweak: (doc: { components: { schemas: Record<string, IDataObject> } }) => {
			doc.components.schemas.ErpUpdateStatus.enum = states;
		},
	});
	front = await MarkFront.start(sim.baseUrl);
	harness = harnessFor(
		{ baseUrl: front.baseUrl, clientId: sim.clientId, clientSecret: sim.clientSecret },
		{ description: 'platform', descriptionUrl: 'openapi.json' },
	);
}

afterEach(async () => {
	await front?.close();
	await sim?.close();
});

describe('Initech listing NEW, DONE, REJECTED: no word says error', () => {
	beforeEach(async () => {
		await initech(['NEW', 'DONE', 'REJECTED']);
		front.words['/erp_update/set_error'] = 'REJECTED';
	});

	it.each([1, 2])(
		'Set Error at version %i answered REJECTED: not confirmed, naming the word and Options → Marked State; Marked State "rejected" marks',
		async (typeVersion) => {
			const [first, second] = sim.work.createPendingUpdates('move_attempt', 2);
			const { error, outputs } = await harness.run(mark(typeVersion, 'setError'), [
				{ id: theirs(first), error: 'No such cost centre' },
			]);
			expect(error).toBeUndefined();
			expect(messages(outputs[0])).toEqual([
				`ERP update ${theirs(first)}: not confirmed as marked as error — the platform answered "REJECTED" on /erp_update/set_error, a word ${DESCRIPTION} does not give an update once marked as error (it lists NEW, DONE, REJECTED), so whether the update was marked is not known. If "REJECTED" is the platform's word for an update once marked as error, set Options → Marked State to REJECTED: the node then reads it as marked; check the update on the platform before marking it again.`,
			]);

			// The word in another letter case is the same word.
			const marked = await harness.run(mark(typeVersion, 'setError', { markedState: 'rejected' }), [
				{ id: theirs(second), error: 'No such cost centre' },
			]);
			expect(marked.error).toBeUndefined();
			expect(marked.outputs[0].map((item) => item.json.error)).toEqual([undefined]);
			expect(sim.store.get('erp_update', second)?.status).toBe('error');
		},
	);
});

describe('Initech listing NEW, DONE, ERROR, answering DONE to Set Error', () => {
	beforeEach(async () => {
		await initech(['NEW', 'DONE', 'ERROR']);
		front.words['/erp_update/set_error'] = 'DONE';
	});

	it.each([1, 2])(
		'Set Error at version %i is refused, never confirmed as marked as error: the platform says the update is DONE',
		async (typeVersion) => {
			const [id] = sim.work.createPendingUpdates('move_attempt', 1);
			const { error, outputs } = await harness.run(mark(typeVersion, 'setError'), [
				{ id: theirs(id), error: 'No such cost centre' },
			]);
			expect(error).toBeUndefined();
			expect(messages(outputs[0])).toEqual([
				`ERP update ${theirs(id)}: not marked as error — the platform answered "DONE" on /erp_update/set_error, a word the node reads as an update once complete (${DESCRIPTION} lists NEW, DONE, ERROR), so the update was not marked as error. Check the update on the platform before marking it again; if "DONE" is the platform's word for an update once marked as error, set Options → Marked State to DONE.`,
			]);
		},
	);
});

/** One poll of the trigger with Acknowledge on Emit: the ids emitted and the warnings logged. */
async function acknowledgingPoll(): Promise<{ ids: unknown[]; warnings: string[] }> {
	const spec: NodeUnderTest = {
		type: 'wmsErpUpdateTrigger',
		name: 'ERP Update Trigger',
		parameters: { updateKinds: ['outgoing_consignment'], options: { acknowledgeOnEmit: true } },
	};
	const type = harness.nodeTypes.getByNameAndVersion(
		`n8n-nodes-wms-integration.${spec.type}`,
	) as INodeType;
	const logsFrom = capturedLogs.length;
	const emitted = (await type.poll!.call(
		harness.pollContext(spec, harness.workflow([harness.node(spec)])),
	)) as INodeExecutionData[][] | null;
	return {
		ids: emitted?.[0].map((item) => item.json.id) ?? [],
		warnings: capturedLogs.slice(logsFrom).filter((line) => line.startsWith('warn')),
	};
}

describe('Acknowledge on Emit on Initech', () => {
	it('listing NEW, REJECTED, ERROR (no word says complete) and answered REJECTED: emits and holds the updates, its log naming the word and Options → Marked State', async () => {
		await initech(['NEW', 'REJECTED', 'ERROR']);
		front.words['/erp_update/set_complete'] = 'REJECTED';
		const shipped = sim.work.createPendingUpdates('outgoing_consignment', 2).map(theirs);
		const { ids, warnings } = await acknowledgingPoll();
		expect(ids).toEqual(shipped);
		expect(warnings).toEqual([
			`warn WMS ERP Update Trigger: 2 updates (${shipped.join(', ')}) emitted but not confirmed as marked complete: the platform answered "REJECTED" on /erp_update/set_complete, a word ${DESCRIPTION} does not give an update once complete (it lists NEW, REJECTED, ERROR). Held for "Redeliver After", so not emitted again before; emitted again after it only if still pending. If "REJECTED" is the platform's word for an update once complete, set Options → Marked State to REJECTED: the node then reads it as marked. `,
		]);
	});

	it('answered NEW (the update still pending): nothing emitted as complete, the poll says why', async () => {
		await initech(['NEW', 'DONE', 'ERROR']);
		front.words['/erp_update/set_complete'] = 'NEW';
		sim.work.createPendingUpdates('outgoing_consignment', 2);
		await expect(acknowledgingPoll()).rejects.toThrow(
			`Could not acknowledge the pending updates: not marked complete — the platform answered "NEW" on /erp_update/set_complete, a word the node reads as an update still pending (${DESCRIPTION} lists NEW, DONE, ERROR), so the update was not marked complete. Check the update on the platform before marking it again; if "NEW" is the platform's word for an update once complete, set Options → Marked State to NEW.`,
		);
	});
});

describe("a vendor whose marks answer a write's result words (updated, unchanged, error), its states NEW, DONE, ERROR", () => {
	const on = onVendorPlatform(() => ErpPlatform.start());
	const vendor: ErpVendor = {
		idType: 'integer',
		words: { pending: 'NEW', complete: 'DONE', error: 'ERROR' },
		list: 'items',
		filter: '',
		marks: 'items',
		paging: { by: 'page', size: 5, statesMax: true, end: 'counts' },
		format: 'json',
		version: '3.1.0',
	};
	beforeEach(() => {
		on.platform.use(vendor);
		on.harness.store.data.descriptionText = describeErp(vendor);
	});

	it('Set Error: a row answered "error" is refused in the platform\'s words, never an update marked as error; the others are marked', async () => {
		const [id] = on.platform.add('move_attempt', 1);
		const { error, outputs } = await on.harness.run(mark(2, 'setError'), [
			{ id, error: 'No such cost centre' },
			{ id: 999, error: 'No such cost centre' },
		]);
		expect(error).toBeUndefined();
		expect(
			outputs[0].map(
				(item) => (item.json.error as IDataObject | undefined)?.message ?? item.json.result,
			),
		).toEqual(['marked as error', 'ERP update 999: no such update']);
		expect(on.platform.updates.map((update) => update.status)).toEqual(['ERROR']);
	});

	it('Set Complete at version 3 marks, where it stopped before sending ("does not say which word … means complete")', async () => {
		const ids = on.platform.add('outgoing_consignment', 2);
		const { error, outputs } = await on.harness.run(
			mark(3, 'setComplete'),
			ids.map((id) => ({ id })),
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.result)).toEqual([
			'marked complete',
			'marked complete',
		]);
		expect(on.platform.updates.map((update) => update.status)).toEqual(['DONE', 'DONE']);
	});
});
