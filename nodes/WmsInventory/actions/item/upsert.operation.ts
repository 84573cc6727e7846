import { upsertOperation } from '../../../shared/operations';
import { inventoryItemSpec } from '../../../shared/specs/inventory';

export const upsert = upsertOperation({
	show: { resource: 'item', operation: 'upsert' },
	route: '/inventory/add',
	spec: inventoryItemSpec,
	action: 'Add or update inventory items (needs SKU and description)',
	description: 'Add inventory items, or update those whose SKU already exists; any number of input items, sent 1,000 per request',
});
