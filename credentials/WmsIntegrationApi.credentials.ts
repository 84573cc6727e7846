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
	redact,
	unreadableAnswer,
	type FailedCall,
} from '../nodes/shared/transport/errors';
import { RETRYABLE_STATUSES, TimedOut, withinTimeout } from '../nodes/shared/transport/retry';
import { checkBaseUrl } from '../nodes/shared/transport/url';
import { sharedToken } from './tokenSharing';

interface TokenResponse {
	access_token?: unknown;
	token_type?: string;
	expires_in?: number;
	/** OAuth's own error words, which some token endpoints send even with HTTP 200. */
	error?: unknown;
	error_description?: unknown;
}

/** The token call ends after this long, however slowly the answer trickles in. */
const TOKEN_TIMEOUT_MS = 60_000;

/** The access token of a token answer, or an error saying what came instead. */
function tokenOf(response: unknown, baseUrl: string): string {
	const answer = (response ?? undefined) as TokenResponse | string | undefined;
	if (
		typeof answer === 'object' &&
		typeof answer.access_token === 'string' &&
		answer.access_token !== ''
	)
		return answer.access_token;
	if (typeof answer === 'object' && typeof answer.error === 'string') {
		const why =
			typeof answer.error_description === 'string'
				? `${answer.error}: ${answer.error_description}`
				: answer.error;
		throw new Error(
			`The platform's token endpoint refused to issue a token (${redact(why)}): check the credential's client ID and secret`,
		);
	}
	const what = unreadableAnswer(answer) ?? 'JSON that has no access_token';
	throw new Error(
		`The address ${baseUrl}/oauth/token did not answer with an access token but with ${redact(what)}: check the Base URL (it must end in /v1)`,
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
	return new Error(message, {
		cause: {
			response: failure.status ? { status: failure.status, headers: failure.headers } : undefined,
			code: failure.code,
		},
	});
}

/** Asks the platform's token endpoint for a new access token (OAuth 2.0 client credentials, JSON body). */
async function fetchToken(
	helpers: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	baseUrl: string,
): Promise<string> {
	let response: unknown;
	try {
		const call = helpers.helpers.httpRequest({
			method: 'POST',
			url: `${baseUrl}/oauth/token`,
			body: {
				client_id: credentials.clientId,
				client_secret: credentials.clientSecret,
				grant_type: 'client_credentials',
			},
			json: true,
			headers: { Accept: 'application/json' },
			timeout: TOKEN_TIMEOUT_MS,
		});
		response = await withinTimeout(call, TOKEN_TIMEOUT_MS);
	} catch (error) {
		const failure: Pick<FailedCall, 'status' | 'code' | 'headers'> =
			error instanceof TimedOut ? { code: 'ETIMEDOUT', headers: {} } : describeFailure(error);
		const { status, code } = failure;
		if (status === 400 || status === 401 || status === 403) {
			throw new Error(
				`Client ID or secret rejected by the platform (HTTP ${status}): check both in the credential`,
			);
		}
		if (status && RETRYABLE_STATUSES.has(status)) {
			throw transient(
				`The platform's token endpoint is busy or unavailable (HTTP ${status}): try again later`,
				failure,
			);
		}
		if (status) {
			throw new Error(
				`The platform's token endpoint ${baseUrl}/oauth/token answered HTTP ${status}: check the Base URL (it must end in /v1)`,
			);
		}
		throw transient(
			`Cannot reach the platform at ${baseUrl} (${connectionProblemInWords(code)}): check the Base URL and that the platform is up`,
			failure,
		);
	}
	return tokenOf(response, baseUrl);
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
		return {
			accessToken: await sharedToken(
				client,
				held,
				async () => await fetchToken(this, credentials, checked.url),
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

	/** A one-record read: proves the secret (token issued) and the base URL (route answered). */
	test: ICredentialTestRequest = {
		request: {
			method: 'POST',
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/warehouse/check',
			body: { limit: 1 },
			json: true,
		},
		rules: [
			{
				type: 'responseCode',
				properties: { value: 401, message: 'Client ID or secret rejected by the platform' },
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'The Base URL does not point at the platform API: it must end in /v1',
				},
			},
		],
	};
}
