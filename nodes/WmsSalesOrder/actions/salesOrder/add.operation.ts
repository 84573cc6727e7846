import { orderAddOperation } from '../../../shared/lines';
import { salesOrderSpec } from '../../../shared/specs/salesOrder';

export const add = orderAddOperation({
	show: { resource: 'salesOrder', operation: 'add' },
	route: '/sales_order/add',
	spec: salesOrderSpec,
	linesKey: 'lines',
	action: 'Add or update sales orders with their lines (needs order number, customer code, warehouse code, order date and lines of SKU and quantity)',
});
