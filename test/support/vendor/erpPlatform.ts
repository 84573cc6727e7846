/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test helper, run by Node: the community-node rules are for code n8n runs */
/**
 * A platform that keeps ERP updates as a generated vendor says (test/support/vendor/erpUpdates.ts):
 * one node:http server, the vendor swapped between runs. Its list routes answer the updates of
 * their kind in the state the filter names (pending where none is named), oldest first, paged as
 * the vendor pages; its marks set the vendor's complete or error word. A request the description
 * does not allow (a state word it does not list, an id of the other type, an id it never gave) is
 * a misfit: the node should never send one.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { KINDS, type ErpVendor, type Kind } from './erpUpdates';
import { readPage } from './paging';
import { CLIENT_ID, CLIENT_SECRET } from './platform';

export { CLIENT_ID, CLIENT_SECRET };

type Row = Record<string, unknown>;

export interface Update {
	id: number | string;
	kind: Kind;
	status: string;
	created_at: string;
	payload: Row;
	/** What the last mark sent with it (erp_reference, message). */
	marked?: Row;
}

export class ErpPlatform {
	vendor!: ErpVendor;
	updates: Update[] = [];
	misfits: string[] = [];
	baseUrl = '';
	private made = 0;
	private server!: Server;
	private readonly sockets = new Set<Socket>();
	private readonly tokens = new Set<string>();

	static async start(): Promise<ErpPlatform> {
		const platform = new ErpPlatform();
		platform.server = createServer((req, res) => void platform.handle(req, res));
		platform.server.on('connection', (socket) => {
			platform.sockets.add(socket);
			socket.on('close', () => platform.sockets.delete(socket));
		});
		await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
		platform.baseUrl = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}/v1`;
		return platform;
	}

	use(vendor: ErpVendor): void {
		this.vendor = vendor;
		this.updates = [];
		this.misfits = [];
	}

	/** `count` new pending updates of `kind`; their ids as the platform gives them. */
	add(kind: Kind, count: number): Array<number | string> {
		return Array.from({ length: count }, () => {
			this.made++;
			const id = this.vendor.idType === 'integer' ? 100 + this.made : `U-${this.made}`;
			this.updates.push({
				id,
				kind,
				status: this.vendor.words.pending,
				created_at: new Date(Date.UTC(2026, 10, 21, 8, 0, this.made)).toISOString(),
				payload: { reference: `REF-${this.made}` },
			});
			return id;
		});
	}

	async close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		await new Promise((resolve) => this.server.close(resolve));
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const route = (req.url ?? '').split('?')[0].replace(/^\/v1/, '');
		const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Row;
		const send = (status: number, json: unknown) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(json));
		};
		if (route === '/oauth/token') {
			const token = `erp-token-${this.tokens.size + 1}`;
			this.tokens.add(token);
			return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
		}
		if (!this.tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')))
			return send(401, { title: 'Unauthorized' });
		const kind = KINDS.find((one) => route === `/erp_update/${one}`);
		if (kind) return send(200, this.list(kind, body));
		if (route === '/erp_update/set_complete') return send(200, this.mark(body, 'complete'));
		if (route === '/erp_update/set_error') return send(200, this.mark(body, 'error'));
		this.misfits.push(`${route}: not a route`);
		return send(404, { title: 'Not Found' });
	}

	private readonly listed = (word: unknown) =>
		Object.values(this.vendor.words).includes(word as string);

	private idFits(id: unknown): boolean {
		return this.vendor.idType === 'integer' ? Number.isInteger(id) : typeof id === 'string';
	}

	private list(kind: Kind, body: Row): unknown {
		const { vendor } = this;
		const filter = (vendor.filter ? (body.filter ?? {}) : body) as Row;
		const states = [
			...(filter.status !== undefined ? [filter.status] : []),
			...(Array.isArray(filter.statuses) ? filter.statuses : []),
		];
		for (const word of states)
			if (!this.listed(word)) this.misfits.push(`${kind}: state ${JSON.stringify(word)}`);
		const ids = Array.isArray(filter.ids) ? filter.ids : undefined;
		for (const id of ids ?? [])
			if (!this.idFits(id)) this.misfits.push(`${kind}: id ${JSON.stringify(id)}`);
		const wanted = states.length ? states : [vendor.words.pending];
		const all = this.updates
			.filter((update) => update.kind === kind && wanted.includes(update.status))
			.filter((update) => !ids || ids.includes(update.id))
			.map((update) => {
				// What a mark sent stays the platform's own, not part of the update it lists.
				const listed: Row = { ...update };
				delete listed.marked;
				return listed;
			});
		if (!vendor.list) return all;
		const { page, misfit } = readPage(vendor.paging, all, body);
		if (misfit) this.misfits.push(`${kind}: ${misfit}`);
		const { data, ...facts } = page;
		return { [vendor.list]: data, ...facts };
	}

	private mark(body: Row, state: 'complete' | 'error'): unknown {
		const rows = body[this.vendor.marks];
		if (!Array.isArray(rows)) {
			this.misfits.push(`set_${state}: no ${this.vendor.marks} list`);
			return { results: [] };
		}
		return {
			results: (rows as Row[]).map((row, index) => {
				const update = this.updates.find((one) => one.id === row.id);
				if (!this.idFits(row.id) || !update) {
					this.misfits.push(`set_${state}: id ${JSON.stringify(row.id)}`);
					return { index, key: row.id, status: 'error', message: 'no such update' };
				}
				const word = this.vendor.words[state];
				const unchanged = update.status === word;
				update.status = word;
				const sent = { ...row };
				delete sent.id;
				update.marked = sent;
				return { index, key: update.id, status: unchanged ? 'unchanged' : 'updated' };
			}),
		};
	}
}
