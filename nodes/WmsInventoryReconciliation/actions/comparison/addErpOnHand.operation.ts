import { comparisonLines } from './common';

/** ERP quantities, one input item per sku (+ batch), sent in chunks of up to 1000 per request. */
export const addErpOnHand = comparisonLines({
	operation: 'addErpOnHand',
	route: '/comparison_erp_on_hand/add',
	name: 'Add ERP On-Hand',
	action: 'Add ERP on-hand quantities',
	description:
		"Load the ERP's on-hand quantities into a comparison (open or loading), one input item per SKU and batch. Needs comparison ID, SKU and quantity.",
});
