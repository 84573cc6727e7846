/**
 * How many requests of a bulk write may be in flight at once. A number the user set stays as it
 * is. Adaptive decides from what the platform shows, a round at a time (as many answers as requests
 * in flight, of requests started at that width), by the round's middle answer, never by which
 * answer happened to come first: the same platform gets the same width each run.
 *
 * It starts at four (or at a quarter of the width the last write to the same platform in this
 * process ended at: one growing step below it); a first round whose middle answer came more than a
 * quarter after its first waited (the node's own work on requests sent together, or a platform
 * working on one at a time), and how long one request takes alone is measured at half its width
 * (two answers cannot tell waiting from jitter, but show a request nearly alone). Otherwise it
 * grows each round while that pays, up to thirty-two: four times as wide while the round's
 * answers came as quickly as the quickest round's (nothing waited), twice as wide while
 * they took longer but the round carried more rows per second by at least a third of its widening (a
 * distant platform whose answers queue a little behind each other's work, TLS handshakes or a
 * gateway, still gains from more in flight; one that works on a few at once does not). While
 * growing, a round's lanes wait for its last answer, so that each round shows its own width. Once
 * growing stops, requests wait (at the platform, or in the node's own process): the requests it
 * carries at once are the width times the quickest round's time over this round's, and it keeps
 * that many and half as many again, so that the platform never runs dry; every round anew, so a
 * platform that slows down narrows it. When a
 * narrower width brought no quicker answers, the platform itself got slower (further away), not
 * busier: that time becomes the quickest. A round whose requests waited for a token being fetched
 * is no measure of the platform: the same width is measured again.
 *
 * A busy answer (429, 503) halves it; then it takes one more after each round answered, and never
 * again exceeds one less than the width the platform was busy at (a 429: nor less than where it
 * starts, as the pace keeps to the rate the platform takes). Busy answers of requests that
 * were in flight together (a burst of 429s) halve it once: each was sent before the platform's
 * first one said so.
 */
export type Parallel = number | 'adaptive';

/** Where adaptive starts: the narrowest round whose middle answer against its first shows whether requests wait. */
export const ADAPTIVE_START = 4;
/** Below this a round is no measure (two answers cannot tell waiting from a network's jitter): adaptive grows from it without one. */
export const ADAPTIVE_STEADY = 4;
export const ADAPTIVE_CAP = 32;
export const MAX_PARALLEL = 8;

/** Answers this much slower than the quickest round's mean requests wait: growing stops, unless the wider round carried more rows per second all the same (PAYS). */
const SLOWER = 1.25;
/**
 * A wider round pays when its rows per second grew by at least this share of its widening (four
 * times as many in flight: twice the rows per second; a doubling: a third more): a distant platform
 * whose answers queue a little behind each other's work (TLS handshakes, a gateway) still gains
 * from more in flight, a platform that works on a few at once does not. The two lie on either side
 * of it with room to spare: from four to sixteen in flight, a platform of four servers carries
 * about 1.7 times the rows per second, one worker 150 ms away behind a new TLS connection per
 * request 2.3 to 3 times (the latency benchmark, run by run). At one half (2.5 times) that
 * platform's width was its luck: sixteen in one run in five, thirty-two in the rest, a quarter
 * slower when sixteen.
 */
const PAYS = 1 / 3;
/** How many more than it carries at once the platform is given, so that it never runs dry. */
const HEADROOM = 1.5;
/** A narrowing by this much at least would show quicker answers if requests had been waiting. */
const NARROWED = 0.8;
/** Platforms remembered by one process. */
const PLATFORMS_REMEMBERED = 64;

/**
 * The width each platform's last bulk write in this process ended at, by Base URL: where the next
 * one starts (at half of it, measuring anew). Module-level on purpose, unlike a run's state (the
 * Lanes object, made per write and passed as an argument): it outlives runs, so that a nightly push
 * in a long-running n8n does not find its width from two again each night. Keyed by the platform's
 * address, never by n8n's context or an execution, one number each, and bounded: the platforms
 * used longest ago are forgotten first.
 */
