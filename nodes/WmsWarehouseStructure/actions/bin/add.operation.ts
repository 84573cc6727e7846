import { upsertOperation } from '../../../shared/operations';
import { binSpec } from '../../../shared/specs/warehouse';

export const add = upsertOperation({
	show: { resource: 'bin', operation: 'add' },
	route: '/bin/add',
	spec: binSpec,
	name: 'Add',
	action: 'Add bins to a zone (needs warehouse, zone, bin code and bin type)',
	description: 'Add storage bins to a zone; a bin whose code already exists in the warehouse is updated',
});
