/**
 * Reads: one page at a time through the transport, following next_cursor until the user's
 * limit or the last page. Only what is returned is kept; each page is dropped once copied.
 *
 * A platform whose paging does not end is stopped with an error naming the route, never
 * followed for ever: a next_cursor it gave before, or page after page bringing no new record. One
 * that says there is more (`has_more: true`) without a cursor to get it is an error too, never a
 * list silently cut short.
 * A record read a second time is returned once. To know that, the keys of the records read
 * (and the cursors followed) are kept: small beside the records themselves.
 */
import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { counted } from './counting';
import { rowKey } from './bulk/outcomes';
import { recordsRoute, routeInfo, type RoutePath } from './platform';
import type { Session } from './session';
import { platformRequest, type RequestOptions } from './transport/request';

export const MAX_PAGE_SIZE = 500;

/** Pages in a row that may bring no new record while still giving a next_cursor. */
const MAX_FRUITLESS_PAGES = 3;

export interface ReadOptions extends RequestOptions {
	/** Stop after this many records; undefined reads every page. */
	limit?: number;
	pageSize?: number;
}

/** A cursor as the platform gave it: text or a number (sent back as it came), or none. */
export type Cursor = string | number;

export function cursorOf(page: IDataObject): Cursor | undefined {
	const cursor = page.next_cursor;
	if (typeof cursor === 'string') return cursor === '' ? undefined : cursor;
	return typeof cursor === 'number' && Number.isFinite(cursor) ? cursor : undefined;
}

/** Where the next page starts; none when a page says there is no more (`has_more: false`), whatever cursor it also gives. */
export function nextCursor(page: IDataObject): Cursor | undefined {
	return page.has_more === false ? undefined : cursorOf(page);
}

/**
 * What a page must hold, for the transport's check: `{items: [records], next_cursor}`, the cursor
 * text, a number or null. A page that says there is more (`has_more: true`) must say how to get it:
 * a list cut short is never returned as if it were whole.
 */
export function pageProblem(answer: IDataObject): string | undefined {
	const { items, next_cursor: cursor } = answer;
	if (!Array.isArray(items))
		return items === undefined ? 'no list of items' : 'items that are not a list';
	if (cursor !== undefined && cursor !== null && cursorOf(answer) === undefined && cursor !== '')
		return 'a next_cursor that is neither text nor a number';
	if (items.some((item) => item === null || typeof item !== 'object' || Array.isArray(item)))
		return 'items that are not records';
	if (answer.has_more === true && cursorOf(answer) === undefined)
		return 'has_more: true but no next_cursor to read the rest with; reading stopped rather than return part of the list';
	return undefined;
}

/** How a record of this route is told apart: the key its records route reports, else its `id`. */
function identityOf(route: RoutePath): (record: IDataObject) => string | undefined {
	const records = recordsRoute(route);
	const fields = records ? routeInfo(records).resultKey : undefined;
	if (fields)
		return (record) =>
			fields.every((field) => record[field] === undefined || record[field] === null)
				? undefined
				: rowKey(fields, record);
	// An id as the platform sent it: 7 and "7" are two records.
	return (record) =>
		typeof record.id === 'string' || typeof record.id === 'number'
			? JSON.stringify(record.id)
			: undefined;
}

export async function readAll(
	session: Session,
	route: RoutePath,
	filter: IDataObject,
	options: ReadOptions = {},
): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	for await (const page of readPages(session, route, filter, options)) out.push(...page.records);
	return out;
}

/** One page read: its records not read before, and whether it was the last (nothing more to read). */
export interface Page {
	records: IDataObject[];
	last: boolean;
}

/** Yields pages so a caller (the trigger) can stop early, e.g. when its time budget runs out. */
export async function* readPages(
	session: Session,
	route: RoutePath,
	filter: IDataObject,
	options: ReadOptions = {},
): AsyncGenerator<Page> {
	const pageSize = Math.min(options.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
	const identity = identityOf(route);
	const seen = new Set<string>();
	const cursors = new Set<Cursor>();
	let remaining = options.limit ?? Infinity;
	let cursor: Cursor | undefined;
	let read = 0;
	let repeated = 0;
	let fruitless = 0;
	const broken = (status: number, what: string) =>
		new NodeApiError(session.ctx.getNode(), { message: what } as JsonObject, {
			message: `The platform's paging on ${route} does not end: ${what} (HTTP ${status}, after ${read} records). Reading stopped rather than loop for ever`,
			description: `Route ${route}. Use a Limit or narrower Filters, and tell the platform's operator that its next_cursor paging repeats.`,
			itemIndex: options.itemIndex,
		});
	do {
		const body: IDataObject = { filter, limit: Math.min(pageSize, remaining) };
		if (cursor !== undefined) body.cursor = cursor;
		const { status, body: page } = await platformRequest(session, route, body, {
			...options,
			expect: pageProblem,
		});
		const fresh: IDataObject[] = [];
		for (const record of page.items as IDataObject[]) {
			if (fresh.length >= remaining) break;
			const id = identity(record);
			if (id !== undefined) {
				if (seen.has(id)) {
					repeated++;
					continue;
				}
				seen.add(id);
			}
			fresh.push(record);
		}
		remaining -= fresh.length;
		read += fresh.length;
		const next = nextCursor(page);
		if (next !== undefined && remaining > 0) {
			if (cursors.has(next)) throw broken(status, 'it gave a next_cursor it had given before');
			fruitless = fresh.length === 0 ? fruitless + 1 : 0;
			if (fruitless > MAX_FRUITLESS_PAGES)
				throw broken(
					status,
					`${fruitless} pages in a row brought no new record, each with a next_cursor`,
				);
			cursors.add(next);
		}
		if (repeated > 0 && (next === undefined || remaining <= 0)) {
			session.ctx.logger.warn(
				`WMS ${route}: the platform returned ${counted(repeated, 'record')} a second time while paging; each was output once`,
			);
		}
		cursor = next;
		yield { records: fresh, last: next === undefined };
	} while (cursor !== undefined && remaining > 0);
}
