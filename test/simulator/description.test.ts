/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The description the simulator serves at {base}/openapi.json and /openapi.yaml: ours by default,
 * theirs under a shape, a given file; a bearer token by default, an ETag per representation,
 * If-None-Match → 304, and another description from now on when a test (or another process,
 * through the control API) says so.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describeDescription, parseArgs } from '../../dev/simulator/cli';
import { contractPath } from '../../dev/simulator/contract';
import { client, type Client } from '../support/simulatorClient';

const fixture = (ext: string) =>
	readFileSync(join(__dirname, '..', 'fixtures', `acme-wms-2.4.0.${ext}`), 'utf8');

async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
	const res = await fetch(url, { method, headers, redirect: 'manual' });
	return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('the description the simulator serves', () => {
	let c: Client;
	afterEach(async () => await c?.sim.close());
	const bearer = () => ({ authorization: `Bearer ${c.token}` });

	it('is ours by default: the contract file as it is, and the same document as JSON, with the token', async () => {
		c = await client();
		const { urls } = c.sim.description;
		expect(urls.json).toBe(`${c.sim.baseUrl}/openapi.json`);
		const yaml = await get(urls.yaml, bearer());
		expect(yaml.status).toBe(200);
		expect(yaml.text).toBe(readFileSync(contractPath(), 'utf8'));
		expect(yaml.headers.get('content-type')).toBe('application/yaml');
		expect(yaml.headers.get('cache-control')).toBe('no-cache');
		const json = await get(urls.json, bearer());
		expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
		expect(JSON.parse(json.text)).toEqual(parse(yaml.text));
		expect(json.headers.get('etag')).not.toBe(yaml.headers.get('etag'));
		const anonymous = await get(urls.json);
		expect(anonymous.status).toBe(401);
		expect(JSON.parse(anonymous.text).error.code).toBe('invalid_token');
		expect((await get(urls.json, { authorization: 'Bearer nope' })).status).toBe(401);
		expect(c.sim.stats().requests).toMatchObject({ '/openapi.json': 3, '/openapi.yaml': 1 });
	});

	it('answers 304 to If-None-Match with its ETag (weak, in a list or *), 200 to another', async () => {
		c = await client();
		const { json } = c.sim.description.urls;
		const first = await get(json, bearer());
		const etag = first.headers.get('etag')!;
		expect(etag).toMatch(/^"[\w-]+"$/);
		expect(etag).toBe(c.sim.description.get().etags.json);
		for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
			const again = await get(json, { ...bearer(), 'if-none-match': ifNoneMatch });
			expect({ ifNoneMatch, status: again.status, body: again.text }).toEqual({
				ifNoneMatch,
				status: 304,
				body: '',
			});
			expect(again.headers.get('etag')).toBe(etag);
		}
		expect((await get(json, { ...bearer(), 'if-none-match': '"other"' })).status).toBe(200);
		const head = await get(json, bearer(), 'HEAD');
		expect({ status: head.status, body: head.text }).toEqual({ status: 200, body: '' });
		const post = await get(json, bearer(), 'POST');
		expect(post.status).toBe(405);
		expect(post.headers.get('allow')).toBe('GET, HEAD');
	});

	it('is theirs under a shape: exactly the committed fixtures, at both URLs', async () => {
		c = await client({ shape: 'acme' });
		const { urls } = c.sim.description;
		expect((await get(urls.yaml, bearer())).text).toBe(fixture('yaml'));
		expect((await get(urls.json, bearer())).text).toBe(fixture('json'));
		expect(c.sim.description.get()).toMatchObject({
			shape: 'acme',
			title: 'Acme WMS Public API',
			version: '2.4.0',
			routes: 42,
			requireToken: true,
		});
	});

	it('can be read without a token, at more paths and from another origin, or be redirected there', async () => {
		c = await client({
			description: { requireToken: false, paths: ['/docs/wms.yaml'], otherOrigin: true },
		});
		const { urls } = c.sim.description;
		expect((await get(urls.json)).status).toBe(200);
		expect(urls.paths).toEqual([`${c.sim.baseUrl.replace(/\/v1$/, '')}/docs/wms.yaml`]);
		const extra = await get(urls.paths[0]);
		expect(extra.text).toBe(readFileSync(contractPath(), 'utf8'));
		const other = urls.otherOrigin!;
		expect(new URL(other.json).origin).not.toBe(new URL(urls.json).origin);
		expect((await get(other.yaml)).text).toBe(extra.text);
		c.sim.description.configure({ requireToken: true, redirectToOtherOrigin: true });
		expect((await get(urls.json)).status).toBe(307);
		const moved = await get(urls.json, bearer());
		expect(moved.headers.get('location')).toBe(other.json);
		expect(c.sim.description.requests().map((r) => [r.origin, r.status, r.authorization])).toEqual([
			['main', 200, false],
			['main', 200, false],
			['other', 200, false],
			['main', 307, false],
			['main', 307, true],
		]);
	});

	it('is replaced while running: a tweaked shape is served and enforced, a new ETag, and reset restores it', async () => {
		c = await client({ shape: 'acme' });
		const { json } = c.sim.description.urls;
		const before = c.sim.description.get().etags.json!;
		const info = c.sim.description.set({
			shape: 'acme',
			tweak: (doc) => {
				doc.info.version = '2.5.0';
				doc.components.schemas.SupplierAddRequest.properties.data.maxItems = 100;
			},
		});
		expect(info).toMatchObject({
			version: '2.5.0',
			label: 'Acme WMS Public API 2.5.0 (shape acme, tweaked)',
		});
		const changed = await get(json, { ...bearer(), 'if-none-match': before });
		expect(changed.status).toBe(200);
		expect(JSON.parse(changed.text).info.version).toBe('2.5.0');
		const suppliers = (n: number) =>
			Array.from({ length: n }, (_, i) => ({ code: `S${i}`, name: `Supplier ${i}` }));
		expect((await c.post('/supplier/add', { data: suppliers(101) })).status).toBe(413);
		expect((await c.post('/supplier/add', { data: suppliers(100) })).status).toBe(200);
		expect(c.sim.description.reset().etags.json).toBe(before);
		expect((await c.post('/supplier/add', { data: suppliers(101) })).status).toBe(200);
	});

	it('is replaced from another process through the control API: a shape with JSON Patch, raw text, and back', async () => {
		c = await client();
		const patch = [{ op: 'add', path: '/components/schemas/Supplier/required/-', value: 'email' }];
		const set = await c.control('/_sim/description', { shape: 'ours', tweak: patch });
		expect(set.status).toBe(200);
		expect(set.body).toMatchObject({ shape: 'ours', routes: 40, urls: c.sim.description.urls });
		const refused = await c.post('/supplier/add', { items: [{ code: 'S1', name: 'One' }] });
		expect(refused.body.error.details).toEqual([
			{ path: '/items/0/email', message: 'is required' },
		]);
		const text = 'openapi: 3.0.3\ninfo: &i {title: Loop, version: "1"}\npaths: *i\n';
		await c.control('/_sim/description', { text, format: 'yaml' });
		expect((await get(c.sim.description.urls.yaml, bearer())).text).toBe(text);
		expect((await get(c.sim.description.urls.json, bearer())).status).toBe(404);
		expect((await c.post('/supplier/add', { items: [{ code: 'S1', name: 'One' }] })).status).toBe(
			422,
		);
		await c.control('/_sim/description', undefined, 'DELETE');
		expect((await c.post('/supplier/add', { items: [{ code: 'S1', name: 'One' }] })).status).toBe(
			200,
		);
		await c.control('/_sim/description', { options: { requireToken: false } });
		expect((await get(c.sim.description.urls.json)).status).toBe(200);
		expect((await c.control('/_sim/description', { shape: 'nope' })).status).toBe(400);
		const read = await c.control('/_sim/description', undefined, 'GET');
		expect(read.body).toMatchObject({ shape: 'ours', requireToken: false });
	});

	it('is a given contract file (the contract option), served as its bytes and validated against', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'wms-description-'));
		try {
			const doc = parse(readFileSync(contractPath(), 'utf8'));
			doc.info.title = 'Strict suppliers';
			doc.components.schemas.Supplier.properties.name.maxLength = 10;
			const file = join(dir, 'strict.json');
			writeFileSync(file, JSON.stringify(doc));
			c = await client({ contract: file });
			expect((await get(c.sim.description.urls.json, bearer())).text).toBe(
				readFileSync(file, 'utf8'),
			);
			expect(c.sim.description.get().title).toBe('Strict suppliers');
			const long = await c.post('/supplier/add', { items: [{ code: 'S1', name: 'A long name' }] });
			expect(long.body.error.details).toEqual([
				{ path: '/items/0/name', message: 'must NOT have more than 10 characters' },
			]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('the command line', () => {
	it('takes the shape, a contract file and how the description is served, and refuses an unknown shape', () => {
		expect(
			parseArgs([
				'--shape',
				'acme',
				'--contract',
				'my.yaml',
				'--description-open',
				'--description-path',
				'/docs/a.yaml',
				'--description-path=/docs/a.json',
				'--description-other-origin',
			]),
		).toMatchObject({
			shape: 'acme',
			contract: join(process.cwd(), 'my.yaml'),
			description: {
				requireToken: false,
				paths: ['/docs/a.yaml', '/docs/a.json'],
				otherOrigin: true,
			},
		});
		expect(parseArgs([]).description).toEqual({});
		expect(() => parseArgs(['--shape', 'nope'])).toThrow('--shape takes ours or acme');
	});

	it('says in the banner which description is served, how many routes, and where', async () => {
		const sim = (await client({ shape: 'acme', description: { paths: ['/docs/a.yaml'] } })).sim;
		try {
			expect(describeDescription(sim)).toEqual([
				'  Description:   Acme WMS Public API 2.4.0 (shape acme): 42 routes, a bearer token needed to read it',
				`                 ${sim.baseUrl}/openapi.json and openapi.yaml`,
				`                 ${sim.baseUrl.replace(/\/v1$/, '')}/docs/a.yaml`,
			]);
		} finally {
			await sim.close();
		}
	});
});
