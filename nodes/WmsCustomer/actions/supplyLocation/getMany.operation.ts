import { getManyOperation } from '../../../shared/getMany';

export const getMany = getManyOperation({
	resource: 'supplyLocation',
	operation: 'getMany',
	route: '/supply_location/check',
	noun: 'supply location',
	action: 'Get many supply locations',
	description: "Get customers' delivery addresses",
});
