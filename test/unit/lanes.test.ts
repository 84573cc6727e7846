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
		if (busy(answered++)) lanes.busy();
		else lanes.answered(next.started);
		out.widths.push(lanes.open);
	}
	out.took = now;
	return { ...out, lanes };
}

const adaptive = (now: () => number) => new Lanes('adaptive', now);
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

	it('adaptive starts at two and grows one per round answered up to four', () => {
		expect(drive(adaptive, 9, fourAtOnce).widths).toEqual([2, 3, 3, 3, 4, 4, 4, 4, 4]);
	});

	it('past four it grows by half while the platform answers more rows per second, up to sixteen', () => {
		const { widths, peak, took } = drive(adaptive, 100, far);
		expect(steps(widths)).toEqual([2, 3, 4, 6, 9, 14, 16]);
		expect(peak).toBe(16);
		// Four at a time would take 25 rounds; growing cuts that to less than half.
		expect(took).toBeLessThan((25 * far()) / 2);
	});

	it('a platform that takes no more than four at once: it tries six, goes back to four, and tries again ever less often', () => {
		const { widths, peak } = drive(adaptive, 100, fourAtOnce);
		expect(steps(widths)).toEqual([2, 3, 4, 6, 4, 6, 4, 6, 4]);
		expect(peak).toBe(6);
		// Held at four for two rounds, then four, then eight: most of the run is at four.
		expect(widths.filter((width) => width === 4).length).toBeGreaterThan(widths.length * 0.6);
	});

	it('a platform whose answers slow down past nine: it holds nine, trying fourteen now and then', () => {
		const { widths, peak } = drive(adaptive, 200, (inFlight) => 150 * Math.max(1, inFlight / 9));
		expect(steps(widths).slice(0, 8)).toEqual([2, 3, 4, 6, 9, 14, 9, 14]);
		expect(peak).toBe(14);
		expect(widths.at(-1)).toBe(9);
		expect(widths.filter((width) => width === 9).length).toBeGreaterThan(widths.length / 2);
	});

	it('halves when the platform is busy, and never again exceeds one less than the width it was busy at', () => {
		const { widths } = drive(adaptive, 200, far, (n) => n === 40);
		const at = widths.findIndex((_, i) => i === 40);
		expect(widths[at - 1]).toBe(14);
		expect(widths[at]).toBe(7);
		expect(Math.max(...widths.slice(at))).toBe(13);
		expect(widths.at(-1)).toBe(13);
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
