import { upsertOperation } from '../../../shared/operations';

export const upsert = upsertOperation({
	resource: 'item',
	operation: 'upsert',
	route: '/inventory/add',
	action: 'Add or update items',
	description:
		'Add inventory items, or update those whose SKU already exists; any number of input items, sent 1,000 per request',
});
