/**
 * Reconcile on a platform that numbers its comparisons with integers (issue 40, point 7), as a
 * user meets it through real n8n-core: the comparison goes back in every step as the number the
 * platform gave, as its description says, so the run completes and reports the comparison by it.
 */
import { NUMBERED } from '../support/vendor/reconcile';
import { describeReconcile } from '../support/vendor/reconcileDocument';
import { ReconcilePlatform } from '../support/vendor/reconcilePlatform';
import { onVendorPlatform } from '../support/vendor/run';

jest.setTimeout(60_000);

describe('Reconcile on a platform whose comparison ids are integers', () => {
	const on = onVendorPlatform(() => ReconcilePlatform.start());

	it.each([1, 2, 3])(
		'at version %i adjusts and completes, each step sending the id as the number it is',
		async (typeVersion) => {
			on.platform.use(NUMBERED, [
				{ warehouse: 'WH1', sku: 'BOLT-8', batch: '', qty: 10 },
				{ warehouse: 'WH1', sku: 'NUT-8', batch: 'L-01', qty: 4 },
			]);
			on.harness.store.data.descriptionText = describeReconcile(NUMBERED);
			const { error, outputs } = await on.harness.run(
				{
					type: 'wmsInventoryReconciliation',
					typeVersion,
					parameters: {
						resource: 'comparison',
						operation: 'reconcile',
						dryRun: false,
						thresholdRule: 'units',
						maxUnits: 5,
					},
				},
				[
					{ sku: 'BOLT-8', warehouse_code: 'WH1', quantity: 10 },
					{ sku: 'NUT-8', batch: 'L-01', warehouse_code: 'WH1', quantity: 7 },
				],
			);
			expect(error).toBeUndefined();
			expect(on.platform.misfits).toEqual([]);
			expect(outputs[0].map((item) => item.json)).toEqual([
				expect.objectContaining({ comparison_id: 1, sku: 'NUT-8', batch: 'L-01', adjusted: true }),
			]);
			expect(outputs[1][0].json).toMatchObject({ outcome: 'completed', comparison_id: 1 });
			expect(on.platform.onHand('WH1', { sku: 'NUT-8', batch: 'L-01' })).toBe(7);
		},
	);
});
