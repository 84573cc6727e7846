/**
 * One try of a request: n8n's helper with the credential, a redirect within the Base URL's origin
 * followed here, an answer read as it streams when the call asks, and a failed try told as what it
 * was, scrubbed of the run's secrets.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../constants';
import { asObject } from '../objects';
import type { Session } from '../session';
import { describeFailure, scrubbed, type FailedCall } from './failure';
import { TimedOut } from './retry';
import { MAX_REDIRECTS, redirectOf } from './url';

/** Reads an answer as it streams in: what it answers stands for the answer's body. */
export type ReadAnswer = (chunks: AsyncIterable<Uint8Array>) => Promise<IDataObject>;

export interface FullResponse {
	body: unknown;
	headers?: Record<string, unknown>;
	statusCode?: number;
}

const isStream = (value: unknown): value is AsyncIterable<Uint8Array> =>
	typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** A success answer read as it streams, when the call asked for that. */
async function readStreamed(
	response: FullResponse,
	read: ReadAnswer | undefined,
): Promise<FullResponse> {
	if (!read || !isStream(response.body)) return response;
	return { ...response, body: await read(response.body) };
}

/** The error answer of a streamed call, read (it is small) so that its envelope can be told. */
async function readErrorBodies(error: unknown): Promise<void> {
	for (
		let layer = asObject(error), depth = 0;
		layer && depth < 3;
		layer = asObject(layer.cause), depth++
	) {
		const response = asObject(layer.response);
		if (!response || !isStream(response.data)) continue;
		let text = '';
		const decoder = new TextDecoder();
		for await (const chunk of response.data) {
			text += decoder.decode(chunk, { stream: true });
			if (text.length > 65536) break;
		}
		try {
			response.data = JSON.parse(text) as IDataObject;
		} catch {
			response.data = text;
		}
	}
}

/** What one try came to: an answer, a failure as n8n's helper threw it, or a redirect not followed. */
export type Try =
	| { response: FullResponse }
	| { error: unknown }
	| { redirect: string; failure: FailedCall };

/**
 * One try: n8n's helper with the credential, redirects not followed by it (it would put the
 * token back on a redirect to another host, and re-post the body there). A redirect within the
 * Base URL's origin is followed here, with the same request; any other ends the try.
 */
export async function send(
	session: Session,
	request: IHttpRequestOptions,
	readAnswer: ReadAnswer | undefined,
): Promise<Try> {
	const { ctx, baseUrl } = session;
	let url = request.url;
	for (let hop = 0; ; hop++) {
		let error: unknown;
		try {
			const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, {
				...request,
				url,
			})) as FullResponse;
			return { response: await readStreamed(response, readAnswer) };
		} catch (thrown) {
			error = thrown;
		}
		if (readAnswer) await readErrorBodies(error).catch(() => undefined);
		const failure = describeFailure(error);
		const redirect = redirectOf(failure.status, failure.headers.location, url, baseUrl);
		if (redirect === undefined) return { error };
		if ('stop' in redirect) return { redirect: redirect.stop, failure };
		if (hop >= MAX_REDIRECTS)
			return { redirect: `more than ${MAX_REDIRECTS} redirects in a row`, failure };
		url = redirect.follow;
	}
}

/**
 * What a failed try was, scrubbed of the run's secrets as it comes in. The credential is read
 * again first: n8n may have replaced its token during this run, in this process or another.
 */
export async function knownFailure(
	session: Session,
	failed: Exclude<Try, { response: FullResponse }>,
	route: string,
): Promise<FailedCall> {
	const { baseUrl, secrets, site } = session;
	await secrets.relearn(async () => await session.ctx.getCredentials(CREDENTIAL_TYPE));
	if ('redirect' in failed)
		return scrubbed({ ...failed.failure, redirect: failed.redirect, baseUrl, route }, secrets);
	if (failed.error instanceof TimedOut)
		return { headers: {}, code: 'ECONNABORTED', message: failed.error.message, baseUrl, route };
	return scrubbed({ ...describeFailure(failed.error), baseUrl, route, site }, secrets);
}
