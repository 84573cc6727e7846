/**
 * A mark answered with a state word the platform's description cannot place (issue 40, point 7),
 * through real n8n-core against Initech WMS 3.1 whose description lists NEW, ERLEDIGT and FEHLER
 * while the platform answers a mark with DONE or ERROR: the rows stay not confirmed, and every
 * message says so in those words — the word answered, the words listed, Options → Marked State —
 * at every version of Set Complete and Set Error, and in Acknowledge on Emit's log, which said the
 * answer was lost.
 */
import type { IDataObject, INodeExecutionData, INodeType } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { displayedProperties } from '../support/displayed';
import type { Harness, NodeUnderTest } from '../support/harness';
import { capturedLogs } from '../support/leaks';
import { harnessFor } from '../support/platform';
import { initechWithStates } from '../support/otherShape';

jest.setTimeout(60_000);

const FROM_THE_PLATFORM = { description: 'platform', descriptionUrl: 'openapi.json' };
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
});

describe('a mark answered with a word the description does not list (it lists NEW, ERLEDIGT, FEHLER; the platform answers DONE, ERROR)', () => {
	let sim: RunningSimulator;
	let harness: Harness;

	beforeEach(async () => {
		({ sim, harness } = await initechWithStates(['NEW', 'ERLEDIGT', 'FEHLER']));
	});
	afterEach(async () => await sim.close());

	it.each([1, 2])(
		'Set Complete at version %i names the word answered, the words listed and Options → Marked State; with DONE set there it marks',
		async (typeVersion) => {
			// The form offers the option at this version: what the message points to is there.
			const spec = mark(typeVersion, 'setComplete');
			const { description } = harness.nodeTypes.getByNameAndVersion(
				'n8n-nodes-wms-integration.wmsErpUpdate',
				typeVersion,
			);
			const shown = displayedProperties(description, harness.node(spec)).find(
				(property) => property.name === 'options',
			);
			expect(
				shown?.options?.map((option) => (option as { displayName?: string }).displayName),
			).toContain('Marked State');

			const [first, second] = sim.work.createPendingUpdates('outgoing_consignment', 2);
			const stopped = await harness.run(mark(typeVersion, 'setComplete'), [{ id: theirs(first) }]);
			expect(stopped.error?.message).toBe(
				`ERP update ${theirs(first)}: not confirmed as marked complete — the platform answered "DONE" on /erp_update/set_complete, a word ${DESCRIPTION} does not give an update once complete (it lists NEW, ERLEDIGT, FEHLER), so whether the update was marked is not known. If "DONE" is the platform's word for an update once complete, set Options → Marked State to DONE: the node then reads it as marked; check the update on the platform before marking it again.`,
			);

			const marked = await harness.run(mark(typeVersion, 'setComplete', { markedState: 'DONE' }), [
				{ id: theirs(second) },
			]);
			expect(marked.error).toBeUndefined();
			expect(marked.outputs[0].map((item) => item.json.id ?? item.json.key)).toEqual([
				theirs(second),
			]);
			expect(sim.store.get('erp_update', second)?.status).toBe('complete');
		},
	);

	it('Set Error at version 1 under On Error → Continue: each row an error item naming ERROR and the option', async () => {
		const ids = sim.work.createPendingUpdates('move_attempt', 2);
		const { error, outputs } = await harness.run(
			{ ...mark(1, 'setError'), onError: 'continueRegularOutput' },
			ids.map((id) => ({ id: theirs(id), error: 'No such cost centre' })),
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => (item.json.error as IDataObject).message)).toEqual(
			ids.map(
				(id) =>
					`ERP update ${theirs(id)}: not confirmed as marked as error — the platform answered "ERROR" on /erp_update/set_error, a word ${DESCRIPTION} does not give an update once marked as error (it lists NEW, ERLEDIGT, FEHLER), so whether the update was marked is not known. If "ERROR" is the platform's word for an update once marked as error, set Options → Marked State to ERROR: the node then reads it as marked; check the update on the platform before marking it again.`,
			),
		);
	});

	it('Set Complete at version 3 with Marked State set to another word than the platform answers says both', async () => {
		const [id] = sim.work.createPendingUpdates('outgoing_consignment', 1);
		const { error } = await harness.run(mark(3, 'setComplete', { markedState: 'ERLEDIGT' }), [
			{ id: theirs(id) },
		]);
		expect(error?.message).toBe(
			`ERP update ${theirs(id)}: not confirmed as marked complete — the platform answered "DONE" on /erp_update/set_complete, not "ERLEDIGT", the word Options → Marked State gives an update once complete; ${DESCRIPTION}: it lists NEW, ERLEDIGT, FEHLER, so whether the update was marked is not known. If "DONE" is the platform's word for an update once complete, set Options → Marked State to DONE: the node then reads it as marked; check the update on the platform before marking it again.`,
		);
	});

	/** Polls of the trigger with Acknowledge on Emit; static data kept between them as n8n saves it. */
	function acknowledgingTrigger(options: IDataObject = {}) {
		const spec: NodeUnderTest = {
			type: 'wmsErpUpdateTrigger',
			name: 'ERP Update Trigger',
			parameters: {
				updateKinds: ['outgoing_consignment'],
				options: { acknowledgeOnEmit: true, ...options },
			},
		};
		const type = harness.nodeTypes.getByNameAndVersion(
			`n8n-nodes-wms-integration.${spec.type}`,
		) as INodeType;
		let saved: IDataObject = {};
		return async () => {
			const workflow = harness.workflow([harness.node(spec)], {}, saved);
			const logsFrom = capturedLogs.length;
			const emitted = (await type.poll!.call(harness.pollContext(spec, workflow))) as
				| INodeExecutionData[][]
				| null;
			saved = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
			const warnings = capturedLogs.slice(logsFrom).filter((line) => line.startsWith('warn'));
			return { ids: emitted?.[0].map((item) => item.json.id) ?? [], warnings };
		};
	}

	it('Acknowledge on Emit emits and holds the updates, and its log says the platform answered DONE, not that the answer was lost', async () => {
		const shipped = sim.work.createPendingUpdates('outgoing_consignment', 2).map(theirs);
		const poll = acknowledgingTrigger();
		const first = await poll();
		expect(first.ids).toEqual(shipped);
		expect(first.warnings).toEqual([
			`warn WMS ERP Update Trigger: 2 updates (${shipped.join(', ')}) emitted but not confirmed as marked complete: the platform answered "DONE" on /erp_update/set_complete, a word ${DESCRIPTION} does not give an update once complete (it lists NEW, ERLEDIGT, FEHLER). Held for "Redeliver After", so not emitted again before; emitted again after it only if still pending. If "DONE" is the platform's word for an update once complete, set Options → Marked State to DONE: the node then reads it as marked. `,
		]);
		// Held: the next poll inside the window emits nothing and marks nothing again.
		expect((await poll()).ids).toEqual([]);
		expect(sim.stats().requests['/erp_update/set_complete']).toBe(1);
	});

	it('Acknowledge on Emit with Options → Marked State DONE: marked, nothing held, no warning', async () => {
		const shipped = sim.work.createPendingUpdates('outgoing_consignment', 2).map(theirs);
		const first = await acknowledgingTrigger({ markedState: 'DONE' })();
		expect(first).toEqual({ ids: shipped, warnings: [] });
	});
});

