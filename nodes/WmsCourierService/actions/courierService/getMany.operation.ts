import { getManyOperation } from '../../../shared/operations';
import { courierServiceFilters } from '../../../shared/specs/courierService';

export const getMany = getManyOperation({
	show: { resource: 'courierService', operation: 'getMany' },
	route: '/courier_service/check',
	noun: 'courier service',
	filters: courierServiceFilters,
	action: 'Get many courier services (optional filters: courier service codes, carrier, service level, active, changed since)',
});
