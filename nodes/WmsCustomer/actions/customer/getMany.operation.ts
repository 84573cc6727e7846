import { getManyOperation } from '../../../shared/operations';

export const getMany = getManyOperation({
	resource: 'customer',
	operation: 'getMany',
	route: '/customer/check',
	noun: 'customer',
	action: 'Get many customers',
});
