/**
 * Reconcile and the comparison operations on a platform whose comparison routes name their fields
 * their own way (issue 40, point 7), through real n8n-core: Initech WMS 3.1 takes ERP counts as
 * `item_number`, `lot`, `warehouse`, `qty`, adjustments as `qty_change` with a `comment`, Process
 * Items' list as `item_numbers`, and lists what it compared as `compared_items` with `erp_qty` and
 * `wms_qty`. Its description is read From the Platform.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { useBinaryData, type NodeUnderTest } from '../support/harness';
import { harnessFor } from '../support/platform';

jest.setTimeout(60_000);

const FROM_THE_PLATFORM = { description: 'platform', descriptionUrl: 'openapi.json' };
const reconcile = (parameters: IDataObject, onError?: NodeUnderTest['onError']): NodeUnderTest => ({
	type: 'wmsInventoryReconciliation',
	typeVersion: 2,
	parameters: { resource: 'comparison', operation: 'reconcile', ...parameters },
	...(onError ? { onError } : {}),
});
type Doc = { components: { schemas: Record<string, { properties: IDataObject }> } };
const erpCounts = (doc: Doc) =>
	(
		doc.components.schemas.ComparisonErpOnHandAddRequest.properties.counts as {
			items: { properties: IDataObject };
		}
	).items.properties;

const FILE = {
	input: 'file',
	columnMapping: {
		columns: [
			{ column: 'sku', field: 'sku' },
			{ column: 'warehouse', field: 'warehouse_code' },
			{ column: 'batch', field: 'batch' },
			{ column: 'quantity', field: 'quantity' },
		],
	},
};

/** One Reconcile of the same stock on a simulator of `shape`: what the user sees and what the platform now holds. */
async function reconcileOn(
	shape: 'ours' | 'initech',
	dryRun: boolean,
	fromFile = false,
	tweak?: (doc: Doc) => void,
) {
	const sim = await startSimulator({ shape, demoData: true });
	try {
		if (tweak) sim.description.set({ shape, tweak });
		const harness = harnessFor(sim, shape === 'ours' ? {} : FROM_THE_PLATFORM);
		const onHand = (sku: string, batch = '') => sim.store.onHand('WH1', sku, batch);
		const erp = [
			{ sku: 'NUT-M8', warehouse_code: 'WH1', quantity: onHand('NUT-M8') + 1 },
			{ sku: 'BOLT-M8-40', warehouse_code: 'WH1', quantity: onHand('BOLT-M8-40') - 2 },
			{
				sku: 'PAINT-RED-1L',
				batch: 'B2026-01',
				warehouse_code: 'WH1',
				quantity: onHand('PAINT-RED-1L', 'B2026-01') - 3,
			},
		];
		const node = reconcile({
			dryRun,
			thresholdRule: 'units',
			maxUnits: 5,
			options: { platformOnly: 'ignore' },
			...(fromFile ? FILE : {}),
		});
		const csv = ['sku;warehouse;batch;quantity']
			.concat(erp.map((l) => [l.sku, l.warehouse_code, l.batch ?? '', l.quantity].join(';')))
			.join('\n');
		const { error, outputs } = fromFile
			? await harness.runFiles(node, [{ fileName: 'stock.csv', text: csv }])
			: await harness.run(node, erp);
		return {
			error: error?.message,
			discrepancies: outputs[0]?.map((item) => item.json),
			summary: outputs[1]?.map((item) => item.json),
			// The platform's own record of the adjustments, in the store's (our) words.
			adjustments: sim.store
				.list('comparison')
				.flatMap((comparison) => (comparison.adjustments as IDataObject[]) ?? []),
			stock: erp.map((line) => onHand(line.sku, line.batch)),
		};
	} finally {
		await sim.close();
	}
}

describe('Reconcile on Initech WMS 3.1, whose comparison routes name their fields item_number, lot, qty, qty_change, erp_qty, wms_qty', () => {
	beforeAll(async () => await useBinaryData('filesystem'));

	it.each([
		['a dry run', true, false],
		['applying the adjustments', false, false],
		['applying the adjustments of a CSV file', false, true],
	])(
		'%s gives the same discrepancies, summary, adjustments and stock as on the built-in description',
		async (_, dryRun, fromFile) => {
			const ours = await reconcileOn('ours', dryRun, fromFile);
			const initech = await reconcileOn('initech', dryRun, fromFile);
			expect(ours.error).toBeUndefined();
			// The batch the ERP does not list is reported for review, not adjusted.
			expect(ours.discrepancies).toHaveLength(4);
			if (fromFile) expect(ours.summary?.[0]).toMatchObject({ files: ['stock.csv'] });
			if (dryRun) expect(ours.adjustments).toEqual([]);
			else
				expect(
					ours.adjustments.map(({ sku, batch, quantity_delta }) => [sku, batch, quantity_delta]),
				).toEqual([
					['PAINT-RED-1L', 'B2026-01', -3],
					['BOLT-M8-40', undefined, -2],
					['NUT-M8', undefined, 1],
				]);
			expect(initech).toEqual(ours);
		},
	);
});

