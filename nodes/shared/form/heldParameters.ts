import type { IExecuteFunctions, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

const held = new WeakMap<IExecuteFunctions, INodeParameters>();

/**
 * A parameter as the node holds it, its expressions not evaluated. n8n copies the whole node on
 * every getNode(), so one run reads the parameters once (they cannot change while it runs), where
 * a read per item of 100,000 would copy them 100,000 times.
 */
export function heldParameter(
	ctx: IExecuteFunctions,
	name: string,
): NodeParameterValueType | INodeParameters | undefined {
	let parameters = held.get(ctx);
	if (!parameters) {
		parameters = ctx.getNode().parameters;
		held.set(ctx, parameters);
	}
	return parameters[name];
}
