import { comparisonLines } from './common';
import { fieldPlaying } from './lineWords';

/** Adjustments for discrepancies: one input item per sku (+ batch), a signed change to the platform stock. */
export const addAdjustmentItems = comparisonLines({
	operation: 'addAdjustmentItems',
	route: '/comparison_adjustment_item/add',
	checks: [
		(record) => {
			// Under the platform's name for it (qty_change...) where its description says so.
			const delta = fieldPlaying(record, 'quantity_delta');
			return delta !== undefined && record[delta] === 0
				? { field: delta, problem: 'must not be 0: an adjustment changes the stock' }
				: undefined;
		},
	],
	name: 'Add Adjustment Items',
	action: 'Add adjustment items',
	description:
		'Say how the platform stock of compared items should change; applied when the items are processed. Needs comparison ID, SKU and quantity change.',
});
