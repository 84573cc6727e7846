import { upsertOperation } from '../../../shared/operations';

export const upsert = upsertOperation({
	resource: 'supplyLocation',
	operation: 'upsert',
	route: '/supply_location/add',
	action:
		'Add or update the supply locations of customers (needs customer, location code, name and address)',
});
