import { orderAddOperation } from '../../../shared/lines';
import { productionOrderSpec } from '../../../shared/specs/productionOrder';

export const add = orderAddOperation({
	show: { resource: 'productionOrder', operation: 'add' },
	route: '/production_order/add',
	spec: productionOrderSpec,
	linesKey: 'components',
	action: 'Add or update production orders with their components (needs order number, warehouse code, output SKU, output quantity, due date and components of SKU and quantity)',
});
