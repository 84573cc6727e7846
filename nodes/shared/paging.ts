/**
 * Reads: one page at a time through the transport, as the route's description says it pages (a
 * cursor the answer gives, page numbers, an offset, or a single page), until the user's limit or
 * the last page. Only what is returned is kept; each page is dropped once copied.
 *
 * A platform whose paging does not end is stopped with an error naming the route, never followed
 * for ever: a cursor it gave before, or page after page bringing no new record. One that says
 * there is more (`has_more: true`) without a cursor to get it is an error too, never a list
 * silently cut short. A record read a second time is returned once: the keys of the records read
 * (and the cursors followed) are kept, small beside the records themselves.
 */
import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { counted } from './counting';
import { isObject, valueAt } from './objects';
import type { Paging, Platform } from './platform';
import { pageStyleOf, type PageState, type PageStyle } from './pagingStyles';
import type { Session } from './session';
import { platformRequest, type RequestOptions } from './transport/request';
import { pathOfRoute } from './transport/target';
import { identityOf } from './readIdentity';

export type { Cursor, PageState } from './pagingStyles';

export const MAX_PAGE_SIZE = 500;

/** Pages in a row that may bring no new record while the platform says there is more. */
const MAX_FRUITLESS_PAGES = 3;

/** How our own contract pages: a cursor the answer gives as next_cursor, pages of up to 500. */
const OUR_PAGING: Paging = {
	by: 'cursor',
	cursor: 'cursor',
	size: 'limit',
	maxSize: MAX_PAGE_SIZE,
	next: 'next_cursor',
};

/** The usual names of an answer's list of records, for a read whose description does not say where it is. */
const LIST_NAMES = ['items', 'data', 'results', 'records', 'content', 'entries', 'rows'];

export interface ReadOptions extends RequestOptions {
	/** Stop after this many records; undefined reads every page. */
	limit?: number;
	pageSize?: number;
}

/** How a route reads: where filters go, how it pages, where its answer's records are. */
export interface ReadShape {
	filter: string;
	paging: Paging;
	/** The reader of its paging style, chosen once from `paging`. */
	style: PageStyle;
	/** Undefined: the description does not say; the answer's one list of records is taken. */
	list?: string;
	/** The parameters its path, query or headers take, which go beside a filter object, not in it. */
	params?: Set<string>;
}

/** How a route of this platform reads (the credential test's read has no session). */
export function readShape(platform: Platform, route: string): ReadShape {
	const wire = platform.wire(route);
	const paging = wire.paging ?? OUR_PAGING;
	const params = platform.route(route).params;
	return {
		filter: wire.filter ?? 'filter',
		paging,
		style: pageStyleOf(paging),
		list: wire.list,
		...(params ? { params: new Set(Object.keys(params)) } : {}),
	};
}

export function readShapeOf(session: Session, route: string): ReadShape {
	return readShape(session.platform, route);
}

/** Where an answer's records are: the route's list, else its one list of records (or the usual names' first). */
function listOf(answer: IDataObject, shape: ReadShape): { path: string; value: unknown } {
	if (shape.list !== undefined) return { path: shape.list, value: valueAt(answer, shape.list) };
	const lists = Object.keys(answer).filter(
		(name) => Array.isArray(answer[name]) && (answer[name] as unknown[]).every(isObject),
	);
	const path =
		lists.length === 1 ? lists[0] : (LIST_NAMES.find((name) => lists.includes(name)) ?? 'items');
	return { path, value: answer[path] };
}

/**
 * What a page must hold, for the transport's check: its list of records where the route's
 * description puts it and, for a cursor, the cursor text, a number or null. A page that says there
 * is more (`has_more: true`) must say how to get it: a list cut short is never returned as if it
 * were whole.
 */
export function pageProblem(shape: ReadShape): (answer: IDataObject) => string | undefined {
	return (answer) => {
		const { path, value: items } = listOf(answer, shape);
		const named = path === '' ? 'records' : path;
		if (!Array.isArray(items))
			return items === undefined ? `no list of ${named}` : `${named} that are not a list`;
		if (items.some((item) => !isObject(item))) return `${named} that are not records`;
		return shape.style.problem(answer);
	};
}

/** The request for one page: the filters where the route takes them, and where the page starts. */
export function pageBody(
	shape: ReadShape,
	filter: IDataObject,
	at: PageState | undefined,
	size: number,
): IDataObject {
	if (shape.filter === '') return shape.style.place({ ...filter }, at, size);
	// A parameter goes where the transport takes it from (the body's top), the filters in their object.
	const filters: IDataObject = {};
	const body: IDataObject = { [shape.filter]: filters };
	for (const [name, value] of Object.entries(filter))
		(shape.params?.has(name) ? body : filters)[name] = value;
	return shape.style.place(body, at, size);
}

/**
 * The address of a page the answer named (a Link header), made whole against the route's own
 * address; one on another site is refused: the credential goes only to the platform's base URL.
 */
