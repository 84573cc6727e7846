/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/** The pace of a run's requests, on a clock the test moves (no time passes). */
import * as workflowModule from 'n8n-workflow';

import { RequestPace } from '../../nodes/shared/transport/pace';

describe('RequestPace', () => {
	let now: number;
	let waits: number[];
	let pace: RequestPace;
	beforeEach(() => {
		now = 10_000;
		waits = [];
		// A wait moves the test's clock instead of passing time.
		jest.spyOn(workflowModule, 'sleep').mockImplementation(async (ms: number) => {
			waits.push(ms);
			now += ms;
		});
		pace = new RequestPace(() => now);
	});
	afterEach(() => jest.restoreAllMocks());

	/** `n` requests start together and one more is refused: `n` a window learnt. */
	async function learnFromBurst(n: number): Promise<void> {
		const burst: number[] = [];
		for (let i = 0; i <= n; i++) burst.push(await pace.admit(undefined));
		now += 300;
		pace.refused(burst[n], 1000);
		pace.resume();
		now += 2000;
	}

	/** The start times of the next `count` requests. */
	async function nextStarts(count: number): Promise<number[]> {
		const next: number[] = [];
		for (let i = 0; i < count; i++) next.push(await pace.admit(undefined));
		return next;
	}

	/** `perWindow` of them start within a second of the first, the next a second after it at least. */
	function expectPerWindow(next: number[], perWindow: number): void {
		expect(next[perWindow - 1]).toBeLessThan(next[0] + 1000);
		expect(next[perWindow]).toBeGreaterThanOrEqual(next[0] + 1000);
	}

	it('lets every request start at once until the platform says it is busy', async () => {
		for (let i = 0; i < 20; i++) expect(await pace.admit(undefined)).toBe(10_000);
		expect(waits).toEqual([]);
	});

	it('holds every new request until Retry-After has passed, but not the one that waited it out', async () => {
		const until = pace.busy(2000);
		expect(await pace.admit(undefined, until)).toBe(10_000);
		expect(await pace.admit(undefined)).toBe(12_000);
		expect(waits).toEqual([2000]);
	});

	it('learns the rate from a 429 and keeps to it, a little over a second for that many', async () => {
		const started: number[] = [];
		for (let i = 0; i < 5; i++) {
			started.push(await pace.admit(undefined));
			now += 100;
		}
		const refused = await pace.admit(undefined);
		pace.refused(refused, 1000);
		pace.resume();
		now += 50;
		// Five started in the second before the refused one: five per window from now on.
		const next = await nextStarts(6);
		expect(next.slice(0, 5).every((t, i) => t >= started[i] + 1000)).toBe(true);
		expect(next[5]).toBeGreaterThanOrEqual(next[0] + 1000);
	});

	it('a burst refused together teaches the rate of the requests the platform took, not of all it was sent', async () => {
		// Six in the first half second, then sixteen together (a bulk write's growing rounds); the
		// platform takes ten a second.
		for (let i = 0; i < 6; i++) {
			await pace.admit(undefined);
			now += 80;
		}
		const burst: number[] = [];
		for (let i = 0; i < 16; i++) burst.push(await pace.admit(undefined));
		now += 200;
		// Their answers come one after another: twelve refused, the first as the rate is learnt.
		for (const startedAt of burst.slice(4)) pace.refused(startedAt, 1000);
		pace.resume();
		now += 2000;
		// Ten started in the second before the first refusal that the platform took: ten per window.
		const next = await nextStarts(21);
		expectPerWindow(next, 10);
		expect(next[20]).toBeGreaterThanOrEqual(next[10] + 1000);
	});

	it('counts the second before a refused request even when its answer comes long after it started', async () => {
		// Four, then sixteen, then ten together (a bulk write's growing rounds); the platform takes
		// twenty a second. The ten queue behind each other's handshakes: their refusals come
		// seven tenths of a second later, after one more request has started.
		for (let i = 0; i < 4; i++) await pace.admit(undefined);
		now += 300;
		for (let i = 0; i < 16; i++) await pace.admit(undefined);
		now += 400;
		const burst: number[] = [];
		for (let i = 0; i < 10; i++) burst.push(await pace.admit(undefined));
		now += 600;
		await pace.admit(undefined);
		now += 100;
		for (const startedAt of burst) pace.refused(startedAt, 1000);
		pace.resume();
		now += 2000;
		// Twenty started in the second before the refused ones: twenty per window, not the sixteen
		// still in a memory of one window back from the answer.
		expectPerWindow(await nextStarts(21), 20);
	});

	it('refused while keeping to a rate of many a window, keeps to one fewer rather than a longer window', async () => {
		await learnFromBurst(20);
		// Twenty a window learnt; one of the next twenty is refused all the same.
		const kept = await nextStarts(20);
		now += 300;
		pace.refused(kept[19], 1000);
		pace.resume();
		now += 2000;
		const next = await nextStarts(20);
		// Nineteen in one window, the twentieth a window later: the rate a twentieth lower, not a tenth.
		expectPerWindow(next, 19);
		expect(next[19] - next[0]).toBeLessThan(1200);
	});

	it('counts by answers the requests the platform took, when a busy process sent them long after they started', async () => {
		// Sixteen answered soon after they started; twenty started 0.8 s later, answered over a second
		// after they started (a busy process got to their handshakes late), the platform takes twenty
		// a second; one started with them is refused 1.4 s after it started.
		const early: number[] = [];
		for (let i = 0; i < 16; i++) early.push(await pace.admit(undefined));
		now += 600;
		for (const startedAt of early) pace.answered(startedAt);
		now += 200;
		const late: number[] = [];
		for (let i = 0; i < 20; i++) late.push(await pace.admit(undefined));
		const refused = await pace.admit(undefined);
		now += 1100;
		for (const startedAt of late) pace.answered(startedAt);
		now += 300;
		pace.refused(refused, 1000);
		pace.resume();
		now += 2000;
		// Twenty a window, not the thirty-six started in the second before the refused one.
		expectPerWindow(await nextStarts(21), 20);
	});

	it('once the rate is known, spreads the requests of a window over its first half, not all at once', async () => {
		await learnFromBurst(20);
		// Twenty a window of 1.1 s: one every 27.5 ms, the last within the window's first half.
		const next = await nextStarts(21);
		const gaps = next.slice(1, 20).map((t, i) => t - next[i]);
		expect(Math.min(...gaps)).toBeCloseTo(27.5);
		expect(next[19] - next[0]).toBeLessThan(550);
		expect(next[20]).toBeGreaterThanOrEqual(next[0] + 1100);
	});

	it('learns nothing from a 429 with no requests before it (a refusal for another reason)', async () => {
		const refused = await pace.admit(undefined);
		pace.refused(refused, 0);
		for (let i = 0; i < 10; i++) expect(await pace.admit(undefined)).toBe(now);
		expect(waits).toEqual([]);
	});
});

