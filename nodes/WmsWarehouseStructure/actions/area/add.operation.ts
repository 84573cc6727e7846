import { upsertOperation } from '../../../shared/operations';

export const add = upsertOperation({
	resource: 'area',
	operation: 'add',
	route: '/area/add',
	name: 'Add',
	action: 'Add areas',
	description:
		'Add areas to a warehouse (receiving, storage, picking...); an area whose code already exists there is updated',
});
