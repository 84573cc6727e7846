import { getManyOperation } from '../../../shared/getMany';

export const getMany = getManyOperation({
	resource: 'lookup',
	operation: 'getMany',
	route: '/dangerous_goods_lookup/check',
	noun: 'dangerous goods lookup',
	action: 'Get many UN number lookups',
	description:
		'Get dangerous goods lookups: UN number, proper shipping name, class and packing group',
});
