import { upsertOperation } from '../../../shared/operations';

export const set = upsertOperation({
	resource: 'warehouseInfo',
	operation: 'set',
	route: '/inventory_warehouse_info/add',
	name: 'Set',
	action:
		'Set the warehouse info of items: default bin, pick face, replenishment (needs SKU and warehouse)',
	description:
		'Set where items live in a warehouse: default and pick-face bins, replenishment quantity, ABC class',
});
