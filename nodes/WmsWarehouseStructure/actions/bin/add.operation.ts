import { upsertOperation } from '../../../shared/operations';

export const add = upsertOperation({
	resource: 'bin',
	operation: 'add',
	route: '/bin/add',
	name: 'Add',
	action: 'Add bins to a zone (needs warehouse, zone, bin code and bin type)',
	description:
		'Add storage bins to a zone; a bin whose code already exists in the warehouse is updated',
});
