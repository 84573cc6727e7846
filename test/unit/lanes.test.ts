/**
 * The lanes of a bulk write against model platforms, on a clock the test moves (no time passes). A
 * model platform is what the simulator's latency model is: a round trip, and servers that work on
 * so many requests at once, each for a service time; a request that finds them all busy waits for
 * one, first come first served. The test answers requests in the order they end, as the platform
 * would; a seeded jitter varies each request's time, as a real network does.
 */
import {
	ADAPTIVE_CAP,
	ADAPTIVE_START,
	Lanes,
	PlatformWidths,
	type Started,
} from '../../nodes/shared/bulk/lanes';

interface Platform {
	roundTripMs: number;
	serviceMs: number;
	/** Requests it works on at once; unlimited when absent. */
	servers?: number;
	/** Each request's round trip and service vary by up to this fraction, from `seed`. */
	jitter?: number;
	seed?: number;
	/** The requests of the first round wait this much longer, for the token the run fetches first (one fetch serves them all). */
	tokenMs?: number;
	/**
	 * The client's own time to send one request (n8n opens a new TLS connection for each). Requests
	 * started together leave together once the client has sent them all, as on an event loop, where
	 * each handshake's next step waits behind the others'.
	 */
	sendMs?: number;
	/** From this request on (counted from 0), the platform is this one instead. */
	changesAt?: number;
	then?: Omit<Platform, 'changesAt' | 'then'>;
}

interface Drive {
	/** The width after each answer, in order. */
	widths: number[];
	/** The requests that might be in flight after each answer. */
	open: number[];
	/** The most requests in flight at once. */
	peak: number;
	/** When the last answer came (model milliseconds). */
	took: number;
	lanes: Lanes;
}

