/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- a test helper, run by Node: the community-node rules are for code n8n runs */
/**
 * A platform that follows whatever vendor it is given (test/support/vendor/generate.ts): one
 * node:http server, the vendor swapped between runs. It checks each write against the described
 * record (a request that does not fit is refused as a whole: the node should have caught it),
 * refuses a record whose name holds REFUSE with its own reason, stores the others (a new record
 * each time, so a record sent twice shows as a duplicate) and answers in the vendor's shapes. It
 * can store a request and then hang up (a lost answer).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { requestErrors, rowRefused } from './errorStyles';
import { keyList, orderView, type Vendor } from './generate';
import { readPage } from './paging';

type Row = Record<string, unknown>;

export const CLIENT_ID = 'vendor-client';
export const CLIENT_SECRET = 'vendor-secret-3f9a2c';
/** The platform's reason for a record it refuses (its name holds REFUSE). */
export const PLATFORM_REASON = 'is on the platform’s blocked list (rule 17)';

export class VendorPlatform {
	vendor!: Vendor;
	/** Every record stored, in order (a record stored twice is there twice). */
	stored: Row[] = [];
	/** Every sales order stored, in order. */
	orders: Row[] = [];
	/** Requests to /inventory/add that did not fit the description (the node should never send one). */
	misfits: string[] = [];
	/** Hang up after storing the next write request. */
	loseNext = false;
	writes = 0;
	/** Pages read. */
	reads = 0;
	baseUrl = '';
	private server!: Server;
	private readonly sockets = new Set<Socket>();
	private readonly tokens = new Set<string>();

