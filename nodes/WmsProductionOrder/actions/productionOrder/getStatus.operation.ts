import { getManyOperation } from '../../../shared/getMany';

export const getStatus = getManyOperation({
	resource: 'productionOrder',
	operation: 'getStatus',
	route: '/production_order/check',
	noun: 'production order',
	name: 'Get Status',
	description: 'Get the state of production orders and the quantity produced',
	action: 'Get production order status',
});
