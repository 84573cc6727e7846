/**
 * Call a Route: any route of the platform's description, picked from a list (the routes no other
 * node names first) or typed as its path, its fields through n8n's resource mapper loaded from the
 * description. The route's kind decides the rest: a bulk route's records go in batches with every
 * row paired back, a read is read page after page, any other route gets one request per item.
 */
import type { INodeProperties } from 'n8n-workflow';

import { mapperProperty } from '../../../shared/form/mapper';
import { checkMapped } from '../../../shared/form/mapperRead';
import { showFor } from '../../../shared/form/properties';
import type { Operation } from '../../../shared/operations';
import { ROUTE_FIELDS, ROUTE_SEARCH } from '../../methods';
import { routeOptions } from './options';
import { chosenRoute, mappedSpec, needRoute, ROUTE } from './routes';
import { callEach, readEach, writeEach } from './send';

const op = { resource: 'route', operation: 'call' };

const routeProperty: INodeProperties = {
	displayName: 'Route',
	name: ROUTE,
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description:
		"The route of the platform's description to call. Those no other node of the package covers come first.",
	displayOptions: showFor(op),
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a route...',
			typeOptions: { searchListMethod: ROUTE_SEARCH, searchable: true },
		},
		{
			displayName: 'By Path',
			name: 'path',
			type: 'string',
			placeholder: '/inventory_batch/add',
			hint: "Checked against the platform's description when the node runs. A route read or changed otherwise than by sending starts with its method: GET /orders/{id}",
			validation: [
				{
					type: 'regex',
					properties: {
						regex:
							'^((GET|PUT|PATCH|DELETE|POST|get|put|patch|delete|post)\\s+)?/?[^\\s/]+(/[^\\s/]+)*$',
						errorMessage: 'Must be a path like /inventory_batch/add, or GET /orders/{id}',
					},
				},
			],
		},
	],
};

const base = mapperProperty(op, 'record', ROUTE_FIELDS);
const fieldsProperty: INodeProperties = {
	...base,
	description:
		"The route's fields as the platform's description has them: for a route that writes records, a record's fields (one input item is one record) and any the route takes beside them (items with the same go in the same requests); the filters of a route that reads; the request's fields of any other",
	typeOptions: {
		...base.typeOptions,
		// The fields are the chosen route's: a new route loads its own (n8n clears the mapping).
		loadOptionsDependsOn: [`${ROUTE}.value`],
		resourceMapper: {
			...base.typeOptions!.resourceMapper!,
			matchingFieldsLabels: {
				title: 'Key to Match On',
				description:
					'For a route that writes records: the fields that identify one record. Errors name each record by them, and two records with the same key are never sent at once.',
				hint: "The platform's description names it where it can; a route that reads, or any other, has none",
			},
		},
	},
};

const readProperties: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		hint: 'For a route that reads records: every page, or only up to the limit',
		displayOptions: showFor(op),
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: showFor(op, { returnAll: [false] }),
	},
];

export const callRoute: Operation = {
	value: op.operation,
	name: 'Call a Route',
	action: 'Call a route',
	description:
		"Send to or read from any route of the platform's description, with the package's checks, batches and paging. Needs the route; its fields are loaded from the description.",
	properties: [routeProperty, fieldsProperty, ...readProperties, routeOptions(op)],
	async execute(session, items) {
		const path = chosenRoute(session.ctx);
		const route = needRoute(session, path);
		checkMapped(session, path, mappedSpec(route));
		if (route.kind === 'bulk') return await writeEach(session, path, route);
		if (route.kind === 'read') return await readEach(session, path, route.spec, items);
		return await callEach(session, path, route.spec, items);
	},
};
