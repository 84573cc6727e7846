/**
 * WMS Platform's outputs as n8n works them out from the node's outputs expression (n8n-workflow's
 * own getNodeOutputs, the editor's and the run's): Call a Route has one output, Compare With
 * Built-In a Summary and a Differences output.
 */
import type { INode, INodeParameters, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { WmsPlatform } from '../../nodes/WmsPlatform/WmsPlatform.node';

const type = new WmsPlatform();

function outputsOf(parameters: INodeParameters) {
	const description = type.description as INodeTypeDescription;
	const node: INode = {
		id: 'n',
		name: 'WMS Platform',
		type: 'n8n-nodes-wms-integration.wmsPlatform',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => type,
			getByNameAndVersion: () => type,
			getKnownTypes: () => ({}),
		},
	});
	node.parameters =
		NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			node,
			description,
		) ?? {};
	return NodeHelpers.getNodeOutputs(workflow, node, description);
}

describe("WMS Platform's outputs", () => {
	it('Call a Route: one output', () => {
		expect(outputsOf({ resource: 'route', operation: 'call' })).toEqual(['main']);
		expect(outputsOf({})).toEqual(['main']);
	});

	it('Compare With Built-In: Summary, then Differences', () => {
		expect(outputsOf({ resource: 'description', operation: 'compare' })).toEqual([
			{ type: 'main', displayName: 'Summary' },
			{ type: 'main', displayName: 'Differences' },
		]);
	});
});
