import { upsertOperation } from '../../../shared/operations';
import { warehouseInfoSpec } from '../../../shared/specs/inventory';

export const set = upsertOperation({
	show: { resource: 'warehouseInfo', operation: 'set' },
	route: '/inventory_warehouse_info/add',
	spec: warehouseInfoSpec,
	name: 'Set',
	action: 'Set the warehouse info of items: default bin, pick face, replenishment (needs SKU and warehouse)',
	description: 'Set where items live in a warehouse: default and pick-face bins, replenishment quantity, ABC class',
});
