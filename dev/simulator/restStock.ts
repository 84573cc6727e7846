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

/** A stock search's answer, or undefined when the path is not one. */
export function searchStock(
	lines: StockLine[],
	method: string,
	rawPath: string,
	body: string,
): { status: number; payload: unknown } | undefined {
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
