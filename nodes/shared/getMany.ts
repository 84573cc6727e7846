/**
 * "Get Many" and "Get Status": a filtered, paged read of one route, its filters from the route's
 * description (a form made from the built-in one before version 3, the platform's own in n8n's
 * mapper from 3); a read by a list of keys answers every key asked for.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkOrRefuse, type Checkable } from './checking';
import { effectiveFilter, effectiveFilters } from './drift';
import { locatorValue } from './dropdowns/locator';
import { filtersProperty } from './form/mapper';
import { mappedFilter } from './form/mapperRead';
import { optionsCollection, retryPolicy } from './form/options';
import { fieldProperty, showFor, type ResourceOperation } from './form/properties';
import { filtersSentence, formLabel, sentences } from './form/words';
import {
	KEY_READ_OUTPUTS,
	keyFilterOf,
	notFoundOption,
	readByKeys,
	type KeyRead,
	type NotFoundAs,
} from './keyReads';
import type { Operation } from './operations';
import { Output } from './output';
import { readAll } from './paging';
import { BUILT_IN, filterFields, type FieldSpec, type RoutePath } from './platform';
import type { ExecuteSession } from './session';
import { fromVersion, onlyVersions } from './version';

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
		...onlyVersions(
			[
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
			],
			3,
			false,
		),
		...onlyVersions([filtersProperty(op, noun)], 3, true),
	];
}

/** Version 3: one item's filters from the mapper, checked against the effective description's; a problem names "Filters → <field>". */
function checkedFilter(session: ExecuteSession, route: RoutePath, itemIndex: number): IDataObject {
	const filters = { fields: effectiveFilters(session, route) };
	return checkOrRefuse(
		session.ctx,
		itemIndex,
		filters,
		mappedFilter(session, route, filters.fields, itemIndex),
		{
			fieldName: (field) => `Filters → ${field}`,
			label: (field) => `Filters → ${formLabel(filters.fields, field)}`,
		},
	);
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
	/** One item's filter in the platform's own terms, where the form's differ (an ERP update's states and ids). */
	platformFilter?: (session: ExecuteSession, filter: IDataObject, itemIndex: number) => IDataObject;
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
			const keyRoute = platformKeys ? { ...platformKeys, noun: byKeys!.noun } : undefined;
			const output = new Output(session, {
				route: byKeys ? session.platform.recordsRoute(config.route) : undefined,
			});
			const keyReads: KeyRead[] = [];
			const plain = new Map<string, number>();
			await output.eachItem(items.length, async (itemIndex) => {
				const formed = fromVersion(ctx, 3)
					? checkedFilter(session, config.route, itemIndex)
					: effectiveFilter(
							session,
							config.route,
							readFilter(ctx, filters, itemIndex),
							filters.fields,
							byKeys && keyRoute ? { form: byKeys.list, platform: keyRoute.list } : undefined,
						);
				const filter = config.platformFilter?.(session, formed, itemIndex) ?? formed;
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
