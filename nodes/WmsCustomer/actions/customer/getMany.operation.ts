import { getManyOperation } from '../../../shared/getMany';

export const getMany = getManyOperation({
	resource: 'customer',
	operation: 'getMany',
	route: '/customer/check',
	noun: 'customer',
	action: 'Get many customers',
});
