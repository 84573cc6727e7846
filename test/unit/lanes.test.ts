/**
 * The lanes of a bulk write against model platforms, on a clock the test moves (no time passes):
 * each request takes a time that depends on how many are in flight when it starts, and the test
 * answers them in the order they end, as the platform would.
 */
import { Lanes, type Started } from '../../nodes/shared/bulk/lanes';

interface Drive {
	/** The width after each answer, in order. */
	widths: number[];
	/** The most requests in flight at once. */
	peak: number;
	/** When the last answer came (model milliseconds). */
	took: number;
}

/**
 * Sends `requests` requests of 1,000 rows through `lanes`, each taking `latency(inFlight)`;
 * `busy(n)` says whether the n-th answer (from 0) is a busy one (429/503).
 */
function drive(
	make: (now: () => number) => Lanes,
	requests: number,
	latency: (inFlight: number) => number,
	busy: (n: number) => boolean = () => false,
): Drive & { lanes: Lanes } {
	let now = 0;
	const lanes = make(() => now);
	const inFlight: Array<{ end: number; started: Started }> = [];
	const out: Drive = { widths: [], peak: 0, took: 0 };
	let sent = 0;
	let answered = 0;
	while (sent < requests || inFlight.length > 0) {
		while (sent < requests && inFlight.length < lanes.open) {
			inFlight.push({ end: now + latency(inFlight.length + 1), started: lanes.started(1000) });
			sent++;
			out.peak = Math.max(out.peak, inFlight.length);
		}
		inFlight.sort((a, b) => a.end - b.end);
		const next = inFlight.shift()!;
		now = next.end;
		if (busy(answered++)) lanes.busy(next.started);
		else lanes.answered(next.started);
		out.widths.push(lanes.open);
	}
	out.took = now;
	return { ...out, lanes };
}

const adaptive = (now: () => number) => new Lanes('adaptive', now);
/** How many answers each stretch at `width` lasted, in order. */
const runsOf = (widths: number[], width: number) =>
	widths.reduce<number[]>((runs, w, i) => {
		if (w !== width) return runs;
		if (widths[i - 1] === width) runs[runs.length - 1]++;
		else runs.push(1);
		return runs;
	}, []);
/** The widths one after the other, each once for as long as it lasted. */
const steps = (widths: number[]) => widths.filter((width, i) => width !== widths[i - 1]);
/** A distant platform behind TLS: every request costs the same, however many are in flight. */
const far = () => 150;
/** A platform that works on four requests at once: a fifth waits for a turn. */
const fourAtOnce = (inFlight: number) => 60 * Math.max(1, inFlight / 4);

describe('Lanes', () => {
	it('keeps a number the user set, busy or not', () => {
		const lanes = new Lanes(6);
		lanes.busy();
		expect(lanes.open).toBe(6);
		expect(drive((now) => new Lanes(6, now), 40, far).peak).toBe(6);
		expect(new Lanes(20).open).toBe(8);
		expect(new Lanes(0).open).toBe(1);
	});

	it('adaptive starts at two, takes one more per answer up to four, and after four answers tries eight', () => {
		expect(new Lanes().open).toBe(2);
		expect(drive(adaptive, 9, fourAtOnce).widths.slice(0, 4)).toEqual([3, 4, 4, 8]);
	});

	it('past four it doubles while the platform answers more rows per second, up to sixteen', () => {
		const { widths, peak, took } = drive(adaptive, 100, far);
		expect(steps(widths)).toEqual([3, 4, 8, 16]);
		expect(peak).toBe(16);
		// Four at a time would take 25 rounds; growing cuts that to less than half.
		expect(took).toBeLessThan((25 * far()) / 2);
	});

	it('a platform that takes no more than four at once: it tries eight, goes back to four, and tries again ever less often', () => {
		const { widths, peak } = drive(adaptive, 100, fourAtOnce);
		expect(steps(widths)).toEqual([3, 4, 8, 4, 8, 4, 8, 4]);
		expect(peak).toBe(8);
		const holds = runsOf(widths, 4).slice(1);
		expect(holds[1]).toBeGreaterThan(holds[0]);
	});

	it('a platform whose answers slow down past six: it holds eight, the widest that paid, trying sixteen ever less often', () => {
		const { widths, peak } = drive(adaptive, 400, (inFlight) => 150 * Math.max(1, inFlight / 6));
		expect(steps(widths).slice(0, 6)).toEqual([3, 4, 8, 16, 8, 16]);
		expect(peak).toBe(16);
		// Each vain try makes the next hold at eight longer, up to eight rounds.
		const holds = runsOf(widths, 8).slice(1, -1);
		expect(holds.length).toBeGreaterThanOrEqual(4);
		holds.slice(1).forEach((hold, i) => expect(hold).toBeGreaterThanOrEqual(holds[i]));
		expect(holds.at(-1)).toBeGreaterThan(2 * holds[0]);
	});

	it('halves when the platform is busy, and never again exceeds one less than the width it was busy at', () => {
		const { widths } = drive(adaptive, 200, far, (n) => n === 40);
		const at = widths.findIndex((_, i) => i === 40);
		expect(widths[at - 1]).toBe(16);
		expect(widths[at]).toBe(8);
		expect(Math.max(...widths.slice(at))).toBe(15);
		expect(widths.at(-1)).toBe(15);
	});

	it('a burst of busy answers from requests in flight together halves it once, not down to one', () => {
		const { widths } = drive(adaptive, 300, far, (n) => n >= 40 && n < 48);
		expect(widths[39]).toBe(16);
		expect(widths[40]).toBe(8);
		expect(Math.min(...widths.slice(40))).toBe(8);
		expect(Math.max(...widths.slice(40))).toBe(15);
		expect(widths.at(-1)).toBe(15);
	});

	it('a busy answer of a request started after the halving halves it again', () => {
		const lanes = new Lanes('adaptive', () => 0);
		for (let i = 0; i < 20; i++) lanes.answered(lanes.started(10));
		const width = lanes.open;
		expect(width).toBeGreaterThanOrEqual(8);
		const inFlight = Array.from({ length: width }, () => lanes.started(10));
		lanes.busy(inFlight[0]);
		lanes.busy(inFlight[1]);
		expect(lanes.open).toBe(width / 2);
		lanes.busy(lanes.started(10));
		expect(lanes.open).toBe(width / 4);
	});

	it('busy at one stays at one', () => {
		const { widths } = drive(adaptive, 30, far, (n) => n < 3);
		expect(widths.slice(3)).toEqual(Array(27).fill(1));
	});

	it('answers of requests started before the width changed do not count', () => {
		let now = 0;
		const lanes = new Lanes('adaptive', () => now);
		const early = [lanes.started(10), lanes.started(10)];
		lanes.busy();
		now = 100;
		for (const request of early) lanes.answered(request);
		expect(lanes.open).toBe(1);
		lanes.answered(lanes.started(10));
		expect(lanes.open).toBe(1);
	});
});
