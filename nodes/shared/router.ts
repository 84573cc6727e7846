/** Resource → operation wiring shared by every area node: the selectors, the dispatch, and the methods that load a form's fields. */
import type {
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	ResourceMapperFields,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { credentialTest } from '../../credentials/credentialTest';
import { SUMMARY_OUTPUTS, RECORD_COLUMNS } from './file/properties';
import type { Operation, OperationOutputs } from './operations';
import { listSession } from './dropdowns/locator';
import { mappableFields } from './file/fields';
import { FILTER_FIELDS, FILTERS, loadMapperFields, RECORD_FIELDS } from './form/mapper';
import { retryPolicy } from './form/options';
import { sayLeftOut } from './form/records';
import { openSession, type ExecuteSession } from './session';
import { stoppedItems } from './stopped';

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

/**
 * Runs the chosen operation. An error it throws (before or instead of answering per item) stops the
 * node, or under On Error → Continue becomes one error item per input item (stopped.ts).
 */
export async function routeExecution(
	this: IExecuteFunctions,
	resources: Resource[],
): Promise<INodeExecutionData[][]> {
	try {
		return await runOperation(this, resources);
	} catch (error) {
		const stopped = stoppedItems(this, error);
		if ('stop' in stopped) throw stopped.stop;
		return stopped.items;
	}
}

async function runOperation(
	ctx: IExecuteFunctions,
	resources: Resource[],
): Promise<INodeExecutionData[][]> {
	const resourceName = ctx.getNodeParameter('resource', 0) as string;
	const operationName = ctx.getNodeParameter('operation', 0) as string;
	const operation = resources
		.find((r) => r.value === resourceName)
		?.operations.find((op) => op.value === operationName);
	if (!operation) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The operation "${operationName}" of "${resourceName}" is not known to this node version`,
		);
	}
	const session = await openSession(ctx, {
		retry: retryPolicy(ctx),
		signal: ctx.getExecutionCancelSignal(),
	});
	try {
		const result = await operation.execute(session, ctx.getInputData());
		sayLeftOut(session);
		const several = outputNames(
			operation.outputs,
			ctx.getNode().typeVersion,
			ctx.getNode().parameters,
		);
		return several.length || operation.summaryOutputs
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
 * The names of an operation's outputs for a node of `version` whose form has these `parameters`:
 * none when it has one output. The node's outputs expression (resourceOutputs) says the same to n8n.
 */
export function outputNames(
	outputs: OperationOutputs | undefined,
	version: number,
	parameters: Record<string, unknown>,
): string[] {
	if (!outputs || version < (outputs.since ?? 1)) return [];
	const { optional } = outputs;
	return optional && version >= optional.since && parameters[optional.when] === true
		? [...outputs.names, optional.name]
		: outputs.names;
}

/**
 * The node's outputs as an expression of its version and parameters: one output, the named outputs
 * of the operation chosen, or — for a bulk write whose Output option asks for the failures and a
 * summary (the default with Input → File) — Not Stored and Summary. n8n adds the error output when
 * On Error asks for it. An operation left at its default is the first of its resource. The
 * expression does what outputNames does, in the editor and in n8n alike.
 */
export function resourceOutputs(resources: Resource[]): `={{${string}}}` {
	const named: Record<string, OperationOutputs> = {};
	const summary: string[] = [];
	for (const resource of resources) {
		resource.operations.forEach((operation, index) => {
			const keys = [`${resource.value}:${operation.value}`];
			if (index === 0) keys.push(`${resource.value}:undefined`);
			if (operation.summaryOutputs) summary.push(...keys);
			if (operation.outputs) for (const key of keys) named[key] = operation.outputs;
		});
	}
	const first = JSON.stringify(resources[0]?.value);
	const key = `($parameter["resource"] ?? ${first}) + ":" + $parameter["operation"]`;
	// "}}" would end the expression early: nested objects are closed with a blank between.
	const table = JSON.stringify(named).replace(/\}\}/g, '} }').replace(/\}\}/g, '} }');
	const names =
		'(o, v, p) => !o || v < (o.since || 1) ? [] : o.optional && v >= o.optional.since && p[o.optional.when] === true ? o.names.concat([o.optional.name]) : o.names';
	const output = `(($parameter["options"] || {})["output"] || ($parameter["input"] === "file" ? "summary" : "everyRecord"))`;
	const orSummary = `(${JSON.stringify(summary)}.includes(${key}) && ${output} === "summary" ? ${JSON.stringify(SUMMARY_OUTPUTS)} : [])`;
	const main = '.map((displayName) => ({ type: "main", displayName }))';
	return `={{ ((n) => n.length ? n${main} : ["main"])(((n) => n.length ? n : ${orSummary})((${names})((${table})[${key}], $nodeVersion, $parameter))) }}`;
}

/** The operation the editor's form is on, for the methods that load its fields. */
function formOperation(ctx: ILoadOptionsFunctions, resources: Resource[]): Operation | undefined {
	const resource = ctx.getCurrentNodeParameter('resource') as string | undefined;
	const operation = ctx.getCurrentNodeParameter('operation') as string | undefined;
	const chosen = resources.find((candidate) => candidate.value === resource) ?? resources[0];
	return (
		chosen.operations.find((candidate) => candidate.value === operation) ?? chosen.operations[0]
	);
}

/**
 * The methods every area node offers the editor: the fields of the chosen operation's records, as
 * the effective description (the credential's) has them, for the resource mapper; and the
 * credential's test.
 */
export function resourceMethods(resources: Resource[]) {
	return {
		credentialTest,
		loadOptions: {
			/** Column Mapping's fields for a file, from the effective description. */
			async [RECORD_COLUMNS](this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				const operation = formOperation(this, resources);
				if (!operation?.contract) return [];
				const { platform } = await listSession(this);
				const spec = platform.recordSpec(
					operation.contract.route,
					operation.contract.record?.checks,
				);
				return operation.columnsOf?.(spec) ?? mappableFields(spec.fields);
			},
		},
		resourceMapping: {
			async [RECORD_FIELDS](this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
				const contract = formOperation(this, resources)?.contract;
				return await loadMapperFields(this, async () => {
					if (!contract)
						throw new NodeOperationError(this.getNode(), 'This operation sends no records');
					const { platform } = await listSession(this);
					platform.need(contract.route);
					return {
						spec: platform.recordSpec(contract.route, contract.record?.checks),
						key: platform.route(contract.route).naturalKey,
					};
				});
			},
			async [FILTER_FIELDS](this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
				const contract = formOperation(this, resources)?.contract;
				return await loadMapperFields(
					this,
					async () => {
						if (!contract)
							throw new NodeOperationError(this.getNode(), 'This operation reads no records');
						const { platform } = await listSession(this);
						platform.need(contract.route);
						return {
							spec: { noun: 'filter', fields: platform.filterFields(contract.route) },
							matching: false,
						};
					},
					FILTERS,
				);
			},
		},
	};
}
