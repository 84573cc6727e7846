/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test helper, run by Node: the community-node rules are for code n8n runs */
/**
 * A platform that keeps stock comparisons as a generated vendor says (test/support/vendor/reconcile.ts):
 * one node:http server, the vendor swapped between runs. It holds stock per warehouse, takes ERP
 * counts and adjustments only under the vendor's list and field names, builds the compared items
 * from both sides when asked to snapshot, answers them under the vendor's names, and applies the
 * adjustments when the items are processed. A request the description does not allow (a field it
 * does not name, a list under another name, a step out of order) is a misfit: the node should
 * never send one.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { CLIENT_ID, CLIENT_SECRET } from './platform';
import { fieldsOf, type FlawPlace, type ReconcileVendor } from './reconcile';
import {
	keyOf,
	processItems,
	snapshot,
	statusAnswer,
	type Comparison,
	type Held,
	type Line,
} from './reconcileComparison';

export { CLIENT_ID, CLIENT_SECRET };
export type { Line };

type Row = Record<string, unknown>;

export class ReconcilePlatform {
	vendor!: ReconcileVendor;
	/** Stock per warehouse: SKU and batch → quantity. */
	stock = new Map<string, Held>();
	comparisons: Comparison[] = [];
	/** The routes called, in order (the token's not counted). */
	calls: string[] = [];
	/** The lines each line route was sent, as they came. */
	sent: Record<string, Row[]> = {};
	misfits: string[] = [];
	/** What each Process Items request sent beside comparison_id. */
	processedWith: Row[] = [];
	baseUrl = '';
	private server!: Server;
	private readonly sockets = new Set<Socket>();
	private readonly tokens = new Set<string>();

	static async start(): Promise<ReconcilePlatform> {
		const platform = new ReconcilePlatform();
		platform.server = createServer((req, res) => void platform.handle(req, res));
		platform.server.on('connection', (socket) => {
			platform.sockets.add(socket);
			socket.on('close', () => platform.sockets.delete(socket));
		});
		await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
		platform.baseUrl = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}/v1`;
		return platform;
	}

	use(vendor: ReconcileVendor, stock: Array<Line & { warehouse: string; qty: number }>): void {
		this.vendor = vendor;
		this.stock = new Map();
		for (const line of stock) {
			const held = this.stock.get(line.warehouse) ?? new Map();
			held.set(keyOf(line), { sku: line.sku, batch: line.batch, qty: line.qty });
			this.stock.set(line.warehouse, held);
		}
		this.comparisons = [];
		this.calls = [];
		this.sent = {};
		this.misfits = [];
		this.processedWith = [];
	}

	/** What the platform holds of a line now. */
	onHand(warehouse: string, line: Line): number {
		return this.stock.get(warehouse)?.get(keyOf(line))?.qty ?? 0;
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
			const token = `cmp-token-${this.tokens.size + 1}`;
			this.tokens.add(token);
			return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
		}
		if (!this.tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')))
			return send(401, { title: 'Unauthorized' });
		this.calls.push(route);
		if (route === '/comparison/add') return send(200, this.create(body));
		const comparison = this.comparisons.find((one) => one.id === body.comparison_id);
		if (!comparison) {
			this.misfits.push(`${route}: comparison ${JSON.stringify(body.comparison_id)}`);
			return send(404, { title: 'No such comparison' });
		}
		const answer = this.step(route, comparison, body);
		if (answer === undefined)
			return send(409, { title: 'Not allowed', detail: this.misfits.at(-1) });
		send(200, answer);
	}

	private step(route: string, comparison: Comparison, body: Row): unknown {
		const { vendor } = this;
		const allowed = (...states: string[]) =>
			states.includes(comparison.status) ||
			void this.misfits.push(`${route} in state ${comparison.status}`);
		switch (route) {
			case '/comparison_erp_on_hand/add':
				if (!allowed('open', 'loading')) return undefined;
				comparison.status = 'loading';
				return this.lines(route, body, vendor.erp.list, 'erp', (line, row) => {
					const warehouse = this.theirs('erp', 'warehouse');
					if (warehouse && row[warehouse] !== undefined && row[warehouse] !== comparison.warehouse)
						return `${warehouse} ${JSON.stringify(row[warehouse])} is not the comparison's`;
					comparison.erp.set(keyOf(line), {
						...line,
						qty: row[this.theirs('erp', 'qty')] as number,
					});
					return undefined;
				});
			case '/comparison_platform_on_hand/set':
				if (!allowed('open', 'loading', 'compared')) return undefined;
				this.only(route, body, []);
				return snapshot(comparison, this.held(comparison));
			case '/comparison/check_status':
				this.only(route, body, []);
				return statusAnswer(this.vendor, comparison);
			case '/comparison_adjustment_item/add':
				if (!allowed('compared', 'adjusting')) return undefined;
				comparison.status = 'adjusting';
				return this.lines(route, body, vendor.adjustment.list, 'adjustment', (line, row) => {
					if (!comparison.items.some((item) => keyOf(item) === keyOf(line)))
						return `${line.sku}/${line.batch} is not an item of the comparison`;
					const delta = row[this.theirs('adjustment', 'delta')];
					if (typeof delta !== 'number' || delta === 0) return `quantity change ${String(delta)}`;
					const reason = this.theirs('adjustment', 'reason');
					comparison.adjustments.set(keyOf(line), {
						...line,
						delta,
						reason: reason ? (row[reason] as string) : undefined,
						processed: false,
					});
					return undefined;
				});
			case '/comparison_item/process':
				if (!allowed('compared', 'adjusting', 'processed')) return undefined;
				this.only(route, body, [vendor.process]);
				this.processedWith.push(
					Object.fromEntries(Object.entries(body).filter(([field]) => field !== 'comparison_id')),
				);
				return processItems(
					comparison,
					this.held(comparison),
					body[vendor.process] as string[] | undefined,
				);
			case '/comparison_move_attempt/create':
				if (!allowed('processed')) return undefined;
				this.only(route, body, []);
				return {
					comparison_id: comparison.id,
					status: comparison.status,
					created: 0,
					erp_update_ids: [],
				};
			case '/comparison/complete':
				if (!allowed('compared', 'processed')) return undefined;
				this.only(route, body, []);
				comparison.status = 'completed';
				return {
					comparison_id: comparison.id,
					status: comparison.status,
					completed_at: new Date(Date.UTC(2026, 10, 28)).toISOString(),
				};
		}
		this.misfits.push(`${route}: not a route`);
		return undefined;
	}

	/** Results per row in the vendor's answer style. */
	private answered(results: Row[]): unknown {
		if (this.vendor.answer === 'perRow') return { results };
		return {
			accepted: results.filter((row) => row.status !== 'error'),
			rejected: results
				.filter((row) => row.status === 'error')
				.map(({ index, message }) => ({ index, errors: [{ field: 'request', message }] })),
		};
	}

	/** The stock the platform holds in a comparison's warehouse. */
	private held(comparison: Comparison): Held {
		const held = this.stock.get(comparison.warehouse) ?? new Map();
		this.stock.set(comparison.warehouse, held);
		return held;
	}

	/** The name a role's field has at a place (its first, where two read as it). */
	private theirs(place: FlawPlace, role: string): string {
		return fieldsOf(this.vendor, place)[role]?.[0] ?? '';
	}

	/** A request's fields beside comparison_id must be among `known`. */
	private only(route: string, body: Row, known: string[]): void {
		for (const field of Object.keys(body))
			if (field !== 'comparison_id' && !known.includes(field))
				this.misfits.push(`${route}: ${field} is not a field`);
	}

	private create(body: Row): unknown {
		const rows = body.items as Row[] | undefined;
		if (!Array.isArray(rows)) {
			this.misfits.push('/comparison/add: no items list');
			return { results: [] };
		}
		return this.answered(
			rows.map((row, index) => {
				if (typeof row.warehouse_code !== 'string' || row.warehouse_code === '')
					this.misfits.push(`/comparison/add row ${index}: no warehouse_code`);
				const n = this.comparisons.length + 1;
				const id = this.vendor.comparisonIds === 'integer' ? n : `CMP-${n}`;
				this.comparisons.push({
					id,
					warehouse: row.warehouse_code as string,
					status: 'open',
					erp: new Map(),
					items: [],
					adjustments: new Map(),
				});
				return { index, key: String(id), comparison_id: id, status: 'created' };
			}),
		);
	}

	/** Lines under `list`, each only of the place's fields, SKU and batch read by their names; `take` stores one or says why not. */
	private lines(
		route: string,
		body: Row,
		list: string,
		place: FlawPlace,
		take: (line: Line, row: Row) => string | undefined,
	): unknown {
		this.only(route, body, [list]);
		const rows = body[list];
		if (!Array.isArray(rows)) {
			this.misfits.push(`${route}: no ${list} list`);
			return { results: [] };
		}
		(this.sent[route] ??= []).push(...(rows as Row[]));
		const fields = fieldsOf(this.vendor, place);
		const known = Object.values(fields).flat();
		const sku = this.theirs(place, 'sku');
		const batch = this.theirs(place, 'batch');
		return this.answered(
			(rows as Row[]).map((row, index) => {
				const line = { sku: row[sku] as string, batch: (row[batch] as string | undefined) ?? '' };
				const unknown = Object.keys(row).filter((field) => !known.includes(field));
				const why =
					unknown.length > 0
						? `${unknown.join(', ')} not a field`
						: typeof line.sku !== 'string' || line.sku === ''
							? `no ${sku}`
							: take(line, row);
				if (why) this.misfits.push(`${route} row ${index}: ${why}`);
				const key = line.batch ? `${line.sku}|${line.batch}` : line.sku;
				return why
					? { index, key, status: 'error', message: why }
					: { index, key, status: 'created' };
			}),
		);
	}
}
