/**
 * What WMS Platform → Call a Route shows of Return All and Limit, by n8n-workflow's own display
 * rules (the editor's): nothing before a route is chosen, both once one is (the route's kind is the
 * description's, which the form cannot see; their hints say which routes they apply to).
 */
import type { INode, INodeParameters, INodeTypeDescription } from 'n8n-workflow';

import { WmsPlatform } from '../../nodes/WmsPlatform/WmsPlatform.node';
import { displayedProperties } from '../support/displayed';

const description = new WmsPlatform().description as INodeTypeDescription;

const shown = (route: unknown, more: INodeParameters = {}) => {
	const node: INode = {
		id: 'n',
		name: 'WMS Platform',
		type: 'n8n-nodes-wms-integration.wmsPlatform',
		typeVersion: 2,
		position: [0, 0],
		parameters: { resource: 'route', operation: 'call', route, ...more } as INodeParameters,
	};
	return displayedProperties(description, node)
		.map((property) => property.name)
		.filter((name) => ['route', 'columns', 'returnAll', 'limit'].includes(name));
};

describe('Call a Route: Return All and Limit', () => {
	it('are hidden until a route is chosen, from the list or by its path', () => {
		expect(shown({ __rl: true, mode: 'list', value: '' })).toEqual(['route', 'columns']);
		expect(shown({ __rl: true, mode: 'path', value: '' })).toEqual(['route', 'columns']);
	});

	it('are shown once one is, Limit only without Return All', () => {
		const route = { __rl: true, mode: 'list', value: 'GET /orders' };
		expect(shown(route)).toEqual(['route', 'columns', 'returnAll', 'limit']);
		expect(shown(route, { returnAll: true })).toEqual(['route', 'columns', 'returnAll']);
		expect(shown({ __rl: true, mode: 'path', value: 'GET /orders/{id}' })).toEqual([
			'route',
			'columns',
			'returnAll',
			'limit',
		]);
	});

	it('say in their hints which routes they apply to', () => {
		const hint = (name: string) =>
			description.properties.find(
				(property) =>
					property.name === name && property.displayOptions?.show?.operation?.[0] === 'call',
			)?.hint;
		expect(hint('returnAll')).toMatch(/^Only for a route that reads records page after page/);
		expect(hint('returnAll')).toMatch(/GET \/orders\/\{id\}\) returns its whole answer/);
		expect(hint('limit')).toMatch(/any other route ignores it/);
	});
});
