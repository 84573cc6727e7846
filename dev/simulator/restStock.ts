/**
 * The REST vendor's stock search: a POST read whose path names the warehouse
 * (POST /warehouses/{warehouse_id}/stock/search) and whose filters sit in a `filter` object beside
 * its paging, as vendors write searches. `stockSearchPath()` is its description's path item, to put
 * into a description of a test's own.
 */
import { ApiError } from './errors';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

export const STOCK_SEARCH = '/warehouses/{warehouse_id}/stock/search';

export interface StockLine {
	warehouse_id: string;
	sku: string;
	quantity: number;
}

/** The path item of the stock search, its filters in a filter object and its pages by number. */
export function stockSearchPath(): Json {
	const line = {
		type: 'object',
		properties: {
			warehouse_id: { type: 'string' },
			sku: { type: 'string' },
			quantity: { type: 'integer' },
		},
	};
	return {
		post: {
			operationId: 'searchStock',
			parameters: [
				{ name: 'warehouse_id', in: 'path', required: true, schema: { type: 'string' } },
			],
			requestBody: {
				content: {
					'application/json': {
						schema: {
							type: 'object',
							properties: {
								filter: { type: 'object', properties: { sku: { type: 'string' } } },
								page: { type: 'integer', minimum: 1 },
								per_page: { type: 'integer', maximum: 2 },
							},
						},
					},
				},
			},
			responses: {
				'200': {
					description: 'OK',
					content: {
						'application/json': {
							schema: {
								type: 'object',
								properties: {
									items: { type: 'array', items: line },
									page: { type: 'integer' },
									total_pages: { type: 'integer' },
								},
							},
						},
					},
				},
			},
		},
	};
}

export const STOCK_LIST = '/warehouses/{warehouse_id}/stock';

/**
 * The path item of a stock list as GitHub-like APIs page: the answer is the list itself and the
 * next page's address is in its Link header, declared (with the vendor's other headers) through
 * components/headers, which `stockHeaders()` gives.
 */
export function stockListPath(): Json {
	const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
	return {
		get: {
			operationId: 'listStock',
			parameters: [
				{ name: 'warehouse_id', in: 'path', required: true, schema: { type: 'string' } },
				{ name: 'sku', in: 'query', schema: { type: 'string' } },
				{ name: 'per_page', in: 'query', schema: { type: 'integer', maximum: 2 } },
			],
			responses: {
				'200': {
					description: 'OK',
					headers: {
						Link: ref('Link'),
						'X-Total-Count': ref('TotalCount'),
						'X-Request-Id': { schema: { type: 'string' } },
						'X-Session-Token': { schema: { type: 'string' } },
						'Set-Cookie': { schema: { type: 'string' } },
					},
					content: {
						'application/json': {
							schema: {
								type: 'array',
								items: {
									type: 'object',
									properties: { sku: { type: 'string' }, quantity: { type: 'integer' } },
								},
							},
						},
					},
				},
			},
		},
	};
}

/** The components/headers the stock list's answer names. */
export const stockHeaders = (): Json => ({
	Link: { description: 'RFC 8288 links', schema: { type: 'string' } },
	TotalCount: { schema: { type: 'integer' } },
});

/** The stock list's answer: a page of the list, the next page's address in Link. */
function listStock(
	lines: StockLine[],
	warehouse: string,
	query: Record<string, string[]>,
): { status: number; payload: unknown; headers: Record<string, string> } {
	const sku = query.sku?.[0];
	const page = Number(query.page?.[0] ?? 1);
	const size = Number(query.per_page?.[0] ?? 2);
	const all = lines.filter((l) => l.warehouse_id === warehouse && (!sku || l.sku === sku));
	const at = `/v1/warehouses/${encodeURIComponent(warehouse)}/stock`;
	const more = page * size < all.length;
	const next =
		sku === 'ELSEWHERE'
			? `http://elsewhere.invalid${at}?page=${page + 1}`
			: `${at}?per_page=${size}&page=${page + 1}${sku ? `&sku=${encodeURIComponent(sku)}` : ''}`;
	return {
		status: 200,
		payload: all
			.slice((page - 1) * size, page * size)
			.map(({ sku, quantity }) => ({ sku, quantity })),
		headers: {
			...(more ? { Link: `<${at}?page=1>; rel="first", <${next}>; rel="next"` } : {}),
			'X-Total-Count': String(all.length),
			'X-Request-Id': `req-${page}`,
			'X-Session-Token': 'sess-secret-1',
			'Set-Cookie': 'sid=cookie-secret-1',
		},
	};
}

export const WAREHOUSE = '/warehouses/{warehouse_id}';

/** The path item of one warehouse, its answer's headers declared in place (one of them a key). */
export function warehousePath(): Json {
	return {
		get: {
			operationId: 'getWarehouse',
			parameters: [
				{ name: 'warehouse_id', in: 'path', required: true, schema: { type: 'string' } },
			],
			responses: {
				'200': {
					description: 'OK',
					headers: {
						'X-Request-Id': { schema: { type: 'string' } },
						'X-Api-Key': { schema: { type: 'string' } },
					},
					content: {
						'application/json': {
							schema: { type: 'object', properties: { id: { type: 'string' } } },
						},
					},
				},
			},
		},
	};
}

/** A stock search's answer, or undefined when the path is not one. */
export function searchStock(
	lines: StockLine[],
	method: string,
	rawPath: string,
	body: string,
	query: Record<string, string[]> = {},
): { status: number; payload: unknown; headers?: Record<string, string> } | undefined {
	const listed = /^\/warehouses\/([^/]+)\/stock$/.exec(rawPath);
	if (listed && method === 'GET') return listStock(lines, decodeURIComponent(listed[1]), query);
	const one = /^\/warehouses\/([^/]+)$/.exec(rawPath);
	if (one && method === 'GET')
		return {
			status: 200,
			payload: { id: decodeURIComponent(one[1]) },
			headers: { 'X-Request-Id': `wh-${one[1]}`, 'X-Api-Key': 'key-secret-1' },
		};
	const found = /^\/warehouses\/([^/]+)\/stock\/search$/.exec(rawPath);
	if (!found) return undefined;
	if (method !== 'POST') throw new ApiError(405, 'method_not_allowed', `${method} ${rawPath}`);
	const warehouse = decodeURIComponent(found[1]);
	const sent = JSON.parse(body || '{}') as Json;
	if ('warehouse_id' in sent || 'warehouse_id' in (sent.filter ?? {}))
		throw new ApiError(400, 'validation_failed', 'warehouse_id belongs in the path');
	const sku = sent.filter?.sku as string | undefined;
	const page = Number(sent.page ?? 1);
	const size = Number(sent.per_page ?? 2);
	const all = lines.filter((l) => l.warehouse_id === warehouse && (!sku || l.sku === sku));
	return {
		status: 200,
		payload: {
			items: all.slice((page - 1) * size, page * size),
			page,
			total_pages: Math.max(1, Math.ceil(all.length / size)),
		},
	};
}
