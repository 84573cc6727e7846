import { getManyOperation } from '../../../shared/getMany';

export const getStatus = getManyOperation({
	resource: 'purchaseOrder',
	operation: 'getStatus',
	route: '/purchase_order/check',
	noun: 'purchase order',
	name: 'Get Status',
	description:
		'Get the state of purchase orders, the received quantity of each line and the receipts so far',
	action: 'Get purchase order status',
});
