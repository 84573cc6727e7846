/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/** A platform across a network: latency that overlaps as on a real server, and a rate limit per client that says when to come back. */
import { Agent, request } from 'node:http';
import { startSimulator } from '../../dev/simulator';
import { parseArgs } from '../../dev/simulator/cli';
import { client, waitFor, type Client } from '../support/simulatorClient';

const supplier = (code: string) => ({ code, name: `Supplier ${code}` });
const timed = async <T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> => {
	const t0 = performance.now();
	const result = await work();
	return { result, ms: performance.now() - t0 };
};

describe('simulator latency', () => {
	let c: Client;
	beforeEach(async () => {
		c = await client();
	});
	afterEach(async () => await c.sim.close());

	const control = (path: string, body?: unknown, method?: string) => c.control(path, body, method);

	it('every answer takes at least the round trip, plus the time per row sent and per record read', async () => {
		c.sim.latency.set({ roundTripMs: 120 });
		const check = await timed(() => c.post('/supplier/check', {}));
		expect(check.result.status).toBe(200);
		expect(check.ms).toBeGreaterThanOrEqual(115);

		c.sim.latency.set({ roundTripMs: 0, perRowMs: 20 });
		const write = await timed(() =>
			c.post('/supplier/add', {
				items: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].map(supplier),
			}),
		);
		expect(write.result.body.summary.created).toBe(10);
		expect(write.ms).toBeGreaterThanOrEqual(195);

		c.sim.latency.set({ perRecordMs: 20 });
		const read = await timed(() => c.post('/supplier/check', { limit: 10 }));
		expect(read.result.body.items).toHaveLength(10);
		expect(read.ms).toBeGreaterThanOrEqual(195);
	});

	it('a platform with servers works on that many requests at once: the others wait for a turn', async () => {
		c.sim.latency.set({ perRowMs: 100, servers: 2 });
		const four = await timed(() =>
			Promise.all(
				['A', 'B', 'C', 'D'].map((code) => c.post('/supplier/add', { items: [supplier(code)] })),
			),
		);
		expect(four.result.map((r) => r.status)).toEqual([200, 200, 200, 200]);
		// Two turns of 100 ms on two servers, not one turn for all four.
		expect(four.ms).toBeGreaterThanOrEqual(195);
		expect(() => c.sim.latency.set({ servers: 0 })).toThrow(/servers must be a whole number ≥ 1/);
	});

	it('an error answer travels back too: a refused token takes the round trip', async () => {
		c.sim.latency.set({ roundTripMs: 120 });
		const refused = await timed(() => c.post('/supplier/check', {}, { token: 'nonsense' }));
		expect(refused.result.status).toBe(401);
		expect(refused.ms).toBeGreaterThanOrEqual(115);
	});

	it('requests in flight overlap: five slow requests are all being handled at once, and the control API still answers', async () => {
		// Long enough that all five are still waiting when they are counted, on a busy machine too.
		c.sim.latency.set({ roundTripMs: 5000 });
		const all = Promise.all(
			['A', 'B', 'C', 'D', 'E'].map((code) => c.post('/supplier/add', { items: [supplier(code)] })),
		);
		// Asked over HTTP while they wait: the simulator's event loop is free.
		await waitFor(
			async () => (await control('/_sim/load', undefined, 'GET')).body.inFlight === 5,
			4900,
		);
		const replies = await all;
		expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
		expect(c.sim.load()).toMatchObject({ inFlight: 0, peakInFlight: 5 });
		c.sim.resetStats();
		expect(c.sim.load()).toEqual({ inFlight: 0, peakInFlight: 0, connections: 0 });
	});

	const CONNECT_MS = 1500;
	it('a new connection costs its set-up once: the next request on a kept-alive connection does not pay it, a fresh connection pays again', async () => {
		const fresh = new Agent({ keepAlive: false });
		const kept = new Agent({ keepAlive: true });
		const post = (agent: Agent) =>
			new Promise<number>((resolve, reject) => {
				const req = request(
					`${c.sim.baseUrl}/supplier/check`,
					{
						method: 'POST',
						agent,
						headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` },
					},
					(res) => {
						res.resume();
						res.on('end', () => resolve(res.statusCode ?? 0));
					},
				);
				req.on('error', reject);
				req.end('{}');
			});
		try {
			// Long beside a request on loopback, even on a machine busy with other jobs.
			c.sim.latency.set({ connectMs: CONNECT_MS });
			c.sim.resetStats();
			const first = await timed(() => post(kept));
			const second = await timed(() => post(kept));
			expect([first.result, second.result]).toEqual([200, 200]);
			expect(first.ms).toBeGreaterThanOrEqual(CONNECT_MS - 5);
			expect(second.ms).toBeLessThan(CONNECT_MS - 5);
			expect(c.sim.load().connections).toBe(1);
			for (let i = 0; i < 2; i++)
				expect((await timed(() => post(fresh))).ms).toBeGreaterThanOrEqual(CONNECT_MS - 5);
			expect(c.sim.load().connections).toBe(3);
		} finally {
			fresh.destroy();
			kept.destroy();
		}
	});

	it('rows are stored when the platform has processed them, not when they arrive', async () => {
		c.sim.latency.set({ perRowMs: 200 });
		const write = c.post('/supplier/add', { items: [supplier('A'), supplier('B'), supplier('C')] });
		await waitFor(() => c.sim.load().inFlight === 1);
		expect(c.sim.store.count('supplier')).toBe(0);
		expect((await write).status).toBe(200);
		expect(c.sim.store.count('supplier')).toBe(3);
	});

	it('is set, read and cleared through the control API while running; a bad model is refused', async () => {
		expect((await control('/_sim/latency', { roundTripMs: 150, perRowMs: 0.5 })).body).toEqual({
			roundTripMs: 150,
			perRowMs: 0.5,
		});
		expect((await control('/_sim/latency', undefined, 'GET')).body).toEqual({
			roundTripMs: 150,
			perRowMs: 0.5,
		});
		expect((await timed(() => c.post('/supplier/check', {}))).ms).toBeGreaterThanOrEqual(145);
		expect((await control('/_sim/latency', undefined, 'DELETE')).body).toEqual({});
		expect(c.sim.latency.get()).toEqual({});

		const unknown = await control('/_sim/latency', { roundTrip: 50 });
		expect(unknown.status).toBe(400);
		expect(unknown.body.error.message).toMatch(
			/unknown latency field roundTrip; use roundTripMs, perRowMs, perRecordMs, connectMs/,
		);
		expect((await control('/_sim/latency', { roundTripMs: -5 })).body.error.message).toMatch(
			/roundTripMs must be a number of ms ≥ 0/,
		);
	});

	it('takes the model as a start option', async () => {
		const sim = await startSimulator({ latency: { roundTripMs: 80, perRecordMs: 1 } });
		try {
			expect(sim.latency.get()).toEqual({ roundTripMs: 80, perRecordMs: 1 });
			const token = await timed(() =>
				fetch(`${sim.baseUrl}/oauth/token`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({
						client_id: sim.clientId,
						client_secret: sim.clientSecret,
						grant_type: 'client_credentials',
					}),
				}),
			);
			expect(token.result.status).toBe(200);
			expect(token.ms).toBeGreaterThanOrEqual(75);
		} finally {
			await sim.close();
		}
		await expect(startSimulator({ latency: { roundTripMs: Number.NaN } })).rejects.toThrow(
			/roundTripMs must be a number/,
		);
	});
});

describe('simulator rate limit', () => {
	let t: number;
	let c: Client;
	beforeEach(async () => {
		t = Date.UTC(2026, 10, 23, 12, 0, 0);
		c = await client({ now: () => t, rateLimit: { requestsPerSecond: 3 } });
	});
	afterEach(async () => await c.sim.close());

	const add = (code: string) => c.post('/supplier/add', { items: [supplier(code)] });
	const statuses = async (codes: string[]) => {
		const out: number[] = [];
		for (const code of codes) out.push((await add(code)).status);
		return out;
	};

	it('accepts N requests per second per client, answers the next 429 rate_limited with Retry-After, and stores nothing of it', async () => {
		// The token request counted for this client; one second on, its window is empty again.
		t += 1000;
		expect(await statuses(['A', 'B', 'C'])).toEqual([200, 200, 200]);
		const refused = await add('D');
		expect(refused.status).toBe(429);
		expect(refused.body.error).toMatchObject({
			code: 'rate_limited',
			message: 'rate limit of 3 requests per second exceeded; retry after 1 seconds',
		});
		expect(refused.headers.get('retry-after')).toBe('1');
		expect(c.sim.store.get('supplier', 'D')).toBeUndefined();
		expect(c.sim.stats().statuses).toMatchObject({ '200': 4, '429': 1 });
	});

	it('Retry-After says when the next request is accepted: not a millisecond earlier, and refused requests do not count', async () => {
		t += 1000;
		expect(await statuses(['A', 'B', 'C'])).toEqual([200, 200, 200]);
		t += 999;
		expect((await add('D')).headers.get('retry-after')).toBe('1');
		expect((await add('D')).status).toBe(429);
		t += 1;
		expect(await statuses(['D', 'E', 'F', 'G'])).toEqual([200, 200, 200, 429]);
	});

	it('the window slides: a request leaves it one second after it was accepted', async () => {
		t += 1000;
		expect(await statuses(['A', 'B'])).toEqual([200, 200]);
		t += 500;
		expect(await statuses(['C', 'D'])).toEqual([200, 429]);
		t += 500; // A and B have left, C is still in the window
		expect(await statuses(['D', 'E', 'F'])).toEqual([200, 200, 429]);
		t += 499;
		expect((await add('F')).status).toBe(429);
		t += 1; // C has left
		expect(await statuses(['F', 'G'])).toEqual([200, 429]);
	});

	it('counts per client id: the token route counts for the client that asks, a client that is not known has a window of its own', async () => {
		t += 1000;
		expect(await statuses(['A', 'B', 'C'])).toEqual([200, 200, 200]);
		const token = (clientId: string) =>
			c.post(
				'/oauth/token',
				{
					client_id: clientId,
					client_secret: c.sim.clientSecret,
					grant_type: 'client_credentials',
				},
				{ token: null },
			);
		expect((await token(c.sim.clientId)).status).toBe(429);
		expect((await token('someone-else')).status).toBe(401);
	});

	it('is changed or lifted while running, through the API and the control API', async () => {
		const control = (body?: unknown, method?: string) =>
			c.control('/_sim/rate-limit', body, method);
		t += 1000;
		expect((await control({ requestsPerSecond: 1 })).body).toEqual({
			rateLimit: { requestsPerSecond: 1 },
		});
		expect(await statuses(['A', 'B'])).toEqual([200, 429]);
		expect((await control(undefined, 'DELETE')).body).toEqual({ rateLimit: null });
		expect(await statuses(['B', 'C', 'D', 'E', 'F'])).toEqual([200, 200, 200, 200, 200]);
		c.sim.rateLimit.set({ requestsPerSecond: 2 });
		expect((await control(undefined, 'GET')).body).toEqual({ rateLimit: { requestsPerSecond: 2 } });
		expect((await control({ requestsPerSecond: 0.5 })).status).toBe(400);
		expect(() => c.sim.rateLimit.set({ requestsPerSecond: 0 })).toThrow(/whole number ≥ 1/);
	});
});

describe('simulator command line', () => {
	it('reads the latency model and the rate limit', () => {
		expect(
			parseArgs([
				'--port',
				'0',
				'--latency-ms',
				'50',
				'--per-row-ms=0.01',
				'--per-record-ms',
				'0.02',
				'--connect-ms',
				'100',
				'--rate-limit',
				'5',
			]),
		).toMatchObject({
			port: 0,
			latency: { roundTripMs: 50, perRowMs: 0.01, perRecordMs: 0.02, connectMs: 100 },
			rateLimit: 5,
		});
		const plain = parseArgs([]);
		expect(plain.latency).toEqual({});
		expect(plain.rateLimit).toBeUndefined();
	});
});
