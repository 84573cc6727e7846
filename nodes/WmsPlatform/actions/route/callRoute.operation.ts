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
import { chosenRoute, mappedSpec, needRoute, ROUTE, withoutKey } from './routes';
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
		"The route's fields as the platform's description has them: for a route that writes records, a record's fields (one input item is one record) and any the route takes beside them (items with the same go in the same requests); the filters of a route that reads; the request's fields of any other. Only a route that writes records has a key to match on: for any other, n8n's notice that no field can be used for matching, or its only field marked (using to match), changes nothing.",
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
				// n8n's editor cannot be told a route has no key: the mapper's mode is the parameter's, and
				// it makes the only field of a one-field route the key whatever the loader says.
				hint: "The platform's description names it where it can. Only a route that writes records has one: for any other (a read, GET /orders/{id}, DELETE…) n8n may say no field can be used for matching, or mark the only field (using to match); nothing is matched on it.",
			},
		},
	},
};

/** Hidden until a route is chosen: what a route reads is the route's (n8n shows a resource locator's value to displayOptions). */
const beforeRoute = (
	shown: INodeProperties['displayOptions'],
): INodeProperties['displayOptions'] => ({
	...shown,
	hide: { [ROUTE]: [''] },
});

const readProperties: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		hint: 'Only for a route that reads records page after page (GET /orders): every page, or up to the limit. A route that reads one answer per input item (GET /orders/{id}) returns its whole answer whatever these say.',
		displayOptions: beforeRoute(showFor(op)),
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		hint: 'Per input item, for a route read page after page; any other route ignores it',
		displayOptions: beforeRoute(showFor(op, { returnAll: [false] })),
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
		if (route.kind === 'bulk') {
			checkMapped(session, path, mappedSpec(route));
			return await writeEach(session, path, route);
		}
		// A key n8n saved for a route with no records to match (its only field) is not the run's.
		const run = withoutKey(session);
		checkMapped(run, path, mappedSpec(route));
		if (route.kind === 'read') return await readEach(run, path, route.spec, items);
		return await callEach(run, path, route.spec, items);
	},
};
