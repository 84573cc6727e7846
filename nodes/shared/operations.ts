/**
 * The two shapes most operations take — "Add or Update" (bulk upsert by natural key) and
 * "Get Many" (filtered, paged read) — built from the route alone: its fields come from the
 * contract, so an area node's operation file only says which route, and in what words.
 */
import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { checkOrRefuse } from './checking';
import { checkFormAgainst, effectiveSpec, withChosenKey } from './drift';
import { bulkInput, bulkOutput, outputOptions, withFileInput } from './file/properties';
import { itemRecord, rowRecords, writeFiles, writeItemsWithSummary } from './file/write';
import { mapperProperty, RECORD_FIELDS } from './form/mapper';
import { checkMapped, mappedRecord, mapsAutomatically } from './form/mapperRead';
import {
	bulkWriteOptions,
	bulkOptions,
	includeInputFields,
	includeInputFieldsOption,
	optionsCollection,
	unknownFieldsOptions,
	unknownFieldsPolicy,
} from './form/options';
import {
	extraFieldsProperty,
	recordProperties,
	showFor,
	type ResourceOperation,
} from './form/properties';
import { checkedRecord, extraFields, readRecord, recordSource } from './form/records';
import { formLabel, needsSentence, sentences } from './form/words';
import { Output, type OutputOptions } from './output';
import {
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
	/** What Column Mapping offers for a file of this operation's records (default: the record's fields). */
	columnsOf?: (spec: RecordSpec) => INodePropertyOptions[];
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
 * (the record as given, unchecked) names a record that fails its check by its key; `words`, what a
 * stored record's item and a row's outcome say where the operation says them its own way.
 */
export async function writeRecords(
	session: ExecuteSession,
	route: RoutePath,
	recordOf: (itemIndex: number) => IDataObject,
	rawRecord?: (itemIndex: number) => IDataObject | undefined,
	words: Pick<OutputOptions, 'stored' | 'outcome'> = {},
): Promise<INodeExecutionData[]> {
	const { ctx } = session;
	const output = new Output(session, {
		route,
		rawRecord,
		includeInputFields: includeInputFields(ctx),
		...words,
	});
	const rows = output.readEach(ctx.getInputData().length, (itemIndex) => ({
		itemIndexes: [itemIndex],
		record: recordOf(itemIndex),
	}));
	await output.writeRows(route, rows, bulkOptions(session, route));
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
	const auto = mapsAutomatically(session);
	const policy = unknownFieldsPolicy(ctx);
	const raw = (itemIndex: number) => ({
		...mappedRecord(session, itemIndex),
		...extraFields(session, itemIndex),
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
