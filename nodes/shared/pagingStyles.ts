/**
 * How a read pages, as one reader per paging style (a cursor the answer gives, page numbers, an
 * offset, or a single page): where a page starts in the request, what a page must hold, where the
 * next page starts. Chosen once per read from the route's description (its `paging`); a new
 * vendor's paging is one more style here, not another branch in the read.
 */
import type { IDataObject } from 'n8n-workflow';

import { valueAt, withValueAt } from './objects';
import type { Paging } from './platform';

/** A cursor as the platform gave it: text or a number (sent back as it came), or none. */
export type Cursor = string | number;

/** Where the next page starts: a cursor, a page number or an offset, as the route pages. */
export type PageState = Cursor;

export interface PageStyle {
	/** The request for a page starting `at` (the first page: undefined) of `size` records. */
	place(body: IDataObject, at: PageState | undefined, size: number): IDataObject;
	/** The page size sent, which the route's largest page may lower. */
	sent(size: number): number;
	/** What a page must hold beyond its list of records, in words, or undefined. */
	problem(answer: IDataObject): string | undefined;
	/** Where the page after this one starts, or undefined when this was the last. */
	next(
		answer: IDataObject,
		at: PageState | undefined,
		count: number,
		size: number,
		headers: Record<string, unknown>,
		/** The records the earlier pages of this read gave, where the reader counted them. */
		before?: number,
	): PageState | undefined;
	/** The address a page starting `at` is read from, where the answer gave it (a Link header); else the route's own. */
	address?(at: PageState | undefined): string | undefined;
	/**
	 * The answer's field of the next cursor, for a cursor's paging: its pages may be asked in any
	 * size (page numbers and offsets keep their size, or the pages would shift), and a cursor
	 * given twice means the paging repeats.
	 */
	cursor?: string;
}

export function cursorAt(page: IDataObject, path: string): Cursor | undefined {
	const cursor = valueAt(page, path);
	if (typeof cursor === 'string') return cursor === '' ? undefined : cursor;
	return typeof cursor === 'number' && Number.isFinite(cursor) ? cursor : undefined;
}

type Paged = Exclude<Paging, { by: 'none' } | { by: 'link' }>;

/** What the answer's paging says there is more of: true, false, or not said. */
function moreOf(answer: IDataObject, paging: Paged): boolean | undefined {
	const more = valueAt(answer, paging.more ?? 'has_more');
	return typeof more === 'boolean' ? more : undefined;
}

function numberAt(answer: IDataObject, path: string | undefined): number | undefined {
	const value = path === undefined ? undefined : valueAt(answer, path);
	return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** What every paged style shares: the size field, the largest page, the "more" flag. */
function paged(
	paging: Paged,
	field: string,
	start: (at: PageState | undefined) => unknown,
	nextOf: PageStyle['next'],
): PageStyle {
	const sent = (size: number) => Math.min(size, paging.maxSize ?? size);
	return {
		place(body, at, size) {
			const set = (path: string | undefined, value: unknown) => {
				if (path !== undefined && value !== undefined) body = withValueAt(body, path, value);
			};
			set(paging.size, sent(size));
			set(field, start(at));
			return body;
		},
		sent,
		problem: () => undefined,
		next: (answer, at, count, size, headers, before) =>
			moreOf(answer, paging) === false
				? undefined
				: nextOf(answer, at, count, size, headers, before),
	};
}

const single: PageStyle = {
	place: (body) => body,
	sent: (size) => size,
	problem: () => undefined,
	next: () => undefined,
};

function cursorStyle(paging: Extract<Paging, { by: 'cursor' }>): PageStyle {
	const style = paged(
		paging,
		paging.cursor,
		(at) => at,
		(answer) => cursorAt(answer, paging.next),
	);
	return {
		...style,
		cursor: paging.next,
		problem(answer) {
			const cursor = valueAt(answer, paging.next);
			if (
				cursor !== undefined &&
				cursor !== null &&
				cursor !== '' &&
				cursorAt(answer, paging.next) === undefined
			)
				return `a ${paging.next} that is neither text nor a number`;
			if (moreOf(answer, paging) === true && cursorAt(answer, paging.next) === undefined)
				return `${paging.more ?? 'has_more'}: true but no ${paging.next} to read the rest with; reading stopped rather than return part of the list`;
			return undefined;
		},
	};
}

function pageStyle(paging: Extract<Paging, { by: 'page' }>): PageStyle {
	return paged(
		paging,
		paging.page,
		(at) => at ?? paging.first,
		(answer, at, count, _size, _headers, before) => {
			if (count === 0) return undefined;
			const page = typeof at === 'number' ? at : paging.first;
			// The platform's own count of pages holds even where it gave fewer records per page than asked.
			const totalPages = numberAt(answer, paging.totalPages);
			if (totalPages !== undefined)
				return page - paging.first + 1 >= totalPages ? undefined : page + 1;
			// A total of records is held against the records the pages gave, never pages × the size
			// asked: a platform may give fewer a page than asked without saying its most, and counting
			// in the size asked took the list as read before its end. Where the reader did not count
			// them, this page's own size stands for the earlier pages' (at worst one more page is read).
			const total = numberAt(answer, paging.total);
			const given = (before ?? (page - paging.first) * count) + count;
			if (total !== undefined && given >= total) return undefined;
			return page + 1;
		},
	);
}

function offsetStyle(paging: Extract<Paging, { by: 'offset' }>): PageStyle {
	return paged(
		paging,
		paging.offset,
		(at) => at ?? 0,
		(answer, at, count) => {
			if (count === 0) return undefined;
			const offset = (typeof at === 'number' ? at : 0) + count;
			const total = numberAt(answer, paging.total);
			return total !== undefined && offset >= total ? undefined : offset;
		},
	);
}

/** The target of a Link header's link whose rel names "next" (RFC 8288), or undefined. */
export function nextLink(header: unknown): string | undefined {
	const text = Array.isArray(header) ? header.join(', ') : header;
	if (typeof text !== 'string') return undefined;
	for (const link of text.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
		const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(link[2]);
		const names = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
		if (names.includes('next') && link[1].trim() !== '') return link[1].trim();
	}
	return undefined;
}

/** Pages whose answers name the next page's address in a Link header: read until one names none. */
function linkStyle(paging: Extract<Paging, { by: 'link' }>): PageStyle {
	const sent = (size: number) => Math.min(size, paging.maxSize ?? size);
	return {
		// The next address carries its own size, filters and place.
		place: (body, at, size) =>
			at === undefined && paging.size !== undefined
				? withValueAt(body, paging.size, sent(size))
				: body,
		sent,
		problem: () => undefined,
		next: (_answer, _at, count, _size, headers) =>
			count === 0 ? undefined : nextLink(headers.link),
		address: (at) => (at === undefined ? undefined : String(at)),
		cursor: 'Link',
	};
}

/** The reader of a route's paging style. */
export function pageStyleOf(paging: Paging): PageStyle {
	switch (paging.by) {
		case 'cursor':
			return cursorStyle(paging);
		case 'page':
			return pageStyle(paging);
		case 'offset':
			return offsetStyle(paging);
		case 'link':
			return linkStyle(paging);
		default:
			return single;
	}
}