	static async start(): Promise<VendorPlatform> {
		const platform = new VendorPlatform();
		platform.server = createServer((req, res) => void platform.handle(req, res));
		platform.server.on('connection', (socket) => {
			platform.sockets.add(socket);
			socket.on('close', () => platform.sockets.delete(socket));
		});
		await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
		platform.baseUrl = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}/v1`;
		return platform;
	}

	use(vendor: Vendor): void {
		this.vendor = vendor;
		this.stored = [];
		this.orders = [];
		this.misfits = [];
		this.loseNext = false;
		this.writes = 0;
		this.reads = 0;
	}

	keyOf(row: Row): string {
		return this.vendor.key.map((field) => String(row[field])).join('|');
	}

	/** How many records with this key the platform holds. */
	count(key: string): number {
		return this.stored.filter((row) => this.keyOf(row) === key).length;
	}

	async close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		await new Promise((resolve) => this.server.close(resolve));
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const route = (req.url ?? '').split('?')[0].replace(/^\/v1/, '');
		const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
		const send = (status: number, json?: unknown, type = 'application/json') => {
			res.writeHead(status, json === undefined ? {} : { 'content-type': type });
			res.end(json === undefined ? undefined : JSON.stringify(json));
		};
		if (route === '/oauth/token') {
			const token = `vendor-token-${this.tokens.size + 1}`;
			this.tokens.add(token);
			return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
		}
		if (!this.tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')))
			return send(401, { title: 'Unauthorized', detail: 'bearer token missing' });
		if (route === '/inventory/check') return send(200, this.read(body as Row));
		if (route === '/sales_order/add') return this.takeOrders(body, send);
		if (route !== '/inventory/add') return send(404, { title: 'Not Found' });
		this.writes++;
		const rows = (this.vendor.list ? (body as Row)[this.vendor.list] : body) as Row[];
		const misfit = Array.isArray(rows) ? rows.map((row) => this.misfit(row)) : ['not a list'];
		if (misfit.some(Boolean)) {
			this.misfits.push(misfit.filter(Boolean).join('; '));
			return send(
				this.vendor.errorStatus,
				this.problem(
					misfit.flatMap((why, row) => (why ? [{ row, field: 'request', message: why }] : [])),
				),
				this.refusalType(),
			);
		}
		const refused = rows.flatMap((row, index) =>
			String(row[this.vendor.name]).includes('REFUSE') ? [index] : [],
		);
		if (this.vendor.refuseBy === 'request' && refused.length > 0)
			return send(
				this.vendor.errorStatus,
				this.problem(
					refused.map((row) => ({
						row,
						field: this.vendor.name,
						message: `${this.vendor.name} ${PLATFORM_REASON}`,
					})),
				),
				this.refusalType(),
			);
		rows.forEach((row, index) => refused.includes(index) || this.stored.push(row));
		if (this.loseNext) {
			this.loseNext = false;
			res.socket?.destroy();
			return;
		}
		const answer = this.answer(rows, refused);
		if (answer === undefined) return send(this.vendor.answer === 'queued' ? 202 : 204);
		send(this.vendor.success, answer);
	}

	/** Sales orders: stored when they fit the description (the node checks them first), answered in the vendor's shapes for orders. */
	private takeOrders(body: unknown, send: (status: number, json?: unknown) => void): void {
		const vendor = this.vendor;
		const { list, item, qty } = vendor.lines;
		const rows = (vendor.list ? (body as Row)[vendor.list] : body) as Row[];
		const misfit = rows.flatMap((row) => {
			const lines = row[list] as Row[] | undefined;
			const fits =
				typeof row.order_number === 'string' &&
				typeof row.customer_code === 'string' &&
				Object.keys(row).every((field) =>
					['order_number', 'customer_code', list].includes(field),
				) &&
				Array.isArray(lines) &&
				lines.length > 0 &&
				lines.every(
					(line) =>
						typeof line[item] === 'string' &&
						Number.isInteger(line[qty]) &&
						Number(line[qty]) >= 1 &&
						Object.keys(line).every((field) => field === item || field === qty),
				);
			return fits ? [] : [`order ${String(row.order_number)}: ${JSON.stringify(row)}`];
		});
		if (misfit.length > 0) {
			this.misfits.push(misfit.join('; '));
			return send(vendor.errorStatus, {
				title: 'The orders do not fit',
				detail: misfit.join('; '),
			});
		}
		this.orders.push(...rows);
		this.vendor = orderView(vendor);
		try {
			const answer = this.answer(rows, []);
			if (answer === undefined) send(vendor.answer === 'queued' ? 202 : 204);
			else send(vendor.success, answer);
		} finally {
			this.vendor = vendor;
		}
	}

	/** What in a record does not fit the description, if anything. */
	private misfit(row: Row): string | undefined {
		const { vendor } = this;
		for (const field of [...vendor.key, vendor.name])
			if (typeof row[field] !== 'string' || row[field] === '') return `${field} is required`;
		for (const field of vendor.key)
			if ((row[field] as string).length > 40) return `${field} is too long`;
		if ((row[vendor.name] as string).length > 60) return `${vendor.name} is too long`;
		if (
			row.quantity !== undefined &&
			!(Number.isInteger(row.quantity) && Number(row.quantity) >= 0)
		)
			return 'quantity is not a whole number from 0';
		const packaging = row.packaging as Row | undefined;
		if (packaging !== undefined) {
			if (!vendor.oneOf) return 'packaging is not a field';
			const needs =
				packaging.type === 'box' ? 'per_box' : packaging.type === 'pallet' ? 'layers' : '';
			if (!needs || !Number.isInteger(packaging[needs])) return 'packaging fits neither shape';
		}
		const known = new Set([...vendor.key, vendor.name, 'quantity', 'packaging']);
		const unknown = Object.keys(row).find((field) => !known.has(field));
		return unknown ? `${unknown} is not a field` : undefined;
	}

	/** A record's key as this platform writes it in its answers. */
	keyValue(row: Row): unknown {
		const { vendor } = this;
		if (vendor.key.length === 1) return row[vendor.key[0]];
		if (vendor.keyJoin === 'object')
			return Object.fromEntries(vendor.key.map((field) => [field, row[field]]));
		return vendor.key.map((field) => String(row[field])).join(vendor.keyJoin);
	}

	private answer(rows: Row[], refused: number[]): unknown {
		const { vendor } = this;
		const reason = `${vendor.name} ${PLATFORM_REASON}`;
		if (vendor.answer === 'empty' || vendor.answer === 'queued') return undefined;
		if (vendor.answer === 'ids')
			return { ids: rows.filter((_, i) => !refused.includes(i)).map((row) => this.keyValue(row)) };
		if (vendor.answer === 'perRow')
			return {
				[vendor.resultsList]: rows.map((row, index) =>
					refused.includes(index)
						? { [vendor.rowField]: index, key: this.keyValue(row), ...rowRefused(vendor, reason) }
						: { [vendor.rowField]: index, key: this.keyValue(row), status: 'created' },
				),
			};
		const [accepted, rejected] = vendor.splitLists;
		return {
			[accepted]: rows.flatMap((row, index) =>
				refused.includes(index)
					? []
					: [{ [vendor.rowField]: index, key: this.keyValue(row), status: 'created' }],
			),
			[rejected]: refused.map((index) => ({
				[vendor.rowField]: index,
				...rowRefused(vendor, reason),
			})),
		};
	}

	/** FastAPI answers its refusals as plain JSON; the others as a problem document. */
	private refusalType(): string {
		return this.vendor.errorList === 'detail' ? 'application/json' : 'application/problem+json';
	}

	private problem(details: Array<{ row: number; field: string; message: string }>): unknown {
		const { vendor } = this;
		if (vendor.errorList === 'detail') return requestErrors(vendor, details);
		return {
			type: 'https://vendor.example/problems/validation',
			title: 'Some records were refused',
			status: vendor.errorStatus,
			...requestErrors(vendor, details),
		};
	}

	/** A read: the stored records whose key is in the key filter (all without one), paged as the vendor pages. */
	private read(body: Row): unknown {
		const { vendor } = this;
		const wanted = body[keyList(vendor)] as unknown[] | undefined;
		const all = this.stored.filter(
			(row) => !Array.isArray(wanted) || wanted.includes(row[vendor.key[0]]),
		);
		const { page, misfit } = readPage(vendor.paging, all, body);
		if (misfit) this.misfits.push(`read: ${misfit}`);
		this.reads++;
		return page;
	}
}
