/**
 * Canvas subtitles in the form's words: each node's subtitle expression, evaluated by n8n-workflow's
 * own expression engine (the one the editor runs), reads "Add or Update: Item", never the values
 * behind the dropdowns ("upsert: item"). The browser suite shows one on the real canvas, and the
 * n8n 1.x check evaluates them with 1.x's engine.
 */
import type {
	INode,
	INodeParameters,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { ALL_NODE_TYPES } from '../support/nodeTypes';

const descriptionOf = (type: INodeType | IVersionedNodeType) =>
	type.description as INodeTypeDescription;

function subtitle(type: INodeType | IVersionedNodeType, parameters: INodeParameters): unknown {
	const description = descriptionOf(type);
	const nodeTypes: INodeTypes = {
		getByName: () => type,
		getByNameAndVersion: () => NodeHelpers.getVersionedNodeType(type),
		getKnownTypes: () => ({}),
	};
	const node: INode = {
		id: 'n',
		name: description.displayName,
		type: description.name,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	node.parameters =
		NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			node,
			description,
		) ?? {};
	return workflow.expression.getSimpleParameterValue(node, description.subtitle, 'internal', {});
}

/** Every resource/operation pair of a node, with the display names the form shows. */
function pairs(description: INodeTypeDescription) {
	const resource = description.properties.find((p) => p.name === 'resource');
	return (resource?.options ?? []).flatMap((r) => {
		const { name: resourceName, value: resourceValue } = r as { name: string; value: string };
		const selector = description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resourceValue),
		);
		return (selector?.options ?? []).map((o) => {
			const { name, value } = o as { name: string; value: string };
			return {
				parameters: { resource: resourceValue, operation: value },
				words: `${name}: ${resourceName}`,
			};
		});
	});
}

const actionNodes = ALL_NODE_TYPES.filter((type) =>
	descriptionOf(type).properties.some((p) => p.name === 'resource'),
);

describe('canvas subtitles', () => {
	it.each(actionNodes.map((type) => [descriptionOf(type).displayName, type] as const))(
		"%s: every operation in the form's words",
		(_name, type) => {
			const all = pairs(descriptionOf(type));
			expect(all.length).toBeGreaterThan(0);
			for (const { parameters, words } of all) expect(subtitle(type, parameters)).toBe(words);
		},
	);

	it('WMS Inventory, Add or Update of an item: "Add or Update: Item" (not "upsert: item")', () => {
		const inventory = actionNodes.find((type) => descriptionOf(type).name === 'wmsInventory')!;
		expect(subtitle(inventory, { resource: 'item', operation: 'upsert' })).toBe(
			'Add or Update: Item',
		);
	});

	it('the ERP update trigger names the watched kinds as the form does', () => {
		const trigger = ALL_NODE_TYPES.find(
			(type) => descriptionOf(type).name === 'wmsErpUpdateTrigger',
		)!;
		expect(subtitle(trigger, { updateKinds: ['outgoing_consignment', 'move_attempt'] })).toBe(
			'Shipments, Stock Moves',
		);
	});
});
