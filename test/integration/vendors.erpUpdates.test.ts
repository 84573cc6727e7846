/* eslint-disable @n8n/community-nodes/require-node-api-error -- a test, run by Node (a failure rethrown with what the node answered): the community-node rules are for code n8n runs */
/**
 * Vendors we never saw, their ERP updates (issue 40, point 7): each generated vendor
 * (test/support/vendor/erpUpdates.ts) numbers its updates or names them with text, calls their
 * states its own words, lists them under a name of its own, pages as it pages and takes its
 * marks under a name of its own. Through real n8n-core: the ERP Update Trigger, polled again and
 * again while new updates come, emits every pending update once, with its id as the platform
 * gave it; WMS ERP Update → Set Complete and Set Error send those ids back and the platform holds
 * each in its own complete or error word, with what was sent beside it; Get Many reads shipments
 * by Update IDs typed as text, sent as the vendor types its ids (a vendor numbering its updates
 * gets numbers, and an ID that is not one is refused before anything is read).
 *
 * A fixed seed runs in npm test. More vendors: WMS_VENDORS=500 npx jest vendors.erpUpdates. A
 * failure prints its seed and path; replay it with WMS_VENDOR_SEED=<seed> WMS_VENDOR_PATH=<path>.
 */
import fc from 'fast-check';
import type { IDataObject, INodeExecutionData, INodeType } from 'n8n-workflow';

import type { NodeUnderTest } from '../support/harness';
import { ErpPlatform } from '../support/vendor/erpPlatform';
import {
	KINDS,
	describeErp,
	erpVendorArbitrary,
	type ErpVendor,
} from '../support/vendor/erpUpdates';
import { onVendorPlatform, vendorRuns } from '../support/vendor/run';

jest.setTimeout(600_000);

const { RUNS, SEED, PATH } = vendorRuns(60);

/** Updates that come before each poll: [shipments, stock moves]. */
const arrivals = fc.array(
	fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 3 })),
	{
		minLength: 2,
		maxLength: 3,
	},
);

/** The version of the WMS ERP Update node that reads by Update IDs (its filters' form differs from 3). */
const readVersion = fc.constantFrom(1, 2, 3);

let said: unknown;

