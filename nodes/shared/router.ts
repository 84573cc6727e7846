/** Resource → operation wiring shared by every area node: the selectors and the dispatch. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { SUMMARY_OUTPUTS } from './file/properties';
import type { Operation } from './operations';
import { retryPolicy } from './form/options';
import { openSession, type ExecuteSession } from './session';

export interface Resource {
	value: string;
	name: string;
	operations: Operation[];
}

/** The Resource and Operation dropdowns, then every operation's own fields. */
export function resourceProperties(resources: Resource[]): INodeProperties[] {
	const firstResource = resources[0].value;
	const resourceSelector: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map(({ name, value }) => ({ name, value })),
		default: firstResource,
	};
	const operationSelectors = resources.map((resource): INodeProperties => {
		const firstOperation = resource.operations[0].value;
		return {
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: resource.operations.map(({ name, value, description, action }) => ({
				name,
				value,
				description,
				action,
			})),
			default: firstOperation,
		};
	});
	return [
		resourceSelector,
		...operationSelectors,
		...resources.flatMap((resource) => resource.operations.flatMap((op) => op.properties)),
	];
}

/**
 * The canvas subtitle in the form's words ("Add or Update: Item"): a lookup of the chosen
 * resource and operation's display names, since a subtitle expression sees only the values.
 */
export function resourceSubtitle(resources: Resource[]): string {
	const words: Record<string, string> = {};
	for (const resource of resources) {
		for (const operation of resource.operations)
			words[`${resource.value}:${operation.value}`] = `${operation.name}: ${resource.name}`;
	}
	return `={{ (${JSON.stringify(words)})[$parameter["resource"] + ":" + $parameter["operation"]] || "" }}`;
}

export async function routeExecution(
	this: IExecuteFunctions,
	resources: Resource[],
): Promise<INodeExecutionData[][]> {
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources
		.find((r) => r.value === resourceName)
		?.operations.find((op) => op.value === operationName);
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resourceName}" is not known to this node version`,
		);
	}
	const session = await openSession(this, {
		retry: retryPolicy(this),
		signal: this.getExecutionCancelSignal(),
	});
	try {
		const result = await operation.execute(session, this.getInputData());
		return operation.outputs || operation.summaryOutputs
			? (result as INodeExecutionData[][])
			: [result as INodeExecutionData[]];
	} finally {
		saveHighlighted(session);
	}
}

/**
 * The keys the run handled, into the execution's highlighted data (Options → Auto-Save
 * Highlighted Data): also when the node stopped with an error, so the failed run is found too.
 */
function saveHighlighted(session: ExecuteSession): void {
	const { ctx } = session;
	if (ctx.getNodeParameter('options.autoSaveHighlightedData', 0, true) === false) return;
	try {
		session.handled.save(ctx);
	} catch (error) {
		// Never in the way of the node's own result or error: n8n refuses some values in manual runs.
		ctx.logger.warn(`Highlighted data not saved: ${(error as Error).message}`);
	}
}

/**
 * The node's outputs as an expression of its parameters: one output, the named outputs of the
 * operation chosen, or — for a bulk write whose Output option asks for the failures and a summary
 * (the default with Input → File) — Not Stored and Summary. n8n adds the error output when On Error
 * asks for it. An operation left at its default is the first of its resource.
 */
export function resourceOutputs(resources: Resource[]): `={{${string}}}` {
	const named: Record<string, Array<{ type: 'main'; displayName: string }>> = {};
	const summary: string[] = [];
	const outputsOf = (names: string[]) =>
		names.map((displayName) => ({ type: 'main' as const, displayName }));
	for (const resource of resources) {
		resource.operations.forEach((operation, index) => {
			const keys = [`${resource.value}:${operation.value}`];
			if (index === 0) keys.push(`${resource.value}:undefined`);
			if (operation.summaryOutputs) summary.push(...keys);
			if (operation.outputs) for (const key of keys) named[key] = outputsOf(operation.outputs);
		});
	}
	const first = resources[0]?.value;
	const key = `($parameter["resource"] ?? ${JSON.stringify(first)}) + ":" + $parameter["operation"]`;
	const output = `(($parameter["options"] || {})["output"] || ($parameter["input"] === "file" ? "summary" : "everyRecord"))`;
	return `={{ (${JSON.stringify(named)})[${key}] || ((${JSON.stringify(summary)}).includes(${key}) && ${output} === "summary" ? ${JSON.stringify(outputsOf(SUMMARY_OUTPUTS))} : ["main"]) }}`;
}