describe("Acknowledge on Emit where the description does not say how a mark's answer names the updates", () => {
	it("emits and holds them, and its log says why the platform's answer does not confirm them, not that it was lost", async () => {
		const sim = await startSimulator({ shape: 'initech' });
		try {
			sim.description.set({
				shape: 'initech',
				tweak: (doc: { paths: Record<string, { post: { responses: IDataObject } }> }) => {
					doc.paths['/erp_update/set_complete'].post.responses['200'] = {
						description: 'Marked.',
						content: {
							'application/json': {
								schema: { type: 'object', properties: { message: { type: 'string' } } },
							},
						},
					};
				},
			});
			const harness = harnessFor(sim, FROM_THE_PLATFORM);
			const shipped = sim.work.createPendingUpdates('outgoing_consignment', 2).map(theirs);
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
			)) as INodeExecutionData[][];
			expect(emitted[0].map((item) => item.json.id)).toEqual(shipped);
			expect(capturedLogs.slice(logsFrom).filter((line) => line.startsWith('warn'))).toEqual([
				'warn WMS ERP Update Trigger: 2 updates may or may not be marked complete (the platform answered HTTP 200 on /erp_update/set_complete, but its API description does not say how its answer names the records it stored, so none counts as stored: check the platform, or ask its operator which answer field lists them); emitted, and held for "Redeliver After" ',
			]);
		} finally {
			await sim.close();
		}
	});
});
