import { getManyOperation } from '../../../shared/operations';

export const getMany = getManyOperation({
	resource: 'item',
	operation: 'getMany',
	route: '/inventory/check',
	noun: 'inventory item',
	action:
		'Get many inventory items with their stock per warehouse (optional filters: SKUs, barcode, category, active, warehouse code, in stock, changed since)',
});
