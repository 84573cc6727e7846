import { upsertOperation } from '../../../shared/operations';

export const set = upsertOperation({
	resource: 'warehouseInfo',
	operation: 'set',
	route: '/inventory_warehouse_info/add',
	name: 'Set',
	action: 'Set warehouse info of items',
	description:
		'Set where items live in a warehouse: default and pick-face bins, replenishment quantity, ABC class',
});
