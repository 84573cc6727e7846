import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	INodeProperties,
} from 'n8n-workflow';

import {
	connectionProblemInWords,
	describeFailure,
	unreadableAnswer,
	type FailedCall,
} from '../nodes/shared/transport/errors';
import { RETRYABLE_STATUSES, TimedOut, withinTimeout } from '../nodes/shared/transport/retry';
import { Secrets } from '../nodes/shared/transport/secrets';
import { checkBaseUrl, MAX_REDIRECTS, redirectOf } from '../nodes/shared/transport/url';
import { sharedToken } from './tokenSharing';

interface TokenResponse {
	access_token?: unknown;
	token_type?: string;
	expires_in?: number;
	/** OAuth's own error words, which some token endpoints send even with HTTP 200. */
	error?: unknown;
	error_description?: unknown;
}

const REDIRECT_WORDS =
	'The Base URL answers with a redirect, which is not followed so that the token stays with its host: enter the address the platform has now as the Base URL (ending in /v1)';

/** The credential test's words for the statuses it names; the platform's own text is never shown. */
const TEST_WORDS: Array<[number, string]> = [
	[401, 'Client ID or secret rejected by the platform'],
	[
		403,
		"The platform refused this API client the test read (/warehouse/check, HTTP 403): ask the platform's operator to allow it",
	],
	[404, 'The Base URL does not point at the platform API: it must end in /v1'],
	...[429, 502, 503, 504].map((status): [number, string] => [
		status,
		`The platform is busy or unavailable (HTTP ${status}): try again later`,
	]),
	...[301, 302, 303, 307, 308].map((status): [number, string] => [status, REDIRECT_WORDS]),
];

/** The token call ends after this long, however slowly the answer trickles in. */
const TOKEN_TIMEOUT_MS = 60_000;

/** Fields in which a token answer may carry a token: what they hold is a secret, whatever else is wrong. */
const TOKEN_FIELDS = ['access_token', 'refresh_token', 'id_token', 'token'];

/** The access token of a token answer, or an error (in words redacted of every secret) saying what came instead. */
function tokenOf(response: unknown, baseUrl: string, secrets: Secrets): string {
	const answer = (response ?? undefined) as TokenResponse | string | undefined;
	if (
		typeof answer === 'object' &&
		typeof answer.access_token === 'string' &&
		answer.access_token !== ''
	)
		return answer.access_token;
	if (answer && typeof answer === 'object')
		for (const field of TOKEN_FIELDS) secrets.add((answer as Record<string, unknown>)[field]);
	if (typeof answer === 'object' && typeof answer.error === 'string') {
		const why =
			typeof answer.error_description === 'string'
				? `${answer.error}: ${answer.error_description}`
				: answer.error;
		throw new Error(
			secrets.redact(
				`The platform's token endpoint refused to issue a token (${why}): check the credential's client ID and secret`,
			),
		);
	}
	const what = unreadableAnswer(answer) ?? 'JSON that has no access_token';
	throw new Error(
		secrets.redact(
			`The address ${baseUrl}/oauth/token did not answer with an access token but with ${what}: check the Base URL (it must end in /v1)`,
		),
	);
}

/**
 * A token call that failed for a passing reason (busy, unavailable, dropped connection) keeps its
 * status, Retry-After and socket code, so the node's transport retries the whole request with
 * its backoff instead of telling the user to check the base URL. They sit one level down, in the
 * error's cause: n8n's credential tester shows a bare `cause.code` (ECONNREFUSED) or
 * `cause.response` status in place of the message, and the message is what the user needs.
 */
function transient(
	message: string,
	failure: Pick<FailedCall, 'status' | 'code' | 'headers'>,
): Error {
	const retryAfter = failure.headers['retry-after'];
	return new Error(message, {
		cause: {
			response: failure.status
				? { status: failure.status, headers: retryAfter ? { 'retry-after': retryAfter } : {} }
				: undefined,
			code: failure.code,
		},
	});
}

