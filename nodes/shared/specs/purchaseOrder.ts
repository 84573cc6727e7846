/** Purchase orders: what the warehouse expects to receive from a supplier. Fields from contract/openapi.yaml. */
import { notBefore } from '../lines';
import { filterFields, recordSpec } from '../platform';

export const purchaseOrderSpec = recordSpec('/purchase_order/add', [notBefore('order_date', 'expected_date')]);

export const purchaseOrderFilters = filterFields('/purchase_order/check');
