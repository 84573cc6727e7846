import { upsertOperation } from '../../../shared/operations';

export const add = upsertOperation({
	resource: 'lookup',
	operation: 'add',
	route: '/dangerous_goods_lookup/add',
	name: 'Add',
	action:
		'Add or update dangerous goods lookups (needs UN number, proper shipping name and hazard class)',
	description: 'Add UN number classifications, or update those whose UN number already exists',
});
