import { orderAddOperation } from '../../../shared/lines';
import { productionOrderSpec } from '../../../shared/specs/productionOrder';

export const add = orderAddOperation({
	show: { resource: 'productionOrder', operation: 'add' },
	route: '/production_order/add',
	spec: productionOrderSpec,
	linesKey: 'components',
	action: 'Add or update production orders',
});
