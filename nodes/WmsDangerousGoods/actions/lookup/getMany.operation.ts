import { getManyOperation } from '../../../shared/operations';

export const getMany = getManyOperation({
	resource: 'lookup',
	operation: 'getMany',
	route: '/dangerous_goods_lookup/check',
	noun: 'dangerous goods lookup',
	action:
		'Get many dangerous goods lookups (optional filters: UN numbers, hazard class, changed since)',
});
