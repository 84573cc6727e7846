/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/** The HTTP front: routing, faults, auth, media type, JSON, limits, schema, handler, envelope. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenAuthority } from './auth';
import type { Contract, ContractRoute } from './contract';
import type { RestOrders } from './rest';
import type { ServedRoute } from './served';
import { ajvDetails } from './contract';
import { ApiError } from './errors';
import type { Faults } from './faults';
import { gatewayToken, type TokenGateway, type TokenRequestSeen } from './gateway';
import type { Handler, Sim } from './kit';
import type { Timing } from './timing';

const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface Stats {
	requests: Record<string, number>;
	items: Record<string, number>;
	statuses: Record<string, number>;
	tokensIssued: number;
}

export interface FrontDeps {
	/** The routes of the description served now (ours, a shape's, a given document's). */
	routes: () => Map<string, ServedRoute>;
	/** Answers a request for the description when the path is one of its addresses (false otherwise). */
	description: (req: IncomingMessage, res: ServerResponse, path: string) => boolean;
	auth: TokenAuthority;
	faults: Faults;
	stats: Stats;
	timing: Timing;
	control: (req: IncomingMessage, res: ServerResponse, path: string, body: Buffer) => void;
	/** The OAuth gateway in front of the token route, if the site has one. */
	gateway: () => TokenGateway | undefined;
	/** Every token request the gateway saw, in order. */
	tokenRequests: TokenRequestSeen[];
	/** An old address on this host whose requests are redirected to the path without it (SimulatorOptions.moved). */
	moved?: string;
	/** The REST vendor's orders beside the POST routes (rest.ts). */
	rest?: RestOrders;
}

let requestCounter = 0;
/** Connections that have carried a request: the next request on them pays no connection set-up. */
const usedSockets = new WeakSet<object>();

export function sendJson(
	res: ServerResponse,
	status: number,
	payload: unknown,
	headers: Record<string, string> = {},
): void {
	const text = JSON.stringify(payload);
	res.writeHead(status, {
		'Content-Type': 'application/json; charset=utf-8',
		'Content-Length': Buffer.byteLength(text),
		...headers,
	});
	res.end(text);
}

