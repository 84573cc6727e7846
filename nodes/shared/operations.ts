/**
 * The two shapes most operations take — "Add or Update" (bulk upsert by natural key) and
 * "Get Many" (filtered, paged read) — built from the route alone: its fields come from the
 * contract, so an area node's operation file only says which route, and in what words.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { bulkWrite } from './bulk/write';
import { checkOrRefuse, type Checkable, type UnknownFieldPolicy } from './checking';
import {
	bulkWriteOptions,
	bulkOptions,
	includeInputFields,
	includeInputFieldsOption,
	optionsCollection,
	retryPolicy,
	unknownFieldsOption,
} from './form/options';
import {
	fieldProperty,
	recordProperties,
	showFor,
	type ResourceOperation,
} from './form/properties';
import { checkedRecord, readRecord, recordSource } from './form/records';
import { bulkInput, bulkOutput, outputOptions, withFileInput } from './file/properties';
import { itemRecord, rowRecords, writeFiles, writeItemsWithSummary } from './file/write';
import { locatorValue } from './dropdowns/locator';
import { Output } from './output';
import { keyFilterOf, notFoundOption, readByKeys, type KeyRead } from './keyReads';
import { readAll } from './paging';
import {
	filterFields,
	recordsRoute,
	recordSpec,
	type FieldSpec,
	type RecordCheck,
	type RecordSpec,
	type RoutePath,
} from './platform';
import type { ExecuteSession } from './session';

export interface Operation {
	value: string;
	name: string;
	description: string;
	action: string;
	properties: INodeProperties[];
	/**
	 * The items of the node's one output; an operation that declares `outputs` returns one list per
	 * output instead, in that order.
	 */
	execute(
		session: ExecuteSession,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[] | INodeExecutionData[][]>;
	/** The names of the operation's outputs, when it has more than one (the node declares them). */
	outputs?: string[];
	/** A bulk write whose Output option may ask for Not Stored and Summary: execute returns a list per output. */
	summaryOutputs?: boolean;
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
	/** Whether Input → File is offered (every bulk write of ERP records; not a comparison's own record). */
	fileInput?: boolean;
}

/**
 * The bulk write of one record per input item: every record read and checked before anything is
 * sent, then sent in chunks; one output item per input item, its result or its error. `rawRecord`
 * (the record as given, unchecked) names a record that fails its check by its key.
 */
export async function writeRecords(
	session: ExecuteSession,
	route: RoutePath,
	recordOf: (itemIndex: number) => IDataObject,
	rawRecord?: (itemIndex: number) => IDataObject | undefined,
): Promise<INodeExecutionData[]> {
	const { ctx } = session;
	const output = new Output(session, {
		route,
		rawRecord,
		includeInputFields: includeInputFields(ctx),
	});
	const rows = output.readEach(ctx.getInputData().length, (itemIndex) => ({
		itemIndexes: [itemIndex],
		record: recordOf(itemIndex),
	}));
	const outcomes = await bulkWrite(
		session,
		route,
		rows.map((row) => row.record),
		bulkOptions(ctx, route),
	);
	output.addOutcomes(rows, outcomes);
	return output.items();
}

/** Add or Update: records from the form, the input items, JSON or a file, upserted by their natural key. */
export function upsertOperation(config: UpsertConfig): Operation {
	const spec = recordSpec(config.route, config.checks);
	const fileInput = config.fileInput ?? true;
	const records = recordProperties(spec, config);
	return {
		value: config.operation,
		name: config.name ?? 'Add or Update',
		action: config.action,
		description:
			config.description ?? `Add ${spec.noun} records, or update those whose key already exists`,
		contract: { route: config.route, record: spec },
		summaryOutputs: fileInput,
		properties: [
			...(fileInput ? withFileInput(config, spec, records) : records),
			optionsCollection(
				[
					...bulkWriteOptions(config.route),
					includeInputFieldsOption,
					unknownFieldsOption,
					...(fileInput ? outputOptions : []),
				],
				showFor(config),
			),
		],
		async execute(session) {
			const { ctx } = session;
			if (fileInput && bulkInput(ctx) === 'file') {
				const unknownFields = ctx.getNodeParameter(
					'options.unknownFields',
					0,
					'error',
				) as UnknownFieldPolicy;
				return await writeFiles(
					session,
					rowRecords(session, config.route, spec, unknownFields),
					bulkOutput(ctx),
				);
			}
			const source = recordSource(ctx);
			const recordOf = (itemIndex: number) => checkedRecord(ctx, spec, itemIndex, source);
			const rawRecord = (itemIndex: number) => readRecord(ctx, spec, itemIndex, source);
			if (fileInput && bulkOutput(ctx) === 'summary') {
				const records = ctx
					.getInputData()
					.map((_, itemIndex) => itemRecord(itemIndex, recordOf, rawRecord));
				return await writeItemsWithSummary(session, config.route, records);
			}
			const items = await writeRecords(session, config.route, recordOf, rawRecord);
			return fileInput ? [items] : items;
		},
	};
}

