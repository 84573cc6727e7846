/**
 * The shim from the request options our code builds (n8n's httpRequest) to the older request
 * helper n8n's credential test context has: each option mapped to its older name, an option it
 * does not know refused, and the answer judged as httpRequest judges it. Against the real helper
 * and a real server: test/integration/legacyRequest.test.ts.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { describeFailure } from '../../nodes/shared/transport/failure';
import {
	HttpStatusError,
	legacyOptionsOf,
	viaLegacyRequest,
} from '../../nodes/shared/transport/legacyRequest';

describe('legacyOptionsOf', () => {
	it('maps every option the token request, the description fetch and the test read use', () => {
		const proxy = { protocol: 'http', host: 'proxy.example.com', port: 3128 };
		expect(
			legacyOptionsOf({
				method: 'POST',
				url: 'https://wms.example.com/v1/oauth/token',
				headers: { Accept: 'application/json' },
				body: { client_id: 'a' },
				json: true,
				timeout: 60_000,
				disableFollowRedirect: true,
				agentOptions: { ca: 'CA', cert: 'CERT', key: 'KEY', passphrase: 'P' },
				skipSslCertificateValidation: true,
				proxy,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			}),
		).toEqual({
			uri: 'https://wms.example.com/v1/oauth/token',
			method: 'POST',
			headers: { Accept: 'application/json' },
			body: { client_id: 'a' },
			json: true,
			timeout: 60_000,
			followRedirect: false,
			agentOptions: { ca: 'CA', cert: 'CERT', key: 'KEY', passphrase: 'P' },
			rejectUnauthorized: false,
			proxy,
			simple: false,
			resolveWithFullResponse: true,
		});
	});

	it('a stream, a base URL, a query, redirects allowed up to a number, credentials kept from other hosts', () => {
		expect(
			legacyOptionsOf({
				url: 'openapi.json',
				baseURL: 'https://wms.example.com/v1/',
				qs: { v: 1 },
				encoding: 'stream',
				maxRedirects: 3,
				sendCredentialsOnCrossOriginRedirect: false,
				json: false,
			}),
		).toEqual({
			uri: 'openapi.json',
			method: 'GET',
			baseURL: 'https://wms.example.com/v1/',
			qs: { v: 1 },
			useStream: true,
			maxRedirects: 3,
			sendCredentialsOnCrossOriginRedirect: false,
			json: false,
			simple: false,
			resolveWithFullResponse: true,
		});
	});

	it('leaves out an empty body, as httpRequest does', () => {
		for (const body of [{}, [], ''])
			expect(legacyOptionsOf({ url: 'https://x/v1', method: 'POST', body })).not.toHaveProperty(
				'body',
			);
		expect(legacyOptionsOf({ url: 'https://x/v1', method: 'POST', body: 'a=1' }).body).toBe('a=1');
	});

	it('leaves certificate checks as they are unless told to skip them', () => {
		expect(legacyOptionsOf({ url: 'https://x/v1' })).not.toHaveProperty('rejectUnauthorized');
	});

	it.each<[string, Partial<IHttpRequestOptions>]>([
		['abortSignal', { abortSignal: new AbortController().signal }],
		['auth', { auth: { username: 'u', password: 'p' } }],
		['arrayFormat', { arrayFormat: 'repeat' }],
		['encoding arraybuffer', { encoding: 'arraybuffer' }],
	])('refuses an option it does not map (%s), rather than drop it', (_, extra) => {
		expect(() => legacyOptionsOf({ url: 'https://x/v1', ...extra })).toThrow(/is not mapped/);
	});
});

describe('viaLegacyRequest: the answer as httpRequest gives it', () => {
	const answering =
		(statusCode: number, body: unknown, headers: Record<string, string> = {}) =>
		async () => ({ statusCode, statusMessage: 'Text', headers, body, request: {} });

	it('a 2xx: the body, or the whole answer when asked', async () => {
		const send = viaLegacyRequest({ request: answering(200, { items: [] }) });
		expect(await send({ url: 'https://x/v1' })).toEqual({ items: [] });
		expect(await send({ url: 'https://x/v1', returnFullResponse: true })).toEqual({
			body: { items: [] },
			headers: {},
			statusCode: 200,
			statusMessage: 'Text',
		});
	});

	it('another status: thrown in the shape our failure reader reads (status, headers, the page)', async () => {
		const send = viaLegacyRequest({
			request: answering(503, '<html>busy</html>', { 'retry-after': '7' }),
		});
		const error = await send({ url: 'https://x/v1' }).catch((thrown: unknown) => thrown);
		expect(error).toBeInstanceOf(HttpStatusError);
		expect(describeFailure(error)).toMatchObject({
			status: 503,
			headers: { 'retry-after': '7' },
			text: '<html>busy</html>',
		});
	});

	it('an OAuth error body stays readable', async () => {
		const send = viaLegacyRequest({ request: answering(400, { error: 'invalid_scope' }) });
		const error = (await send({ url: 'https://x/v1' }).catch((thrown: unknown) => thrown)) as {
			response: { data: unknown };
		};
		expect(error.response.data).toEqual({ error: 'invalid_scope' });
	});

	it('ignoreHttpStatusErrors: every status answered, or all but the ones excepted', async () => {
		const send = viaLegacyRequest({ request: answering(404, 'no') });
		expect(
			await send({ url: 'https://x/v1', ignoreHttpStatusErrors: true, returnFullResponse: true }),
		).toMatchObject({ statusCode: 404, body: 'no' });
		await expect(
			send({ url: 'https://x/v1', ignoreHttpStatusErrors: { ignore: true, except: [404] } }),
		).rejects.toBeInstanceOf(HttpStatusError);
	});

	it('a streamed answer with a failed status is closed, not left open', async () => {
		let destroyed = false;
		const stream = {
			async *[Symbol.asyncIterator]() {},
			destroy: () => (destroyed = true),
		};
		const send = viaLegacyRequest({ request: answering(500, stream) });
		await expect(send({ url: 'https://x/v1', encoding: 'stream' })).rejects.toBeInstanceOf(
			HttpStatusError,
		);
		expect(destroyed).toBe(true);
	});

	it('a failure without an answer (a refused connection) comes through as it is', async () => {
		const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
		const send = viaLegacyRequest({ request: async () => await Promise.reject(refused) });
		await expect(send({ url: 'https://x/v1' })).rejects.toBe(refused);
	});
});
