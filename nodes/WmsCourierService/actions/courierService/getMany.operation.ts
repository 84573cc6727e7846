import { getManyOperation } from '../../../shared/getMany';

export const getMany = getManyOperation({
	resource: 'courierService',
	operation: 'getMany',
	route: '/courier_service/check',
	noun: 'courier service',
	action: 'Get many courier services',
});
