/**
 * The pace of one node run's requests. When the platform says it is busy (429, 503) with a wait,
 * no request of the run starts before that wait is over. A 429 also tells how many requests the
 * platform takes in a second: the requests this run started in the second before the refused one.
 * From then on the run keeps below that rate, so it is not refused again and again, each time
 * losing the whole seconds Retry-After asks for. Its requests reach the platform a little later
 * than they start, by a time that varies: so the run keeps to that many per a little more than a
 * second, and each time it is refused all the same, to a little less again.
 */
import { sleep } from 'n8n-workflow';

/** The platform's window a request rate is counted in, and the run's: longer by a margin that grows with each 429 met all the same. */
const RATE_WINDOW_MS = 1000;
const FIRST_MARGIN_MS = 100;
const MORE_MARGIN_MS = 100;
const MOST_MARGIN_MS = 1000;
/**
 * How long starts are kept while no rate is known: a refused request's answer can come well after
 * it started (a burst's handshakes queue behind each other), and the rate is counted from the
 * starts in the second before it started, which a shorter memory would have dropped already.
 */
const HISTORY_MS = 10_000;

export class RequestPace {
	private pausedUntil = 0;
	private perWindow: number | undefined;
	private window = RATE_WINDOW_MS + FIRST_MARGIN_MS;
	/** When the rate was learnt: requests started before were not kept to it. */
	private learntAt = 0;
	/** When the refused request the rate was learnt from started: the requests counted started in the second before. */
	private learntFrom = 0;
	/** Start times of this run's recent requests (planned ones too), oldest first. */
	private starts: number[] = [];
	/** How many busy answers have paused the run: a request that waited for its slot sees whether one came meanwhile. */
	private pauses = 0;

	constructor(private readonly now: () => number = Date.now) {}

	/**
	 * Waits until a request may start, and answers its start time (to hand back to `refused`).
	 * `ownPause`: the caller has just waited out the pause its own busy answer asked for, until
	 * then; a longer one another answer asked for after it holds it too.
	 * A pause asked for while a request waited for its slot (another request's 429 or 503) holds it
	 * too: its slot is given up and planned again after the pause. What is kept is when the request
	 * really started, which a busy process reaches after the slot.
	 */
	async admit(signal: AbortSignal | undefined, ownPause?: number): Promise<number> {
		let skipPause = ownPause !== undefined && this.pausedUntil <= ownPause;
		for (;;) {
			const now = this.now();
			const at = this.plan(now, skipPause);
			if (at <= now) return this.started(now);
			this.started(at);
			const pauses = this.pauses;
			// One wait for the slot planned (and taken) now; planned again only if a pause came meanwhile.
			await sleep(at - now, signal).catch(() => undefined);
			const index = this.starts.lastIndexOf(at);
			if (index >= 0) this.starts.splice(index, 1);
			if (pauses !== this.pauses && !signal?.aborted && this.pausedUntil > this.now()) {
				skipPause = false;
				continue;
			}
			return this.started(this.now());
		}
	}

	/**
	 * Keeps a start, in order: a slot planned, then when the request really started (requests
	 * planned for one moment start one after another, as the process gets to each, and the platform
	 * counts them as they come).
	 */
	private started(at: number): number {
		let index = this.starts.length;
		while (index > 0 && this.starts[index - 1] > at) index--;
		this.starts.splice(index, 0, at);
		return at;
	}

	/** The earliest a request may start: after any pause, and keeping to the rate once known. */
	private plan(now: number, skipPause: boolean): number {
		let at = skipPause ? now : Math.max(now, this.pausedUntil);
		const kept = this.perWindow === undefined ? HISTORY_MS : this.window;
		while (this.starts.length > 0 && this.starts[0] <= now - kept) this.starts.shift();
		if (this.perWindow === undefined || this.starts.length === 0) return at;
		const last = this.starts[this.starts.length - 1];
		at = Math.max(at, last);
		if (this.starts.length >= this.perWindow)
			at = Math.max(at, this.starts[this.starts.length - this.perWindow] + this.window);
		return at;
	}

	/** The platform answered busy: no request starts in the next `waitMs`. Answers when the pause ends. */
	busy(waitMs: number): number {
		this.pauses++;
		this.pausedUntil = Math.max(this.pausedUntil, this.now() + waitMs);
		return this.now() + waitMs;
	}

	/**
	 * The busy request whose pause ends at `until` waited its time out: the pause is over, unless a
	 * later busy answer asked for a longer one (its Retry-After holds). Its wait may have been cut
	 * short (a cancel, a test's clock): the pause then ends now.
	 */
	resume(until?: number): void {
		if (until !== undefined && this.pausedUntil > until) return;
		this.pausedUntil = Math.min(this.pausedUntil, this.now());
	}

	/**
	 * The request started at `startedAt` was refused as over the platform's rate: it does not count,
	 * and the requests started in the second before it are the most the platform takes. One or none
	 * there says nothing about a rate (a 429 for another reason), so nothing is learnt then. Requests
	 * started together are answered one after the other: a later refusal of one that was counted
	 * (still in flight when the rate was learnt) means the platform took one fewer. Refused while
	 * keeping to a rate already: the run keeps to a little less (a count taken now would be lower
	 * than the platform's limit, as the run kept below it), by the smaller of two steps: one request
	 * fewer per window, or a window longer by a margin.
	 */
	refused(startedAt: number, waitMs: number): number {
		const index = this.starts.indexOf(startedAt);
		if (index >= 0) this.starts.splice(index, 1);
		if (this.perWindow === undefined) {
			const before = this.starts.filter(
				(t) => t > startedAt - RATE_WINDOW_MS && t <= startedAt,
			).length;
			// Started so long ago that the second before it is no longer kept: it cannot be counted.
			const counted = startedAt - RATE_WINDOW_MS >= this.now() - HISTORY_MS;
			if (before >= 2 && counted) {
				this.perWindow = before;
				this.learntAt = this.now();
				this.learntFrom = startedAt;
			}
		} else if (startedAt < this.learntAt) {
			// Counted in the rate learnt, and refused all the same: the platform took one fewer. One
			// started after those counted but before the rate was learnt says nothing new.
			if (startedAt > this.learntFrom - RATE_WINDOW_MS && startedAt <= this.learntFrom)
				this.perWindow = Math.max(1, this.perWindow - 1);
		} else {
			// Refused although it kept to the rate. A rate learnt a little high (the requests counted
			// reached the platform over more than a second) is put right by the first step, a jitter of
			// arrivals by either.
			const longer = Math.min(RATE_WINDOW_MS + MOST_MARGIN_MS, this.window + MORE_MARGIN_MS);
			const fewerIsLess =
				longer === this.window || (this.perWindow - 1) * longer > this.perWindow * this.window;
			if (this.perWindow > 1 && fewerIsLess) this.perWindow--;
			else this.window = longer;
		}
		return this.busy(waitMs);
	}
}
