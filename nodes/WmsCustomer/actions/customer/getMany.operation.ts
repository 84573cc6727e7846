import { getManyOperation } from '../../../shared/operations';
import { customerFilters } from '../../../shared/specs/customer';

export const getMany = getManyOperation({
	show: { resource: 'customer', operation: 'getMany' },
	route: '/customer/check',
	noun: 'customer',
	filters: customerFilters,
	action: 'Get many customers (optional filters: customer codes, active, changed since)',
});
