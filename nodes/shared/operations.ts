/**
 * The two shapes most operations take — "Add or Update" (bulk upsert by natural key) and
 * "Get Many" (filtered, paged read) — built from the route alone: its fields come from the
 * contract, so an area node's operation file only says which route, and in what words.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { bulkWrite } from './bulk/write';
import { checkOrRefuse, type Checkable } from './checking';
import { batchSizeOption, bulkOptions, optionsCollection, retryPolicy, unknownFieldsOption } from './form/options';
import { fieldProperty, recordProperties, showFor, type ResourceOperation } from './form/properties';
import { checkedRecord, recordSource } from './form/records';
import { locatorValue } from './dropdowns/locator';
import { Output } from './output';
import { readAll } from './paging';
import { filterFields, recordSpec, type FieldSpec, type RecordCheck, type RecordSpec, type RoutePath } from './platform';

export interface Operation {
	value: string;
	name: string;
	description: string;
	action: string;
	properties: INodeProperties[];
	execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
	/** What the operation sends where; a test holds these against contract/openapi.yaml. */
	contract?: { route: RoutePath; record?: RecordSpec; filters?: FieldSpec[] };
}

export interface UpsertConfig extends ResourceOperation {
	route: RoutePath;
	/** Rules across fields the contract cannot say (minimum ≤ maximum). */
	checks?: RecordCheck[];
	name?: string;
	action: string;
	description?: string;
}

/**
 * The bulk write of one record per input item: every record read and checked before anything is
 * sent, then sent in chunks; one output item per input item, its result or its error.
 */
export async function writeRecords(ctx: IExecuteFunctions, route: RoutePath, recordOf: (itemIndex: number) => IDataObject): Promise<INodeExecutionData[]> {
	const output = new Output(ctx);
	const rows = output.readEach(ctx.getInputData().length, (itemIndex) => ({ itemIndexes: [itemIndex], record: recordOf(itemIndex) }));
	const outcomes = await bulkWrite.call(ctx, route, rows.map((row) => row.record), bulkOptions(ctx, route));
	output.addOutcomes(rows, outcomes);
	return output.items();
}

/** Add or Update: records from the form, the input items or JSON, upserted by their natural key. */
export function upsertOperation(config: UpsertConfig): Operation {
	const spec = recordSpec(config.route, config.checks);
	return {
		value: config.operation,
		name: config.name ?? 'Add or Update',
		action: config.action,
		description: config.description ?? `Add ${spec.noun} records, or update those whose key already exists`,
		contract: { route: config.route, record: spec },
		properties: [...recordProperties(spec, config), optionsCollection([batchSizeOption(config.route), unknownFieldsOption], showFor(config))],
		async execute() {
			const source = recordSource(this);
			return await writeRecords(this, config.route, (itemIndex) => checkedRecord(this, spec, itemIndex, source));
		},
	};
}

/** Return All / Limit, plus filters derived from field specs. */
function readProperties(op: ResourceOperation, noun: string, filters: FieldSpec[]): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: showFor(op),
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: showFor(op, { returnAll: [false] }),
		},
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			description: `Only ${noun} records that match all of these`,
			displayOptions: showFor(op),
			options: filters.map(fieldProperty),
		},
	];
}

/** The Filters of one item, checked; a problem names "Filters → <field>". */
function readFilter(ctx: IExecuteFunctions, filters: Checkable, itemIndex: number): IDataObject {
	// Changed Since from the date picker has no offset: it is read in the workflow's time zone, as records are.
	const raw = Object.fromEntries(Object.entries(ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject).map(([name, value]) => [name, locatorValue(value)])) as IDataObject;
	return checkOrRefuse(ctx, itemIndex, filters, raw, { fieldName: (field) => `Filters → ${field}` });
}

export interface GetManyConfig extends ResourceOperation {
	route: RoutePath;
	noun: string;
	name?: string;
	action: string;
	description?: string;
}

export function getManyOperation(config: GetManyConfig): Operation {
	const filters = { fields: filterFields(config.route) };
	return {
		value: config.operation,
		name: config.name ?? 'Get Many',
		action: config.action,
		description: config.description ?? `Get ${config.noun} records, filtered`,
		contract: { route: config.route, filters: filters.fields },
		properties: [...readProperties(config, config.noun, filters.fields), optionsCollection([], showFor(config))],
		async execute(items) {
			const output = new Output(this);
			await output.eachItem(items.length, async (itemIndex) => {
				const filter = readFilter(this, filters, itemIndex);
				const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
				const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex, 50) as number);
				return await readAll.call(this, config.route, filter, { limit, itemIndex, retry: retryPolicy(this, itemIndex) });
			});
			return output.items();
		},
	};
}
