/**
 * A node that stops before answering per item (a description that cannot be read, drift, a refused
 * credential, a platform out of reach, a field the platform no longer has) while On Error says to
 * continue: n8n would pass the input items on through the first output, as if the platform had
 * taken them. Instead each input item becomes its error item, which n8n routes to the error output
 * when there is one; no success output carries an input item.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { errorJson, readableErrorItem } from './errorItem';
import { fromVersion } from './version';

/** The error items for every input item, on the first output (the others empty), or the error itself to throw. */
export function stoppedItems(
	ctx: IExecuteFunctions,
	error: unknown,
): { items: INodeExecutionData[][] } | { stop: unknown } {
	// A cancelled execution ends anyway; a node set to stop stops red, as before.
	if (!ctx.continueOnFail() || ctx.getExecutionCancelSignal()?.aborted) return { stop: error };
	const nodeError =
		error instanceof NodeOperationError || error instanceof NodeApiError
			? error
			: new NodeOperationError(ctx.getNode(), error as Error);
	const fromOne = fromVersion(ctx, 3);
	// On the error output n8n adds the input item's fields; on the regular output the node does, as for any error item of its own.
	const routed = ctx.getNode().onError === 'continueErrorOutput';
	const readable = fromVersion(ctx, 2);
	const items = ctx.getInputData().map((input, item): INodeExecutionData => {
		const json = errorJson(nodeError, undefined, {}, fromOne);
		return {
			json: routed
				? json
				: readable
					? readableErrorItem(json, input.json, undefined)
					: { ...input.json, ...json },
			pairedItem: { item },
		};
	});
	return { items: [items] };
}
