/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * The embedded stand-in for the warehouse platform (dev and tests only, never shipped).
 * Serves every route of contract/openapi.yaml on 127.0.0.1, strictly.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { TokenAuthority } from './auth';
import { loadContract } from './contract';
import { createControl } from './control';
import { Faults, type FaultRule } from './faults';
import type { TokenGateway, TokenRequestSeen } from './gateway';
import type { ErpUpdateKind, ErpUpdateListing, Sim } from './kit';
import { defaultView } from './kit';
import { allHandlers } from './routes';
import { createFront, type Stats } from './server';
import { Stock } from './stock';
import { Store, type Kind, type Rec } from './store';
import { Timing, type LatencyModel, type Load, type RateLimit } from './timing';
import { startTlsFront, type TlsOptions } from './tlsFront';
import { Work, type MoveRequest, type ReceiptLine, type WorkResult } from './work';
import { loadDemoData } from './demo';
import { callRoute } from './server';

export type { FaultRule, FaultKind } from './faults';
export type { Kind, Rec } from './store';
export type { ErpUpdateKind, ErpUpdateListing } from './kit';
export type { MoveRequest, ReceiptLine, WorkResult } from './work';
export type { LatencyModel, Load, RateLimit } from './timing';
export type { TokenGateway, TokenRequestSeen } from './gateway';
export { KINDS } from './store';

export interface SimulatorOptions {
	/** 0 (default) = a free port. */
	port?: number;
	host?: string;
	clientId?: string;
	clientSecret?: string;
	tokenTtlSeconds?: number;
	/** Seed warehouses, bins, items with stock, customers, suppliers, couriers, pending updates. */
	demoData?: boolean;
	/** Ship open sales orders, receive open purchase orders and move stock on a timer. */
	autoWork?: false | { intervalMs: number };
	/** Makes fault probabilities reproducible. */
	faultSeed?: number;
	/** Fault rules active from the start (same as faults.add after start). */
	faults?: FaultRule[];
	/** Millisecond clock (tests control time with it): token expiry, dates, the rate limit's window. */
	now?: () => number;
	/** A platform across a network: round trip, time per row sent and per record read (changeable with latency.set). */
	latency?: LatencyModel;
	/** Requests per second accepted per client id; more are answered 429 with Retry-After (changeable with rateLimit.set). */
	rateLimit?: RateLimit;
	/** Another contract file to serve and validate against (default contract/openapi.yaml). */
	contract?: string;
	/**
	 * Serve HTTPS with this certificate and key (PEM); with `clientCa`, only to clients presenting
	 * a certificate that CA signed (mutual TLS). A client without one is refused in the handshake
	 * (`refuseClients: 'tls'`, Node's and most gateways' way) or with nginx's HTTP 400 page once TLS
	 * is up (`'http'`).
	 */
	tls?: TlsOptions;
	/** An OAuth gateway in front of the token route (changeable with tokenGateway.set). */
	tokenGateway?: TokenGateway;
	/**
	 * An old address of the platform on its own host, e.g. '/old' (Base URL …/old/v1): every
	 * request under it is redirected (307) to the same path without it, as a platform that moved
	 * within its host.
	 */
	moved?: string;
}

/** Read access to stored records, in the shape the /check routes answer. Compound keys joined with '|'. */
export interface StoreView {
	get(kind: Kind, key: string): Rec | undefined;
	count(kind: Kind): number;
	list(kind: Kind): Rec[];
	/** Platform on-hand of a sku in a warehouse (all batches unless one is given). */
	onHand(warehouseCode: string, sku: string, batch?: string): number;
}

