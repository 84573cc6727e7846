import { getManyOperation } from '../../../shared/getMany';

export const getMany = getManyOperation({
	resource: 'item',
	operation: 'getMany',
	route: '/inventory/check',
	noun: 'inventory item',
	action: 'Get many items',
	description: 'Get inventory items with their stock per warehouse',
});
