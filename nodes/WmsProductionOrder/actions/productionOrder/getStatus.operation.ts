import { getManyOperation } from '../../../shared/operations';

export const getStatus = getManyOperation({
	resource: 'productionOrder',
	operation: 'getStatus',
	route: '/production_order/check',
	noun: 'production order',
	name: 'Get Status',
	description: 'State and quantity produced of production orders, by order numbers or filters',
	action:
		'Get the status and produced quantity of production orders (optional filters: order numbers, output SKU, warehouse code, status, changed since)',
});
