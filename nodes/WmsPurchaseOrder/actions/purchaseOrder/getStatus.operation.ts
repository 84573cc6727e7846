import { getManyOperation } from '../../../shared/operations';
import { purchaseOrderFilters } from '../../../shared/specs/purchaseOrder';

export const getStatus = getManyOperation({
	show: { resource: 'purchaseOrder', operation: 'getStatus' },
	route: '/purchase_order/check',
	noun: 'purchase order',
	filters: purchaseOrderFilters,
	name: 'Get Status',
	description: 'State, received quantities per line and receipts so far of purchase orders, by order numbers or filters',
	action: 'Get the status, received quantities and receipts of purchase orders (optional filters: order numbers, supplier code, warehouse code, status, changed since)',
});