export class PlatformWidths {
	private readonly widths = new Map<string, number>();

	constructor(private readonly most = PLATFORMS_REMEMBERED) {}

	/**
	 * Where a write to `platform` starts: a quarter of the width its last one ended at (one growing
	 * step below it, narrow enough that the first round measures how long a request takes alone),
	 * within the adaptive bounds.
	 */
	startFor(platform: string): number {
		const last = this.widths.get(platform);
		if (last === undefined) return ADAPTIVE_START;
		return Math.min(ADAPTIVE_CAP, Math.max(ADAPTIVE_START, Math.floor(last / 4)));
	}

	remember(platform: string, width: number): void {
		this.widths.delete(platform);
		this.widths.set(platform, width);
		if (this.widths.size > this.most) this.widths.delete(this.widths.keys().next().value!);
	}
}

/** This process's memory of its platforms' widths. */
export const platformWidths = new PlatformWidths();

/** The platform a write goes to, and the memory its start comes from and its widths go to. */
export interface LanesPlatform {
	baseUrl: string;
	widths?: PlatformWidths;
	/** When this process last got a token for the platform (secrets.ts): a round started before it waited for it. */
	tokenFetchedAt?: () => number | undefined;
}

/** A request as it started: under which width, and when. */
export interface Started {
	generation: number;
	at: number;
}

export class Lanes {
	private current: number;
	/** Changes whenever the width does: answers of requests started before are not this round's. */
	private generation = 0;
	/** How long each answered request of the round took. */
	private round: number[] = [];
	/** When the round's earliest answered request started. */
	private roundFrom = Infinity;
	/** The least of the rounds' lower middle times: how long a request takes while none waits. */
	private quickest = Infinity;
	/** The last round after growing: its width and middle time. */
	private last: { width: number; middle: number } | undefined;
	/** The last round while growing: its width and middle time, for the rows per second the next, wider one carries. */
	private grown: { width: number; middle: number } | undefined;
	/** Doubling each round, a round at a time, until a round's answers take longer. */
	private growing: boolean;
	/** The width the platform was last busy at, less one: never exceeded again. */
	private ceiling = ADAPTIVE_CAP;
	/** The generation of the last halving: requests started before it have had their say. */
	private calmed = 0;
	/** Where the width is remembered for the platform's next write. */
	private readonly memory: Required<Omit<LanesPlatform, 'tokenFetchedAt'>> | undefined;
	/** When a token was last fetched for the platform. */
	private readonly tokenFetchedAt: () => number | undefined;

	constructor(
		private readonly setting: Parallel = 'adaptive',
		private readonly now: () => number = Date.now,
		platform?: LanesPlatform,
	) {
		this.growing = setting === 'adaptive';
		this.tokenFetchedAt = platform?.tokenFetchedAt ?? (() => undefined);
		if (setting !== 'adaptive') {
			this.current = Math.min(MAX_PARALLEL, Math.max(1, Math.floor(setting)));
			return;
		}
		this.memory = platform && {
			baseUrl: platform.baseUrl,
			widths: platform.widths ?? platformWidths,
		};
		this.current = this.memory?.widths.startFor(this.memory.baseUrl) ?? ADAPTIVE_START;
	}

	/** The width decided now. */
	get width(): number {
		return this.current;
	}

	/** Requests that may be in flight now: the width, less, while growing, the lanes whose answer came before the round's last. */
	get open(): number {
		return this.growing ? this.current - this.round.length : this.current;
	}

	/** A request starts now. */
	started(): Started {
		return { generation: this.generation, at: this.now() };
	}

