/**
 * The two shapes most operations take — "Add or Update" (bulk upsert by natural key) and
 * "Get Many" (filtered, paged read) — built from field specs, so an area node's operation
 * file only says which route and which fields.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { bulkWrite, type BulkOutcome, type BulkRow } from './bulk';
import { errorItem, itemError } from './errors';
import { coerceFields, type FieldSpec, type Problem, type RecordSpec } from './fields';
import { batchSizeOption, optionsCollection, retryPolicy, unknownFieldsOption } from './options';
import { readAll } from './paging';
import { fieldProperty, recordProperties, showFor, type Show } from './properties';
import { buildRecord, checkOptions, recordSettings, summarize } from './record';
import { routeInfo } from './platform';

export interface Operation {
	value: string;
	name: string;
	description: string;
	action: string;
	properties: INodeProperties[];
	execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
	/** What the operation sends where; a test holds these against contract/openapi.yaml. */
	contract?: { route: string; record?: RecordSpec; filters?: FieldSpec[] };
}

/**
 * Turns per-row outcomes into output items in input order. Under continue-on-fail each failed
 * row becomes an error item paired to its input; otherwise the first failure stops the node.
 */
export function outcomesToItems(ctx: IExecuteFunctions, outcomes: BulkOutcome[], early: Map<number, INodeExecutionData>): INodeExecutionData[] {
	// Merged in input order; one input item may stand for several rows (e.g. Bin: Add Range), each keeps its own output item.
	const sorted = [...outcomes].sort((a, b) => a.itemIndex - b.itemIndex);
	const earlyIndexes = [...early.keys()].sort((a, b) => a - b);
	const out: INodeExecutionData[] = [];
	let next = 0;
	for (const outcome of sorted) {
		while (next < earlyIndexes.length && earlyIndexes[next] < outcome.itemIndex) out.push(early.get(earlyIndexes[next++])!);
		if (outcome.ok) {
			out.push({ json: outcome.result, pairedItem: { item: outcome.itemIndex } });
			continue;
		}
		if (!ctx.continueOnFail()) {
			const stored = outcomes.filter((candidate) => candidate.ok).length;
			outcome.error.description = `${outcome.error.description ?? ''}. ${stored} of ${outcomes.length} records were confirmed as stored; turn on "On Error → Continue (using error output)" to get every row's result.`;
			throw outcome.error;
		}
		out.push(errorItem(outcome.itemIndex, outcome.error));
	}
	while (next < earlyIndexes.length) out.push(early.get(earlyIndexes[next++])!);
	return out;
}

/**
 * Gathers one checked record per input item before anything is sent. A bad item either stops
 * the node (nothing sent at all) or, under continue-on-fail, becomes its error item.
 */
export function gatherRows(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	build: (itemIndex: number) => IDataObject,
): { rows: BulkRow[]; failed: Map<number, INodeExecutionData> } {
	const rows: BulkRow[] = [];
	const failed = new Map<number, INodeExecutionData>();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			rows.push({ itemIndex, record: build(itemIndex) });
		} catch (error) {
			const nodeError = error instanceof NodeOperationError ? error : new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
			if (!ctx.continueOnFail()) throw nodeError;
			failed.set(itemIndex, errorItem(itemIndex, nodeError));
		}
	}
	return { rows, failed };
}

export interface UpsertConfig {
	show: Show;
	route: string;
	spec: RecordSpec;
	name?: string;
	action: string;
	description?: string;
}

export function upsertOperation(config: UpsertConfig): Operation {
	const max = routeInfo(config.route).maxItems ?? 1000;
	return {
		value: config.show.operation,
		name: config.name ?? 'Add or Update',
		action: config.action,
		description: config.description ?? `Add ${config.spec.noun} records, or update those whose key already exists`,
		contract: { route: config.route, record: config.spec },
		properties: [
			...recordProperties(config.spec, config.show),
			optionsCollection([batchSizeOption(max), unknownFieldsOption], showFor(config.show)),
		],
		async execute(items) {
			const settings = recordSettings(this);
			const { rows, failed } = gatherRows(this, items, (itemIndex) => buildRecord(this, config.spec, itemIndex, settings));
			const outcomes = await bulkWrite.call(this, config.route, rows, {
				batchSize: this.getNodeParameter('options.batchSize', 0, max) as number,
				retry: retryPolicy(this),
			});
			return outcomesToItems(this, outcomes, failed);
		},
	};
}

export interface GetManyConfig {
	show: Show;
	route: string;
	noun: string;
	filters: FieldSpec[];
	name?: string;
	action: string;
	description?: string;
}

/** Return All / Limit, plus filters derived from field specs. */
export function readProperties(show: Show, noun: string, filters: FieldSpec[]): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: showFor(show),
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: showFor(show, { returnAll: [false] }),
		},
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			description: `Only ${noun} records that match all of these`,
			displayOptions: showFor(show),
			options: filters.map(fieldProperty),
		},
	];
}

export function readFilter(ctx: IExecuteFunctions, filters: FieldSpec[], itemIndex: number): IDataObject {
	const problems: Problem[] = [];
	const raw = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	// Changed Since from the date picker has no offset: it is read in the workflow's time zone, as records are.
	const filter = coerceFields(filters, raw, '', problems, checkOptions(ctx, 'error'));
	if (problems.length) {
		const { field, problem } = summarize(problems);
		throw itemError(ctx.getNode(), itemIndex, `Filters → ${field}`, problem);
	}
	return filter;
}

export function getManyOperation(config: GetManyConfig): Operation {
	return {
		value: config.show.operation,
		name: config.name ?? 'Get Many',
		action: config.action,
		description: config.description ?? `Get ${config.noun} records, filtered`,
		contract: { route: config.route, filters: config.filters },
		properties: [...readProperties(config.show, config.noun, config.filters), optionsCollection([], showFor(config.show))],
		async execute(items) {
			const out: INodeExecutionData[] = [];
			for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
				try {
					const filter = readFilter(this, config.filters, itemIndex);
					const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
					const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex, 50) as number);
					const records = await readAll.call(this, config.route, filter, { limit, itemIndex, retry: retryPolicy(this, itemIndex) });
					out.push(...records.map((json) => ({ json, pairedItem: { item: itemIndex } })));
				} catch (error) {
					out.push(failedItem(this, error, itemIndex));
				}
			}
			return out;
		},
	};
}

/** Any failure of one item as the n8n error that names it. */
export function toItemError(ctx: IExecuteFunctions, error: unknown, itemIndex: number) {
	if (error instanceof NodeOperationError) return error;
	if (error instanceof NodeApiError) {
		error.message = error.message.startsWith('Item ') ? error.message : `Item ${itemIndex}: ${error.message}`;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * What a failed item becomes: under continue-on-fail its error item (paired to `itemIndex`),
 * otherwise the node stops with the error that names the item.
 */
export function failedItem(ctx: IExecuteFunctions, error: unknown, itemIndex: number): INodeExecutionData {
	const nodeError = toItemError(ctx, error, itemIndex);
	if (!ctx.continueOnFail()) throw nodeError;
	return errorItem(itemIndex, nodeError);
}