function addressOf(
	session: Session,
	route: string,
	link: string | undefined,
	itemIndex: number | undefined,
): string | undefined {
	if (link === undefined) return undefined;
	const own = `${session.baseUrl}${pathOfRoute(session.platform.path(route))}`;
	const url = URL.canParse(link, own) ? new URL(link, own) : undefined;
	if (url?.origin !== new URL(session.baseUrl).origin)
		throw new NodeApiError(session.ctx.getNode(), { message: link } as JsonObject, {
			message: `The platform's Link header on ${route} names its next page at ${url?.origin ?? link}, not the platform's own site: reading stopped there, so the credential is not sent elsewhere`,
			description: `Route ${route}. The records read so far are not returned. Tell the platform's operator that its Link header points away from ${new URL(session.baseUrl).origin}.`,
			itemIndex,
		});
	return url.href;
}

/** One page as read: its records, and where the next page starts (none on the last). */
export interface PageRead {
	status: number;
	records: IDataObject[];
	next?: PageState;
	/** The answer's headers, names in lower case. */
	headers: Record<string, unknown>;
}

/** Reads one page of a read route. */
export async function readPage(
	session: Session,
	route: string,
	filter: IDataObject,
	at: PageState | undefined,
	size: number,
	options: RequestOptions = {},
	before?: number,
): Promise<PageRead> {
	const shape = readShapeOf(session, route);
	const { style } = shape;
	const url = addressOf(session, route, style.address?.(at), options.itemIndex);
	const {
		status,
		body: answer,
		headers = {},
	} = await platformRequest(session, route, pageBody(shape, filter, at, size), {
		...options,
		expect: pageProblem(shape),
		...(url ? { url } : {}),
	});
	const records = listOf(answer, shape).value as IDataObject[];
	// Pages are counted in the size sent, which the route's largest page may have lowered.
	return {
		status,
		records,
		next: style.next(answer, at, records.length, style.sent(size), headers, before),
		headers,
	};
}

export async function readAll(
	session: Session,
	route: string,
	filter: IDataObject,
	options: ReadOptions = {},
): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	for await (const page of readPages(session, route, filter, options)) out.push(...page.records);
	return out;
}

/** Every record a read by a list of keys answers, the keys asked `max` at a time under `list`. */
export async function readByKeys(
	session: Session,
	route: string,
	list: string,
	keys: string[],
	max: number,
	options: ReadOptions = {},
): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	for (let start = 0; start < keys.length; start += max)
		out.push(
			...(await readAll(session, route, { [list]: keys.slice(start, start + max) }, options)),
		);
	return out;
}

/** One page read: its records not read before, and whether it was the last (nothing more to read). */
export interface Page {
	records: IDataObject[];
	last: boolean;
	/** The headers of the answer the records came in. */
	headers: Record<string, unknown>;
}

/** Yields pages so a caller (the trigger) can stop early, e.g. when its time budget runs out. */
export async function* readPages(
	session: Session,
	route: string,
	filter: IDataObject,
	options: ReadOptions = {},
): AsyncGenerator<Page> {
	const pageSize = Math.min(options.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
	const { cursor } = readShapeOf(session, route).style;
	const identity = identityOf(session, route);
	const seen = new Set<string>();
	const places = new Set<PageState>();
	let remaining = options.limit ?? Infinity;
	let at: PageState | undefined;
	let read = 0;
	// The records the pages gave, repeats included: what a platform's total of records counts.
	let given = 0;
	let repeated = 0;
	let fruitless = 0;
	const broken = (status: number, what: string) =>
		new NodeApiError(session.ctx.getNode(), { message: what } as JsonObject, {
			message: `The platform's paging on ${route} does not end: ${what} (HTTP ${status}, after ${read} records). Reading stopped rather than loop for ever`,
			description: `Route ${route}. Use a Limit or narrower Filters, and tell the platform's operator that its ${cursor !== undefined ? `${cursor} ` : ''}paging repeats.`,
			itemIndex: options.itemIndex,
		});
	do {
		// A page-numbered read keeps its page size from the first page on: the pages must not shift.
		const size = cursor !== undefined ? Math.min(pageSize, remaining) : pageSize;
		const page = await readPage(session, route, filter, at, size, options, given);
		given += page.records.length;
		const fresh: IDataObject[] = [];
		for (const record of page.records) {
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
		const { next } = page;
		if (next !== undefined && remaining > 0) {
			if (cursor !== undefined && places.has(next))
				throw broken(page.status, `it gave a ${cursor} it had given before`);
			fruitless = fresh.length === 0 ? fruitless + 1 : 0;
			if (fruitless > MAX_FRUITLESS_PAGES)
				throw broken(
					page.status,
					`${fruitless} pages in a row brought no new record, each ${cursor !== undefined ? `with a ${cursor}` : 'saying there is more'}`,
				);
			places.add(next);
		}
		if (repeated > 0 && (next === undefined || remaining <= 0)) {
			session.ctx.logger.warn(
				`WMS ${route}: the platform returned ${counted(repeated, 'record')} a second time while paging; each was output once`,
			);
		}
		at = next;
		yield { records: fresh, last: next === undefined, headers: page.headers };
	} while (at !== undefined && remaining > 0);
}
