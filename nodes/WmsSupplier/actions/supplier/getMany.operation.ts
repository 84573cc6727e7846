import { getManyOperation } from '../../../shared/operations';

export const getMany = getManyOperation({
	resource: 'supplier',
	operation: 'getMany',
	route: '/supplier/check',
	noun: 'supplier',
	action:
		'Get many suppliers (optional filters: supplier codes, search in code or name, active, changed since)',
});
