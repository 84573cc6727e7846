import { upsertOperation } from '../../../shared/operations';
import { supplyLocationSpec } from '../../../shared/specs/customer';

export const upsert = upsertOperation({
	show: { resource: 'supplyLocation', operation: 'upsert' },
	route: '/supply_location/add',
	spec: supplyLocationSpec,
	action: 'Add or update the supply locations of customers (needs customer, location code, name and address)',
});
