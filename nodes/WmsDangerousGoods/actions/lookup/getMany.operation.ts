import { getManyOperation } from '../../../shared/operations';
import { dangerousGoodsFilters } from '../../../shared/specs/dangerousGoods';

export const getMany = getManyOperation({
	show: { resource: 'lookup', operation: 'getMany' },
	route: '/dangerous_goods_lookup/check',
	noun: 'dangerous goods lookup',
	filters: dangerousGoodsFilters,
	action: 'Get many dangerous goods lookups (optional filters: UN numbers, hazard class, changed since)',
});
