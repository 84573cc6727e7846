/** What a client sees at the door: tokens, media type, JSON, methods, routes, limits and schema errors. */
import { client, type Client } from '../support/simulatorClient';

describe('simulator protocol', () => {
	let c: Client;
	let clock = Date.parse('2026-11-21T10:00:00Z');
	beforeEach(async () => {
		clock = Date.parse('2026-11-21T10:00:00Z');
		c = await client({ now: () => clock });
	});
	afterEach(async () => await c.sim.close());

	const supplier = (code: string, extra: Record<string, unknown> = {}) => ({
		code,
		name: `Supplier ${code}`,
		...extra,
	});

	describe('/oauth/token', () => {
		it('issues an HS256 JWT valid 86400 s', async () => {
			const r = await c.post(
				'/oauth/token',
				{
					client_id: 'demo-client',
					client_secret: 'demo-secret',
					grant_type: 'client_credentials',
				},
				{ token: null },
			);
			expect(r.status).toBe(200);
			expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: 86400 });
			const [head, payload] = (r.body.access_token as string)
				.split('.')
				.slice(0, 2)
				.map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
			expect(head).toEqual({ alg: 'HS256', typ: 'JWT' });
			expect(payload.exp - payload.iat).toBe(86400);
			expect(c.sim.stats().tokensIssued).toBe(2);
		});

		it('answers a wrong secret with 401 invalid_client and never echoes it', async () => {
			const r = await c.post(
				'/oauth/token',
				{
					client_id: 'demo-client',
					client_secret: 'hunter2-secret',
					grant_type: 'client_credentials',
				},
				{ token: null },
			);
			expect(r.status).toBe(401);
			expect(r.body.error).toMatchObject({
				code: 'invalid_client',
				message: 'client authentication failed',
			});
			expect(JSON.stringify(r.body)).not.toContain('hunter2');
		});

		it('rejects another grant type with 422', async () => {
			const r = await c.post(
				'/oauth/token',
				{ client_id: 'demo-client', client_secret: 'demo-secret', grant_type: 'password' },
				{ token: null },
			);
			expect(r.status).toBe(422);
			expect(r.body.error.details).toEqual([
				{ path: '/grant_type', message: 'must be one of: client_credentials' },
			]);
		});
	});

	describe('401 invalid_token', () => {
		const cases: [string, (token: string) => string | null][] = [
			['missing', () => null],
			['malformed', () => 'not-a-jwt'],
			['wrongly signed', (t) => t.slice(0, -4) + (t.endsWith('AAAA') ? 'BBBB' : 'AAAA')],
		];
		it.each(cases)('for a %s token', async (_name, make) => {
			const r = await c.post('/supplier/check', {}, { token: make(c.token) });
			expect(r.status).toBe(401);
			expect(r.body.error.code).toBe('invalid_token');
			expect(r.body.error.request_id).toMatch(/^req_/);
		});

		it('for an expired token (24 h after issue) and not a second before', async () => {
			clock += 86399_000;
			expect((await c.post('/supplier/check', {})).status).toBe(200);
			clock += 1000;
			const r = await c.post('/supplier/check', {});
			expect(r.status).toBe(401);
			expect(r.body.error.message).toBe('access token expired');
		});

		it('for every token issued before revokeTokens(), while new tokens work', async () => {
			c.sim.revokeTokens();
			const r = await c.post('/supplier/check', {});
			expect(r.status).toBe(401);
			expect(r.body.error.message).toBe('access token revoked');
			expect((await c.post('/supplier/check', {}, { token: await c.newToken() })).status).toBe(200);
		});
	});

	it('answers an unknown route with 404 not_found', async () => {
		const r = await c.post('/supplier/delete', {});
		expect(r.status).toBe(404);
		expect(r.body.error.code).toBe('not_found');
	});

	it('answers a route outside /v1 with 404', async () => {
		const res = await fetch(c.sim.baseUrl.replace(/\/v1$/, '/v2') + '/supplier/check', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		});
		expect(res.status).toBe(404);
	});

	it.each(['GET', 'PUT', 'DELETE'])('answers %s with 405 and Allow: POST', async (method) => {
		const r = await c.post('/supplier/check', {}, { method });
		expect(r.status).toBe(405);
		expect(r.headers.get('allow')).toBe('POST');
		expect(r.body.error.code).toBe('method_not_allowed');
	});

	it('answers a non-JSON body with 415', async () => {
		const r = await c.post('/supplier/add', undefined, {
			raw: 'code=SUP-1',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
		});
		expect(r.status).toBe(415);
		expect(r.body.error.code).toBe('unsupported_media_type');
		expect(c.sim.store.count('supplier')).toBe(0);
	});

	it('accepts application/json with a charset', async () => {
		const r = await c.post(
			'/supplier/add',
			{ items: [supplier('S-1')] },
			{ headers: { 'content-type': 'application/json; charset=utf-8' } },
		);
		expect(r.status).toBe(200);
	});

	it('answers malformed JSON with 400 malformed_json', async () => {
		const r = await c.post('/supplier/add', undefined, { raw: '{"items": [' });
		expect(r.status).toBe(400);
		expect(r.body.error.code).toBe('malformed_json');
	});

	it('answers 1001 items on /inventory/add with 413 and stores none', async () => {
		const items = Array.from({ length: 1001 }, (_, i) => ({ sku: `SKU-${i}`, description: 'x' }));
		const r = await c.post('/inventory/add', { items });
		expect(r.status).toBe(413);
		expect(r.body.error).toMatchObject({ code: 'too_many_items' });
		expect(r.body.error.message).toContain('at most 1000');
		expect(c.sim.store.count('inventory_item')).toBe(0);
		expect((await c.post('/inventory/add', { items: items.slice(0, 1000) })).status).toBe(200);
	});

	it('answers 101 sales orders with 413 (orders with lines: 100 per request)', async () => {
		const r = await c.post('/sales_order/add', { items: Array.from({ length: 101 }, () => ({})) });
		expect(r.status).toBe(413);
	});

	it('answers schema errors with 422, one detail per failing field under /items/<index>, storing nothing', async () => {
		const r = await c.post('/supplier/add', {
			items: [
				supplier('OK-1'),
				{ name: 'no code' },
				supplier('S-3', { currency: 'euro', nmae: 'typo' }),
				supplier('S-4', { address: { line1: 'x', city: 'y', country: 'Germany' } }),
			],
		});
		expect(r.status).toBe(422);
		expect(r.body.error.code).toBe('validation_failed');
		expect(r.body.error.details).toEqual(
			expect.arrayContaining([
				{ path: '/items/1/code', message: 'is required' },
				{ path: '/items/2/currency', message: 'must match pattern "^[A-Z]{3}$"' },
				{
					path: '/items/2/nmae',
					message: 'is not a known field (custom fields must start with x_)',
				},
				{ path: '/items/3/address/country', message: 'must match pattern "^[A-Z]{2}$"' },
			]),
		);
		expect(r.body.error.details).toHaveLength(4);
		expect(r.body.error.message).toContain('/items/1/code');
		expect(c.sim.store.count('supplier')).toBe(0);
	});

	it('answers an empty items array with 422', async () => {
		const r = await c.post('/supplier/add', { items: [] });
		expect(r.status).toBe(422);
		expect(r.body.error.details[0].path).toBe('/items');
	});

	it('keeps x_ fields, applies defaults and ignores read-only fields sent back', async () => {
		await c.post('/supplier/add', { items: [supplier('S-1', { x_erp_id: 42 })] });
		const read = await c.post('/supplier/check', { filter: { code: 'S-1' } });
		expect(read.body.items[0]).toMatchObject({
			code: 'S-1',
			x_erp_id: 42,
			active: true,
			created_at: '2026-11-21T10:00:00.000Z',
		});
		clock += 60_000;
		const again = await c.post('/supplier/add', { items: read.body.items });
		expect(again.body.results).toEqual([{ index: 0, key: 'S-1', status: 'unchanged' }]);
	});

	it('upserts by natural key: created, then unchanged, then updated; never a duplicate', async () => {
		const first = await c.post('/supplier/add', { items: [supplier('S-1'), supplier('S-2')] });
		expect(first.body).toEqual({
			results: [
				{ index: 0, key: 'S-1', status: 'created' },
				{ index: 1, key: 'S-2', status: 'created' },
			],
			summary: { created: 2, updated: 0, unchanged: 0 },
		});
		const second = await c.post('/supplier/add', {
			items: [supplier('S-1'), supplier('S-2', { lead_time_days: 5 })],
		});
		expect(second.body.summary).toEqual({ created: 0, updated: 1, unchanged: 1 });
		expect(c.sim.store.count('supplier')).toBe(2);
		expect(c.sim.store.get('supplier', 'S-2')?.lead_time_days).toBe(5);
	});

	it('pages reads with a cursor in a stable order and filters by changed_since', async () => {
		await c.post('/supplier/add', {
			items: Array.from({ length: 25 }, (_, i) => supplier(`S-${String(i).padStart(2, '0')}`)),
		});
		clock += 60_000;
		const since = new Date(clock).toISOString();
		await c.post('/supplier/add', { items: [supplier('S-03', { notes: 'changed' })] });
		const codes: string[] = [];
		let cursor: string | undefined;
		let pages = 0;
		do {
			const r = await c.post('/supplier/check', { limit: 10, ...(cursor ? { cursor } : {}) });
			expect(r.status).toBe(200);
			codes.push(...r.body.items.map((s: { code: string }) => s.code));
			cursor = r.body.next_cursor ?? undefined;
			pages++;
		} while (cursor);
		expect(pages).toBe(3);
		expect(codes).toEqual(Array.from({ length: 25 }, (_, i) => `S-${String(i).padStart(2, '0')}`));
		const changed = await c.post('/supplier/check', { filter: { changed_since: since } });
		expect(changed.body.items.map((s: { code: string }) => s.code)).toEqual(['S-03']);
		const bad = await c.post('/supplier/check', { cursor: 'nonsense' });
		expect(bad.status).toBe(422);
	});

	it('counts requests, items and statuses per route; resetStats starts over', async () => {
		await c.post('/supplier/add', { items: [supplier('S-1'), supplier('S-2')] });
		await c.post('/supplier/add', { items: [{}] });
		expect(c.sim.stats()).toMatchObject({
			requests: { '/supplier/add': 2 },
			items: { '/supplier/add': 2 },
			statuses: { '200': 2, '422': 1 },
		});
		c.sim.resetStats();
		expect(c.sim.stats()).toEqual({ requests: {}, items: {}, statuses: {}, tokensIssued: 0 });
	});
});
