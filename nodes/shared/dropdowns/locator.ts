/**
 * Resource locators, one way for every record a user picks (warehouse, area, zone, bin, customer,
 * supply location, supplier, courier service): "From List", searched on the platform page by page
 * (a warehouse may hold thousands of bins), or "By Code", typed in and checked against the
 * contract's pattern. The parameter keeps its name; a value saved before it was a locator (a plain
 * code) is read as it is.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { readPage } from '../paging';
import type { RoutePath } from '../platform';
import { openSession, type Session } from '../session';
import { INTERACTIVE_RETRY } from '../transport/retry';

/** Records per page of the list: what a user scrolls through before typing more. */
const PAGE_SIZE = 100;

export type ListSearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

/** The code a locator holds ({__rl: true, value, mode}), or the value as it is (a plain code saved earlier, an expression's result). */
export function locatorValue(value: unknown): unknown {
	if (value !== null && typeof value === 'object' && (value as IDataObject).__rl === true)
		return (value as IDataObject).value;
	return value;
}

export interface PlatformList {
	route: RoutePath;
	/** The read filter for the form as it is now (e.g. the warehouse already chosen). */
	filter?: (ctx: ILoadOptionsFunctions) => IDataObject;
	/** One record as a list entry; undefined leaves it out. */
	entry: (record: IDataObject, filter: IDataObject) => INodeListSearchItems | undefined;
}

function cursorFrom(token: string): string | number {
	try {
		const cursor: unknown = JSON.parse(token);
		return typeof cursor === 'number' ? cursor : String(cursor);
	} catch {
		return token;
	}
}

/**
 * A "From List" method that asks the platform for one page: the typed text as its `search` filter
 * (where the route has one), where the page starts (a cursor, a page number or an offset, as the
 * route pages) as n8n's paginationToken.
 */
export function platformList({ route, filter, entry }: PlatformList): ListSearchMethod {
	return async function (this: ILoadOptionsFunctions, search?: string, paginationToken?: string) {
		const session = await listSession(this);
		const wanted: IDataObject = { ...(filter?.(this) ?? {}) };
		const searchable = session.platform
			.filterFields(route)
			.some((field) => field.name === 'search');
		if (search?.trim() && searchable) wanted.search = search.trim();
		// Where the next page starts, text or a number, goes to the editor and back as JSON text.
		const at = paginationToken ? cursorFrom(paginationToken) : undefined;
		const page = await readPage(session, route, wanted, at, PAGE_SIZE);
		const typed = searchable ? '' : (search?.trim().toLowerCase() ?? '');
		const results = page.records
			.flatMap((record) => entry(record, wanted) ?? [])
			.filter((item) => item.value !== '')
			// A platform without a search filter: the page is searched here, by name and code.
			.filter(
				(item) =>
					typed === '' ||
					item.name.toLowerCase().includes(typed) ||
					String(item.value).toLowerCase().includes(typed),
			);
		return {
			results,
			paginationToken: page.next === undefined ? undefined : JSON.stringify(page.next),
		};
	};
}

/** A list the editor asks for is a run of its own; a person waits for it, so it tries twice and waits little. */
export async function listSession(
	ctx: ILoadOptionsFunctions,
): Promise<Session<ILoadOptionsFunctions>> {
	return await openSession(ctx, { retry: INTERACTIVE_RETRY });
}

/** A "From List" method over a short list read whole (areas, zones of a warehouse), searched here on name and code. */
export function localList(
	load: (session: Session<ILoadOptionsFunctions>) => Promise<INodePropertyOptions[]>,
): ListSearchMethod {
	return async function (this: ILoadOptionsFunctions, search?: string) {
		const wanted = search?.trim().toLowerCase() ?? '';
		const options = await load(await listSession(this));
		const results = options
			.filter(
				(option) =>
					wanted === '' ||
					option.name.toLowerCase().includes(wanted) ||
					String(option.value).toLowerCase().includes(wanted),
			)
			.map((option) => ({ name: option.name, value: String(option.value) }));
		return { results };
	};
}

export interface LocatorSpec {
	/** The listSearch method of the node. */
	method: string;
	/** Form fields whose change makes the list read again (the parent warehouse, customer...). */
	dependsOn?: string[];
	pattern?: string;
	patternHint?: string;
	/** A code as the platform writes them, for By Code. */
	placeholder?: string;
}

/** The resource locator parameter: "From List" (searchable, paged) and "By Code". */
export function locatorProperty(
	base: Pick<INodeProperties, 'displayName' | 'name' | 'description' | 'required'>,
	{ method, dependsOn, pattern, patternHint, placeholder }: LocatorSpec,
): INodeProperties {
	const label = base.displayName.toLowerCase();
	return {
		...base,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		typeOptions: dependsOn?.length ? { loadOptionsDependsOn: dependsOn } : undefined,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${label}...`,
				typeOptions: { searchListMethod: method, searchable: true },
			},
			{
				displayName: 'By Code',
				name: 'code',
				type: 'string',
				placeholder: placeholder ?? `The ${label}'s code`,
				// The form checks only how a code is written; whether the platform has it shows when the node runs.
				hint: 'Checked against the platform only when the node runs: a code it does not have fails that item then',
				validation: pattern
					? [
							{
								type: 'regex',
								properties: {
									regex: pattern,
									errorMessage: `Must be ${patternHint ?? `a code matching ${pattern}`}`,
								},
							},
						]
					: undefined,
			},
		],
	};
}
