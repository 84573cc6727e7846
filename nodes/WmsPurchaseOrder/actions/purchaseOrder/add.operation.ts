import { orderAddOperation } from '../../../shared/orders/addOperation';
import { notBefore } from '../../../shared/orders/order';

export const add = orderAddOperation({
	resource: 'purchaseOrder',
	operation: 'add',
	route: '/purchase_order/add',
	checks: [notBefore('order_date', 'expected_date')],
	linesKey: 'lines',
	action: 'Add or update purchase orders',
});
