/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * A REST vendor beside the platform's POST convention, as logistics APIs are written (Fulfillment.com,
 * ShipEngine): orders under /orders, read with GET (one by its id in the path, or a list filtered
 * and paged by query parameters), replaced with PUT, changed with PATCH, cancelled with DELETE.
 * Its description (`restDescription()`, served with `sim.description.set({text, format: 'json'})`)
 * names its parameters under components/parameters. Every request is logged as it arrived
 * (method, path, query, body) so tests can see what the node sent.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenAuthority } from './auth';
import { ApiError } from './errors';
import { searchStock, type StockLine } from './restStock';
import { errorPayload, sendJson } from './server';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

export interface RestOrder {
	id: string;
	order_number: string;
	status: string;
	customer?: string;
}

export interface RestRequest {
	method: string;
	/** The path as it arrived, still percent-encoded. */
	path: string;
	query: Record<string, string[]>;
	/** The body as text; '' when none was sent. */
	body: string;
}

const STATUSES = ['open', 'picking', 'shipped', 'cancelled'];
const orderSchema = {
	type: 'object',
	properties: {
		id: { type: 'string' },
		order_number: { type: 'string' },
		status: { type: 'string', enum: STATUSES },
		customer: { type: 'string' },
	},
};
const json = (schema: Json) => ({ content: { 'application/json': { schema } } });
const answer = (schema: Json) => ({ '200': { description: 'OK', ...json(schema) } });

