import { upsertOperation } from '../../../shared/operations';
import { courierServiceSpec } from '../../../shared/specs/courierService';

export const upsert = upsertOperation({
	show: { resource: 'courierService', operation: 'upsert' },
	route: '/courier_service/add',
	spec: courierServiceSpec,
	action: 'Add or update courier services (needs courier service code, name, carrier and service level)',
});
