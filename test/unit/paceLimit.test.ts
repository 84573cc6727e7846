/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * A bulk write's lanes and pace against a model of the simulator's rate limit, on a clock the model
 * moves (no time passes). The platform counts a strict sliding one-second window per client and
 * answers 429 with Retry-After in whole seconds, rounded up, at least one (dev/simulator/timing.ts);
 * each request reaches it a varying time after it starts (a new connection's handshakes), as
 * bulk/request.ts and transport/request.ts drive them: a lane per request, the pace admitting each
 * try, a refused one waiting out its Retry-After and sent again.
 */
import * as workflowModule from 'n8n-workflow';

import { Lanes } from '../../nodes/shared/bulk/lanes';
import { RequestPace } from '../../nodes/shared/transport/pace';

interface LimitedPlatform {
	requestsPerSecond: number;
	/**
	 * A request reaches the platform this long after its handshake's CPU is done, drawn evenly
	 * between the two, from `seed` (the network's round trips and their jitter).
	 */
	lagMs: [number, number];
	/** The client's CPU for one new connection's handshake: requests started together leave one after another. */
	handshakeMs: number;
	/** The answer's way back; an accepted request's rows take `storeMs` more. */
	backMs: number;
	storeMs: number;
	seed: number;
}

interface Outcome {
	/** 429s of requests started before the pace had learnt the rate, and after. */
	refusedBefore: number;
	refusedAfter: number;
	/** Model milliseconds from the first start to the last answer. */
	took: number;
	/** Model milliseconds during which no new request could start for a Retry-After. */
	paused: number;
	/** The rate the pace learnt (requests per its window) and its window. */
	perWindow?: number;
	windowMs: number;
}

/** A small seeded generator (mulberry32): the same seed, the same lags. */
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

/** Timers on the model clock: `run` moves the clock to each in turn, once every promise has settled. */
class ModelClock {
	now = 0;
	private timers: Array<{ at: number; seq: number; fire: () => void }> = [];
	private seq = 0;

	wait(ms: number): Promise<void> {
		return new Promise((fire) =>
			this.timers.push({ at: this.now + Math.max(0, ms), seq: this.seq++, fire }),
		);
	}

	async run(done: () => boolean): Promise<void> {
		for (;;) {
			await new Promise((settled) => setImmediate(settled));
			if (done()) return;
			if (this.timers.length === 0) throw new Error('the model stopped with work left');
			this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
			const next = this.timers.shift()!;
			this.now = next.at;
			next.fire();
		}
	}
}

/** The simulator's limit: accepted arrival times in the last second, Retry-After rounded up. */
function limiter(perSecond: number, now: () => number): () => number | undefined {
	const accepted: number[] = [];
	return () => {
		const t = now();
		while (accepted.length > 0 && accepted[0] <= t - 1000) accepted.shift();
		if (accepted.length < perSecond) {
			accepted.push(t);
			return undefined;
		}
		return Math.max(1, Math.ceil((accepted[0] + 1000 - t) / 1000));
	};
}

/** Sends `requests` requests of a bulk write through adaptive lanes and the run's pace to `platform`. */
async function limitedWrite(requests: number, platform: LimitedPlatform): Promise<Outcome> {
	const clock = new ModelClock();
	const spy = jest
		.spyOn(workflowModule, 'sleep')
		.mockImplementation(async (ms: number) => await clock.wait(ms));
	try {
		const now = () => clock.now;
		const lanes = new Lanes('adaptive', now);
		const pace = new RequestPace(now);
		const inside = pace as unknown as { perWindow?: number; learntAt: number; window: number };
		const admit = limiter(platform.requestsPerSecond, now);
		const lag = random(platform.seed);
		let cpuFreeAt = 0;
		const out: Outcome = { refusedBefore: 0, refusedAfter: 0, took: 0, paused: 0, windowMs: 0 };
		let pausedUntil = 0;
		const pauseFor = (ms: number) => {
			const from = Math.max(now(), pausedUntil);
			out.paused += Math.max(0, now() + ms - from);
			pausedUntil = Math.max(pausedUntil, now() + ms);
		};

		const one = async () => {
			const started = lanes.started();
			let ownPause: number | undefined;
			for (let attempt = 1; ; attempt++) {
				const startedAt = await pace.admit(undefined, ownPause);
				const [least, most] = platform.lagMs;
				cpuFreeAt = Math.max(cpuFreeAt, now()) + platform.handshakeMs;
				await clock.wait(cpuFreeAt - now() + least + (most - least) * lag());
				const retryAfter = admit();
				await clock.wait(platform.backMs + (retryAfter === undefined ? platform.storeMs : 0));
				if (retryAfter === undefined) {
					pace.answered(startedAt);
					lanes.answered(started);
					return;
				}
				if (inside.perWindow !== undefined && startedAt >= inside.learntAt) out.refusedAfter++;
				else out.refusedBefore++;
				const until = pace.refused(startedAt, retryAfter * 1000);
				ownPause = until;
				pauseFor(retryAfter * 1000);
				lanes.busy(started, true);
				await clock.wait(retryAfter * 1000);
				pace.resume(until);
			}
		};

		let sent = 0;
		let inFlight = 0;
		let finished = 0;
		const drive = async () => {
			while (sent < requests) {
				if (inFlight >= lanes.open) {
					await new Promise<void>((freed) => (release = freed));
					continue;
				}
				sent++;
				inFlight++;
				void one().then(() => {
					inFlight--;
					finished++;
					release?.();
				});
			}
		};
		let release: (() => void) | undefined;
		void drive();
		await clock.run(() => finished === requests);
		out.took = clock.now;
		out.perWindow = inside.perWindow;
		out.windowMs = inside.window;
		return out;
	} finally {
		spy.mockRestore();
	}
}

/** A client busy with other work: each new connection's handshake takes its CPU a while, and the network's time varies. */
const loaded = { lagMs: [100, 250] as [number, number], handshakeMs: 12, backMs: 25, storeMs: 20 };
const seeds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('a bulk write under a request-rate limit, in a model of the simulator', () => {
	it('at twenty a second, keeps to the rate once learnt: few 429s after it, little time paused', async () => {
		const runs: Outcome[] = [];
		for (const seed of seeds(30))
			runs.push(await limitedWrite(100, { ...loaded, requestsPerSecond: 20, seed }));
		// Each 429 pauses every request of the run for its whole Retry-After (a second at least).
		const after = runs.reduce((sum, run) => sum + run.refusedAfter, 0);
		const pausedMs = runs.reduce((sum, run) => sum + run.paused, 0);
		expect(after).toBeLessThanOrEqual(2 * runs.length);
		expect(pausedMs).toBeLessThanOrEqual(2000 * runs.length);
		// Where each run ended: near the platform's rate, neither far over nor far under it.
		for (const run of runs) {
			expect(run.perWindow).toBeGreaterThanOrEqual(18);
			expect(run.perWindow).toBeLessThanOrEqual(20);
		}
	});

	it('at five and ten a second, learns the rate within one, every run', async () => {
		for (const requestsPerSecond of [5, 10])
			for (const seed of seeds(10)) {
				const run = await limitedWrite(100, { ...loaded, requestsPerSecond, seed });
				expect(run.perWindow).toBeGreaterThanOrEqual(requestsPerSecond - 1);
				expect(run.perWindow).toBeLessThanOrEqual(requestsPerSecond);
			}
	});
});