/** Why the token call failed, in words that name what to check; never the platform's own words. */
function tokenFailure(
	failure: Pick<FailedCall, 'status' | 'code' | 'headers'>,
	baseUrl: string,
	redirect: string | undefined,
): Error {
	const { status, code } = failure;
	if (redirect)
		return new Error(
			`The platform's token endpoint answered HTTP ${status} with ${redirect}: not followed, so the client secret was not sent there. If the platform has moved, enter its new address as the Base URL`,
		);
	if (status === 400 || status === 401 || status === 403)
		return new Error(
			`Client ID or secret rejected by the platform (HTTP ${status}): check both in the credential`,
		);
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
 * Asks the platform's token endpoint for a new access token (OAuth 2.0 client credentials, JSON
 * body). The client secret goes to the Base URL's origin only: n8n's helper is told not to follow
 * redirects (it would post the body to another host), and one within that origin is followed here.
 */
async function fetchToken(
	helpers: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	baseUrl: string,
	secrets: Secrets,
): Promise<string> {
	let url = `${baseUrl}/oauth/token`;
	for (let hop = 0; ; hop++) {
		let response: unknown;
		try {
			const call = helpers.helpers.httpRequest({
				method: 'POST',
				url,
				body: {
					client_id: credentials.clientId,
					client_secret: credentials.clientSecret,
					grant_type: 'client_credentials',
				},
				json: true,
				headers: { Accept: 'application/json' },
				timeout: TOKEN_TIMEOUT_MS,
				disableFollowRedirect: true,
			});
			response = await withinTimeout(call, TOKEN_TIMEOUT_MS);
		} catch (error) {
			const failure: Pick<FailedCall, 'status' | 'code' | 'headers'> =
				error instanceof TimedOut ? { code: 'ETIMEDOUT', headers: {} } : describeFailure(error);
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
			const refusal = tokenFailure(failure, baseUrl, stop);
			refusal.message = secrets.redact(refusal.message);
			throw refusal;
		}
		return tokenOf(response, baseUrl, secrets);
	}
}

/**
 * OAuth 2.0 client credentials with a JSON body. n8n calls preAuthentication when the hidden
 * token is empty, and again once when the platform answers 401, then saves the new token, so
 * one token serves every request until the platform stops accepting it. Executions of one n8n
 * process that need a new token at the same moment share one fetch (tokenSharing.ts).
 */
export class WmsIntegrationApi implements ICredentialType {
	name = 'wmsIntegrationApi';

	displayName = 'WMS Integration API';

	icon = { light: 'file:wms.svg', dark: 'file:wms.dark.svg' } as const;

	documentationUrl =
		'https://github.com/wms-integration/n8n-nodes-wms-integration#create-the-credential';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://wms.example.com/v1',
			description:
				'The platform address, ending in /v1. Must be https:// (plain http only for localhost, e.g. the simulator).',
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const checked = checkBaseUrl(credentials.baseUrl);
		if ('problem' in checked) throw new Error(checked.problem);
		const client = {
			baseUrl: checked.url,
			clientId: String(credentials.clientId ?? ''),
			secret: String(credentials.clientSecret ?? ''),
		};
		const held = typeof credentials.accessToken === 'string' ? credentials.accessToken : '';
		const secrets = Secrets.of(credentials);
		return {
			accessToken: await sharedToken(
				client,
				held,
				async () => await fetchToken(this, credentials, checked.url, secrets),
			),
		};
	}

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

	/**
	 * A one-record read: proves the secret (token issued) and the base URL (route answered). n8n's
	 * credential tester shows a failed request's own status text, which the platform writes: so
	 * the statuses below are told in these words, and any other answer that is not a list of
	 * records in the last rule's. Redirects are not followed (the token stays with the Base URL's
	 * host).
	 */
	test: ICredentialTestRequest = {
		request: {
			method: 'POST',
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/warehouse/check',
			body: { limit: 1 },
			json: true,
			disableFollowRedirect: true,
			ignoreHttpStatusErrors: { ignore: true, except: TEST_WORDS.map(([status]) => status) },
		},
		rules: [
			...TEST_WORDS.map(([value, message]) => ({
				type: 'responseCode' as const,
				properties: { value, message },
			})),
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'items',
					value: undefined,
					message:
						'The platform did not answer the test read (/warehouse/check) with a list of records: check the Base URL (it must end in /v1)',
				},
			},
		] as ICredentialTestRequest['rules'],
	};
}