describe('RequestPace, a busy answer while requests wait for their slots', () => {
	afterEach(() => jest.restoreAllMocks());

	/** Timers on a clock the test moves: each wait ends when the clock passes it. */
	function clock(lateBy: number[] = []) {
		let now = 10_000;
		const timers: Array<{ at: number; fire: () => void }> = [];
		// `lateBy`: how long after its wait ended the process gets to each request in turn.
		jest
			.spyOn(workflowModule, 'sleep')
			.mockImplementation(
				async (ms: number) =>
					await new Promise<void>((fire) =>
						timers.push({ at: now + ms + (lateBy.shift() ?? 0), fire }),
					),
			);
		const settle = async () => {
			for (let i = 0; i < 5; i++) await new Promise((done) => setImmediate(done));
		};
		return {
			now: () => now,
			/** Moves the clock to `to`, firing every wait that ends by then, in order. */
			async to(to: number) {
				await settle();
				for (;;) {
					timers.sort((a, b) => a.at - b.at);
					if (timers.length === 0 || timers[0].at > to) break;
					const next = timers.shift()!;
					now = next.at;
					next.fire();
					await settle();
				}
				now = to;
				await settle();
			},
		};
	}

	it('a request planned for later starts no sooner than a Retry-After that came while it waited', async () => {
		const time = clock();
		const pace = new RequestPace(time.now);
		// Twenty a window learnt from a refused twenty-first.
		const first: number[] = [];
		for (let i = 0; i < 21; i++) first.push(await pace.admit(undefined));
		pace.refused(first[20], 0);
		pace.resume();
		// Twenty more wait for the next window; one of the twenty before is refused meanwhile, with
		// a Retry-After of two seconds.
		const waiting: Array<Promise<number>> = [];
		for (let i = 0; i < 20; i++) waiting.push(pace.admit(undefined));
		await time.to(10_500);
		const until = pace.refused(first[3], 2000);
		await time.to(20_000);
		const starts = await Promise.all(waiting);
		expect(until).toBe(12_500);
		expect(Math.min(...starts)).toBeGreaterThanOrEqual(12_500);
	});

	it('one request waiting out its own Retry-After does not end a longer pause another asked for later', async () => {
		const time = clock();
		const pace = new RequestPace(time.now);
		const a = pace.busy(1000);
		await time.to(10_400);
		pace.busy(3000);
		await time.to(11_000);
		pace.resume(a);
		const next = pace.admit(undefined);
		await time.to(20_000);
		expect(await next).toBe(13_400);
	});

	it('a request that waited out its own Retry-After still waits for a longer one asked for after it', async () => {
		const time = clock();
		const pace = new RequestPace(time.now);
		const own = pace.busy(1000);
		await time.to(10_500);
		pace.busy(1000);
		await time.to(11_000);
		pace.resume(own);
		const next = pace.admit(undefined, own);
		await time.to(20_000);
		expect(await next).toBe(11_500);
	});

	it('counts the time a request really started, not the slot it was planned for', async () => {
		// The process gets to the second of the next two requests 80 ms after its slot.
		const time = clock([0, 80]);
		const pace = new RequestPace(time.now);
		const first: number[] = [];
		for (let i = 0; i < 3; i++) first.push(await pace.admit(undefined));
		pace.refused(first[2], 0);
		pace.resume();
		// Two a window of 1.1 s learnt, spread over its first half: slots at 11.1 s and 11.375 s.
		const a = pace.admit(undefined);
		const b = pace.admit(undefined);
		await time.to(11_600);
		expect([await a, await b]).toEqual([11_100, 11_455]);
		// The next two keep a window after each start: the second a window after the late one.
		const c = pace.admit(undefined);
		const d = pace.admit(undefined);
		await time.to(30_000);
		expect([await c, await d]).toEqual([12_200, 12_555]);
	});
});
