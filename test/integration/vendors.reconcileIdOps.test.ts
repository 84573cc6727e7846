/**
 * The single comparison operations on a platform that numbers its comparisons with integers
 * (issue 40, point 7), as a user meets them through real n8n-core: the id, from the input item
 * (a number, as Create Comparison or Reconcile output it) or typed in ("1"), goes as the number
 * the description says, so the platform knows the comparison; an id that is no number is refused
 * before sending, naming the item, the field and what to do.
 */
import type { IDataObject } from 'n8n-workflow';

import { NUMBERED } from '../support/vendor/reconcile';
import { describeReconcile } from '../support/vendor/reconcileDocument';
import { ReconcilePlatform } from '../support/vendor/reconcilePlatform';
import { onVendorPlatform } from '../support/vendor/run';

jest.setTimeout(60_000);

describe('the single comparison operations on a platform whose comparison ids are integers', () => {
	const on = onVendorPlatform(() => ReconcilePlatform.start());

	/** A platform holding stock in WH1 and one open comparison of it, numbered 1. */
	function openComparison() {
		on.platform.use(NUMBERED, [{ warehouse: 'WH1', sku: 'BOLT-8', batch: '', qty: 10 }]);
		on.platform.comparisons.push({
			id: 1,
			warehouse: 'WH1',
			status: 'open',
			erp: new Map(),
			items: [],
			adjustments: new Map(),
		});
		on.harness.store.data.descriptionText = describeReconcile(NUMBERED);
	}

	const runOp = (
		typeVersion: number,
		operation: string,
		comparisonId: string,
		input: IDataObject[],
	) =>
		on.harness.run(
			{
				type: 'wmsInventoryReconciliation',
				typeVersion,
				// Lines as the input items are (versions 1 and 2), or mapped by version 3's mapper itself.
				parameters: {
					resource: 'comparison',
					operation,
					comparisonId,
					fieldsToSend: 'inputItem',
					columns: { mappingMode: 'autoMapInputData', value: null },
				},
			},
			input,
		);

	it.each([1, 3])(
		'at version %i Add ERP On-Hand, Set Platform On-Hand, Check Status, Process Items and Complete send the id as the number it is',
		async (typeVersion) => {
			openComparison();
			// From the input item, as Create Comparison outputs it, and typed in as text.
			const fromItem = ['={{ $json.comparison_id }}', [{ comparison_id: 1 }]] as const;
			const typed = ['1', [{}]] as const;
			const line = [
				'={{ $json.comparison_id }}',
				[{ comparison_id: 1, item_number: 'BOLT-8', qty: 9 }],
			] as const;
			for (const [operation, [comparisonId, input]] of [
				['addErpOnHand', line],
				['setPlatformOnHand', fromItem],
				['checkStatus', typed],
				['processItems', fromItem],
				['complete', typed],
			] as const) {
				const { error, outputs } = await runOp(typeVersion, operation, comparisonId, [...input]);
				expect([operation, error?.message]).toEqual([operation, undefined]);
				expect([operation, outputs[0][0].json.error]).toEqual([operation, undefined]);
				expect(on.platform.misfits).toEqual([]);
			}
			expect(on.platform.sent['/comparison_erp_on_hand/add']).toEqual([
				{ item_number: 'BOLT-8', qty: 9 },
			]);
			expect(on.platform.calls).toEqual([
				'/comparison_erp_on_hand/add',
				'/comparison_platform_on_hand/set',
				'/comparison/check_status',
				'/comparison_item/process',
				'/comparison/complete',
			]);
			expect(on.platform.comparisons[0].status).toBe('completed');
		},
	);

	it.each([1, 3])(
		'at version %i an id that is no whole number is refused before sending, naming the item, the field and what to do',
		async (typeVersion) => {
			openComparison();
			for (const [operation, id] of [
				['checkStatus', 'CMP-1'],
				['complete', '1.5'],
			] as const) {
				const { error } = await runOp(typeVersion, operation, id, [{}]);
				expect(error?.message).toMatch(/^The 1st input item: Comparison ID must be a/);
				expect(error?.message).toContain(
					"this platform numbers its comparisons, so give the comparison's number",
				);
				expect(error?.description).toBe(
					'Fix "Comparison ID" of the 1st input item and run the node again. Nothing was sent for this item.',
				);
			}
			expect(on.platform.calls).toEqual([]);
		},
	);
});
