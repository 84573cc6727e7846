/**
 * The pace of one node run's requests. When the platform says it is busy (429, 503) with a wait,
 * no request of the run starts before that wait is over. A 429 also tells how many requests the
 * platform takes in a second: the requests this run started in the second before the refused one.
 * From then on the run keeps below that rate, so it is not refused again and again, each time
 * losing the whole seconds Retry-After asks for.
 */
import { sleep } from 'n8n-workflow';

/** The window a request rate is counted in; a little longer than the platform's second, so a run's own jitter does not cross it. */
const RATE_WINDOW_MS = 1000;
const PACING_WINDOW_MS = 1050;

export class RequestPace {
	private pausedUntil = 0;
	private perWindow: number | undefined;
	/** Start times of this run's recent requests (planned ones too), oldest first. */
	private starts: number[] = [];

	constructor(private readonly now: () => number = Date.now) {}

	/**
	 * Waits until a request may start, and answers its start time (to hand back to `refused`).
	 * `ownWaitDone`: the caller has just waited out the pause its own busy answer asked for.
	 */
	async admit(signal: AbortSignal | undefined, ownWaitDone = false): Promise<number> {
		const now = this.now();
		let at = ownWaitDone ? now : Math.max(now, this.pausedUntil);
		while (this.starts.length > 0 && this.starts[0] <= now - PACING_WINDOW_MS) this.starts.shift();
		if (this.perWindow !== undefined && this.starts.length >= this.perWindow) {
			at = Math.max(at, this.starts[this.starts.length - this.perWindow] + PACING_WINDOW_MS, this.starts[this.starts.length - 1]);
		}
		this.starts.push(at);
		// One wait, not a loop: the time is planned already (and the slot taken) when it starts.
		if (at > now) await sleep(at - now, signal).catch(() => undefined);
		return at;
	}

	/** The platform answered busy: no request starts in the next `waitMs`. */
	busy(waitMs: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, this.now() + waitMs);
	}

	/** The busy request waited its time out: the pause is over (it may have been cut short, by a cancel or a test's clock). */
	resume(): void {
		this.pausedUntil = Math.min(this.pausedUntil, this.now());
	}

	/**
	 * The request started at `startedAt` was refused as over the platform's rate: it does not count,
	 * and the requests started in the second before it are the most the platform takes. One or none
	 * there says nothing about a rate (a 429 for another reason), so nothing is learnt then.
	 */
	refused(startedAt: number, waitMs: number): void {
		const index = this.starts.indexOf(startedAt);
		if (index >= 0) this.starts.splice(index, 1);
		const before = this.starts.filter((t) => t > startedAt - RATE_WINDOW_MS && t < startedAt).length;
		if (before >= 2) this.perWindow = before;
		this.busy(waitMs);
	}
}