describe('vendors we never saw: ERP updates as the generated vendor keeps them, real n8n-core', () => {
	const on = onVendorPlatform(() => ErpPlatform.start());

	/** The trigger's polls, each on the static data as the last one left it (as n8n saves it). */
	function trigger() {
		const spec: NodeUnderTest = {
			type: 'wmsErpUpdateTrigger',
			name: 'ERP Update Trigger',
			parameters: {
				updateKinds: ['outgoing_consignment', 'move_attempt'],
				redeliverAfterMinutes: 30,
				maxUpdatesPerPoll: 500,
			},
		};
		const type = on.harness.nodeTypes.getByNameAndVersion(
			`n8n-nodes-wms-integration.${spec.type}`,
		) as INodeType;
		let saved: IDataObject = {};
		return async () => {
			const workflow = on.harness.workflow([on.harness.node(spec)], {}, saved);
			const emitted = (await type.poll!.call(on.harness.pollContext(spec, workflow))) as
				| INodeExecutionData[][]
				| null;
			saved = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
			return (emitted?.[0] ?? []).map((item) => item.json);
		};
	}

	/**
	 * Get Many of shipments by Update IDs typed as text, at `typeVersion`: those updates, their ids
	 * sent as the vendor types them; for a vendor that numbers its updates, an ID that is not a
	 * number is refused before anything is read, naming the filter.
	 */
	async function readsByIds(vendor: ErpVendor, shipped: unknown[], typeVersion: number) {
		const ids = '={{ $json.ids }}';
		const input = [{ ids: shipped.join(', ') }];
		if (vendor.idType === 'integer') input.push({ ids: `${String(shipped[0])}, UPD-1` });
		const read = await on.harness.run(
			{
				type: 'wmsErpUpdate',
				typeVersion,
				parameters: {
					resource: 'outgoingConsignment',
					operation: 'getMany',
					returnAll: true,
					...(typeVersion >= 3
						? { filterFields: { mappingMode: 'defineBelow', value: { ids } } }
						: { filters: { ids } }),
				},
				onError: 'continueRegularOutput',
			},
			input,
		);
		const answered = read.outputs[0].map(
			(item) => (item.json.error as IDataObject | undefined)?.message ?? item.json.id,
		);
		said = { readByIds: read.error?.message ?? answered, misfits: on.platform.misfits };
		expect(read.error).toBeUndefined();
		expect(on.platform.misfits).toEqual([]);
		const refused = answered.filter((one) => typeof one === 'string' && /UPD-1/.test(one));
		expect([...answered.filter((one) => !refused.includes(one))].sort()).toEqual(
			[...shipped].sort(),
		);
		expect(refused).toEqual(
			vendor.idType === 'integer'
				? ['The 2nd input item: Filters → Update IDs entry 2 must be a number (got "UPD-1")']
				: [],
		);
	}

	async function holds(vendor: ErpVendor, comes: Array<[number, number]>, typeVersion: number) {
		on.platform.use(vendor);
		on.harness.store.data.descriptionText = describeErp(vendor);
		const poll = trigger();
		const pending: Array<[string, unknown]> = [];
		const emitted: IDataObject[] = [];
		said = undefined;
		for (const [shipments, moves] of comes) {
			for (const id of on.platform.add('outgoing_consignment', shipments))
				pending.push(['outgoing_consignment', id]);
			for (const id of on.platform.add('move_attempt', moves)) pending.push(['move_attempt', id]);
			said = { emittedBefore: emitted.map((update) => [update.kind, update.id]) };
			emitted.push(...(await poll()));
		}
		said = { emitted: emitted.map((update) => [update.kind, update.id, update.status]) };
		// Every pending update once across polls, its id as the platform gave it, in its pending word.
		const sorted = (list: Array<[unknown, unknown]>) =>
			list.map((pair) => JSON.stringify(pair)).sort();
		expect(sorted(emitted.map((update) => [update.kind, update.id]))).toEqual(sorted(pending));
		for (const update of emitted) expect(update.status).toBe(vendor.words.pending);
		expect(await poll()).toEqual([]);
		expect(on.platform.misfits).toEqual([]);
		if (emitted.length === 0) return;
		const shipped = emitted.filter((update) => update.kind === 'outgoing_consignment');
		if (shipped.length > 0)
			await readsByIds(
				vendor,
				shipped.map((update) => update.id),
				typeVersion,
			);

		// Marks: the ids go back as the platform gave them; it holds each in its own word.
		const [failing, ...done] = emitted;
		const complete = await on.harness.run(
			{
				type: 'wmsErpUpdate',
				typeVersion: 2,
				parameters: { resource: 'update', operation: 'setComplete' },
			},
			done,
		);
		const failed = await on.harness.run(
			{
				type: 'wmsErpUpdate',
				typeVersion: 2,
				parameters: { resource: 'update', operation: 'setError' },
			},
			[{ ...failing, error: 'No such cost centre' }],
		);
		said = {
			complete:
				complete.error?.message ?? complete.outputs.map((out) => out.map((item) => item.json)),
			failed: failed.error?.message ?? failed.outputs.map((out) => out.map((item) => item.json)),
			misfits: on.platform.misfits,
		};
		expect([complete.error, failed.error]).toEqual([undefined, undefined]);
		expect(on.platform.misfits).toEqual([]);
		const stateOf = (id: unknown) => on.platform.updates.find((update) => update.id === id)?.status;
		expect(done.map((update) => stateOf(update.id))).toEqual(done.map(() => vendor.words.complete));
		expect(stateOf(failing.id)).toBe(vendor.words.error);
		expect(on.platform.updates.find((update) => update.id === failing.id)?.marked).toMatchObject({
			message: 'No such cost centre',
		});
	}

	it(`holds for ${RUNS} vendors (seed ${SEED})`, async () => {
		expect(KINDS).toContain('move_attempt');
		await fc.assert(
			fc.asyncProperty(
				erpVendorArbitrary,
				arrivals,
				readVersion,
				async (vendor, comes, version) => {
					try {
						await holds(vendor, comes, version);
					} catch (failure) {
						// What the node answered goes with the counterexample, so a replay starts from it.
						(failure as Error).message += `\nThe node answered: ${JSON.stringify(said, null, 1)}`;
						throw failure;
					}
				},
			),
			{ seed: SEED, numRuns: RUNS, path: PATH, endOnFailure: true },
		);
	});
});
