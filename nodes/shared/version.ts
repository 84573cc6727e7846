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
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** Whether the node running is `version` or later. */
export function fromVersion(ctx: Pick<IExecuteFunctions, 'getNode'>, version: number): boolean {
	return ctx.getNode().typeVersion >= version;
}

/** displayOptions.show entries of a property that belongs to `version` and later. */
export const shownFromVersion = (version: number) => ({
	'@version': [{ _cnd: { gte: version } }],
});

/** displayOptions.show entries of a property that belongs to the versions before `version`. */
export const shownBeforeVersion = (version: number) => ({
	'@version': [{ _cnd: { lt: version } }],
});

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
