import { upsertOperation } from '../../../shared/operations';
import { zoneSpec } from '../../../shared/specs/warehouse';

export const add = upsertOperation({
	show: { resource: 'zone', operation: 'add' },
	route: '/zone/add',
	spec: zoneSpec,
	name: 'Add',
	action: 'Add zones to an area (needs warehouse, area, zone code and name)',
	description: 'Add zones to an area of a warehouse; a zone whose code already exists in the warehouse is updated',
});
