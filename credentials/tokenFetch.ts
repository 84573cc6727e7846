/**
 * Asks the platform's token endpoint for a new access token (OAuth 2.0 client credentials), over
 * the credential's connection settings (CA, client certificate, proxy) on every hop. The client
 * secret goes to the Base URL's origin only: n8n's helper is told not to follow redirects (it
 * would post the body to another host), and one within that origin is followed here. What the
 * endpoint says is redacted of every secret as it goes into the words, and the words once more of
 * every value the credential holds.
 */
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { connectionProblemInWords } from '../nodes/shared/transport/errors';
import {
	describeFailure,
	scrubbed,
	unreadableAnswer,
	type FailedCall,
} from '../nodes/shared/transport/failure';
import type { HttpSend } from '../nodes/shared/transport/legacyRequest';
import { RETRYABLE_STATUSES, TimedOut, withinTimeout } from '../nodes/shared/transport/retry';
import type { Secrets } from '../nodes/shared/transport/secrets';
import { summaryOf, withConnection, type Site } from '../nodes/shared/transport/site';
import { siteProblem } from '../nodes/shared/transport/siteProblems';
import { MAX_REDIRECTS, redirectOf } from '../nodes/shared/transport/url';
import { oauthErrorOf, tokenRefusal, tokenRequestOf } from './tokenRequest';

interface TokenResponse {
	access_token?: unknown;
	token_type?: string;
	expires_in?: number;
}

/** The token call ends after this long, however slowly the answer trickles in. */
const TOKEN_TIMEOUT_MS = 60_000;

/** Fields in which a token answer may carry a token: what they hold is a secret, whatever else is wrong. */
const TOKEN_FIELDS = ['access_token', 'refresh_token', 'id_token', 'token'];

/** What the token request is for: the credential, its checked Base URL and site, and its secrets. */
export interface TokenClient {
	credentials: ICredentialDataDecryptedObject;
	baseUrl: string;
	site: Site;
	secrets: Secrets;
}

/** The access token of a token answer, or an error (in words redacted of every secret) saying what came instead. */
function tokenOf(response: unknown, client: TokenClient): string {
	const { baseUrl, credentials, secrets } = client;
	const answer = (response ?? undefined) as TokenResponse | string | undefined;
	if (
		typeof answer === 'object' &&
		typeof answer.access_token === 'string' &&
		answer.access_token !== ''
	)
		return answer.access_token;
	if (answer && typeof answer === 'object')
		for (const field of TOKEN_FIELDS) secrets.add((answer as Record<string, unknown>)[field]);
	const oauth = oauthErrorOf(answer);
	if (oauth) {
		const refusal = tokenRefusal(undefined, oauth, credentials, (text) => secrets.redact(text));
		const why = secrets.redact(
			`${oauth.error}${oauth.description ? `: ${oauth.description}` : ''}`,
		);
		throw new Error(
			secrets.redactValues(
				refusal ??
					`The platform's token endpoint refused to issue a token (${why}): check the credential's client ID and secret`,
			),
		);
	}
	const what = unreadableAnswer(answer) ?? 'JSON that has no access_token';
	throw new Error(
		secrets.redactValues(
			`The address ${baseUrl}/oauth/token did not answer with an access token but with ${what}: check the Base URL (it must end in /v1)`,
		),
	);
}

/**
 * A token call that failed for a passing reason (busy, unavailable, dropped connection) or at the
 * site keeps its status, Retry-After, socket code and the start of a gateway's page, so the node's
 * transport retries the whole request with its backoff and tells a site's failure in the same
 * words. They sit one level down, in the error's cause: n8n's credential tester shows a bare
 * `cause.code` (ECONNREFUSED) or `cause.response` status in place of the message, and the
 * message is what the user needs.
 */
function transient(message: string, failure: FailedCall): Error {
	const retryAfter = failure.headers['retry-after'];
	return new Error(message, {
		cause: {
			response: failure.status
				? {
						status: failure.status,
						headers: retryAfter ? { 'retry-after': retryAfter } : {},
						data: failure.text,
					}
				: undefined,
			code: failure.code,
			cert: failure.certificateNames ? { subjectaltname: failure.certificateNames } : undefined,
		},
	});
}

/** Why the token call failed, in words that name what to check. `failure` is scrubbed of every secret. */
function tokenFailure(
	failure: FailedCall,
	oauth: ReturnType<typeof oauthErrorOf>,
	redirect: string | undefined,
	client: TokenClient,
): Error {
	const { baseUrl, credentials, secrets, site } = client;
	const { status, code } = failure;
	if (redirect)
		return new Error(
			`The platform's token endpoint answered HTTP ${status} with ${redirect}: not followed, so the client secret was not sent there. If the platform has moved, enter its new address as the Base URL`,
		);
	const atSite = siteProblem(failure, summaryOf(site, baseUrl), baseUrl);
	if (atSite) return transient(atSite, failure);
	const refusal = tokenRefusal(status, oauth, credentials, (text) => secrets.redact(text));
	if (refusal) return new Error(refusal);
	if (status && RETRYABLE_STATUSES.has(status))
		return transient(
			`The platform's token endpoint is busy or unavailable (HTTP ${status}): try again later`,
			failure,
		);
	if (status)
		return new Error(
			`The platform's token endpoint ${baseUrl}/oauth/token answered HTTP ${status}: check the Base URL (it must end in /v1)`,
		);
	return transient(
		`Cannot reach the platform at ${baseUrl} (${connectionProblemInWords(code)}): check the Base URL and that the platform is up`,
		failure,
	);
}

/**
 * A new access token for the client, or an error that says what to change. `send` is n8n's
 * httpRequest in a run, its legacy request helper in the credential test (legacyRequest.ts).
 */
export async function fetchToken(send: HttpSend, client: TokenClient): Promise<string> {
	const { baseUrl, credentials, secrets, site } = client;
	let url = `${baseUrl}/oauth/token`;
	for (let hop = 0; ; hop++) {
		let response: unknown;
		try {
			const request: IHttpRequestOptions = {
				method: 'POST',
				url,
				...tokenRequestOf(credentials),
				timeout: TOKEN_TIMEOUT_MS,
				disableFollowRedirect: true,
			};
			const call = send(withConnection(request, site, url));
			response = await withinTimeout(call, TOKEN_TIMEOUT_MS);
		} catch (error) {
			const failure: FailedCall =
				error instanceof TimedOut
					? { code: 'ETIMEDOUT', headers: {}, message: error.message }
					: describeFailure(error);
			const redirect = redirectOf(failure.status, failure.headers.location, url, baseUrl);
			if (redirect && 'follow' in redirect && hop < MAX_REDIRECTS) {
				url = redirect.follow;
				continue;
			}
			const stop = redirect
				? 'stop' in redirect
					? redirect.stop
					: `more than ${MAX_REDIRECTS} redirects in a row`
				: undefined;
			const refusal = tokenFailure(scrubbed(failure, secrets), oauthErrorOf(error), stop, client);
			refusal.message = secrets.redactValues(refusal.message);
			throw refusal;
		}
		return tokenOf(response, client);
	}
}
