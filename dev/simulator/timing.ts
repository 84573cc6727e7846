/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * A platform across a network: a round trip and processing time per row and per record read (waited
 * on timers, so requests in flight overlap as on a real server), and a request-rate limit per client.
 */
import { ApiError } from './errors';

export interface LatencyModel {
	/** Network round trip of every request, in ms: half before the platform sees it, half for the answer. */
	roundTripMs?: number;
	/** Platform time per row sent (the `items` of a request body), in ms, spent before the rows are stored. */
	perRowMs?: number;
	/** Platform time per record answered (the `items` of a read's answer), in ms. */
	perRecordMs?: number;
	/** What a new connection costs before its first request gets there (TCP and TLS handshakes: one to three round trips), in ms. */
	connectMs?: number;
	/** How many requests the platform works on at once (their time per row); more wait for a turn. Unlimited when absent. */
	servers?: number;
}

export interface RateLimit {
	/** Requests accepted per client id in any one-second window; the next is answered 429 rate_limited. */
	requestsPerSecond: number;
}

const LATENCY_FIELDS = ['roundTripMs', 'perRowMs', 'perRecordMs', 'connectMs', 'servers'] as const;
const WINDOW_MS = 1000;

/** Waits `ms` on a timer (the event loop stays free for other requests). */
const wait = (ms: number): Promise<void> | undefined =>
	ms > 0 ? new Promise((r) => setTimeout(r, ms)) : undefined;

export function checkLatency(model: unknown): LatencyModel {
	if (model === null || typeof model !== 'object' || Array.isArray(model))
		throw new Error('latency must be an object such as {"roundTripMs": 50}');
	const out: LatencyModel = {};
	for (const [field, value] of Object.entries(model)) {
		if (!(LATENCY_FIELDS as readonly string[]).includes(field))
			throw new Error(`unknown latency field ${field}; use ${LATENCY_FIELDS.join(', ')}`);
		if (field === 'servers' && !(Number.isInteger(value) && (value as number) >= 1))
			throw new Error(`latency servers must be a whole number ≥ 1 (got ${JSON.stringify(value)})`);
		if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
			throw new Error(`latency ${field} must be a number of ms ≥ 0 (got ${JSON.stringify(value)})`);
		out[field as (typeof LATENCY_FIELDS)[number]] = value;
	}
	return out;
}

export function checkRateLimit(limit: unknown): RateLimit {
	const n = (limit as RateLimit | null)?.requestsPerSecond;
	if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
		throw new Error(
			`rate limit must be {"requestsPerSecond": N} with N a whole number ≥ 1 (got ${JSON.stringify(limit)})`,
		);
	}
	return { requestsPerSecond: n };
}

/** One request's timing, fixed when it arrives (a model changed meanwhile applies to later requests). */
export interface Trip {
	/** The request travelling to the platform (after its connection is set up, when it is the first on it). */
	there(): Promise<void> | undefined;
	/** Processing `rows` sent, before they are stored. */
	rows(n: number): Promise<void> | undefined;
	/** Reading `records` for the answer. */
	records(n: number): Promise<void> | undefined;
	/** The answer travelling back. */
	back(): Promise<void> | undefined;
}

export interface Load {
	/** Contract requests being handled now. */
	inFlight: number;
	/** The most handled at once since start or the last reset. */
	peakInFlight: number;
	/** Connections clients opened since start or the last reset. */
	connections: number;
}

export class Timing {
	private model: LatencyModel = {};
	private limit: RateLimit | null = null;
	/** Times of accepted requests within the last window, oldest first, per client id. */
	private readonly accepted = new Map<string, number[]>();
	private inFlight = 0;
	private peak = 0;
	private connections = 0;
	/** Servers working on a request's rows now, and the requests waiting for one. */
	private working = 0;
	private readonly waiting: Array<() => void> = [];

	constructor(private readonly now: () => number) {}

	latency(): LatencyModel {
		return { ...this.model };
	}

	setLatency(model: LatencyModel): void {
		this.model = checkLatency(model);
	}

	rateLimit(): RateLimit | null {
		return this.limit && { ...this.limit };
	}

	setRateLimit(limit: RateLimit | null): void {
		this.limit = limit === null ? null : checkRateLimit(limit);
	}

	trip(newConnection: boolean): Trip {
		const { roundTripMs = 0, perRowMs = 0, perRecordMs = 0, connectMs = 0 } = this.model;
		const half = roundTripMs / 2;
		return {
			there: () => wait(half + (newConnection ? connectMs : 0)),
			rows: (n) => (this.model.servers ? this.served(n * perRowMs) : wait(n * perRowMs)),
			records: (n) => wait(n * perRecordMs),
			back: () => wait(half),
		};
	}

	/** `ms` of work on one of the platform's servers, after waiting for one to be free. */
	private async served(ms: number): Promise<void> {
		if (this.working >= (this.model.servers ?? Infinity))
			await new Promise<void>((turn) => this.waiting.push(turn));
		else this.working++;
		try {
			await wait(ms);
		} finally {
			const next = this.waiting.shift();
			if (next) next();
			else this.working--;
		}
	}

	/**
	 * Counts the request against its client's window, or throws 429 with Retry-After: the whole
	 * seconds (rounded up, as HTTP and the contract want them) until the window has room again.
	 */
	admit(clientId: string): void {
		if (!this.limit) return;
		const t = this.now();
		let times = this.accepted.get(clientId);
		if (!times) this.accepted.set(clientId, (times = []));
		while (times.length > 0 && times[0] <= t - WINDOW_MS) times.shift();
		if (times.length < this.limit.requestsPerSecond) {
			times.push(t);
			return;
		}
		const seconds = Math.max(1, Math.ceil((times[0] + WINDOW_MS - t) / 1000));
		throw new ApiError(
			429,
			'rate_limited',
			`rate limit of ${this.limit.requestsPerSecond} requests per second exceeded; retry after ${seconds} seconds`,
			undefined,
			{
				'Retry-After': String(seconds),
			},
		);
	}

	/** A request has arrived; answers the function that marks it done. */
	begin(): () => void {
		this.peak = Math.max(this.peak, ++this.inFlight);
		let done = false;
		return () => {
			if (!done) this.inFlight--;
			done = true;
		};
	}

	/** A client opened a connection. */
	connected(): void {
		this.connections++;
	}

	load(): Load {
		return { inFlight: this.inFlight, peakInFlight: this.peak, connections: this.connections };
	}

	resetLoad(): void {
		this.peak = this.inFlight;
		this.connections = 0;
	}
}
