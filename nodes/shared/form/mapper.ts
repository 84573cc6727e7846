/**
 * From node version 3 a record's fields are n8n's resource mapper, loaded from the effective
 * description (the platform's own where the credential says so), as Postgres, Airtable and Google
 * Sheets load theirs: Map Each Column Manually or Map Automatically, required fields first and
 * marked, the record's key as the matching column (the description's, else the built-in one's,
 * else the user's pick), enums as dropdowns, read-only fields left out. Values are read as the
 * person typed them (n8n's conversion would read "" as 0 and a date as a timestamp) and checked by
 * the package's own checks. A mapped field the description no longer has stops the run before
 * anything is sent, naming it; a description that cannot be read says why in the mapper's notice.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
	ResourceMapperField,
	ResourceMapperFields,
	FieldType as MapperType,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { describedAs, type FieldSpec, type RecordSpec } from '../platform';
import type { ExecuteSession } from '../session';
import { showFor, type ResourceOperation } from './properties';

/** The mapper's parameter. */
export const COLUMNS = 'columns';

/** The node method that loads a write's fields (methods.resourceMapping). */
export const RECORD_FIELDS = 'recordFields';

/** What the mapper holds, as n8n saves it. */
export interface MapperValue {
	mappingMode?: 'defineBelow' | 'autoMapInputData';
	value?: IDataObject | null;
	matchingColumns?: string[];
	schema?: ResourceMapperField[];
}

function mapperType(field: FieldSpec): MapperType {
	if (field.options) return 'options';
	switch (field.type) {
		case 'number':
		case 'integer':
			return 'number';
		case 'boolean':
			return 'boolean';
		case 'dateTime':
			return 'dateTime';
		case 'object':
		case 'json':
			return 'object';
		case 'list':
			return 'array';
		default:
			// A date and a comma-separated list are typed as text: n8n's date picker gives a timestamp.
			return 'string';
	}
}

/** Fields that identify one record and so may be matched on: plain values, not lists or objects. */
const matchable = (field: FieldSpec) =>
	['string', 'number', 'integer', 'date'].includes(field.type) && !field.options;

/**
 * A record's fields for the mapper: required first. The key fields are the default match; where
 * the description names no key, any plain field may be chosen.
 */
export function mapperFields(spec: RecordSpec, key: string[] | undefined): ResourceMapperField[] {
	const ordered = [
		...spec.fields.filter((field) => field.required),
		...spec.fields.filter((field) => !field.required),
	];
	return ordered.map((field) => {
		const isKey = key?.includes(field.name) ?? false;
		return {
			id: field.name,
			displayName: field.label,
			required: field.required === true,
			defaultMatch: isKey,
			canBeUsedToMatch: key ? isKey : matchable(field),
			display: true,
			type: mapperType(field),
			...(field.options
				? { options: field.options.map(({ name, value }) => ({ name, value })) }
				: {}),
			readOnly: false,
			removed: false,
		};
	});
}

/** The mapper of one operation's record (an upsert matches on the record's key). */
export function mapperProperty(
	op: ResourceOperation,
	noun: string,
	method: string,
	extraShow: Record<string, unknown[]> = {},
): INodeProperties {
	return {
		displayName: 'Fields',
		name: COLUMNS,
		type: 'resourceMapper',
		noDataExpression: true,
		required: true,
		default: { mappingMode: 'defineBelow', value: null },
		description: `The ${noun}'s fields, as the platform describes them`,
		typeOptions: {
			loadOptionsDependsOn: ['resource', 'operation'],
			resourceMapper: {
				resourceMapperMethod: method,
				mode: 'upsert',
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: true,
				multiKeyMatch: true,
				supportAutoMap: true,
				hideNoDataError: true,
				refreshIncompleteSchemaOnOpen: true,
				matchingFieldsLabels: {
					title: 'Key to Match On',
					description: `The fields that identify a ${noun}: a record whose key the platform already has is updated`,
					hint: "From the platform's API description where it names one",
				},
			},
		},
		displayOptions: showFor(op, extraShow),
	};
}

/** The mapper's fields, or the reason there are none in the mapper's own notice (n8n would only say "no fields"). */
export async function loadMapperFields(
	ctx: ILoadOptionsFunctions,
	load: () => Promise<{ spec: RecordSpec; key?: string[] }>,
): Promise<ResourceMapperFields> {
	try {
		const { spec, key } = await load();
		return { fields: mapperFields(spec, key) };
	} catch (error) {
		ctx.logger.warn(`${ctx.getNode().name}: fields not loaded: ${(error as Error).message}`);
		return { fields: [], emptyFieldsNotice: (error as Error).message };
	}
}

/** The mapper as the node holds it (a workflow made elsewhere may hold no value yet). */
export function mapperValue(ctx: IExecuteFunctions, itemIndex = 0): MapperValue {
	const value = ctx.getNodeParameter(COLUMNS, itemIndex, {});
	return (value ?? {}) as MapperValue;
}

/** Whether the mapper takes each input item as it is (Map Automatically). */
export const mapsAutomatically = (ctx: IExecuteFunctions): boolean =>
	mapperValue(ctx).mappingMode === 'autoMapInputData';

/** One item's mapped record, as typed (n8n's own conversion skipped: the package's checks read it). */
export function mappedRecord(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	if (mapsAutomatically(ctx)) return ctx.getInputData()[itemIndex].json;
	const stored = mapperValue(ctx, itemIndex).value;
	if (!stored) return {};
	const value = ctx.getNodeParameter(`${COLUMNS}.value`, itemIndex, {}, { skipValidation: true });
	const record: IDataObject = {};
	for (const [name, given] of Object.entries((value ?? {}) as IDataObject))
		if (given !== null && given !== undefined && given !== '') record[name] = given;
	return record;
}

/** The key the person chose to match on, when it is not the description's. */
export function chosenKey(ctx: IExecuteFunctions): string[] | undefined {
	const chosen = mapperValue(ctx).matchingColumns;
	return chosen && chosen.length ? chosen : undefined;
}

/**
 * The mapped fields held against the effective description before anything is sent: a field the
 * person mapped that the platform no longer has (renamed, removed) stops the run, naming it and
 * what to do.
 */
export function checkMapped(session: ExecuteSession, route: string, effective: RecordSpec): void {
	const { ctx } = session;
	if (mapsAutomatically(ctx)) return;
	const { value, matchingColumns } = mapperValue(ctx);
	const known = new Set(effective.fields.map((field) => field.name));
	const mapped = Object.keys(value ?? {}).filter((name) => value?.[name] !== null);
	const gone = [...new Set([...mapped, ...(matchingColumns ?? [])])].filter(
		(name) => !known.has(name),
	);
	if (gone.length === 0) return;
	const node = ctx.getNode();
	throw new NodeOperationError(
		node,
		`${node.name}: the platform's API description${describedAs(session.platform.source)} has no field ${gone.map((name) => `"${name}"`).join(', ')} on ${session.platform.path(route)}, which this node maps`,
		{
			description:
				'The platform changed its description since the node was set up. Open the node, refresh its fields (⋯ → Refresh Field List) and map the new ones. Nothing was sent.',
		},
	);
}
