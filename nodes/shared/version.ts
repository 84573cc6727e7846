/**
 * The node versions of the action nodes. Version 2 changed what some operations output, so a
 * person can read it in the editor's tables; a saved workflow keeps the version it was made with,
 * and version 1 keeps its behaviour. What version 2 changed:
 * - reads by key put the keys the platform does not have on a Not Found output, each with a message;
 * - fields the platform does not know are left out and listed once, instead of failing the item;
 * - an error item says its message before the error's parts;
 * - Set Complete and Set Error say which update became what;
 * - Reconcile's CSV file comes out of its own output, so the Summary opens on its figures.
 * Version 3 counts from 1 in what it outputs, as its messages do: an error item's `field`
 * (`lines.1.quantity`, not `lines[0].quantity`), and the `item` numbers of Failures and a Summary.
 * Behaviour 4 (WMS Platform's version 2): Compare With Built-In counts the routes of every method
 * (GET, PUT, PATCH, DELETE), where version 1 counts POST routes only.
 */
import type { IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

/**
 * Node types that came after the area nodes' version 3 start at their own version 1 with what the
 * area nodes do at 3: the shared code asks for the behaviour, which a node's own number may not say.
 */
const FIRST_VERSION_BEHAVES_AS: Record<string, number> = { wmsPlatform: 3 };

/** The area nodes' version whose behaviour a node of this type and version has. */
export function behaviourOf(node: Pick<INode, 'type' | 'typeVersion'>): number {
	// "n8n-nodes-wms-integration.wmsPlatform", or "…wmsPlatformTool" when an AI agent runs it.
	const name = node.type.slice(node.type.lastIndexOf('.') + 1).replace(/Tool$/, '');
	return node.typeVersion - 1 + (FIRST_VERSION_BEHAVES_AS[name] ?? 1);
}

/** Whether the node running behaves as the area nodes' `version` or later. */
export function fromVersion(ctx: Pick<IExecuteFunctions, 'getNode'>, version: number): boolean {
	return behaviourOf(ctx.getNode()) >= version;
}

/** displayOptions.show entries of a property that belongs to `version` and later. */
export const shownFromVersion = (version: number) => ({
	'@version': [{ _cnd: { gte: version } }],
});

/** displayOptions.show entries of a property that belongs to the versions before `version`. */
export const shownBeforeVersion = (version: number) => ({
	'@version': [{ _cnd: { lt: version } }],
});

/** The properties as they are shown only from `version` on (true) or only before it (false). */
export function onlyVersions(
	properties: INodeProperties[],
	version: number,
	from: boolean,
): INodeProperties[] {
	const when = from ? shownFromVersion(version) : shownBeforeVersion(version);
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, ...when },
		},
	}));
}

/** A property as two: as it was before `version`, and from `version` on with what changed. */
export function byVersion(
	property: INodeProperties,
	version: number,
	changed: Partial<INodeProperties>,
): INodeProperties[] {
	const show = property.displayOptions?.show ?? {};
	return [
		{
			...property,
			displayOptions: {
				...property.displayOptions,
				show: { ...show, ...shownBeforeVersion(version) },
			},
		},
		{
			...property,
			...changed,
			displayOptions: {
				...property.displayOptions,
				show: { ...show, ...shownFromVersion(version) },
			},
		},
	];
}
