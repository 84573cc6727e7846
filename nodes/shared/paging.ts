/**
 * Reads: one page at a time through the transport, following next_cursor until the user's
 * limit or the last page. Only what is returned is kept; each page is dropped once copied.
 */
import type { IDataObject } from 'n8n-workflow';

import { wmsRequest, type RequestOptions, type WmsContext } from './transport';

export const MAX_PAGE_SIZE = 500;

interface Page {
	items?: IDataObject[];
	next_cursor?: string | null;
}

export interface ReadOptions extends RequestOptions {
	/** Stop after this many records; undefined reads every page. */
	limit?: number;
	pageSize?: number;
}

export async function readAll(this: WmsContext, route: string, filter: IDataObject, options: ReadOptions = {}): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	for await (const page of readPages.call(this, route, filter, options)) out.push(...page);
	return out;
}

/** Yields pages so a caller (the trigger) can stop early, e.g. when its time budget runs out. */
export async function* readPages(this: WmsContext, route: string, filter: IDataObject, options: ReadOptions = {}) {
	const pageSize = Math.min(options.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
	let remaining = options.limit ?? Infinity;
	let cursor: string | undefined;
	do {
		const body: IDataObject = { filter, limit: Math.min(pageSize, remaining) };
		if (cursor) body.cursor = cursor;
		const page = await wmsRequest.call<WmsContext, [string, IDataObject, RequestOptions], Promise<Page>>(this, route, body, options);
		const items = (page.items ?? []).slice(0, remaining);
		remaining -= items.length;
		cursor = page.next_cursor ?? undefined;
		yield items;
	} while (cursor && remaining > 0);
}
