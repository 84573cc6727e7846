import { upsertOperation } from '../../../shared/operations';

export const upsert = upsertOperation({
	resource: 'customer',
	operation: 'upsert',
	route: '/customer/add',
	action: 'Add or update customers',
});
