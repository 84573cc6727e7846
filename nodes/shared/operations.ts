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
import { checkOrRefuse, type Checkable } from './checking';
import {
	bulkWriteOptions,
	bulkOptions,
	includeInputFields,
	includeInputFieldsOption,
	optionsCollection,
	retryPolicy,
	unknownFieldsOptions,
	unknownFieldsPolicy,
} from './form/options';
import {
	extraFieldsProperty,
	fieldProperty,
	recordProperties,
	showFor,
	type ResourceOperation,
} from './form/properties';
import { checkedRecord, readRecord, recordSource, extraFields } from './form/records';
import { filtersSentence, formLabel, needsSentence, sentences } from './form/words';
import { bulkInput, bulkOutput, outputOptions, withFileInput } from './file/properties';
import { itemRecord, rowRecords, writeFiles, writeItemsWithSummary } from './file/write';
import { locatorValue } from './dropdowns/locator';
import { Output, type OutputOptions } from './output';
import {
	KEY_READ_OUTPUTS,
	keyFilterOf,
	notFoundOption,
	readByKeys,
	type KeyRead,
	type NotFoundAs,
} from './keyReads';
import { readAll } from './paging';
import { checkFormAgainst, effectiveFilter, effectiveSpec, withChosenKey } from './drift';
import {
	checkMapped,
	mappedRecord,
	mapperProperty,
	mapsAutomatically,
	RECORD_FIELDS,
} from './form/mapper';
import {
	BUILT_IN,
	filterFields,
	recordSpec,
	type FieldSpec,
	type RecordCheck,
	type RecordSpec,
	type RoutePath,
} from './platform';
import type { ExecuteSession } from './session';
import { fromVersion, onlyVersions } from './version';