/** A small seeded generator (mulberry32): the same seed, the same jitter. */
function random(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/**
 * Sends `requests` requests through the lanes `make` builds (given the model clock) to `platform`;
 * `busy(n)` says whether the n-th answer (from 0) is a busy one (429/503).
 */
function drive(
	make: (now: () => number) => Lanes,
	requests: number,
	platform: Platform,
	busy: (n: number) => boolean = () => false,
): Drive {
	let now = 0;
	const lanes = make(() => now);
	const next = random(platform.seed ?? 1);
	/** When each server of each model is free again. */
	const servers = new Map<Platform, number[]>();
	const inFlight: Array<{ end: number; started: Started }> = [];
	const out: Drive = { widths: [], open: [], peak: 0, took: 0, lanes };
	let sent = 0;
	let answered = 0;
	const send = (leaves: number) => {
		const model =
			platform.changesAt !== undefined && sent >= platform.changesAt ? platform.then! : platform;
		const vary = (ms: number) => ms * (1 + (model.jitter ?? 0) * (2 * next() - 1));
		const half = vary(model.roundTripMs) / 2;
		let start = leaves + half + (sent < ADAPTIVE_START ? (platform.tokenMs ?? 0) : 0);
		if (model.servers !== undefined) {
			const freeAt = servers.get(model) ?? Array<number>(model.servers).fill(0);
			servers.set(model, freeAt);
			freeAt.sort((a, b) => a - b);
			start = Math.max(start, freeAt[0]);
			freeAt[0] = start + vary(model.serviceMs);
			inFlight.push({ end: freeAt[0] + half, started: lanes.started() });
		} else inFlight.push({ end: start + vary(model.serviceMs) + half, started: lanes.started() });
		sent++;
		out.peak = Math.max(out.peak, inFlight.length);
	};
	while (sent < requests || inFlight.length > 0) {
		const together = Math.max(0, Math.min(requests - sent, lanes.open - inFlight.length));
		const leaves = now + together * (platform.sendMs ?? 0);
		for (let n = 0; n < together; n++) send(leaves);
		inFlight.sort((a, b) => a.end - b.end);
		const done = inFlight.shift()!;
		now = done.end;
		if (busy(answered++)) lanes.busy(done.started);
		else lanes.answered(done.started);
		out.widths.push(lanes.width);
		out.open.push(lanes.open);
	}
	out.took = now;
	return out;
}

const adaptive = (now: () => number) => new Lanes('adaptive', now);
/** The widths one after the other, each once for as long as it lasted. */
const steps = (widths: number[]) => widths.filter((width, i) => width !== widths[i - 1]);
/** Where the width settled: the widths of the last quarter of the answers. */
const settled = (d: Drive) => d.widths.slice(-Math.floor(d.widths.length / 4));
const widest = (widths: number[]) => Math.max(...widths);
const narrowest = (widths: number[]) => Math.min(...widths);

/** A distant platform behind TLS: a request takes the same however many are in flight. */
const far: Platform = { roundTripMs: 150, serviceMs: 10 };
/** A platform that works on four requests at once, each for a while: a fifth waits for a turn. */
const fourAtOnce: Platform = { roundTripMs: 20, serviceMs: 40, servers: 4 };
/**
 * One worker 150 ms away, reached over a new TLS connection per request (the latency benchmark's
 * 50 ms + TLS): the client spends 6 ms sending each, so a burst of requests leaves at its end.
 */
const overTls: Platform = { roundTripMs: 150, serviceMs: 8.5, servers: 1, sendMs: 6 };

describe('Lanes', () => {
	it('keeps a number the user set, busy or not', () => {
		const lanes = new Lanes(6);
		lanes.busy();
		expect(lanes.open).toBe(6);
		expect(drive((now) => new Lanes(6, now), 40, far).peak).toBe(6);
		expect(new Lanes(20).open).toBe(8);
		expect(new Lanes(0).open).toBe(1);
	});

	it('adaptive starts at four, then takes four times as many each round while answers come as quickly, up to thirty-two', () => {
		expect(new Lanes().open).toBe(4);
		const { widths, peak, took } = drive(adaptive, 100, far);
		expect(steps(widths)).toEqual([4, 16, 32]);
		expect(peak).toBe(ADAPTIVE_CAP);
		// Four at a time would take 25 rounds; growing cuts that to less than half.
		expect(took).toBeLessThan((25 * 160) / 2);
	});

	it('while growing, a round waits for its last answer before the next starts, so each round is of its own width', () => {
		const { open } = drive(adaptive, 30, far);
		// Four in flight: each answer closes its lane, the last opens sixteen.
		expect(open.slice(0, 4)).toEqual([3, 2, 1, 16]);
	});

	it('a platform that works on four at once: it settles near what it carries and half as many again, not at sixteen, as fast as the platform goes', () => {
		const d = drive(adaptive, 200, fourAtOnce);
		// Four servers of 40 ms behind 20 ms carry six at once (four served, two on the way).
		expect(narrowest(settled(d))).toBeGreaterThanOrEqual(6);
		expect(widest(settled(d))).toBeLessThanOrEqual(12);
		// Within a few percent of the platform's own pace: 200 requests, four every 40 ms.
		expect(d.took).toBeLessThanOrEqual(((200 / 4) * 40 + 60) * 1.07);
		// Sixteen in flight carry too few more rows per second than four to try thirty-two, every run
		// (over a network that varies each request by up to 5 %).
		for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
			expect(widest(drive(adaptive, 200, { ...fourAtOnce, jitter: 0.05, seed }).widths)).toBe(16);
	});

	it('a platform that works on one at a time settles at one or two, as fast as the platform goes', () => {
		const d = drive(adaptive, 100, { roundTripMs: 5, serviceMs: 20, servers: 1 });
		expect(widest(settled(d))).toBeLessThanOrEqual(2);
		expect(d.took).toBeLessThanOrEqual((100 * 20 + 25) * 1.05);
	});

	it('a distant platform whose answers queue a little behind each other (one worker, 7 ms each, 160 ms away): it widens while rows per second still grow, though each answer takes longer', () => {
		const d = drive(adaptive, 100, { roundTripMs: 160, serviceMs: 7, servers: 1 });
		// Sixteen answers take about a third longer than four, yet carry well over twice the rows per second.
		expect(widest(d.widths)).toBe(ADAPTIVE_CAP);
		expect(narrowest(settled(d))).toBeGreaterThanOrEqual(20);
		// Within 1.6 × the platform's own pace (100 requests of 7 ms and one round trip); at sixteen it was 1.9 ×.
		expect(d.took).toBeLessThanOrEqual((100 * 7 + 160) * 1.6);
	});

	it('a distant platform over a new TLS connection per request (one worker, 8.5 ms each, 150 ms away, the client 6 ms per request sent) is taken to thirty-two every run, in the same time', () => {
		// A network that varies each request by up to 5 %: from four to sixteen in flight the rows per
		// second grow about two and a half times, by run; each run must still find the same width.
		const runs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) =>
			drive(adaptive, 100, { ...overTls, jitter: 0.05, seed }),
		);
		for (const d of runs) expect(steps(d.widths).slice(0, 3)).toEqual([4, 16, ADAPTIVE_CAP]);
		const times = runs.map((d) => d.took);
		expect(widest(times) / narrowest(times)).toBeLessThan(1.03);
	});

	it('a platform next door with one worker (the node 3 ms per request sent, the platform 8 ms): the first round waited, a request alone is measured at two, and it settles at four or less', () => {
		// Four sent together leave together: even the first answer waited for the node's own work on
		// the other three, and the round's lower middle for the platform's; a round of two shows how
		// long one takes alone.
		const d = drive(adaptive, 200, { roundTripMs: 0.5, serviceMs: 8, servers: 1, sendMs: 3 });
		expect(steps(d.widths).slice(0, 2)).toEqual([4, 2]);
		expect(widest(d.widths)).toBe(4);
		expect(widest(settled(d))).toBeLessThanOrEqual(4);
	});

	it("a first round that waited for the run's token is measured again, so the token does not hide that requests wait", () => {
		const platform: Platform = { roundTripMs: 5, serviceMs: 20, servers: 1, tokenMs: 200 };
		// The token came 200 ms after the first round started (secrets.ts tells the write when).
		const told = (now: () => number) =>
			new Lanes('adaptive', now, {
				baseUrl: 'https://wms.example.com/v1',
				tokenFetchedAt: () => 200,
			});
		const d = drive(told, 100, platform);
		expect(widest(d.widths)).toBe(4);
		expect(widest(settled(d))).toBeLessThanOrEqual(2);
		expect(d.took).toBeLessThanOrEqual((100 * 20 + 225) * 1.05);
		// Not told, the first round's four answers came together (all had waited for the token), as
		// if nothing waited, and a platform that works on one at a time was sent thirty-two at once.
		expect(widest(drive(adaptive, 100, platform).widths)).toBe(ADAPTIVE_CAP);
	});

	it('the same platform gets the same width and the same time every run, whatever order its first answers came in', () => {
		for (const platform of [far, fourAtOnce, { roundTripMs: 50, serviceMs: 9, servers: 1 }]) {
			const runs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) =>
				// Long enough to settle: a hundred end while the width may still come down from thirty-two.
				drive(adaptive, 200, { ...platform, jitter: 0.15, seed }),
			);
			const ends = runs.map((d) => d.widths.at(-1)!);
			const times = runs.map((d) => d.took);
			expect(widest(ends)).toBeLessThanOrEqual(1.5 * narrowest(ends));
			expect(widest(times) / narrowest(times)).toBeLessThan(1.1);
		}
	});

	it('a platform that slows down (it works on fewer at once) narrows it', () => {
		const d = drive(adaptive, 400, {
			...fourAtOnce,
			servers: 16,
			changesAt: 100,
			then: { ...fourAtOnce, servers: 2 },
		});
		// Sixteen servers of 40 ms behind 20 ms carry twenty-four at once.
		expect(d.widths[90]).toBeGreaterThanOrEqual(24);
		// Two servers of 40 ms behind 20 ms carry three at once.
		expect(widest(settled(d))).toBeLessThanOrEqual(6);
	});

	it('a platform that moves further away narrows it for a round or two, then takes its new round trip as the quickest and widens again', () => {
		const d = drive(adaptive, 400, {
			roundTripMs: 20,
			serviceMs: 10,
			servers: 4,
			changesAt: 100,
			then: { roundTripMs: 150, serviceMs: 10, servers: 4 },
		});
		const after = d.widths.slice(120);
		expect(narrowest(after)).toBeGreaterThanOrEqual(4);
		// Four servers at 10 ms behind 150 ms carry far more than four: it widens to the cap again.
		expect(settled(d).at(-1)).toBe(ADAPTIVE_CAP);
	});

	it('halves when the platform is busy, and never again exceeds one less than the width it was busy at', () => {
		const { widths } = drive(adaptive, 600, far, (n) => n === 40);
		expect(widths[39]).toBe(32);
		expect(widths[40]).toBe(16);
		expect(widest(widths.slice(40))).toBe(31);
		expect(widths.at(-1)).toBe(31);
	});

	it('a burst of busy answers from requests in flight together halves it once, not down to one', () => {
		const { widths } = drive(adaptive, 700, far, (n) => n >= 40 && n < 48);
		expect(widths[39]).toBe(32);
		expect(widths[40]).toBe(16);
		expect(narrowest(widths.slice(40))).toBe(16);
		expect(widest(widths.slice(40))).toBe(31);
		expect(widths.at(-1)).toBe(31);
	});

	it('a busy answer of a request started after the halving halves it again', () => {
		const lanes = new Lanes('adaptive', () => 0);
		for (let i = 0; i < 30; i++) lanes.answered(lanes.started());
		const width = lanes.open;
		expect(width).toBe(ADAPTIVE_CAP);
		const inFlight = Array.from({ length: width }, () => lanes.started());
		lanes.busy(inFlight[0]);
		lanes.busy(inFlight[1]);
		expect(lanes.open).toBe(width / 2);
		lanes.busy(lanes.started());
		expect(lanes.open).toBe(width / 4);
	});

	it('busy at one stays at one', () => {
		// Four in flight: the first busy answer halves it to two (the other three were sent before
		// it), the first of the next two halves it to one.
		const { widths } = drive(adaptive, 30, far, (n) => n < 6);
		expect(widths.slice(0, 4)).toEqual([2, 2, 2, 2]);
		expect(widths.slice(4)).toEqual(Array(26).fill(1));
	});

	it('a 429 met at two does not hold it at one: it grows back to where it starts, as the pace keeps to the rate; a 503 there does', () => {
		const widthsAfter = (overRate: boolean) => {
			let now = 0;
			const lanes = new Lanes('adaptive', () => now);
			lanes.busy(lanes.started(), overRate);
			expect(lanes.open).toBe(2);
			lanes.busy(lanes.started(), overRate);
			expect(lanes.open).toBe(1);
			const widths = [];
			for (let round = 0; round < 6; round++) {
				const inFlight = Array.from({ length: lanes.open }, () => lanes.started());
				now += 500;
				for (const request of inFlight) lanes.answered(request);
				widths.push(lanes.open);
			}
			return widths;
		};
		expect(widthsAfter(true)).toEqual([2, 3, 4, 4, 4, 4]);
		expect(widthsAfter(false)).toEqual([1, 1, 1, 1, 1, 1]);
	});

	it('a 429 does not raise the ceiling a 503 set', () => {
		const lanes = new Lanes('adaptive', () => 0);
		lanes.busy(lanes.started());
		lanes.busy(lanes.started(), true);
		expect(lanes.open).toBe(1);
		for (let round = 0; round < 6; round++)
			for (const request of Array.from({ length: lanes.open }, () => lanes.started()))
				lanes.answered(request);
		expect(lanes.open).toBe(3);
	});

	it('answers of requests started before the width changed do not count', () => {
		let now = 0;
		const lanes = new Lanes('adaptive', () => now);
		const early = [lanes.started(), lanes.started()];
		lanes.busy();
		now = 100;
		// Had they counted, two answers would be a whole round at two, and it would take one more.
		for (const request of early) lanes.answered(request);
		expect(lanes.open).toBe(2);
		lanes.answered(lanes.started());
		expect(lanes.open).toBe(2);
		lanes.answered(lanes.started());
		expect(lanes.open).toBe(3);
	});
});

