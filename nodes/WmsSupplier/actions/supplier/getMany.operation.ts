import { getManyOperation } from '../../../shared/operations';
import { supplierFilters } from '../../../shared/specs/supplier';

export const getMany = getManyOperation({
	show: { resource: 'supplier', operation: 'getMany' },
	route: '/supplier/check',
	noun: 'supplier',
	filters: supplierFilters,
	action: 'Get many suppliers (optional filters: supplier codes, active, changed since)',
});
