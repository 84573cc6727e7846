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
	ILoadOptionsFunctions,
	INodeProperties,
	ResourceMapperField,
	ResourceMapperFields,
	FieldType as MapperType,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { descriptionName, type FieldSpec, type RecordSpec } from '../platform';
import type { ExecuteSession, Session } from '../session';
import { showFor, type ResourceOperation } from './properties';
import {
	emptyJson,
	hintSwitchesSavedOff,
	jsonField,
	mapperOptions,
	NOT_SENT_ON_UPDATE,
	notSent,
} from './mapperValues';

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

/** One item's filters from the mapper, as typed; a filter the description no longer has stops the run, naming it. */
export function mappedFilter(
	session: ExecuteSession,
	route: string,
	filters: FieldSpec[],
	itemIndex: number,
): IDataObject {
	const { ctx } = session;
	if (!storedMapper(session, FILTERS).value) return {};
	const value = ctx.getNodeParameter(`${FILTERS}.value`, itemIndex, {}, { skipValidation: true });
	const known = new Set(filters.map((field) => field.name));
	const filter: IDataObject = {};
	for (const [name, given] of Object.entries((value ?? {}) as IDataObject)) {
		if (given === null || given === undefined || given === '') continue;
		if (!known.has(name)) {
			const node = ctx.getNode();
			throw new NodeOperationError(
				node,
				`${node.name}: ${descriptionName(session.platform.source)} has no filter "${name}" on ${session.platform.path(route)}, which this node sets`,
				{
					description:
						'The platform changed its description since the node was set up. Open the node, refresh its filters and set them again. Nothing was read.',
				},
			);
		}
		filter[name] = given;
	}
	return filter;
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
		return { fields: [...fields, ...noLongerThere(ctx, parameter, fields)] };
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
): ResourceMapperField[] {
	const saved = (ctx.getCurrentNodeParameter(parameter) ?? {}) as MapperValue;
	const known = new Set(fields.map((field) => field.id));
	const mapped = [
		...Object.keys(saved.value ?? {}).filter((name) => saved.value?.[name] !== null),
		...(saved.matchingColumns ?? []),
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

/**
 * The mapper as the node holds it, its expressions not evaluated (a workflow made elsewhere may
 * hold no value yet): its mode, the names it maps, the key to match on and the fields it last
 * loaded are the same for every item, and evaluating the whole mapper to read them would run every
 * mapped expression once more per item.
 */
export function storedMapper(session: Session, name = COLUMNS): MapperValue {
	return (session.parameters[name] ?? {}) as MapperValue;
}

/** Whether the mapper takes each input item as it is (Map Automatically). */
export const mapsAutomatically = (session: ExecuteSession): boolean =>
	storedMapper(session).mappingMode === 'autoMapInputData';

/** One item's mapped record, as typed (n8n's own conversion skipped: the package's checks read it). */
export function mappedRecord(session: ExecuteSession, itemIndex: number): IDataObject {
	const { ctx } = session;
	if (mapsAutomatically(session)) return ctx.getInputData()[itemIndex].json;
	const { value: held, schema } = storedMapper(session);
	if (!held) return {};
	const types = new Map((schema ?? []).map((field) => [field.id, field.type]));
	const value = ctx.getNodeParameter(`${COLUMNS}.value`, itemIndex, {}, { skipValidation: true });
	const record: IDataObject = {};
	for (const [name, given] of Object.entries((value ?? {}) as IDataObject)) {
		const type = types.get(name);
		if (!notSent(given, type)) record[name] = jsonField(given, type) as IDataObject[string];
	}
	return record;
}

/** The key the person chose to match on, when it is not the description's. */
export function chosenKey(session: Session): string[] | undefined {
	const chosen = storedMapper(session).matchingColumns;
	return chosen && chosen.length ? chosen : undefined;
}

/**
 * The mapped fields held against the effective description before anything is sent: a field the
 * person mapped that the platform no longer has (renamed, removed) stops the run, naming it and
 * what to do.
 */
export function checkMapped(session: ExecuteSession, route: string, effective: RecordSpec): void {
	const { ctx } = session;
	if (mapsAutomatically(session)) return;
	const { value, matchingColumns, schema } = storedMapper(session);
	const known = new Set(effective.fields.map((field) => field.name));
	const mapped = Object.keys(value ?? {}).filter((name) => value?.[name] !== null);
	hintSwitchesSavedOff(ctx, value, schema, effective);
	const gone = [...new Set([...mapped, ...(matchingColumns ?? [])])].filter(
		(name) => !known.has(name),
	);
	const node = ctx.getNode();
	const on = session.platform.path(route);
	const stop = (what: string) =>
		new NodeOperationError(
			node,
			`${node.name}: ${descriptionName(session.platform.source)} ${what}`,
			{
				description:
					'The platform changed its description since the node was set up. Open the node, refresh its fields (⋯ → Refresh Field List) and map them again. Nothing was sent.',
			},
		);
	if (gone.length)
		throw stop(
			`has no field ${gone.map((name) => `"${name}"`).join(', ')} on ${on}, which this node maps`,
		);
	const extra = (
		((session.parameters.extraFields as IDataObject | undefined)?.field as
			| IDataObject[]
			| undefined) ?? []
	).map((entry) => String(entry.name ?? '').trim());
	const given = new Set([...mapped, ...extra]);
	const missing = effective.fields.filter((field) => field.required && !given.has(field.name));
	if (missing.length === 0) return;
	const names = missing.map((field) => `"${field.label}" (${field.name})`).join(', ');
	const saved = new Set((schema ?? []).map((field) => field.id));
	if (missing.some((field) => !saved.has(field.name)))
		throw stop(`requires ${names} on ${on}, which this node does not map`);
	throw new NodeOperationError(
		node,
		`${node.name}: the platform requires ${names}, which Fields does not map`,
		{
			description: `Map ${missing.length === 1 ? 'it' : 'them'} in the node's Fields (or choose Map Automatically and give the input items ${missing.length === 1 ? 'that column' : 'those columns'}). Nothing was sent.`,
		},
	);
}
