/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-hardcoded-secrets -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * A second platform for tests, independent of the simulator: a real node:http server that
 * answers like the contract by default and can be told, per route and per request, to answer
 * in any other way a platform (or a proxy in front of it) plausibly might — wrong shapes, web
 * pages, empty or cut-off bodies, odd statuses, a slow trickle, a hang-up.
 *
 * It keeps what it did: every request, and every row its answers confirmed, so a test can hold
 * the nodes to "nothing counted as stored that the platform did not confirm".
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { rowKey } from '../../nodes/shared/bulk/outcomes';
import { checkRouteOf, isRoute, routeInfo, type RouteInfo } from '../../nodes/shared/platform';

/** What the package knows of a route a call came in on (nothing, for a route it does not call). */
const infoOf = (route: string): Partial<RouteInfo> => (isRoute(route) ? routeInfo(route) : {});

type Json = unknown;

/** One answer. `json` is sent as JSON; `raw` as is (a web page, a cut-off body, nothing). */
export interface Reply {
	status?: number;
	headers?: Record<string, string>;
	json?: Json;
	raw?: string;
	/** Send the headers, then one byte now and then, never ending (until the client gives up). */
	trickle?: true;
	/** Close the connection without an answer. */
	hangUp?: true;
	/** Text sent before the JSON (a byte order mark). */
	prefix?: string;
	/** The status line's text (a platform may put anything there). */
	reason?: string;
}

export interface Call {
	route: string;
	/** The query string of the address called, without "?" ('' when none). */
	query: string;
	/** The Authorization header the call carried. */
	authorization?: string;
	body: Record<string, unknown>;
	/** The how-many-th request on this route (1 = first). */
	n: number;
	/** The request's rows (bulk routes), for answers built from them. */
	items: Array<Record<string, unknown>>;
}

/** An answer for a call; undefined falls back to the contract's answer. */
export type Responder = (call: Call, platform: QuirkyPlatform) => Reply | undefined;

export const CLIENT_ID = 'quirky-client';
export const CLIENT_SECRET = 'quirky-secret-5b8e1d';

/** The contract's answer to a bulk write: one result per row, in order, keyed. */
export function contractResults(
	route: string,
	items: Array<Record<string, unknown>>,
	status = 'created',
) {
	const fields = infoOf(route).resultKey ?? ['id'];
	const results = items.map((item, index) => ({
		index,
		key: rowKey(fields, item as IDataObject),
		status,
	}));
	return {
		results,
		summary: {
			created: status === 'created' ? items.length : 0,
			updated: status === 'updated' ? items.length : 0,
			unchanged: status === 'unchanged' ? items.length : 0,
		},
	};
}

export const webPage = (status = 200): Reply => ({
	status,
	headers: { 'content-type': 'text/html' },
	raw: '<!DOCTYPE html><html><body><h1>Please log in</h1></body></html>',
});

export class QuirkyPlatform {
	readonly calls: Call[] = [];
	/** "route key" of every row an answer of this platform confirmed (a known status for that row's key). */
	readonly confirmed = new Set<string>();
	/** Records the read routes page through, per route, in order. */
	readonly records = new Map<string, Array<Record<string, unknown>>>();
	tokensIssued = 0;
	/** Records per page at most, whatever limit the request asks for (the contract allows fewer): paging shows on few records. */
	pageSize = 2;
	private readonly responders = new Map<string, Responder[]>();
	/** Rows bulk writes stored, per route kept (see keep). */
	private readonly kept = new Map<
		string,
		{ dedupe: boolean; rows: Array<Record<string, unknown>> }
	>();
	private readonly validTokens = new Set<string>();
	private readonly sockets = new Set<Socket>();
	private readonly trickles = new Set<NodeJS.Timeout>();
	private server!: Server;
	baseUrl = '';
	/** Another host (another origin): where a redirect may point. It records what reached it and answers like the contract. */
	elsewhere!: Elsewhere;
	readonly clientId = CLIENT_ID;
	readonly clientSecret = CLIENT_SECRET;

