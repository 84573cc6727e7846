import { upsertOperation } from '../../../shared/operations';

export const add = upsertOperation({
	resource: 'bin',
	operation: 'add',
	route: '/bin/add',
	name: 'Add',
	action: 'Add bins',
	description:
		'Add storage bins to a zone; a bin whose code already exists in the warehouse is updated',
});