describe('Reconcile on a platform whose ERP counts carry no warehouse field (the comparison has one)', () => {
	beforeAll(async () => await useBinaryData('filesystem'));
	const noWarehouse = (doc: Doc) => {
		delete erpCounts(doc).warehouse;
	};

	it.each([
		['a dry run', true, false],
		['applying the adjustments', false, false],
		['applying the adjustments of a CSV file', false, true],
	])(
		'%s keeps each line in its warehouse: the same report, adjustments and stock as on the built-in description',
		async (_, dryRun, fromFile) => {
			const ours = await reconcileOn('ours', dryRun, fromFile);
			const initech = await reconcileOn('initech', dryRun, fromFile, noWarehouse);
			expect(initech.discrepancies?.map((line) => line.warehouse_code)).toEqual([
				'WH1',
				'WH1',
				'WH1',
				'WH1',
			]);
			expect(initech).toEqual(ours);
		},
	);
});

describe('a platform whose description cannot tell which field of a comparison line plays a role', () => {
	let sim: RunningSimulator;
	beforeEach(async () => {
		sim = await startSimulator({ shape: 'initech', demoData: true });
	});
	afterEach(async () => await sim.close());

	it('a dry run stops before sending anything where the compared items have no field that reads as their batch (lines would be paired to the wrong batch)', async () => {
		sim.description.set({
			shape: 'initech',
			tweak: (doc: Doc) => {
				const item = (
					doc.components.schemas.Comparison.properties.compared_items as {
						items: { properties: IDataObject };
					}
				).items;
				item.properties.charge = item.properties.lot;
				delete item.properties.lot;
			},
		});
		const { error } = await harnessFor(sim, FROM_THE_PLATFORM).run(reconcile({ dryRun: true }), [
			{ sku: 'PAINT-RED-1L', batch: 'B2026-01', warehouse_code: 'WH1', quantity: 5 },
		]);
		expect(error).toMatchObject({
			message:
				"WMS: the platform's API description (Initech WMS API 3.1.0) does not say which list of /comparison/check_status's answer holds the compared items: none has a SKU, a batch and both quantities",
			description: expect.stringMatching(/^Nothing was sent\. /),
		});
		expect(sim.stats().requests['/comparison/add']).toBeUndefined();
	});

	it('Reconcile stops before sending anything where two fields could each be the quantity, naming the route and both', async () => {
		sim.description.set({
			shape: 'initech',
			tweak: (doc: Doc) => {
				erpCounts(doc).counted_qty = { type: 'number', minimum: 0 };
			},
		});
		const { error } = await harnessFor(sim, FROM_THE_PLATFORM).run(reconcile({}), [
			{ sku: 'NUT-M8', warehouse_code: 'WH1', quantity: 5 },
		]);
		expect(error).toMatchObject({
			message:
				"WMS: the platform's API description (Initech WMS API 3.1.0) does not say which field of /comparison_erp_on_hand/add's records is the quantity: qty, counted_qty could each be it",
			description: expect.stringMatching(/^Nothing was sent\. /),
		});
		expect(sim.stats().requests['/comparison/add']).toBeUndefined();
	});

	it('a dry run needs no adjustment field; applying stops before the first request where none reads as the quantity change', async () => {
		sim.description.set({
			shape: 'initech',
			tweak: (doc: Doc) => {
				const adjustment = (
					doc.components.schemas.ComparisonAdjustmentItemAddRequest.properties.adjustments as {
						items: { properties: IDataObject; required: string[] };
					}
				).items;
				adjustment.properties.units = adjustment.properties.qty_change;
				delete adjustment.properties.qty_change;
				adjustment.required = ['item_number', 'units'];
			},
		});
		const harness = harnessFor(sim, FROM_THE_PLATFORM);
		const input = [{ sku: 'NUT-M8', warehouse_code: 'WH1', quantity: 5 }];
		const dry = await harness.run(reconcile({ dryRun: true }), input);
		expect(dry.error).toBeUndefined();
		const before = sim.stats().requests['/comparison/add'];

		const applying = await harness.run(reconcile({ dryRun: false }), input);
		expect(applying.error?.message).toBe(
			`WMS: the platform's API description (Initech WMS API 3.1.0) does not say which field of /comparison_adjustment_item/add's records is the quantity change: none of "item_number", "lot", "comment", "units" reads as one`,
		);
		expect(sim.stats().requests['/comparison/add']).toBe(before);
		expect(sim.stats().requests['/comparison_adjustment_item/add']).toBeUndefined();
	});
});

describe('Reconcile set to On Error → Continue (regular output) where the description cannot tell which list holds the compared items', () => {
	it('puts out an error item naming the lists before anything is sent, not the input items as if reconciled', async () => {
		const sim = await startSimulator({ shape: 'initech', demoData: true });
		try {
			sim.description.set({
				shape: 'initech',
				tweak: (doc: Doc) => {
					const comparison = doc.components.schemas.Comparison.properties;
					comparison.recounted_items = comparison.compared_items;
				},
			});
			const input = [{ sku: 'NUT-M8', warehouse_code: 'WH1', quantity: 5 }];
			const { error, outputs } = await harnessFor(sim, FROM_THE_PLATFORM).run(
				reconcile({ dryRun: false }, 'continueRegularOutput'),
				input,
			);
			expect(error).toBeUndefined();
			const discrepancies = outputs[0].map((item) => item.json);
			expect(discrepancies).toHaveLength(1);
			expect(discrepancies[0].error).toMatchObject({
				message:
					"WMS: the platform's API description (Initech WMS API 3.1.0) does not say which list of /comparison/check_status's answer holds the compared items: compared_items, recounted_items could each be it",
			});
			expect(discrepancies).not.toContainEqual(input[0]);
			// Found from the description: no comparison is left opened, loaded and snapshotted for nothing.
			expect(sim.stats().requests['/comparison/add']).toBeUndefined();
		} finally {
			await sim.close();
		}
	});
});
