/** Faults on demand do what they say, per route, counted, and reproducibly by seed. */
import { startSimulator } from '../../dev/simulator';
import { client, waitFor, type Client } from '../support/simulatorClient';

describe('simulator faults', () => {
	let c: Client;
	beforeEach(async () => {
		c = await client();
	});
	afterEach(async () => await c.sim.close());

	const add = (code: string) => c.post('/supplier/add', { items: [{ code, name: code }] });

	it('429 carries Retry-After and the rate_limited envelope', async () => {
		c.sim.faults.add({ route: '/supplier/add', kind: '429', times: 1, retryAfterSeconds: 7 });
		const r = await add('S-1');
		expect(r.status).toBe(429);
		expect(r.headers.get('retry-after')).toBe('7');
		expect(r.body.error.code).toBe('rate_limited');
		expect(c.sim.store.count('supplier')).toBe(0);
		expect((await add('S-1')).status).toBe(200);
	});

	it('503 answers unavailable and stores nothing', async () => {
		c.sim.faults.add({ route: '*', kind: '503', times: 1 });
		const r = await add('S-1');
		expect(r.status).toBe(503);
		expect(r.body.error.code).toBe('unavailable');
		expect(c.sim.store.count('supplier')).toBe(0);
	});

	it('reset_before closes the socket without processing', async () => {
		c.sim.faults.add({ route: '/supplier/add', kind: 'reset_before', times: 1 });
		await expect(add('S-1')).rejects.toThrow();
		expect(c.sim.store.count('supplier')).toBe(0);
		expect((await add('S-1')).body.results[0].status).toBe('created');
	});

	it('reset_after stores the body, then closes the socket without answering', async () => {
		c.sim.faults.add({ route: '/supplier/add', kind: 'reset_after', times: 1 });
		await expect(add('S-1')).rejects.toThrow();
		expect(c.sim.store.get('supplier', 'S-1')).toMatchObject({ code: 'S-1' });
		// The client's retry is harmless: the upsert answers unchanged.
		expect((await add('S-1')).body.results[0].status).toBe('unchanged');
	});

	it('401 fault answers invalid_token even with a good token', async () => {
		c.sim.faults.add({ route: '/supplier/check', kind: '401', times: 1 });
		expect((await c.post('/supplier/check', {})).status).toBe(401);
		expect((await c.post('/supplier/check', {})).status).toBe(200);
	});

	it('latency delays the answer by at least latencyMs', async () => {
		c.sim.faults.add({ route: '/supplier/check', kind: 'latency', latencyMs: 150, times: 1 });
		const t0 = Date.now();
		expect((await c.post('/supplier/check', {})).status).toBe(200);
		expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
	});

	it('hold keeps requests unanswered and unprocessed until released; later ones pass', async () => {
		c.sim.faults.add({ route: '/supplier/add', kind: 'hold', times: 2 });
		let answered = 0;
		const held = ['S-1', 'S-2'].map((code) => add(code).then((r) => (answered++, r.status)));
		await waitFor(() => c.sim.faults.holding() === 2);
		// Other routes are not held.
		expect((await c.post('/supplier/check', {})).status).toBe(200);
		expect([answered, c.sim.store.count('supplier')]).toEqual([0, 0]);
		c.sim.faults.release();
		expect(await Promise.all(held)).toEqual([200, 200]);
		expect((await add('S-3')).status).toBe(200);
		expect(c.sim.faults.holding()).toBe(0);
	});

	it('after and times pick exactly which matching requests fail; other routes are untouched', async () => {
		c.sim.faults.add({ route: '/supplier/add', kind: '503', after: 1, times: 2 });
		const statuses: number[] = [];
		for (let i = 0; i < 5; i++) {
			statuses.push((await add(`S-${i}`)).status);
			expect((await c.post('/supplier/check', {})).status).toBe(200);
		}
		expect(statuses).toEqual([200, 503, 503, 200, 200]);
		expect(c.sim.faults.list()[0]).toMatchObject({ seen: 5, fired: 2 });
	});

	it('probability with a faultSeed repeats the same sequence', async () => {
		const run = async () => {
			const sim = await startSimulator({ faultSeed: 42 });
			sim.faults.add({ route: '/oauth/token', kind: '503', probability: 0.5 });
			const out: number[] = [];
			for (let i = 0; i < 20; i++) {
				const res = await fetch(`${sim.baseUrl}/oauth/token`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({
						client_id: sim.clientId,
						client_secret: sim.clientSecret,
						grant_type: 'client_credentials',
					}),
				});
				out.push(res.status);
			}
			await sim.close();
			return out;
		};
		const first = await run();
		expect(first).toContain(503);
		expect(first).toContain(200);
		expect(await run()).toEqual(first);
	});

	it('takes rules as a start option', async () => {
		const other = await client({
			faults: [{ route: '/supplier/check', kind: '503', after: 0, times: 1 }],
		});
		try {
			expect((await other.post('/supplier/check', {})).status).toBe(503);
			expect((await other.post('/supplier/check', {})).status).toBe(200);
		} finally {
			await other.sim.close();
		}
	});

	it('clear removes every rule', async () => {
		c.sim.faults.add({ route: '*', kind: '503' });
		c.sim.faults.clear();
		expect((await add('S-1')).status).toBe(200);
	});

	it('rejects an unknown fault kind', () => {
		expect(() => c.sim.faults.add({ route: '*', kind: 'boom' as never })).toThrow(
			/unknown fault kind/,
		);
	});
});
