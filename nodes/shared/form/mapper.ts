/**
 * From node version 3 a record's fields are n8n's resource mapper, loaded from the effective
 * description (the platform's own where the credential says so), as Postgres, Airtable and Google
 * Sheets load theirs: Map Each Column Manually or Map Automatically, required fields first and
 * marked, the record's key as the matching column (the description's, else the built-in one's,
 * else the user's pick), enums as dropdowns, read-only fields left out. Values are read as the
 * person typed them (n8n's conversion would read "" as 0 and a date as a timestamp) and checked by
 * the package's own checks. A mapped field the description no longer has stops the run before
 * anything is sent, naming it (mapperRead.ts, what a run reads of the mapper); a description that
 * cannot be read says why in the mapper's notice.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeProperties,
	ResourceMapperField,
	ResourceMapperFields,
	FieldType as MapperType,
} from 'n8n-workflow';

import type { FieldSpec, RecordSpec } from '../platform';
import { showFor, type ResourceOperation } from './properties';
import { emptyJson, mapperOptions, NOT_SENT_ON_UPDATE } from './mapperValues';

export { LEAVE_AS_IS, NOT_SENT_ON_UPDATE, notSent } from './mapperValues';

/** The mapper's parameter. */
export const COLUMNS = 'columns';

/** The node method that loads a write's fields (methods.resourceMapping). */
export const RECORD_FIELDS = 'recordFields';

/** A read's filters at version 3: a mapper of the platform's filter fields, as many as are wanted. */
export const FILTERS = 'filterFields';

/** The node method that loads a read's filters (methods.resourceMapping). */
export const FILTER_FIELDS = 'filterFields';

/** What the mapper holds, as n8n saves it. */
export interface MapperValue {
	mappingMode?: 'defineBelow' | 'autoMapInputData';
	value?: IDataObject | null;
	matchingColumns?: string[];
	schema?: ResourceMapperField[];
}

function mapperType(field: FieldSpec): MapperType {
	if (field.options || field.type === 'boolean') return 'options';
	switch (field.type) {
		case 'number':
		case 'integer':
			return 'number';
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

/** Fields that may identify one record, where the description names no key: required plain values, not lists or objects. */
const matchable = (field: FieldSpec) =>
	['string', 'number', 'integer', 'date'].includes(field.type) && !field.options;

/**
 * A record's fields for the mapper: required first. The key fields are the default match; where
 * the description names no key, a required plain field may be chosen.
 */
export function mapperFields(
	spec: RecordSpec,
	key: string[] | undefined,
	matching = true,
): ResourceMapperField[] {
	const ordered = [
		...spec.fields.filter((field) => field.required),
		...spec.fields.filter((field) => !field.required),
	];
	return ordered.map((field) => {
		const isKey = key?.includes(field.name) ?? false;
		return {
			id: field.name,
			// n8n marks a required field only in a mapper that adds; one that matches on a key ("upsert")
			// shows none, so the label says it. A key is labelled "(using to match)" by n8n already.
			displayName: field.required && !isKey ? `${field.label} (required)` : field.label,
			required: field.required === true,
			defaultMatch: isKey,
			canBeUsedToMatch: matching && (key ? isKey : matchable(field) && field.required === true),
			display: true,
			type: mapperType(field),
			...(mapperType(field) === 'options' ? { options: mapperOptions(field, matching) } : {}),
			...emptyJson(field),
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
					// Shown under the key, above the fields: what an update does to a field left out.
					hint: `From the platform's API description where it names one. A field left empty (a Yes/No at Leave As Is) is not sent; ${NOT_SENT_ON_UPDATE}.`,
				},
			},
		},
		displayOptions: showFor(op, extraShow),
	};
}

/** A read's filters as a mapper: the platform's filters, each added as wanted. */
export function filtersProperty(op: ResourceOperation, noun: string): INodeProperties {
	return {
		displayName: 'Filters',
		name: FILTERS,
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		description: `Only ${noun} records that match all of these, as the platform describes its filters`,
		typeOptions: {
			loadOptionsDependsOn: ['resource', 'operation'],
			resourceMapper: {
				resourceMapperMethod: FILTER_FIELDS,
				mode: 'map',
				fieldWords: { singular: 'filter', plural: 'filters' },
				addAllFields: false,
				supportAutoMap: false,
				hideNoDataError: true,
				refreshIncompleteSchemaOnOpen: true,
			},
		},
		displayOptions: showFor(op),
	};
}

/** The mapper's fields, or the reason there are none in the mapper's own notice (n8n would only say "no fields"). */
export async function loadMapperFields(
	ctx: ILoadOptionsFunctions,
	load: () => Promise<{ spec: RecordSpec; key?: string[]; matching?: boolean }>,
	parameter = COLUMNS,
): Promise<ResourceMapperFields> {
	try {
		const { spec, key, matching } = await load();
		const fields = mapperFields(spec, key, matching);
		// An empty key is a route with no records to match: a key saved for it is nobody's field.
		return { fields: [...fields, ...noLongerThere(ctx, parameter, fields, key?.length !== 0)] };
	} catch (error) {
		ctx.logger.warn(`${ctx.getNode().name}: fields not loaded: ${(error as Error).message}`);
		return { fields: [], emptyFieldsNotice: (error as Error).message };
	}
}

/**
 * Fields the node maps that the description no longer has: listed with their values and named so,
 * for the person to remove (its trash icon), rather than dropped from the list with their values.
 * Not n8n's `removed` flag: that hides a field from the list, and a hidden mapped field would make
 * the run's stop, which names it, a riddle.
 */
function noLongerThere(
	ctx: ILoadOptionsFunctions,
	parameter: string,
	fields: ResourceMapperField[],
	keyed: boolean,
): ResourceMapperField[] {
	const saved = (ctx.getCurrentNodeParameter(parameter) ?? {}) as MapperValue;
	const known = new Set(fields.map((field) => field.id));
	const mapped = [
		...Object.keys(saved.value ?? {}).filter((name) => saved.value?.[name] !== null),
		...(keyed ? (saved.matchingColumns ?? []) : []),
	];
	return [...new Set(mapped)]
		.filter((name) => !known.has(name))
		.map((name) => ({
			id: name,
			displayName: `${name} (no longer in the platform's description: remove it)`,
			required: false,
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
			type: 'string',
			readOnly: false,
			removed: false,
		}));
}
