/**
 * The properties n8n shows for a node with its parameters as saved, by n8n-workflow's own display
 * rules: what the editor draws when the node opens.
 */
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

export function displayedProperties(
	description: INodeTypeDescription,
	node: INode,
): INodeProperties[] {
	const values =
		NodeHelpers.getNodeParameters(
			description.properties,
			node.parameters,
			true,
			false,
			node,
			description,
		) ?? {};
	return description.properties.filter((property) =>
		NodeHelpers.displayParameter(values, property, node, description),
	);
}

/** The resource mappers among them. */
export const displayedMappers = (description: INodeTypeDescription, node: INode) =>
	displayedProperties(description, node).filter((property) => property.type === 'resourceMapper');