export interface SimulatorWork {
	/** Walks a sales order forward to shipped; creates an outgoing_consignment ERP update. */
	shipSalesOrder(orderNumber: string): WorkResult;
	/** Receives all open quantities (or the given lines); creates an incoming_consignment ERP update. */
	receivePurchaseOrder(orderNumber: string, lines?: ReceiptLine[]): WorkResult;
	/** Moves stock between bins; creates a move_attempt ERP update. */
	moveStock(move: MoveRequest): WorkResult;
	/** Moves any stateful record along its state machine; 409 (ApiError) when not allowed. */
	transition(kind: Kind, key: string, to: string): WorkResult;
	/** Creates n pending ERP updates of a kind with plausible payloads; answers their ids. */
	createPendingUpdates(kind: ErpUpdateKind, n: number): string[];
	/** Creates one pending ERP update with this payload (work the test describes); answers its id. */
	createUpdate(kind: ErpUpdateKind, payload: Rec): string;
	/** Puts stock on hand without creating an ERP update (test set-up). */
	seedStock(
		warehouseCode: string,
		sku: string,
		quantity: number,
		batch?: string,
		binCode?: string,
	): void;
	/** One round of automatic warehouse work (what autoWork does on its timer). */
	tick(): { shipped: string[]; received: string[]; moved: string[] };
}

export interface RunningSimulator {
	baseUrl: string;
	clientId: string;
	clientSecret: string;
	stats(): Stats;
	resetStats(): void;
	faults: {
		add(rule: FaultRule): void;
		clear(): void;
		list(): (FaultRule & { seen: number; fired: number })[];
	};
	revokeTokens(): void;
	/** How ERP updates are listed and completed, unlike the contract where a test says so (see ErpUpdateListing). */
	erpUpdateListing: ErpUpdateListing;
	latency: { get(): LatencyModel; set(model: LatencyModel): void };
	rateLimit: { get(): RateLimit | null; set(limit: RateLimit | null): void };
	/** Contract requests being handled now, the most at once and the connections opened since start or resetStats. */
	load(): Load;
	tokenGateway: { get(): TokenGateway | undefined; set(gateway: TokenGateway | undefined): void };
	/** The token requests the gateway saw, in order. */
	tokenRequests(): TokenRequestSeen[];
	/** The common names of the client certificates presented on TLS connections, in order. */
	tlsClients(): string[];
	store: StoreView;
	work: SimulatorWork;
	close(): Promise<void>;
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
	const now = opts.now ?? Date.now;
	const clientId = opts.clientId ?? 'demo-client';
	const clientSecret = opts.clientSecret ?? 'demo-secret';
	const contract = loadContract(opts.contract);
	const store = new Store(now);
	const idCounters = new Map<string, number>();
	const sim: Sim = {
		store,
		stock: new Stock((sku) => {
			const item = store.tables.inventory_item.get(sku);
			if (item) store.tables.inventory_item.touch(item);
		}),
		now,
		iso: () => new Date(now()).toISOString(),
		views: {},
		view: (kind, row) => (sim.views[kind] ?? defaultView)(row),
		createErpUpdate: (kind, payload) => work.createUpdate(kind, payload),
		erpUpdateListing: { order: 'created', withoutId: new Set(), stale: new Set() },
		nextId: (prefix) => {
			const n = (idCounters.get(prefix) ?? 0) + 1;
			idCounters.set(prefix, n);
			return `${prefix}-${n.toString().padStart(6, '0')}`;
		},
	};
	const auth = new TokenAuthority(clientId, clientSecret, opts.tokenTtlSeconds ?? 86400, now);
	const handlers = allHandlers(sim, auth);
	const work = new Work(sim);
	const faults = new Faults(opts.faultSeed);
	for (const rule of opts.faults ?? []) faults.add(rule);
	const timing = new Timing(now);
	if (opts.latency) timing.setLatency(opts.latency);
	if (opts.rateLimit) timing.setRateLimit(opts.rateLimit);
	const emptyStats = (): Stats => ({ requests: {}, items: {}, statuses: {}, tokensIssued: 0 });
	const stats = emptyStats();
	let tokensAtReset = 0;
	if (opts.demoData)
		loadDemoData((route, body) => callRoute(contract, handlers, sim, route, body), work);

