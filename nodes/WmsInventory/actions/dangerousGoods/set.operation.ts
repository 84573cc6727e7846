import { upsertOperation } from '../../../shared/operations';

export const set = upsertOperation({
	resource: 'dangerousGoodsClassification',
	operation: 'set',
	route: '/inventory_dangerous_goods/add',
	name: 'Set',
	action: 'Classify items as dangerous goods',
	description:
		'Classify items as dangerous goods by UN number (which must exist as a dangerous goods lookup)',
});
