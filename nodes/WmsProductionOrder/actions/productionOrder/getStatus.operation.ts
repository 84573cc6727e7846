import { getManyOperation } from '../../../shared/operations';
import { productionOrderFilters } from '../../../shared/specs/productionOrder';

export const getStatus = getManyOperation({
	show: { resource: 'productionOrder', operation: 'getStatus' },
	route: '/production_order/check',
	noun: 'production order',
	filters: productionOrderFilters,
	name: 'Get Status',
	description: 'State and quantity produced of production orders, by order numbers or filters',
	action: 'Get the status and produced quantity of production orders (optional filters: order numbers, output SKU, warehouse code, status, changed since)',
});
