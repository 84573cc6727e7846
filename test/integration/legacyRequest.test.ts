/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The shim against its oracle: each request our code makes, sent once with a run's httpRequest
 * (n8n-core 2.41's: @n8n/backend-network's OutboundHttp) and once through the shim over the
 * credential test context's request helper (real n8n-core CredentialTestContext), to a real
 * server. What reached the server and what came back (an answer, or a failure as our failure
 * reader reads it) are the same; a redirect is followed by neither.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import { CredentialTestContext } from 'n8n-core';
import type { IHttpRequestOptions, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

import { describeFailure } from '../../nodes/shared/transport/failure';
import { viaLegacyRequest, type HttpSend } from '../../nodes/shared/transport/legacyRequest';

/** What the description fetch asks for (source.ts); with no Accept at all the two helpers differ in their default. */
const DESCRIPTION_ACCEPT = 'application/json, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.5';

interface Seen {
	method?: string;
	url?: string;
	contentType?: string;
	accept?: string;
	authorization?: string;
	body: string;
}

interface Host {
	origin: string;
	seen: Seen[];
	server: Server;
}

async function host(answer: (req: IncomingMessage, body: string) => [number, object, string]) {
	const seen: Seen[] = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const body = Buffer.concat(chunks).toString('utf8');
			seen.push({
				method: req.method,
				url: req.url,
				contentType: req.headers['content-type'],
				accept: req.headers.accept,
				authorization: req.headers.authorization,
				body,
			});
			const [status, headers, text] = answer(req, body);
			res.writeHead(status, headers as Record<string, string>).end(text);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const run: HttpSend = async (options) =>
	await Container.get(OutboundHttp).requests().request(structuredClone(options));
const test: HttpSend = viaLegacyRequest(
	new CredentialTestContext({} as IWorkflowExecuteAdditionalData).helpers,
);

/** What came back, comparable: the answer (a stream read to its text), or the failure as read. */
async function outcome(send: HttpSend, options: IHttpRequestOptions) {
	try {
		const answer = (await send(options)) as Record<string, unknown> | string;
		const full = options.returnFullResponse ? (answer as Record<string, unknown>) : undefined;
		let body = full ? full.body : answer;
		if (body && typeof body === 'object' && Symbol.asyncIterator in body) {
			let text = '';
			for await (const chunk of body as AsyncIterable<Buffer>) text += chunk.toString('utf8');
			body = text;
		}
		const headers = (full?.headers ?? {}) as Record<string, unknown>;
		return { body, status: full?.statusCode, location: headers.location };
	} catch (error) {
		const { status, code, text, body, headers } = describeFailure(error);
		return { failed: { status, code, text, body, location: headers.location } };
	}
}

describe("the credential test's request shim against a run's httpRequest", () => {
	let platform: Host;
	let elsewhere: Host;
	beforeAll(async () => {
		elsewhere = await host(() => [200, { 'content-type': 'application/json' }, '{"items":[]}']);
		platform = await host((req, body) => {
			const path = req.url ?? '';
			if (path === '/json')
				return [200, { 'content-type': 'application/json' }, JSON.stringify({ got: body })];
			if (path === '/page') return [500, { 'content-type': 'text/html' }, '<html>down</html>'];
			if (path === '/oauth')
				return [400, { 'content-type': 'application/json' }, '{"error":"invalid_scope"}'];
			if (path === '/missing') return [404, { 'content-type': 'text/plain' }, 'no such thing'];
			if (path === '/moved') return [307, { location: `${elsewhere.origin}/json` }, ''];
			if (path === '/yaml')
				return [200, { 'content-type': 'application/yaml' }, 'openapi: 3.0.3\n'];
			return [418, {}, ''];
		});
	});
	afterAll(async () => {
		for (const { server } of [platform, elsewhere])
			await new Promise((resolve) => server.close(resolve));
	});

	const cases: Array<[string, () => IHttpRequestOptions]> = [
		[
			'a JSON body (the token request, the test read)',
			() => ({
				method: 'POST',
				url: `${platform.origin}/json`,
				body: { client_id: 'c', grant_type: 'client_credentials' },
				headers: { Accept: 'application/json' },
				json: true,
				disableFollowRedirect: true,
			}),
		],
		[
			'a form body (the token request of a gateway)',
			() => ({
				method: 'POST',
				url: `${platform.origin}/json`,
				body: 'grant_type=client_credentials&client_id=c',
				headers: {
					Accept: 'application/json',
					'Content-Type': 'application/x-www-form-urlencoded',
					Authorization: 'Basic Yzpz',
				},
				json: true,
				disableFollowRedirect: true,
			}),
		],
		[
			'a gateway page with HTTP 500',
			() => ({ method: 'POST', url: `${platform.origin}/page`, body: {}, json: true }),
		],
		[
			"an OAuth refusal's body",
			() => ({ method: 'POST', url: `${platform.origin}/oauth`, body: {}, json: true }),
		],
		[
			'a POST redirected to another host (not followed)',
			() => ({
				method: 'POST',
				url: `${platform.origin}/moved`,
				body: { secret: 'x' },
				json: true,
				disableFollowRedirect: true,
			}),
		],
		[
			'a GET redirected to another host, every status taken (the description fetch)',
			() => ({
				method: 'GET',
				url: `${platform.origin}/moved`,
				headers: { Accept: DESCRIPTION_ACCEPT, Authorization: 'Bearer t' },
				json: false,
				encoding: 'stream',
				returnFullResponse: true,
				disableFollowRedirect: true,
				ignoreHttpStatusErrors: true,
			}),
		],
		[
			'a description streamed (YAML)',
			() => ({
				method: 'GET',
				url: `${platform.origin}/yaml`,
				headers: { Accept: DESCRIPTION_ACCEPT },
				json: false,
				encoding: 'stream',
				returnFullResponse: true,
				disableFollowRedirect: true,
				ignoreHttpStatusErrors: true,
			}),
		],
		[
			'a 404 taken as an answer',
			() => ({
				method: 'POST',
				url: `${platform.origin}/missing`,
				body: { limit: 1 },
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			}),
		],
	];

	it.each(cases)(
		'%s: the same request arrives and the same outcome comes back',
		async (_, make) => {
			const before = { platform: platform.seen.length, elsewhere: elsewhere.seen.length };
			const byRun = await outcome(run, make());
			const byTest = await outcome(test, make());
			expect(byTest).toEqual(byRun);
			const [sentByRun, sentByTest] = platform.seen.slice(before.platform);
			expect(sentByTest).toEqual(sentByRun);
			expect(elsewhere.seen.length).toBe(before.elsewhere);
		},
	);

	it('a connection refused: the same code comes through', async () => {
		const closed = await host(() => [200, {}, '']);
		await new Promise((resolve) => closed.server.close(resolve));
		const options = (): IHttpRequestOptions => ({
			method: 'POST',
			url: `${closed.origin}/x`,
			json: true,
		});
		const byTest = await outcome(test, options());
		expect(byTest).toEqual(await outcome(run, options()));
		expect(byTest).toMatchObject({ failed: { code: 'ECONNREFUSED' } });
	});
});
