import { upsertOperation } from '../../../shared/operations';

export const upsert = upsertOperation({
	resource: 'warehouse',
	operation: 'upsert',
	route: '/warehouse/add',
	action: 'Add or update warehouses',
});
