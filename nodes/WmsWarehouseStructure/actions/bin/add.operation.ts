import { upsertOperation } from '../../../shared/operations';
import { binSpec } from '../../../shared/specs/warehouse';

export const add = upsertOperation({
	show: { resource: 'bin', operation: 'add' },
	route: '/bin/add',
	spec: binSpec,
	name: 'Add',
	action: 'Add bins',
	description: 'Add storage bins to a zone; a bin whose code already exists in the warehouse is updated',
});
