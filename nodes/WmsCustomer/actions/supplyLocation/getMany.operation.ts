import { getManyOperation } from '../../../shared/operations';

export const getMany = getManyOperation({
	resource: 'supplyLocation',
	operation: 'getMany',
	route: '/supply_location/check',
	noun: 'supply location',
	action: 'Get many supply locations',
	description: "Get customers' delivery addresses",
});
