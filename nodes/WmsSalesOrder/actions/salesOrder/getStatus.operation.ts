import { getManyOperation } from '../../../shared/getMany';

export const getStatus = getManyOperation({
	resource: 'salesOrder',
	operation: 'getStatus',
	route: '/sales_order/check',
	noun: 'sales order',
	name: 'Get Status',
	description:
		'Get the state of sales orders, the shipped quantity of each line and their shipments',
	action: 'Get sales order status',
});
