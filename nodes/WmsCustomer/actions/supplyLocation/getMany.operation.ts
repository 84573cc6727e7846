import { getManyOperation } from '../../../shared/operations';
import { supplyLocationFilters } from '../../../shared/specs/customer';

export const getMany = getManyOperation({
	show: { resource: 'supplyLocation', operation: 'getMany' },
	route: '/supply_location/check',
	noun: 'supply location',
	filters: supplyLocationFilters,
	action: 'Get many supply locations (optional filters: customer codes, location code, active, country, changed since)',
});