	let gateway = opts.tokenGateway;
	const tokenRequests: TokenRequestSeen[] = [];
	// The control API answers with the running simulator, made below (called only once it is).
	const front = createFront({
		contract,
		handlers,
		auth,
		faults,
		sim,
		stats,
		timing,
		control: createControl(() => running),
		gateway: () => gateway,
		tokenRequests,
		moved: opts.moved,
	});
	const server: Server = createServer((req, res) => void front(req, res));
	server.keepAliveTimeout = 30_000;
	const sockets = new Set<Socket>();
	server.on('connection', (s) => {
		sockets.add(s);
		timing.connected();
		s.on('close', () => sockets.delete(s));
	});
	const port = opts.port ?? 0;
	const listenHost = opts.host ?? '127.0.0.1';
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		// Behind a TLS gateway the platform's own port is an internal one.
		server.listen(opts.tls ? 0 : port, opts.tls ? '127.0.0.1' : listenHost, () => resolve());
	});
	const tls = opts.tls
		? await startTlsFront(opts.tls, server.address() as AddressInfo, port, listenHost)
		: undefined;
	const addr = (tls?.server ?? server).address() as AddressInfo;
	const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;

	const timer = opts.autoWork
		? setInterval(() => work.tick(), opts.autoWork.intervalMs)
		: undefined;
	timer?.unref();

	const running: RunningSimulator = {
		baseUrl: `${opts.tls ? 'https' : 'http'}://${host}:${addr.port}/v1`,
		clientId,
		clientSecret,
		stats: () => ({
			requests: { ...stats.requests },
			items: { ...stats.items },
			statuses: { ...stats.statuses },
			tokensIssued: auth.issued - tokensAtReset,
		}),
		resetStats: () => {
			// The front holds the same object: empty it in place.
			const fresh = emptyStats();
			for (const k of ['requests', 'items', 'statuses'] as const) {
				for (const key of Object.keys(stats[k])) delete stats[k][key];
				Object.assign(stats[k], fresh[k]);
			}
			tokensAtReset = auth.issued;
			timing.resetLoad();
		},
		faults: { add: (r) => faults.add(r), clear: () => faults.clear(), list: () => faults.list() },
		revokeTokens: () => auth.revokeAll(),
		erpUpdateListing: sim.erpUpdateListing,
		latency: { get: () => timing.latency(), set: (model) => timing.setLatency(model) },
		rateLimit: { get: () => timing.rateLimit(), set: (limit) => timing.setRateLimit(limit) },
		load: () => timing.load(),
		tokenGateway: { get: () => gateway, set: (next) => (gateway = next) },
		tokenRequests: () => tokenRequests.map((seen) => ({ ...seen })),
		tlsClients: () => [...(tls?.clients ?? [])],
		store: {
			get: (kind, key) => {
				const row = store.table(kind).get(key);
				return row ? sim.view(kind, row) : undefined;
			},
			count: (kind) => store.table(kind).size,
			list: (kind) => store.table(kind).order.map((row) => sim.view(kind, row)),
			onHand: (wh, sku, batch) => sim.stock.get(wh, sku, batch),
		},
		work: {
			shipSalesOrder: (n) => work.shipSalesOrder(n),
			receivePurchaseOrder: (n, lines) => work.receivePurchaseOrder(n, lines),
			moveStock: (m) => work.moveStock(m),
			transition: (kind, key, to) => work.transition(kind, key, to),
			createPendingUpdates: (kind, n) => work.createPendingUpdates(kind, n),
			createUpdate: (kind, payload) => work.createUpdate(kind, payload),
			seedStock: (wh, sku, quantity, batch, bin) => work.seedStock(wh, sku, batch, bin, quantity),
			tick: () => work.tick(),
		},
		close: async () => {
			if (timer) clearInterval(timer);
			await tls?.close();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				for (const s of sockets) s.destroy();
			});
		},
	};
	return running;
}
