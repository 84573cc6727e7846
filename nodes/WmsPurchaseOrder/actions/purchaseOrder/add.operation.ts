import { orderAddOperation } from '../../../shared/lines';
import { purchaseOrderSpec } from '../../../shared/specs/purchaseOrder';

export const add = orderAddOperation({
	show: { resource: 'purchaseOrder', operation: 'add' },
	route: '/purchase_order/add',
	spec: purchaseOrderSpec,
	linesKey: 'lines',
	action: 'Add or update purchase orders with their lines (needs order number, supplier code, warehouse code, order date and lines of SKU and quantity)',
});
