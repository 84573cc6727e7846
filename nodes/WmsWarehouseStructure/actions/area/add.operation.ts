import { upsertOperation } from '../../../shared/operations';
import { areaSpec } from '../../../shared/specs/warehouse';

export const add = upsertOperation({
	show: { resource: 'area', operation: 'add' },
	route: '/area/add',
	spec: areaSpec,
	name: 'Add',
	action: 'Add areas to a warehouse (needs warehouse, area code and name)',
	description: 'Add areas to a warehouse (receiving, storage, picking...); an area whose code already exists there is updated',
});
