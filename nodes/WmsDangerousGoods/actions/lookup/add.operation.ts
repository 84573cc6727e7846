import { upsertOperation } from '../../../shared/operations';

export const add = upsertOperation({
	resource: 'lookup',
	operation: 'add',
	route: '/dangerous_goods_lookup/add',
	name: 'Add',
	action: 'Add or update UN number lookups',
	description: 'Add UN number classifications, or update those whose UN number already exists',
});
