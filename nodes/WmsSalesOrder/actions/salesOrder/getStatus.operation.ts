import { getManyOperation } from '../../../shared/operations';

export const getStatus = getManyOperation({
	resource: 'salesOrder',
	operation: 'getStatus',
	route: '/sales_order/check',
	noun: 'sales order',
	name: 'Get Status',
	description:
		'State, shipped quantities per line and shipments of sales orders, by order numbers or filters',
	action:
		'Get the status, shipped quantities and shipments of sales orders (optional filters: order numbers, customer code, warehouse code, customer reference, status, changed since)',
});
