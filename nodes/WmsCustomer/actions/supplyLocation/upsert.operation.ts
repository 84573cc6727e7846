import { upsertOperation } from '../../../shared/operations';

export const upsert = upsertOperation({
	resource: 'supplyLocation',
	operation: 'upsert',
	route: '/supply_location/add',
	action: 'Add or update supply locations',
	description:
		"Add customers' delivery addresses, or update those whose customer and location code already exist",
});
