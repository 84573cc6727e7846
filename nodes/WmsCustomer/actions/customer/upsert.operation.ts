import { upsertOperation } from '../../../shared/operations';
import { customerSpec } from '../../../shared/specs/customer';

export const upsert = upsertOperation({
	show: { resource: 'customer', operation: 'upsert' },
	route: '/customer/add',
	spec: customerSpec,
	action: 'Add or update customers (needs customer code and name)',
});
