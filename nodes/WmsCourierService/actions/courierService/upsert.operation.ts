import { upsertOperation } from '../../../shared/operations';

export const upsert = upsertOperation({
	resource: 'courierService',
	operation: 'upsert',
	route: '/courier_service/add',
	action: 'Add or update courier services',
});
