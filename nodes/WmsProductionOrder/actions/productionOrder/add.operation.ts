import { orderAddOperation } from '../../../shared/orders/addOperation';
import { notBefore } from '../../../shared/orders/order';

export const add = orderAddOperation({
	resource: 'productionOrder',
	operation: 'add',
	route: '/production_order/add',
	checks: [notBefore('start_date', 'due_date')],
	linesKey: 'components',
	action: 'Add or update production orders',
});