/** The vendor's OpenAPI 3.0 description. */
export function restDescription(): Json {
	const byId = [{ $ref: '#/components/parameters/OrderId' }];
	return {
		openapi: '3.0.3',
		info: { title: 'Orders REST', version: '1.0.0' },
		paths: {
			'/orders': {
				get: {
					tags: ['Orders'],
					operationId: 'listOrders',
					parameters: [
						{ name: 'status', in: 'query', schema: { type: 'string', enum: STATUSES } },
						{ $ref: '#/components/parameters/Page' },
						{ name: 'per_page', in: 'query', schema: { type: 'integer', maximum: 10 } },
					],
					responses: answer({
						type: 'object',
						properties: {
							data: { type: 'array', items: { $ref: '#/components/schemas/Order' } },
							page: { type: 'integer' },
							total_pages: { type: 'integer' },
						},
					}),
				},
			},
			'/orders/{id}/ship': {
				post: {
					tags: ['Orders'],
					operationId: 'shipOrder',
					parameters: byId,
					requestBody: {
						required: true,
						...json({
							type: 'object',
							required: ['carrier'],
							properties: { carrier: { type: 'string' } },
						}),
					},
					responses: answer({ $ref: '#/components/schemas/Order' }),
				},
			},
			'/orders/{id}/events': {
				parameters: byId,
				get: {
					tags: ['Orders'],
					operationId: 'orderEvents',
					responses: answer({
						type: 'array',
						items: {
							type: 'object',
							properties: { at: { type: 'string' }, status: { type: 'string' } },
						},
					}),
				},
			},
			'/orders/{id}': {
				parameters: byId,
				get: {
					tags: ['Orders'],
					operationId: 'getOrder',
					responses: answer({ $ref: '#/components/schemas/Order' }),
				},
				put: {
					tags: ['Orders'],
					operationId: 'replaceOrder',
					requestBody: {
						required: true,
						...json({
							type: 'object',
							required: ['order_number', 'status'],
							properties: {
								id: { type: 'string' },
								order_number: { type: 'string' },
								status: { type: 'string', enum: STATUSES },
								customer: { type: 'string' },
							},
						}),
					},
					responses: answer({ $ref: '#/components/schemas/Order' }),
				},
				patch: {
					tags: ['Orders'],
					operationId: 'changeOrder',
					requestBody: {
						required: true,
						...json({
							type: 'object',
							properties: { status: { type: 'string', enum: STATUSES } },
						}),
					},
					responses: answer({ $ref: '#/components/schemas/Order' }),
				},
				delete: {
					tags: ['Orders'],
					operationId: 'cancelOrder',
					responses: { '204': { description: 'Cancelled' } },
				},
			},
		},
		components: {
			parameters: {
				OrderId: { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
				Page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
			},
			schemas: { Order: orderSchema },
		},
	};
}

function readText(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

export class RestOrders {
	readonly orders = new Map<string, RestOrder>();
	readonly seen: RestRequest[] = [];
	/** Stock by warehouse, read by the stock search (restStock.ts). */
	readonly stock: StockLine[] = [];

	constructor(private readonly auth: TokenAuthority) {}

	/** Whether a path (under /v1) is this vendor's. */
	serves(path: string): boolean {
		return path === '/orders' || path.startsWith('/orders/') || path.startsWith('/warehouses/');
	}

	/** Orders numbered SO-1… with the statuses given in turn. */
	load(count: number): void {
		for (let i = 1; i <= count; i++) {
			const id = `o${i}`;
			this.orders.set(id, { id, order_number: `SO-${i}`, status: STATUSES[i % 3] });
		}
	}

	async answer(
		req: IncomingMessage,
		res: ServerResponse,
		rawPath: string,
		search: URLSearchParams,
	): Promise<void> {
		const body = await readText(req);
		const method = req.method ?? 'GET';
		const query: Record<string, string[]> = {};
		for (const [name, value] of search) (query[name] ??= []).push(value);
		this.seen.push({ method, path: rawPath, query, body });
		try {
			this.auth.verify(req.headers.authorization);
			const { status, payload, headers } = this.run(method, rawPath, query, body);
			if (payload === undefined) {
				res.writeHead(status, { 'Content-Length': 0 });
				res.end();
			} else sendJson(res, status, payload, headers);
		} catch (error) {
			const err =
				error instanceof ApiError
					? error
					: new ApiError(500, 'unavailable', `simulator failure: ${(error as Error).message}`);
			sendJson(res, err.status, errorPayload(err, 'rest'), err.headers);
		}
	}

	private run(
		method: string,
		rawPath: string,
		query: Record<string, string[]>,
		body: string,
	): { status: number; payload?: unknown; headers?: Record<string, string> } {
		const stock = searchStock(this.stock, method, rawPath, body, query);
		if (stock) return stock;
		if (rawPath === '/orders') {
			if (method !== 'GET') throw new ApiError(405, 'method_not_allowed', `${method} /orders`);
			const status = query.status?.[0];
			const page = Number(query.page?.[0] ?? 1);
			const size = Number(query.per_page?.[0] ?? 20);
			const all = [...this.orders.values()].filter((o) => !status || o.status === status);
			const totalPages = Math.max(1, Math.ceil(all.length / size));
			return {
				status: 200,
				payload: { data: all.slice((page - 1) * size, page * size), page, total_pages: totalPages },
			};
		}
		const ship = /^\/orders\/([^/]+)\/ship$/.exec(rawPath);
		if (ship && method === 'POST') {
			const order = this.orders.get(decodeURIComponent(ship[1]));
			if (!order) throw new ApiError(404, 'not_found', `no order ${ship[1]}`);
			const { carrier } = JSON.parse(body || '{}') as { carrier?: string };
			if (!carrier) throw new ApiError(400, 'validation_failed', 'carrier is required');
			order.status = 'shipped';
			return { status: 200, payload: { ...order, carrier } };
		}
		const events = /^\/orders\/([^/]+)\/events$/.exec(rawPath);
		if (events && method === 'GET') {
			const order = this.orders.get(decodeURIComponent(events[1]));
			if (!order) throw new ApiError(404, 'not_found', `no order ${events[1]}`);
			return {
				status: 200,
				payload: [
					{ at: '2026-11-27T08:00:00Z', status: 'open' },
					{ at: '2026-11-27T09:00:00Z', status: order.status },
				],
			};
		}
		const id = decodeURIComponent(rawPath.slice('/orders/'.length));
		const order = this.orders.get(id);
		if (!order) throw new ApiError(404, 'not_found', `no order ${id}`);
		if (method === 'GET') return { status: 200, payload: order };
		if (method === 'DELETE') {
			if (body !== '') throw new ApiError(400, 'validation_failed', 'DELETE takes no body');
			order.status = 'cancelled';
			return { status: 204 };
		}
		const sent = JSON.parse(body || '{}') as Partial<RestOrder>;
		if (sent.status !== undefined && !STATUSES.includes(sent.status))
			throw new ApiError(400, 'validation_failed', `status must be one of ${STATUSES.join(', ')}`);
		if (sent.id !== undefined && sent.id !== id)
			throw new ApiError(400, 'validation_failed', `id ${sent.id} in the body is not ${id}`);
		if (method === 'PUT') {
			if (!sent.order_number || !sent.status)
				throw new ApiError(400, 'validation_failed', 'PUT needs order_number and status');
			const replaced: RestOrder = {
				id,
				order_number: sent.order_number,
				status: sent.status,
				...(sent.customer ? { customer: sent.customer } : {}),
			};
			this.orders.set(id, replaced);
			return { status: 200, payload: replaced };
		}
		if (method === 'PATCH') {
			Object.assign(order, sent.status ? { status: sent.status } : {});
			return { status: 200, payload: order };
		}
		throw new ApiError(405, 'method_not_allowed', `${method} /orders/{id}`);
	}
}
