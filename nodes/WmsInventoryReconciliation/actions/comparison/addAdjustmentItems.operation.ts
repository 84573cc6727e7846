import { comparisonLines } from './common';

/** Adjustments for discrepancies: one input item per sku (+ batch), a signed change to the platform stock. */
export const addAdjustmentItems = comparisonLines({
	operation: 'addAdjustmentItems',
	route: '/comparison_adjustment_item/add',
	checks: [
		(record) =>
			record.quantity_delta === 0
				? { field: 'quantity_delta', problem: 'must not be 0: an adjustment changes the stock' }
				: undefined,
	],
	name: 'Add Adjustment Items',
	action: 'Add adjustment items',
	description:
		'Say how the platform stock of compared items should change; applied when the items are processed. Needs comparison ID, SKU and quantity change.',
});