export function errorPayload(err: ApiError, requestId: string): unknown {
	const error: Record<string, unknown> = { code: err.code, message: err.message };
	if (err.details && err.details.length > 0) error.details = err.details;
	error.request_id = requestId;
	return { error };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (c: Buffer) => {
			size += c.length;
			if (size > MAX_BODY_BYTES) {
				reject(
					new ApiError(413, 'too_many_items', `request body larger than ${MAX_BODY_BYTES} bytes`),
				);
				req.destroy();
				return;
			}
			chunks.push(c);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What every request meets before its handler: the records per request (413), read-only fields
 * removed, the request schema (422 naming each field by a JSON pointer into the body).
 */
export function admit(
	route: ContractRoute,
	body: any, // eslint-disable-line @typescript-eslint/no-explicit-any -- validated against the document here
	container = 'items',
	limit = route.maxItems,
): void {
	const records = body?.[container];
	if (limit !== undefined && Array.isArray(records) && records.length > limit) {
		throw new ApiError(
			413,
			'too_many_items',
			`${records.length} ${container === 'items' ? 'items' : 'records'} sent; ${route.path} accepts at most ${limit} per request`,
		);
	}
	route.stripReadOnly(body);
	if (!route.validate(body)) {
		const details = ajvDetails(route.validate.errors);
		const first = details[0];
		const more = details.length > 1 ? ` (and ${details.length - 1} more; see details)` : '';
		throw new ApiError(422, 'validation_failed', `${first.path}: ${first.message}${more}`, details);
	}
}

/** Limits, read-only stripping, schema validation and the handler: a request after its JSON is parsed. */
export function runRoute(
	route: ContractRoute,
	handlers: Map<string, Handler>,
	sim: Sim,
	body: any, // eslint-disable-line @typescript-eslint/no-explicit-any -- validated against the contract here
): unknown {
	admit(route, body);
	const handler = handlers.get(route.path);
	if (!handler)
		throw new ApiError(503, 'unavailable', `${route.path} is not implemented by the simulator`);
	return handler(body, sim);
}

/** The same pipeline without HTTP (demo data goes through it so it is contract-valid). */
export function callRoute(
	contract: Contract,
	handlers: Map<string, Handler>,
	sim: Sim,
	path: string,
	body: unknown,
): unknown {
	const route = contract.routes.get(path);
	if (!route) throw new Error(`no contract route ${path}`);
	try {
		return runRoute(route, handlers, sim, body);
	} catch (err) {
		if (err instanceof ApiError)
			throw new Error(`${path}: ${err.status} ${err.message} ${JSON.stringify(err.details ?? [])}`);
		throw err;
	}
}

export function createFront(d: FrontDeps) {
	const bump = (rec: Record<string, number>, key: string, n = 1) => {
		rec[key] = (rec[key] ?? 0) + n;
	};

	return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const requestId = `req_${(++requestCounter).toString().padStart(7, '0')}`;
		res.setHeader('X-Request-Id', requestId);
		const url = new URL(req.url ?? '/', 'http://sim');
		const path = url.pathname.replace(/\/+$/, '') || '/';
		if (path.startsWith('/_sim/') || path.startsWith('/v1/_sim/')) {
			let body: Buffer;
			try {
				body = await readBody(req);
			} catch {
				return;
			}
			d.control(req, res, path.replace(/^\/v1/, ''), body);
			return;
		}
		if (d.moved && path.startsWith(`${d.moved}/`)) {
			await readBody(req).catch(() => undefined);
			bump(d.stats.statuses, '307');
			res.writeHead(307, { Location: path.slice(d.moved.length), 'Content-Length': 0 });
			res.end();
			return;
		}
		if (d.description(req, res, path)) {
			await readBody(req).catch(() => undefined);
			return;
		}
		const routePath = path.startsWith('/v1/') ? path.slice(3) : undefined;
		if (routePath && d.rest?.serves(routePath))
			return await d.rest.answer(req, res, routePath, url.searchParams);
		const route = routePath === undefined ? undefined : d.routes().get(routePath);
		const trip = d.timing.trip(!usedSockets.has(req.socket));
		usedSockets.add(req.socket);
		const done = d.timing.begin();
		res.once('close', done);
		// Every answer, and a connection dropped after processing, reaches the client after the way back.
		const answer = async (s: number, payload: unknown, headers?: Record<string, string>) => {
			await trip.back();
			if (route) bump(d.stats.statuses, String(s));
			sendJson(res, s, payload, headers);
		};
		const fail = (err: ApiError) => answer(err.status, errorPayload(err, requestId), err.headers);
		try {
			await trip.there();
			if (!route) {
				await readBody(req);
				throw new ApiError(
					404,
					'not_found',
					`no route POST ${path}; routes live under /v1 (see the description at /v1/openapi.json)`,
				);
			}
			bump(d.stats.requests, route.path);
			const decision = d.faults.decide(route.path);
			await decision.hold;
			if (decision.latencyMs > 0) await delay(decision.latencyMs);
			const fault = decision.fault;
			if (fault?.kind === 'reset_before') {
				req.socket.destroy();
				return;
			}
			const raw = await readBody(req);
			if (fault?.kind === '429') {
				const secs = fault.retryAfterSeconds ?? 1;
				throw new ApiError(
					429,
					'rate_limited',
					`rate limit exceeded; retry after ${secs} seconds`,
					undefined,
					{ 'Retry-After': String(secs) },
				);
			}
			if (fault?.kind === '503')
				throw new ApiError(503, 'unavailable', 'service temporarily unavailable');
			if (fault?.kind === '401') throw new ApiError(401, 'invalid_token', 'access token revoked');
			if (req.method !== 'POST') {
				throw new ApiError(
					405,
					'method_not_allowed',
					`method ${req.method} not allowed; every route is POST`,
					undefined,
					{ Allow: 'POST' },
				);
			}
			const gateway = d.gateway();
			if (gateway && route.path === '/oauth/token') {
				const token = gatewayToken(gateway, req.headers, raw, d.auth, d.tokenRequests);
				await answer(token.status, token.payload);
				return;
			}
			const client = route.needsToken ? d.auth.verify(req.headers.authorization) : undefined;
			if (client !== undefined) d.timing.admit(client);
			const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
			if (type !== 'application/json') {
				throw new ApiError(
					415,
					'unsupported_media_type',
					`Content-Type must be application/json (got ${type || 'none'})`,
				);
			}
			let body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- checked by the schema next
			try {
				body = JSON.parse(raw.toString('utf8'));
			} catch (e) {
				throw new ApiError(
					400,
					'malformed_json',
					`request body is not valid JSON: ${(e as Error).message}`,
				);
			}
			// The token route has no token yet: its client is the one asking.
			if (client === undefined)
				d.timing.admit(typeof body?.client_id === 'string' ? body.client_id : '');
			await trip.rows(route.rows(body));
			const result = route.run(body);
			bump(d.stats.items, route.path, route.counted(body, result));
			await trip.records(route.records(result));
			if (fault?.kind === 'reset_after') {
				await trip.back();
				bump(d.stats.statuses, 'reset_after');
				req.socket.destroy();
				return;
			}
			await answer(200, result);
		} catch (err) {
			if (err instanceof ApiError) await fail(err);
			else {
				await fail(
					new ApiError(500, 'unavailable', `simulator failure: ${(err as Error).message}`),
				);
			}
		}
	};
}