	static async start(): Promise<QuirkyPlatform> {
		const platform = new QuirkyPlatform();
		platform.server = createServer((req, res) => void platform.handle(req, res));
		platform.server.on('connection', (socket) => {
			platform.sockets.add(socket);
			socket.on('close', () => platform.sockets.delete(socket));
		});
		await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
		platform.baseUrl = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}/v1`;
		platform.elsewhere = await Elsewhere.start();
		return platform;
	}

	/** Tokens the platform accepts besides those it issues itself (a test's own token endpoint). */
	acceptToken(token: string): void {
		this.validTokens.add(token);
	}

	/** Adds a responder for a route ('*': every route without a reply of its own); responders answer in the order added, the first that returns a reply wins. */
	on(route: string, responder: Responder): this {
		this.responders.set(route, [...(this.responders.get(route) ?? []), responder]);
		return this;
	}

	/**
	 * Stores what writes of a bulk route send, and answers its read-by-key route from that: a
	 * platform that updates a record by its key (dedupe), or one that adds a record each time.
	 */
	keep(route: string, { dedupe }: { dedupe: boolean }): this {
		this.kept.set(route, { dedupe, rows: [] });
		return this;
	}

	/** Stores rows of a call on a kept route, as the platform does before answering (a responder may store, then hang up). */
	store(call: Call, rows = call.items): void {
		const kept = this.kept.get(call.route)!;
		const fields = infoOf(call.route).naturalKey ?? [];
		for (const row of rows) {
			const at = kept.dedupe
				? kept.rows.findIndex(
						(held) => rowKey(fields, held as IDataObject) === rowKey(fields, row as IDataObject),
					)
				: -1;
			if (at >= 0) kept.rows[at] = row;
			else kept.rows.push(row);
		}
	}

	/** The rows a kept route holds with this key (more than one: a duplicate). */
	stored(route: string, key: string): Array<Record<string, unknown>> {
		const fields = infoOf(route).naturalKey ?? [];
		return (this.kept.get(route)?.rows ?? []).filter(
			(row) => rowKey(fields, row as IDataObject) === key,
		);
	}

	/** Every token issued so far stops being accepted. */
	revokeTokens(): void {
		this.validTokens.clear();
	}

	count(route: string): number {
		return this.calls.filter((call) => call.route === route).length;
	}

	async close(): Promise<void> {
		for (const timer of this.trickles) clearInterval(timer);
		for (const socket of this.sockets) socket.destroy();
		await new Promise((resolve) => this.server.close(resolve));
		await this.elsewhere.close();
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const [path, query = ''] = (req.url ?? '').split('?');
		const route = path.replace(/^\/v1/, '');
		const authorization = req.headers.authorization;
		let body: Record<string, unknown> = {};
		try {
			body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
		} catch {
			return this.send(
				res,
				{ route, query, authorization, body: {}, n: 0, items: [] },
				{
					status: 400,
					json: { error: { code: 'malformed_json', message: 'the body is not valid JSON' } },
				},
			);
		}
		const items = Array.isArray(body.items) ? (body.items as Array<Record<string, unknown>>) : [];
		const call: Call = { route, query, authorization, body, n: this.count(route) + 1, items };
		this.calls.push(call);
		for (const responder of [
			...(this.responders.get(route) ?? []),
			...(this.responders.get('*') ?? []),
		]) {
			const reply = responder(call, this);
			if (reply) return this.send(res, call, reply);
		}
		this.send(res, call, this.contractAnswer(call, req.headers.authorization));
	}

	/** What a platform that keeps the contract answers. */
	private contractAnswer(call: Call, authorization: string | undefined): Reply {
		if (call.route === '/oauth/token') {
			if (call.body.client_id !== CLIENT_ID || call.body.client_secret !== CLIENT_SECRET) {
				return {
					status: 401,
					json: { error: { code: 'invalid_client', message: 'unknown client or wrong secret' } },
				};
			}
			const token = `quirky-token-${++this.tokensIssued}-${Math.random().toString(36).slice(2, 10)}`;
			this.validTokens.add(token);
			return { json: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
		}
		if (!this.validTokens.has((authorization ?? '').replace(/^Bearer /, ''))) {
			return {
				status: 401,
				json: {
					error: { code: 'invalid_token', message: 'bearer token missing, expired or revoked' },
				},
			};
		}
		const info = infoOf(call.route);
		if (info.kind === 'bulk') {
			if (this.kept.has(call.route)) this.store(call);
			return { json: contractResults(call.route, call.items) };
		}
		const all = this.keptRecords(call) ?? this.records.get(call.route) ?? [];
		const from = Number(call.body.cursor ?? 0);
		const limit = Math.min(Number(call.body.limit ?? 100), this.pageSize);
		const next = from + limit < all.length ? String(from + limit) : null;
		return { json: { items: all.slice(from, from + limit), next_cursor: next } };
	}

	/** A read by key of a kept route's records: those whose key is in the filter's list. */
	private keptRecords(call: Call): Array<Record<string, unknown>> | undefined {
		const write = [...this.kept.keys()].find(
			(route) => isRoute(route) && checkRouteOf(route) === call.route,
		);
		const filter = isRoute(call.route) ? routeInfo(call.route).keyFilter : undefined;
		if (!write || !filter) return undefined;
		const wanted = ((call.body.filter as Record<string, unknown>)?.[filter.list] ??
			[]) as unknown[];
		return this.kept.get(write)!.rows.filter((row) => wanted.includes(row[filter.key]));
	}

	private send(res: ServerResponse, call: Call, reply: Reply): void {
		if (reply.hangUp) {
			res.socket?.destroy();
			return;
		}
		if ((reply.status ?? 200) < 300) this.noteConfirmations(call, reply.json);
		const headers = { 'content-type': 'application/json', ...reply.headers };
		if (reply.reason !== undefined) res.writeHead(reply.status ?? 200, reply.reason, headers);
		else res.writeHead(reply.status ?? 200, headers);
		if (reply.trickle) {
			res.write('{"results":[');
			const timer = setInterval(() => res.write(' '), 50);
			this.trickles.add(timer);
			res.on('close', () => {
				clearInterval(timer);
				this.trickles.delete(timer);
			});
			return;
		}
		res.end(
			reply.raw ??
				`${reply.prefix ?? ''}${reply.json === undefined ? '' : JSON.stringify(reply.json)}`,
		);
	}

	/**
	 * Rows a 2xx JSON answer on a bulk route confirmed: a result with a known status names its row
	 * by key, else by index, else by position when there is one result per row.
	 */
	private noteConfirmations(call: Call, json: Json): void {
		const results = (json as { results?: unknown } | undefined)?.results;
		if (infoOf(call.route).kind !== 'bulk' || !Array.isArray(results)) return;
		const fields = infoOf(call.route).resultKey ?? ['id'];
		results.forEach(
			(result: { key?: unknown; index?: unknown; status?: unknown } | null, position) => {
				if (
					!result ||
					!['created', 'updated', 'unchanged'].includes(String(result.status).toLowerCase())
				)
					return;
				const row =
					typeof result.index === 'number'
						? call.items[result.index]
						: results.length === call.items.length
							? call.items[position]
							: undefined;
				const key = result.key ?? (row ? rowKey(fields, row as IDataObject) : undefined);
				if (key !== undefined && key !== null) this.confirmed.add(`${call.route} ${String(key)}`);
			},
		);
	}
}

/** A host of its own that answers every call as if it were the platform, and keeps what reached it. */
export class Elsewhere {
	readonly calls: Array<{ url: string; authorization?: string; body: string }> = [];
	origin = '';
	private server!: Server;

	static async start(): Promise<Elsewhere> {
		const host = new Elsewhere();
		host.server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				const body = Buffer.concat(chunks).toString('utf8');
				host.calls.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
				const items = (JSON.parse(body || '{}') as { items?: unknown[] }).items ?? [];
				const route = (req.url ?? '').split('?')[0].replace(/^\/v1/, '');
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(
					JSON.stringify(
						route === '/oauth/token'
							? { access_token: 'elsewhere-token-0001', token_type: 'Bearer', expires_in: 60 }
							: { ...contractResults(route, items as Array<Record<string, unknown>>), items: [] },
					),
				);
			});
		});
		await new Promise<void>((resolve) => host.server.listen(0, '127.0.0.1', resolve));
		host.origin = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;
		return host;
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise((resolve) => this.server.close(resolve));
	}
}
