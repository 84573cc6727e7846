import { upsertOperation } from '../../../shared/operations';

export const upsert = upsertOperation({
	resource: 'supplier',
	operation: 'upsert',
	route: '/supplier/add',
	action: 'Add or update suppliers',
});
