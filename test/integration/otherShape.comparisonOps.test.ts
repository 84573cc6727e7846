/**
 * The single comparison operations and what Initech answers about a comparison (issue 40, point
 * 7), through real n8n-core: in the form (version 2) that names fields as the built-in description
 * does, lines go in Initech's words (item_number, qty, qty_change, comment, item_numbers) and under
 * its own list names (counts, adjustments); what it refuses or answers comes back in its words.
 * Its description is read From the Platform.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSimulator } from '../../dev/simulator';
import type { NodeUnderTest } from '../support/harness';
import { harnessFor } from '../support/platform';

jest.setTimeout(60_000);

const FROM_THE_PLATFORM = { description: 'platform', descriptionUrl: 'openapi.json' };
const reconcile = (parameters: IDataObject): NodeUnderTest => ({
	type: 'wmsInventoryReconciliation',
	typeVersion: 2,
	parameters: { resource: 'comparison', operation: 'reconcile', ...parameters },
});
type Doc = { components: { schemas: Record<string, { properties: IDataObject }> } };

describe('the single comparison operations on Initech, in the form (version 2) that names fields as the built-in description does', () => {
	it('Set Platform On-Hand sends sku and quantity as item_number and qty; Add Adjustment Items sends sku, quantity change and reason as item_number, qty_change and comment; Process Items sends its SKUs as item_numbers and processes only those', async () => {
		const sim = await startSimulator({ shape: 'initech', demoData: true });
		try {
			const harness = harnessFor(sim, FROM_THE_PLATFORM);
			const comparison = (operation: string, parameters: IDataObject): NodeUnderTest => ({
				type: 'wmsInventoryReconciliation',
				typeVersion: 2,
				parameters: {
					resource: 'comparison',
					operation,
					comparisonId: 'CMP-000001',
					...parameters,
				},
			});
			const before = sim.store.onHand('WH1', 'NUT-M8', '');
			// A dry run leaves the comparison compared, open to adjustments.
			const dry = await harness.run(reconcile({ dryRun: true }), [
				{ sku: 'NUT-M8', warehouse_code: 'WH1', quantity: 1 },
				{ sku: 'BOLT-M8-40', warehouse_code: 'WH1', quantity: 1 },
			]);
			expect(dry.error).toBeUndefined();
			const set = await harness.run(
				comparison('setPlatformOnHand', {
					platformQuantities: 'fromItems',
					sku: 'NUT-M8',
					quantity: 7,
				}),
				[{}],
			);
			expect(set.error).toBeUndefined();
			const platformSays = () =>
				(sim.store.list('comparison')[0].items as IDataObject[]).map((item) => [
					item.sku,
					item.platform_quantity,
				]);
			expect(platformSays()).toContainEqual(['NUT-M8', 7]);
			const added = await harness.run(
				comparison('addAdjustmentItems', {
					sku: 'NUT-M8',
					quantityDelta: 4,
					additionalFields: { reason: 'counted over' },
				}),
				[{}],
			);
			expect(added.error).toBeUndefined();
			expect(added.outputs[0].map((item) => item.json.status)).toEqual(['created']);
			const processed = await harness.run(comparison('processItems', { skus: ['NUT-M8'] }), [{}]);
			expect(processed.error).toBeUndefined();
			expect(processed.outputs[0].map((item) => item.json.processed)).toEqual([1]);
			const [stored] = sim.store.list('comparison');
			expect(
				(stored.adjustments as IDataObject[]).map(({ sku, quantity_delta, reason }) => [
					sku,
					quantity_delta,
					reason,
				]),
			).toEqual([['NUT-M8', 4, 'counted over']]);
			expect(
				(stored.items as IDataObject[]).filter((item) => item.processed).map((item) => item.sku),
			).toEqual(['NUT-M8']);
			expect(sim.store.onHand('WH1', 'NUT-M8', '')).toBe(before + 4);
		} finally {
			await sim.close();
		}
	});
});

describe('what Initech takes and answers about a comparison, in its own words', () => {
	it('Reconcile sends its counts under counts; Process Items with a SKU the comparison does not hold comes out as an error item naming it as Initech does (item_numbers, item number); Check Status lists the counts as item_number and qty', async () => {
		const sim = await startSimulator({ shape: 'initech', demoData: true });
		try {
			// Its counts and adjustments go in lists of their own names, read from its description.
			const requestLists = (name: string) =>
				Object.keys((sim.description.document() as Doc).components.schemas[name].properties);
			expect(requestLists('ComparisonErpOnHandAddRequest')).toEqual(['comparison_id', 'counts']);
			expect(requestLists('ComparisonAdjustmentItemAddRequest')).toEqual([
				'comparison_id',
				'adjustments',
			]);
			const harness = harnessFor(sim, FROM_THE_PLATFORM);
			const dry = await harness.run(reconcile({ dryRun: true }), [
				{ sku: 'NUT-M8', warehouse_code: 'WH1', quantity: 1 },
			]);
			expect(dry.error).toBeUndefined();
			const comparison = (operation: string, parameters: IDataObject = {}): NodeUnderTest => ({
				type: 'wmsInventoryReconciliation',
				typeVersion: 2,
				onError: 'continueRegularOutput',
				parameters: {
					resource: 'comparison',
					operation,
					comparisonId: 'CMP-000001',
					...parameters,
				},
			});
			const processed = await harness.run(
				comparison('processItems', { skus: ['NUT-M8', 'BOLT-NOPE'] }),
				[{}],
			);
			expect(processed.error).toBeUndefined();
			const [failed] = processed.outputs[0].map((item) => item.json);
			expect(failed.error).toMatchObject({
				message:
					'The 1st input item: item number BOLT-NOPE is not an item of comparison CMP-000001 (HTTP 422, reference_not_found)',
				details: expect.stringContaining(
					'/item_numbers/1: item number BOLT-NOPE is not an item of comparison CMP-000001',
				),
			});
			// The platform's words stay Initech's; the field is the form's (Only These SKUs), its 2nd entry.
			expect(JSON.stringify([failed.message, (failed.error as IDataObject).details])).not.toMatch(
				/\bskus?\b/,
			);
			expect((failed.error as IDataObject).field).toBe('skus[1]');
			// Nothing was processed: the request was refused as a whole.
			expect(
				(sim.store.list('comparison')[0].items as IDataObject[]).filter((item) => item.processed),
			).toEqual([]);

			const status = await harness.run(comparison('checkStatus'), [{}]);
			expect(status.error).toBeUndefined();
			const [answer] = status.outputs[0].map((item) => item.json);
			expect(answer.erp_lines).toEqual([{ item_number: 'NUT-M8', qty: 1 }]);
		} finally {
			await sim.close();
		}
	});
});
