/**
 * Inventory reconciliation (comparisons): the records of the comparison routes. Fields from
 * contract/openapi.yaml; the rule that an adjustment changes something is written here.
 */
import { recordSpec, requestField } from '../platform';

/** The comparison an operation works on; every comparison route takes it the same way. */
export const comparisonId = requestField('/comparison/complete', 'comparison_id');

export const comparisonSpec = recordSpec('/comparison/add');

export const erpOnHandSpec = recordSpec('/comparison_erp_on_hand/add');

export const platformOnHandSpec = recordSpec('/comparison_platform_on_hand/set');

export const adjustmentItemSpec = recordSpec('/comparison_adjustment_item/add', [
	(record) => (record.quantity_delta === 0 ? { field: 'quantity_delta', problem: 'must not be 0: an adjustment changes the stock' } : undefined),
]);

/** Process Items: only these skus (all their batches); every item when empty. */
export const processSkus = requestField('/comparison_item/process', 'skus');

/** Longest SKU list one Process Items request takes. */
export const MAX_PROCESS_SKUS = processSkus.maxItems ?? 1000;