describe('Lanes remember each platform for the next write in this process', () => {
	const on = (widths: PlatformWidths, baseUrl: string) => (now: () => number) =>
		new Lanes('adaptive', now, { baseUrl, widths });

	it('the next write to the same platform starts at a quarter of the width the last one ended at (one growing step below), and is quicker', () => {
		const widths = new PlatformWidths();
		const first = drive(on(widths, 'https://wms.example.com/v1'), 100, far);
		expect(first.widths.at(-1)).toBe(ADAPTIVE_CAP);
		expect(
			new Lanes('adaptive', Date.now, { baseUrl: 'https://wms.example.com/v1', widths }).open,
		).toBe(8);
		const next = drive(on(widths, 'https://wms.example.com/v1'), 100, far);
		expect(steps(next.widths)).toEqual([8, 32]);
		expect(next.took).toBeLessThan(first.took);
		// Another platform starts from four.
		expect(
			new Lanes('adaptive', Date.now, { baseUrl: 'https://other.example.com/v1', widths }).open,
		).toBe(4);
	});

	it('a platform that has got busier since narrows the next write all the same', () => {
		const widths = new PlatformWidths();
		drive(on(widths, 'https://wms.example.com/v1'), 100, far);
		const next = drive(on(widths, 'https://wms.example.com/v1'), 200, fourAtOnce);
		expect(widest(settled(next))).toBeLessThanOrEqual(12);
	});

	it('a busy answer halves a remembered start too, and the width it ended at is where the next starts from', () => {
		const widths = new PlatformWidths();
		drive(on(widths, 'https://wms.example.com/v1'), 100, far);
		const next = drive(on(widths, 'https://wms.example.com/v1'), 100, far, (n) => n === 0);
		expect(next.widths[0]).toBe(4);
		expect(widest(next.widths)).toBeLessThanOrEqual(7);
		// It ended at 7 or less: a quarter of that is below four, where every start is.
		expect(
			new Lanes('adaptive', Date.now, { baseUrl: 'https://wms.example.com/v1', widths }).open,
		).toBe(4);
	});

	it('remembers a bounded number of platforms, forgetting the one used longest ago', () => {
		const widths = new PlatformWidths(3);
		for (const host of ['a', 'b', 'c']) widths.remember(`https://${host}.example.com/v1`, 32);
		widths.remember('https://a.example.com/v1', 24);
		widths.remember('https://d.example.com/v1', 32);
		expect(widths.startFor('https://b.example.com/v1')).toBe(4);
		expect(widths.startFor('https://a.example.com/v1')).toBe(6);
		expect(widths.startFor('https://d.example.com/v1')).toBe(8);
	});

	it('a number the user set neither starts from nor changes what is remembered', () => {
		const widths = new PlatformWidths();
		widths.remember('https://wms.example.com/v1', 20);
		const fixed = drive(
			(now) => new Lanes(3, now, { baseUrl: 'https://wms.example.com/v1', widths }),
			20,
			far,
		);
		expect(fixed.peak).toBe(3);
		expect(widths.startFor('https://wms.example.com/v1')).toBe(5);
	});
});
