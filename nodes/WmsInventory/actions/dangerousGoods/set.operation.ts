import { upsertOperation } from '../../../shared/operations';

export const set = upsertOperation({
	resource: 'dangerousGoodsClassification',
	operation: 'set',
	route: '/inventory_dangerous_goods/add',
	name: 'Set',
	action: 'Set the dangerous goods classification of items (needs SKU and UN number)',
	description:
		'Classify items as dangerous goods by UN number (which must exist as a dangerous goods lookup)',
});
