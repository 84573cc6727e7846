import { orderAddOperation } from '../../../shared/orders/addOperation';
import { notBefore } from '../../../shared/orders/order';

export const add = orderAddOperation({
	resource: 'salesOrder',
	operation: 'add',
	route: '/sales_order/add',
	checks: [notBefore('order_date', 'required_date')],
	linesKey: 'lines',
	action: 'Add or update sales orders',
});
