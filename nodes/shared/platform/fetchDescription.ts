/**
 * Asking the platform for its description: with the credential (its token and connection) at
 * the Base URL's origin, without it anywhere else; redirects followed here, hop by hop, so that a
 * redirect to another host takes no credential along (nor an address a secret was written into).
 * A run asks through its own helpers, the credential test through its one request function.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../constants';
import type { Secrets } from '../transport/secrets';
import { withConnection, type Site } from '../transport/site';
import { DescriptionProblem } from './description/problems';
import { MAX_DESCRIPTION_BYTES } from './description/read';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_HOPS = 5;

/**
 * What reading a description needs of n8n: a run's own helpers (an execution, a poll, the editor's
 * lists), or the credential test's, made over the one request helper it has.
 */
export interface DescriptionHelpers {
	helpers: {
		httpRequest(options: IHttpRequestOptions): Promise<unknown>;
		/** A request with the credential: its token and connection settings. */
		httpRequestWithAuthentication(
			credentialsType: string,
			options: IHttpRequestOptions,
		): Promise<unknown>;
	};
}

export function headerOf(
	headers: Record<string, unknown> | undefined,
	name: string,
): string | undefined {
	const value = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A streamed answer's text, refused past the size a description may have. */
export async function textOf(body: unknown): Promise<string> {
	if (typeof body === 'string') return body;
	if (body && typeof body === 'object' && Symbol.asyncIterator in body) {
		const decoder = new TextDecoder();
		let text = '';
		let bytes = 0;
		for await (const chunk of body as AsyncIterable<Uint8Array>) {
			bytes += chunk.length;
			if (bytes > MAX_DESCRIPTION_BYTES)
				throw new DescriptionProblem(
					'#',
					`the description is larger than ${MAX_DESCRIPTION_BYTES / 1024 / 1024} MB: it is not read`,
				);
			text += decoder.decode(chunk, { stream: true });
		}
		return text + decoder.decode();
	}
	return JSON.stringify(body);
}

/** What the platform said of the text read before: sent back so that it may answer 304. */
export interface Validators {
	etag?: string;
	modified?: string;
}

export interface Answer {
	status: number;
	headers: Record<string, unknown>;
	body: unknown;
	/** Why a redirect was not followed. */
	refused?: string;
}

/**
 * Asks for the description: with the credential at the Base URL's origin (its token and
 * connection), without it anywhere else (a redirect to another host takes no credential along).
 */
export async function fetchDescription(
	ctx: DescriptionHelpers,
	url: string,
	baseUrl: string,
	site: Site,
	known: Validators | undefined,
	secrets: Secrets,
): Promise<Answer> {
	let at = url;
	for (let hop = 0; ; hop++) {
		const request: IHttpRequestOptions = {
			method: 'GET',
			url: at,
			headers: {
				Accept: 'application/json, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.5',
				...(known?.etag ? { 'If-None-Match': known.etag } : {}),
				...(known?.modified ? { 'If-Modified-Since': known.modified } : {}),
			},
			json: false,
			encoding: 'stream',
			returnFullResponse: true,
			disableFollowRedirect: true,
			ignoreHttpStatusErrors: true,
			timeout: 60_000,
		};
		const sameOrigin = new URL(at).origin === new URL(baseUrl).origin;
		const response = (
			sameOrigin
				? await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, request)
				: await ctx.helpers.httpRequest(withoutClientCertificate(withConnection(request, site, at)))
		) as { statusCode?: number; headers?: Record<string, unknown>; body?: unknown };
		const status = response.statusCode ?? 200;
		const location = headerOf(response.headers, 'location');
		const headers = response.headers ?? {};
		if (!REDIRECTS.has(status) || !location) return { status, headers, body: response.body };
		await textOf(response.body).catch(() => '');
		const next = URL.canParse(location, at) ? new URL(location, at).href : undefined;
		const refused = notFollowed(next, hop, baseUrl, secrets);
		if (refused !== undefined || next === undefined)
			return { status, headers, body: undefined, refused };
		at = next;
	}
}

/** Why a redirect of the description is not followed, or undefined when it is. */
function notFollowed(
	next: string | undefined,
	hop: number,
	baseUrl: string,
	secrets: Secrets,
): string | undefined {
	if (next === undefined) return 'it redirects to an address that cannot be read';
	if (hop >= MAX_HOPS) return `more than ${MAX_HOPS} redirects in a row`;
	// An address the platform wrote a secret into: another host must not be sent it.
	if (new URL(next).origin !== new URL(baseUrl).origin && secrets.redactValues(next) !== next)
		return 'it redirects to another host with a credential in the address, which is not followed';
	return undefined;
}

/** Another host gets neither the token nor the client certificate (the credential's identity). */
function withoutClientCertificate(request: IHttpRequestOptions): IHttpRequestOptions {
	if (!request.agentOptions) return request;
	const trust: Record<string, unknown> = { ...request.agentOptions };
	for (const identity of ['cert', 'key', 'passphrase', 'pfx']) delete trust[identity];
	return { ...request, agentOptions: trust };
}
