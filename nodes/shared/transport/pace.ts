/**
 * The pace of one node run's requests. When the platform says it is busy (429, 503) with a wait,
 * no request of the run starts before that wait is over. A 429 also tells how many requests the
 * platform takes in a second: the requests answered in the second before the refusal, and those
 * still in flight that started in the second before the refused one. From then on the run keeps
 * below that rate, so it is not refused again and again, each time losing the whole seconds
 * Retry-After asks for. Its requests reach the platform a little later than they start, by a time
 * that varies: so the run keeps to that many per a little more than a second, spread over the
 * first half of it, and each time it is refused all the same, to a little less again.
 */
import { sleep } from 'n8n-workflow';

/** The platform's window a request rate is counted in, and the run's: longer by a margin that grows with each 429 met all the same. */
const RATE_WINDOW_MS = 1000;
const FIRST_MARGIN_MS = 100;
const MORE_MARGIN_MS = 100;
const MOST_MARGIN_MS = 1000;
/**
 * Once the rate is known, a window's requests start spread over this share of it, not all at
 * once: sent together, their new connections and bodies queue at the platform and reach its count
 * bunched, some in the same second as the next window's first (more 429s); spread over the whole
 * window, the last window's requests end nearly a window later.
 */
const SPREAD = 0.5;

export class RequestPace {
	private pausedUntil = 0;
	private perWindow: number | undefined;
	private window = RATE_WINDOW_MS + FIRST_MARGIN_MS;
	/** When the rate was learnt: requests started before were not kept to it. */
	private learntAt = 0;
	/** Start times of this run's recent requests (planned ones too), oldest first. */
	private starts: number[] = [];
	/** How many busy answers have paused the run: a request that waited for its slot sees whether one came meanwhile. */
	private pauses = 0;
	/** Start times of the requests in flight (several may share one). */
	private inFlight: number[] = [];
	/** When the requests the platform counted (answered, not refused as over the rate) were answered, in the last second, oldest first. */
	private answers: number[] = [];
	/** Start times of the requests in flight that the rate learnt counted: a later refusal of one means the platform took one fewer. */
	private counted: number[] = [];

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
			if (at <= now) return this.begin(now);
			this.keep(at);
			const pauses = this.pauses;
			// One wait for the slot planned (and taken) now; planned again only if a pause came meanwhile.
			await sleep(at - now, signal).catch(() => undefined);
			const index = this.starts.lastIndexOf(at);
			if (index >= 0) this.starts.splice(index, 1);
			if (pauses !== this.pauses && !signal?.aborted && this.pausedUntil > this.now()) {
				skipPause = false;
				continue;
			}
			return this.begin(this.now());
		}
	}

	/** A request starts now: kept among the starts and the requests in flight. */
	private begin(at: number): number {
		this.inFlight.push(at);
		return this.keep(at);
	}

	/**
	 * Keeps a start, in order: a slot planned, then when the request really started (requests
	 * planned for one moment start one after another, as the process gets to each, and the platform
	 * counts them as they come).
	 */
	private keep(at: number): number {
		let index = this.starts.length;
		while (index > 0 && this.starts[index - 1] > at) index--;
		this.starts.splice(index, 0, at);
		return at;
	}

	/** The earliest a request may start: after any pause, and keeping to the rate once known. */
	private plan(now: number, skipPause: boolean): number {
		let at = skipPause ? now : Math.max(now, this.pausedUntil);
		while (this.starts.length > 0 && this.starts[0] <= now - this.window) this.starts.shift();
		if (this.perWindow === undefined || this.starts.length === 0) return at;
		const last = this.starts[this.starts.length - 1];
		at = Math.max(at, last + (SPREAD * this.window) / this.perWindow);
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
	 * The request started at `startedAt` was answered, not refused as over the rate. `counted`: the
	 * platform answered it (a 503, or no answer at all, may never have reached its count).
	 */
	answered(startedAt: number, counted = true): void {
		const now = this.now();
		this.ended(startedAt);
		if (counted) this.answers.push(now);
		while (this.answers.length > 0 && this.answers[0] <= now - RATE_WINDOW_MS) this.answers.shift();
	}

	private ended(startedAt: number): void {
		const index = this.inFlight.indexOf(startedAt);
		if (index >= 0) this.inFlight.splice(index, 1);
	}

	/**
	 * The requests the platform had counted when it refused the one started at `startedAt`: those
	 * whose answers came in the second before its refusal (a request reaches the platform nearer its
	 * answer than its start, which a new connection's handshakes, and a busy process, put off by a
	 * time that varies), and those still in flight that started in the second before it.
	 */
	private countBefore(startedAt: number): { answered: number; open: number[] } {
		const now = this.now();
		const answered = this.answers.filter((at) => at > now - RATE_WINDOW_MS).length;
		const open = this.inFlight.filter((t) => t > startedAt - RATE_WINDOW_MS && t <= startedAt);
		return { answered, open };
	}

	/**
	 * The request started at `startedAt` was refused as over the platform's rate: it does not count,
	 * and the requests counted before it (`countBefore`) are the most the platform takes. One or
	 * none says nothing about a rate (a 429 for another reason), so nothing is learnt then. Requests
	 * started together are answered one after the other: a later refusal of one that was counted
	 * (still in flight when the rate was learnt) means the platform took one fewer. Refused while
	 * keeping to a rate already: the run keeps to a little less (a count taken now would be lower
	 * than the platform's limit, as the run kept below it), by the smaller of two steps: one request
	 * fewer per window, or a window longer by a margin.
	 */
	refused(startedAt: number, waitMs: number): number {
		const index = this.starts.indexOf(startedAt);
		if (index >= 0) this.starts.splice(index, 1);
		this.ended(startedAt);
		if (this.perWindow === undefined) {
			const { answered, open } = this.countBefore(startedAt);
			if (answered + open.length >= 2) {
				this.perWindow = answered + open.length;
				this.learntAt = this.now();
				this.counted = open;
			}
		} else if (startedAt < this.learntAt) {
			// Counted in the rate learnt, and refused all the same: the platform took one fewer. One
			// not counted, started before the rate was learnt, says nothing new.
			const counted = this.counted.indexOf(startedAt);
			if (counted >= 0) {
				this.counted.splice(counted, 1);
				this.perWindow = Math.max(1, this.perWindow - 1);
			}
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
