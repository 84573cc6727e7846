/** The simulator's options and the running simulator's API (dev/simulator/index.ts starts it). */
import type { Stats } from './server';
import type { DescriptionInfo, DescriptionOptions, DescriptionSource } from './described';
import type { DescriptionRequest } from './description';
import type { RestOrders } from './rest';
import type { FaultRule } from './faults';
import type { TokenGateway, TokenRequestSeen } from './gateway';
import type { ErpUpdateKind, ErpUpdateListing } from './kit';
import type { Kind, Rec } from './store';
import type { LatencyModel, Load, RateLimit } from './timing';
import type { TlsOptions } from './tlsFront';
import type { MoveRequest, ReceiptLine, WorkResult } from './work';

/* eslint-disable @typescript-eslint/no-explicit-any */
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
	/** Another contract file (our wire shapes) to serve and validate against (default contract/openapi.yaml); a shape transforms it. */
	contract?: string;
	/**
	 * Which vendor's description the platform speaks: 'ours' (default, the contract as it is) or
	 * 'acme' (Acme WMS 2.4.0, see shapes/acme.ts): its document served and validated against,
	 * its requests and answers translated for our handlers.
	 */
	shape?: string;
	/** How the description is served at {base}/openapi.json and /openapi.yaml (token, more paths, a second origin). */
	description?: DescriptionOptions;
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
	/** The REST vendor's orders under /orders (GET, PUT, PATCH, DELETE), and the requests it saw. */
	rest: RestOrders;
	stats(): Stats;
	resetStats(): void;
	faults: {
		add(rule: FaultRule): void;
		clear(): void;
		list(): (FaultRule & { seen: number; fired: number })[];
		/** Requests a `hold` rule keeps unanswered now. */
		holding(): number;
		/** The held requests go on. */
		release(): void;
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
	description: SimulatorDescription;
	close(): Promise<void>;
}

/** The description the platform serves, and replacing it while running (drift between runs). */
export interface SimulatorDescription {
	/** Which it is now: shape, label, title, version, routes, ETags. */
	get(): DescriptionInfo;
	/** The document served now (undefined for raw text). */
	document(): any;
	/**
	 * Serves (and validates against) another description from now on: `{shape, tweak?}` (a tweak is
	 * a function editing a copy, or JSON Patch operations), a document or `{document, validate?}`,
	 * `{file, validate?}`, or `{text, format}` (exact bytes, served only).
	 */
	set(source: DescriptionSource | Record<string, unknown>): DescriptionInfo;
	/** Back to the description the simulator started with. */
	reset(): DescriptionInfo;
	configure(options: { requireToken?: boolean; redirectToOtherOrigin?: boolean }): void;
	/** Where it is served: {base}/openapi.json and .yaml, the extra paths, and the other origin's. */
	urls: {
		json: string;
		yaml: string;
		paths: string[];
		otherOrigin?: { json: string; yaml: string; paths: string[] };
	};
	/** The description requests seen, in order (whether each carried Authorization, never its value). */
	requests(): DescriptionRequest[];
}
