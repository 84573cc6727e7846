import { upsertOperation } from '../../../shared/operations';
import { itemDangerousGoodsSpec } from '../../../shared/specs/inventory';

export const set = upsertOperation({
	show: { resource: 'dangerousGoodsClassification', operation: 'set' },
	route: '/inventory_dangerous_goods/add',
	spec: itemDangerousGoodsSpec,
	name: 'Set',
	action: 'Set the dangerous goods classification of items (needs SKU and UN number)',
	description: 'Classify items as dangerous goods by UN number (which must exist as a dangerous goods lookup)',
});
