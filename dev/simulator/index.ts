/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * The embedded stand-in for the warehouse platform (dev and tests only, never shipped).
 * Serves every route of contract/openapi.yaml on 127.0.0.1, strictly.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { RunningSimulator, SimulatorOptions } from './api';
import { TokenAuthority } from './auth';
import { contractPath, loadContract } from './contract';
import { createControl } from './control';
import { Described } from './described';
import { Faults } from './faults';
import type { TokenRequestSeen } from './gateway';
import type { Sim } from './kit';
import { defaultView } from './kit';
import { allHandlers } from './routes';
import { createFront, type Stats } from './server';
import { shapeSpec } from './shapes';
import { Stock } from './stock';
import { Store, type Rec } from './store';
import { Timing } from './timing';
import { startTlsFront } from './tlsFront';
import { Work } from './work';
import { loadDemoData } from './demo';
import { RestOrders } from './rest';
import { callRoute } from './server';

export type { FaultRule, FaultKind } from './faults';
export type { Kind, Rec } from './store';
export type { ErpUpdateKind, ErpUpdateListing } from './kit';
export type { MoveRequest, ReceiptLine, WorkResult } from './work';
export type { LatencyModel, Load, RateLimit } from './timing';
export type { TokenGateway, TokenRequestSeen } from './gateway';
export type {
	RunningSimulator,
	SimulatorDescription,
	SimulatorOptions,
	SimulatorWork,
	StoreView,
} from './api';
export type { DescriptionInfo, DescriptionOptions, DescriptionSource, Tweak } from './described';
export type { DescriptionRequest } from './description';
export { KINDS } from './store';
export { SHAPES } from './shapes';

export async function startSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
	const now = opts.now ?? Date.now;
	const clientId = opts.clientId ?? 'demo-client';
	const clientSecret = opts.clientSecret ?? 'demo-secret';
	const contractFile = opts.contract ?? contractPath();
	const contract = loadContract(contractFile);
	const shape = shapeSpec(opts.shape ?? 'ours');
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
	// Demo data is written in our contract's words: it goes through ours, whatever document is served.
	const ours = loadContract();
	if (opts.demoData)
		loadDemoData(
			(route, body) => callRoute(ours, handlers, sim, route, withCarried(route, body)),
			work,
		);
	// Demo records of a schema a shape added a required field to carry it, so that they read back with it.
	function withCarried(route: string, body: Rec): Rec {
		const ref = ours.doc.paths[route]?.post?.requestBody?.content?.['application/json']?.schema;
		const request = ref && ours.doc.components.schemas[ref.$ref.split('/').pop()];
		const records = request?.properties?.items?.items?.$ref?.split('/').pop();
		for (const f of shape?.newFields ?? [])
			if (f.schema === records && f.demoValue !== undefined)
				for (const item of body.items) item[f.carriedAs] ??= f.demoValue;
		return body;
	}
	const described = new Described(
		{
			ours: contract,
			oursFile: contractFile,
			handlers,
			sim,
			auth,
			options: opts.description ?? {},
			count: (path, status) => {
				stats.requests[path] = (stats.requests[path] ?? 0) + 1;
				stats.statuses[String(status)] = (stats.statuses[String(status)] ?? 0) + 1;
			},
		},
		{ shape: opts.shape ?? 'ours' },
	);

	const rest = new RestOrders(auth);
	let gateway = opts.tokenGateway;
	const tokenRequests: TokenRequestSeen[] = [];
	// The control API answers with the running simulator, made below (called only once it is).
	const front = createFront({
		routes: () => described.routes(),
		description: (req, res, path) => described.answer(req, res, path),
		auth,
		faults,
		stats,
		timing,
		control: createControl(() => running),
		gateway: () => gateway,
		tokenRequests,
		moved: opts.moved,
		rest,
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
	await described.listenOther(listenHost);
	const origin = `${opts.tls ? 'https' : 'http'}://${host}:${addr.port}`;
	const at = (base: string) => ({
		json: `${base}/v1/openapi.json`,
		yaml: `${base}/v1/openapi.yaml`,
		paths: (opts.description?.paths ?? []).map((p) => base + p),
	});

	const timer = opts.autoWork
		? setInterval(() => work.tick(), opts.autoWork.intervalMs)
		: undefined;
	timer?.unref();

	const running: RunningSimulator = {
		baseUrl: `${origin}/v1`,
		clientId,
		clientSecret,
		rest,
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
		faults: {
			add: (r) => faults.add(r),
			clear: () => faults.clear(),
			list: () => faults.list(),
			holding: () => faults.holding(),
			release: () => faults.release(),
		},
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
		description: {
			get: () => described.info(),
			document: () => described.document(),
			set: (source) => described.set(source),
			reset: () => described.reset(),
			configure: (options) => described.configure(options),
			urls: {
				...at(origin),
				...(described.otherBase ? { otherOrigin: at(described.otherBase) } : {}),
			},
			requests: () => described.requests(),
		},
		close: async () => {
			if (timer) clearInterval(timer);
			faults.release();
			await described.close();
			await tls?.close();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				for (const s of sockets) s.destroy();
			});
		},
	};
	return running;
}