export interface Operation {
	value: string;
	name: string;
	description: string;
	action: string;
	properties: INodeProperties[];
	/**
	 * The items of the node's one output; an operation whose `outputs` give it several (see
	 * outputNames) returns one list per output instead, in that order.
	 */
	execute(
		session: ExecuteSession,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[] | INodeExecutionData[][]>;
	/** The operation's outputs, when it has more than one (the node declares them). */
	outputs?: OperationOutputs;
	/** A bulk write whose Output option may ask for Not Stored and Summary: execute returns a list per output. */
	summaryOutputs?: boolean;
	/** What the operation sends where; a test holds these against contract/openapi.yaml. */
	contract?: { route: RoutePath; record?: RecordSpec; filters?: FieldSpec[] };
}

/** An operation's named outputs. */
export interface OperationOutputs {
	names: string[];
	/** The node version they start with; before it, the operation has one output. */
	since?: number;
	/** One more output, from node version `since` on, while the form's switch `when` (which takes no expression) is on. */
	optional?: { name: string; when: string; since: number };
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
	stored?: OutputOptions['stored'],
): Promise<INodeExecutionData[]> {
	const { ctx } = session;
	const output = new Output(session, {
		route,
		rawRecord,
		includeInputFields: includeInputFields(ctx),
		stored,
	});
	const rows = output.readEach(ctx.getInputData().length, (itemIndex) => ({
		itemIndexes: [itemIndex],
		record: recordOf(itemIndex),
	}));
	const outcomes = await bulkWrite(
		session,
		route,
		rows.map((row) => row.record),
		bulkOptions(session, route),
	);
	output.addOutcomes(rows, outcomes);
	return output.items();
}

/** Add or Update: records from the form, the input items, JSON or a file, upserted by their natural key. */
export function upsertOperation(config: UpsertConfig): Operation {
	const spec = recordSpec(config.route, config.checks);
	const fileInput = config.fileInput ?? true;
	// Before version 3 the form made from the built-in description; from 3 the platform's fields in n8n's mapper.
	const records = [
		...onlyVersions(recordProperties(spec, config), 3, false),
		...onlyVersions(
			[mapperProperty(config, spec.noun, RECORD_FIELDS), extraFieldsProperty(config)],
			3,
			true,
		),
	];
	return {
		value: config.operation,
		name: config.name ?? 'Add or Update',
		action: config.action,
		description: sentences(
			config.description ?? `Add ${spec.noun} records, or update those whose key already exists`,
			needsSentence(spec.fields),
		),
		contract: { route: config.route, record: spec },
		summaryOutputs: fileInput,
		properties: [
			...(fileInput ? withFileInput(config, spec, records) : records),
			optionsCollection(
				[
					...bulkWriteOptions(config.route),
					includeInputFieldsOption,
					...unknownFieldsOptions,
					...(fileInput ? outputOptions : []),
				],
				showFor(config),
			),
		],
		async execute(session) {
			const { ctx } = session;
			const effective = effectiveSpec(session, config.route, config.checks);
			if (fileInput && bulkInput(ctx) === 'file') {
				return await writeFiles(
					session,
					rowRecords(session, config.route, effective, unknownFieldsPolicy(ctx)),
					bulkOutput(ctx),
				);
			}
			if (fromVersion(ctx, 3))
				return await writeMapped(session, config.route, effective, fileInput);
			const source = recordSource(session);
			if (source.mode === 'form') checkFormAgainst(session, config.route, spec, effective);
			const recordOf = (itemIndex: number) =>
				checkedRecord(ctx, spec, itemIndex, source, effective);
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

/**
 * From version 3: each input item's record from the mapper (Map Each Column Manually, or Map
 * Automatically: the item as it is, its columns matched by name in any letter case), checked
 * against the effective description and sent with the key the person matched on.
 */
async function writeMapped(
	session: ExecuteSession,
	route: RoutePath,
	spec: RecordSpec,
	fileInput: boolean,
): Promise<INodeExecutionData[] | INodeExecutionData[][]> {
	const { ctx } = session;
	checkMapped(session, route, spec);
	const run = withChosenKey(session, route);
	const auto = mapsAutomatically(ctx);
	const policy = unknownFieldsPolicy(ctx);
	const raw = (itemIndex: number) => ({
		...mappedRecord(ctx, itemIndex),
		...extraFields(ctx, itemIndex),
	});
	const recordOf = (itemIndex: number) =>
		checkOrRefuse(ctx, itemIndex, spec, raw(itemIndex), {
			unknownFields: auto ? policy : 'send',
			leftOut: session.leftOut,
			anyCase: auto,
			label: auto ? undefined : (field) => formLabel(spec.fields, field),
		});
	if (fileInput && bulkOutput(ctx) === 'summary') {
		const records = ctx.getInputData().map((_, itemIndex) => itemRecord(itemIndex, recordOf, raw));
		return await writeItemsWithSummary(run, route, records);
	}
	const items = await writeRecords(run, route, recordOf, raw);
	return fileInput ? [items] : items;
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
		label: (field) => `Filters → ${formLabel(filters.fields, field)}`,
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
	const byKeys = keyFilterOf(BUILT_IN, config.route, filters.fields);
	const keysLabel = byKeys
		? (filters.fields.find((field) => field.name === byKeys.list)?.label ?? byKeys.list)
		: '';
	return {
		value: config.operation,
		name: config.name ?? 'Get Many',
		action: config.action,
		description: sentences(
			config.description ?? `Get ${config.noun} records`,
			filtersSentence(filters.fields),
		),
		contract: { route: config.route, filters: filters.fields },
		outputs: byKeys ? { names: KEY_READ_OUTPUTS, since: 2 } : undefined,
		properties: [
			...readProperties(config, config.noun, filters.fields),
			optionsCollection(byKeys ? notFoundOption(byKeys, keysLabel) : [], showFor(config)),
		],
		async execute(session, items) {
			const { ctx } = session;
			const outputs = byKeys && fromVersion(ctx, 2) ? KEY_READ_OUTPUTS.length : 1;
			// The key list as the platform's description names it (item_numbers where the form says skus).
			const platformKeys = byKeys && keyFilterOf(session.platform, config.route);
			if (byKeys && !platformKeys)
				effectiveFilter(session, config.route, { [byKeys.list]: [] }, filters.fields);
			const keyRoute = platformKeys ? { ...platformKeys, noun: byKeys!.noun } : undefined;
			const output = new Output(session, {
				route: byKeys ? session.platform.recordsRoute(config.route) : undefined,
			});
			const keyReads: KeyRead[] = [];
			const plain = new Map<string, number>();
			await output.eachItem(items.length, async (itemIndex) => {
				const filter = effectiveFilter(
					session,
					config.route,
					readFilter(ctx, filters, itemIndex),
					filters.fields,
					byKeys && keyRoute ? { form: byKeys.list, platform: keyRoute.list } : undefined,
				);
				const keys = keyRoute ? (filter[keyRoute.list] as string[] | undefined) : undefined;
				if (keyRoute && keys?.length) {
					const rest = { ...filter };
					delete rest[keyRoute.list];
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
			if (keyRoute && keyReads.length) {
				const notFound = ctx.getNodeParameter(
					'options.notFound',
					0,
					outputs > 1 ? 'branch' : 'item',
				) as NotFoundAs;
				await readByKeys(session, output, config.route, keyRoute, keyReads, {
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
			return outputs > 1 ? output.branches(outputs) : output.items();
		},
	};
}
