import { getManyOperation } from '../../../shared/getMany';

export const getMany = getManyOperation({
	resource: 'supplier',
	operation: 'getMany',
	route: '/supplier/check',
	noun: 'supplier',
	action: 'Get many suppliers',
});
