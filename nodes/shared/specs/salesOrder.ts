/** Sales orders: what the warehouse picks and ships to a customer. Fields from contract/openapi.yaml. */
import { notBefore } from '../lines';
import { filterFields, recordSpec } from '../platform';

export const salesOrderSpec = recordSpec('/sales_order/add', [notBefore('order_date', 'required_date')]);

export const salesOrderFilters = filterFields('/sales_order/check');
