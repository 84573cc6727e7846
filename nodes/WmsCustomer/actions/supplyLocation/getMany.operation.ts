import { getManyOperation } from '../../../shared/operations';

export const getMany = getManyOperation({
	resource: 'supplyLocation',
	operation: 'getMany',
	route: '/supply_location/check',
	noun: 'supply location',
	action:
		'Get many supply locations (optional filters: customer codes, location code, search in code or name, active, country, changed since)',
});
