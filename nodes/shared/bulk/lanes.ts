/**
 * How many requests of a bulk write may be in flight at once. A number the user set stays as it
 * is. Adaptive starts at two and takes one more for each request the platform answered, up to
 * four. Past four it doubles as long as that makes the platform answer more rows per second (a
 * distant platform, and every request paying for a new connection, as n8n's request helper opens
 * one per request); when it does not, it goes back to the last width that did, and tries wider
 * again after a few rounds (fewer tries the more often it was in vain). A busy answer (429, 503)
 * halves it; then it takes one more after each round answered, and never again exceeds one less
 * than the width the platform was busy at. Busy answers of requests that were in flight together
 * (a burst of 429s) halve it once: each was sent before the platform's first one said so.
 */
export type Parallel = number | 'adaptive';

export const ADAPTIVE_START = 2;
/** Up to here adaptive grows by one per answer, without measuring. */
export const ADAPTIVE_STEADY = 4;
export const ADAPTIVE_CAP = 16;
export const MAX_PARALLEL = 8;

/** The longest a width that paid is held before a wider one is tried again, in rounds. */
const MOST_ROUNDS_HELD = 8;

/** The middle value (the upper middle of an even count). */
function median(values: number[]): number {
	return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** A request as it started: under which width, when, with how many rows. */
export interface Started {
	generation: number;
	at: number;
	rows: number;
}

export class Lanes {
	private width: number;
	/** Changes whenever the width does: answers of requests started before count for nothing. */
	private generation = 0;
	/** Rows per millisecond of each request of the round, as answered. */
	private round: number[] = [];
	/** The same, of the first requests, before any width was measured. */
	private start: number[] = [];
	/** The width the platform was last busy at, less one: never exceeded again. */
	private ceiling = ADAPTIVE_CAP;
	/** The generation of the last halving: requests started before it have had their say. */
	private calmed = 0;
	/** The widest width that paid, and its rows per millisecond in its last round. */
	private paid: { width: number; rate: number } | undefined;
	/** Rounds to stay at the width that paid before trying a wider one again, and how many are left. */
	private holdFor = 1;
	private holding = 0;

	constructor(
		private readonly setting: Parallel = 'adaptive',
		private readonly now: () => number = Date.now,
	) {
		this.width =
			setting === 'adaptive'
				? ADAPTIVE_START
				: Math.min(MAX_PARALLEL, Math.max(1, Math.floor(setting)));
	}

	/** Requests that may be in flight now. */
	get open(): number {
		return this.width;
	}

	/** A request of `rows` rows starts now. */
	started(rows: number): Started {
		return { generation: this.generation, at: this.now(), rows };
	}

	/** The request was answered (stored or refused, not busy). */
	answered(request: Started): void {
		if (this.setting !== 'adaptive') return;
		const sample = request.rows / Math.max(1, this.now() - request.at);
		if (this.ceiling === ADAPTIVE_CAP && !this.paid) {
			// The start: each answer makes room for one more, up to four; the first four answers tell
			// how long a request takes, which is what four in flight carry (unless four are already too
			// many: then the wider round shows it, and it comes back).
			this.start.push(sample);
			if (this.width < ADAPTIVE_STEADY) return this.resize(this.width + 1);
			if (this.start.length < ADAPTIVE_STEADY) return;
			return this.grow(this.width * median(this.start));
		}
		// Growing by one after a busy answer needs no measure: any answer counts. A measured round
		// counts only its own.
		const measuring = this.ceiling === ADAPTIVE_CAP;
		if (measuring ? request.generation !== this.generation : request.generation < this.calmed)
			return;
		this.round.push(sample);
		if (this.round.length < this.width) return;
		// Rows per millisecond with `width` requests in flight; the median, so that one request held
		// up (a pause of n8n's process, a slow answer) does not decide.
		this.grow(this.width * median(this.round));
	}

	private grow(rate: number): void {
		const width = this.width;
		if (this.ceiling < ADAPTIVE_CAP) {
			this.resize(Math.max(width, Math.min(width + 1, this.ceiling)));
			return;
		}
		const paid = this.paid;
		if (paid && width > paid.width) {
			// A wider round must gain at least a third of what its added requests could carry.
			if (rate < paid.rate * (1 + (width / paid.width - 1) / 3)) {
				this.holdFor = Math.min(MOST_ROUNDS_HELD, this.holdFor * 2);
				this.holding = this.holdFor;
				return this.resize(paid.width);
			}
			this.holdFor = 1;
		}
		// This width pays: measured anew each round it is held, then a wider one is tried.
		this.paid = { width, rate };
		if (this.holding > 0) this.holding--;
		if (this.holding > 0 || width >= ADAPTIVE_CAP) return this.resize(width);
		this.resize(Math.min(ADAPTIVE_CAP, width * 2));
	}

	private resize(width: number): void {
		if (width !== this.width) this.generation++;
		this.width = width;
		this.round = [];
	}

	/** The platform said it is busy, answering `request` (any request, when not told). */
	busy(request?: Started): void {
		if (this.setting !== 'adaptive') return;
		if (request && request.generation < this.calmed) return;
		this.ceiling = Math.max(1, Math.min(this.ceiling, this.width - 1));
		this.generation++;
		this.resize(Math.max(1, Math.floor(this.width / 2)));
		this.calmed = this.generation;
	}
}
