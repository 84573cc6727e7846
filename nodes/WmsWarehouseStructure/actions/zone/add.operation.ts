import { upsertOperation } from '../../../shared/operations';

export const add = upsertOperation({
	resource: 'zone',
	operation: 'add',
	route: '/zone/add',
	name: 'Add',
	action: 'Add zones',
	description:
		'Add zones to an area of a warehouse; a zone whose code already exists in the warehouse is updated',
});
