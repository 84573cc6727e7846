import { getManyOperation } from '../../../shared/operations';
import { inventoryFilters } from '../../../shared/specs/inventory';

export const getMany = getManyOperation({
	show: { resource: 'item', operation: 'getMany' },
	route: '/inventory/check',
	noun: 'inventory item',
	filters: inventoryFilters,
	action: 'Get many inventory items with their stock per warehouse (optional filters: SKUs, barcode, category, active, warehouse code, in stock, changed since)',
});