/** Said in the form: a read runs once per input item, so after a node with many items it repeats. */
function onceNotice(op: ResourceOperation): INodeProperties {
	return {
		displayName:
			'Runs once per input item. After a node that outputs many items (an Add or Update, for example) the same records come out once for each of them: turn on Settings → Execute Once to read them once.',
		name: 'runsPerItemNotice',
		type: 'notice',
		default: '',
		displayOptions: showFor(op),
	};
}

/** Return All / Limit, plus filters derived from field specs. */
function readProperties(
	op: ResourceOperation,
	noun: string,
	filters: FieldSpec[],
): INodeProperties[] {
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
	const raw = Object.fromEntries(
		Object.entries(ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject).map(
			([name, value]) => [name, locatorValue(value)],
		),
	) as IDataObject;
	return checkOrRefuse(ctx, itemIndex, filters, raw, {
		fieldName: (field) => `Filters → ${field}`,
	});
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
	const byKeys = keyFilterOf(config.route, filters.fields);
	const keysLabel = byKeys
		? (filters.fields.find((field) => field.name === byKeys.list)?.label ?? byKeys.list)
		: '';
	return {
		value: config.operation,
		name: config.name ?? 'Get Many',
		action: config.action,
		description: config.description ?? `Get ${config.noun} records, filtered`,
		contract: { route: config.route, filters: filters.fields },
		properties: [
			onceNotice(config),
			...readProperties(config, config.noun, filters.fields),
			optionsCollection(byKeys ? [notFoundOption(byKeys, keysLabel)] : [], showFor(config)),
		],
		async execute(session, items) {
			const { ctx } = session;
			const output = new Output(session, {
				route: byKeys ? recordsRoute(config.route) : undefined,
			});
			const keyReads: KeyRead[] = [];
			const plain = new Map<string, number>();
			await output.eachItem(items.length, async (itemIndex) => {
				const filter = readFilter(ctx, filters, itemIndex);
				const keys = byKeys ? (filter[byKeys.list] as string[] | undefined) : undefined;
				if (byKeys && keys?.length) {
					const rest = { ...filter };
					delete rest[byKeys.list];
					keyReads.push({ itemIndex, keys: [...new Set(keys)], rest });
					return [];
				}
				const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
				const limit = returnAll
					? undefined
					: (ctx.getNodeParameter('limit', itemIndex, 50) as number);
				const same = JSON.stringify([filter, limit]);
				plain.set(same, (plain.get(same) ?? 0) + 1);
				return await readAll(session, config.route, filter, {
					limit,
					itemIndex,
					retry: retryPolicy(ctx, itemIndex),
				});
			});
			if (byKeys && keyReads.length) {
				const notFound = ctx.getNodeParameter('options.notFound', 0, 'item') as 'item' | 'error';
				await readByKeys(session, output, config.route, byKeys, keyReads, {
					retry: retryPolicy(ctx),
					notFound,
				});
			}
			const repeated = Math.max(0, ...plain.values());
			if (repeated > 1) {
				ctx.addExecutionHints({
					message: `This read ran once per input item: ${repeated} input items asked for the same ${config.noun} records, so each is in the output ${repeated} times. To read them once, turn on Settings → Execute Once (or give each item its own filters).`,
					location: 'outputPane',
				});
			}
			return output.items();
		},
	};
}
