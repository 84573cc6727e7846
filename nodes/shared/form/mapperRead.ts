/**
 * The mapper as a run reads it: its mode, its key and its fields as saved (read once, from the
 * run's session), one item's record or filters as typed, and the mapped fields held against the
 * effective description before anything is sent. The form side (the mapper's properties and the
 * fields it loads) is mapper.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { descriptionName, type FieldSpec, type RecordSpec } from '../platform';
import type { ExecuteSession, Session } from '../session';
import { COLUMNS, FILTERS, type MapperValue } from './mapper';
import { hintSwitchesSavedOff, jsonField, notSent } from './mapperValues';

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