	/** The request was answered (stored or refused, not busy). */
	answered(request: Started): void {
		if (this.setting !== 'adaptive') return;
		const calming = this.ceiling < ADAPTIVE_CAP;
		// After a busy answer any answer since counts; otherwise a round is of its own width.
		if (calming ? request.generation < this.calmed : request.generation !== this.generation) return;
		this.round.push(this.now() - request.at);
		this.roundFrom = Math.min(this.roundFrom, request.at);
		const width = this.current;
		if (this.round.length < width) return;
		// Its requests waited for the run's token (all of them: one fetch serves them): measured again.
		const token = this.tokenFetchedAt();
		if (!calming && token !== undefined && token >= this.roundFrom) return this.anew();
		const answers = [...this.round].sort((a, b) => a - b);
		// A round's requests that did not wait show how long one takes alone (its lower middle); its
		// middle, how long at this width (of an even count the upper of the two: a round in which half
		// the requests waited shows it).
		const alone = answers[Math.floor((width - 1) / 2)];
		const middle = answers[Math.floor(width / 2)];
		// A round whose middle answer came well after its lower middle waited within itself (a platform
		// working on one at a time): fewer than half its requests did not wait, its first among them.
		const unwaited = middle > alone * SLOWER ? answers[0] : alone;
		if (calming) {
			this.quickest = Math.min(this.quickest, alone);
			return this.resize(Math.min(width + 1, this.ceiling));
		}
		if (this.growing) {
			const first = this.quickest === Infinity;
			// Slower than the quickest round's, or than this round's own that did not wait; the first
			// round, than its own first answer (its lower middle may have waited for the others, when
			// they left together behind the node's own work).
			const asQuick = middle <= (first ? answers[0] : Math.min(this.quickest, alone)) * SLOWER;
			if (first && !asQuick) {
				// The first round waited: how long a request takes alone is measured at half the width,
				// then the width follows what the platform carries.
				this.quickest = unwaited;
				return this.resize(Math.max(1, Math.floor(width / 2)), false);
			}
			// Or slower, but carrying more per second by at least PAYS of the widening (measured rounds only).
			const before = this.grown;
			const pays =
				before !== undefined &&
				before.width >= ADAPTIVE_STEADY &&
				middle > 0 &&
				width / middle >= (before.width / before.middle) * (1 + PAYS * (width / before.width - 1));
			this.grown = { width, middle };
			const keptUp = width < ADAPTIVE_STEADY || asQuick || pays;
			this.quickest = Math.min(this.quickest, unwaited);
			// A measured round in which nothing waited: four times as wide next (the next round measures it).
			const factor = asQuick && width >= ADAPTIVE_STEADY ? 4 : 2;
			if (keptUp) return this.resize(Math.min(ADAPTIVE_CAP, width * factor));
		} else if (this.last && width <= this.last.width * NARROWED && middle >= this.last.middle) {
			this.quickest = alone;
		} else this.quickest = Math.min(this.quickest, alone);
		this.last = { width, middle };
		// What the platform carries at once: this round's requests per second, at the quickest time.
		const carried = middle > 0 ? (width * this.quickest) / middle : width;
		this.resize(Math.min(ADAPTIVE_CAP, Math.max(1, Math.ceil(carried * HEADROOM))), false);
	}

	/** The round is measured again at the same width, by requests started from now on. */
	private anew(): void {
		this.generation++;
		this.round = [];
		this.roundFrom = Infinity;
	}

	private resize(width: number, growing = this.growing): void {
		if (width !== this.current) this.generation++;
		this.current = width;
		this.round = [];
		this.roundFrom = Infinity;
		// Rounds wait for each other only while growing, and only below the cap.
		this.growing = growing && width < ADAPTIVE_CAP;
		this.memory?.widths.remember(this.memory.baseUrl, width);
	}

	/**
	 * The platform said it is busy, answering `request` (any request, when not told). `overRate`: it
	 * refused the rate (429), which the run's pace keeps to from then on (transport/pace.ts), not the
	 * width: the ceiling stays at least where adaptive starts, or one 429 met at two would hold a
	 * distant platform to one request at a time, far below the rate it takes.
	 */
	busy(request?: Started, overRate = false): void {
		if (this.setting !== 'adaptive') return;
		if (request && request.generation < this.calmed) return;
		this.ceiling = Math.min(
			this.ceiling,
			Math.max(overRate ? ADAPTIVE_START : 1, this.current - 1),
		);
		this.generation++;
		this.resize(Math.max(1, Math.floor(this.current / 2)), false);
		this.calmed = this.generation;
	}
}
