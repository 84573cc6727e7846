import { getManyOperation } from '../../../shared/operations';

export const getStatus = getManyOperation({
	resource: 'purchaseOrder',
	operation: 'getStatus',
	route: '/purchase_order/check',
	noun: 'purchase order',
	name: 'Get Status',
	description:
		'State, received quantities per line and receipts so far of purchase orders, by order numbers or filters',
	action:
		'Get the status, received quantities and receipts of purchase orders (optional filters: order numbers, supplier code, warehouse code, status, changed since)',
});
