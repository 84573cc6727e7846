import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
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
import { Secrets } from '../nodes/shared/transport/secrets';
import { readSite, summaryOf, withConnection, type Site } from '../nodes/shared/transport/site';
import { siteProblem } from '../nodes/shared/transport/siteProblems';
import { checkBaseUrl } from '../nodes/shared/transport/url';
import { connectionProperties, tokenRequestProperties } from './siteProperties';
import { oauthErrorOf, tokenRefusal, tokenRequestOf } from './tokenRequest';
import { sharedToken } from './tokenSharing';

interface TokenResponse {
	access_token?: unknown;
	token_type?: string;
	expires_in?: number;
	/** OAuth's own error words, which some token endpoints send even with HTTP 200. */
	error?: unknown;
	error_description?: unknown;
}

/** Where a request goes: its URL against its base, else the credential's Base URL. */
function targetOf(request: IHttpRequestOptions, baseUrl: unknown): string {
	const legacy = request as IHttpRequestOptions & { uri?: string };
	try {
		return new URL(request.url ?? legacy.uri ?? '', request.baseURL).href;
	} catch {
		return String(baseUrl ?? '');
	}
}

/** The token call ends after this long, however slowly the answer trickles in. */
const TOKEN_TIMEOUT_MS = 60_000;

/** The access token of a token answer, or an error saying what came instead. */
function tokenOf(
	response: unknown,
	baseUrl: string,
	credentials: ICredentialDataDecryptedObject,
): string {
	const answer = (response ?? undefined) as TokenResponse | string | undefined;
	if (
		typeof answer === 'object' &&
		typeof answer.access_token === 'string' &&
		answer.access_token !== ''
	)
		return answer.access_token;
	const oauth = oauthErrorOf(answer);
	if (oauth) {
		const secrets = Secrets.of(credentials);
		const refusal = tokenRefusal(undefined, oauth, credentials, (text) => secrets.redact(text));
		const why = secrets.redact(
			`${oauth.error}${oauth.description ? `: ${oauth.description}` : ''}`,
		);
		throw new Error(
			refusal ??
				`The platform's token endpoint refused to issue a token (${why}): check the credential's client ID and secret`,
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
	failure: Pick<FailedCall, 'status' | 'code' | 'headers' | 'certificateNames' | 'text'>,
): Error {
	return new Error(message, {
		cause: {
			response: failure.status
				? { status: failure.status, headers: failure.headers, data: failure.text }
				: undefined,
			code: failure.code,
			cert: failure.certificateNames ? { subjectaltname: failure.certificateNames } : undefined,
		},
	});
}

/**
 * Asks the platform's token endpoint for a new access token (OAuth 2.0 client credentials), over
 * the same connection settings as every other request of the credential.
 */
async function fetchToken(
	helpers: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	baseUrl: string,
	site: Site,
): Promise<string> {
	let response: unknown;
	const url = `${baseUrl}/oauth/token`;
	try {
		const request: IHttpRequestOptions = {
			method: 'POST',
			url,
			...tokenRequestOf(credentials),
			timeout: TOKEN_TIMEOUT_MS,
		};
		const call = helpers.helpers.httpRequest(withConnection(request, site, url));
		response = await withinTimeout(call, TOKEN_TIMEOUT_MS);
	} catch (error) {
		const failure: FailedCall =
			error instanceof TimedOut
				? { code: 'ETIMEDOUT', headers: {}, message: error.message }
				: describeFailure(error);
		const { status, code } = failure;
		const atSite = siteProblem(failure, summaryOf(site, baseUrl), baseUrl);
		if (atSite) throw transient(atSite, failure);
		const secrets = Secrets.of(credentials);
		const refusal = tokenRefusal(status, oauthErrorOf(error), credentials, (text) =>
			secrets.redact(text),
		);
		if (refusal) throw new Error(refusal);
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
	return tokenOf(response, baseUrl, credentials);
}

/**
 * OAuth 2.0 client credentials (a JSON body by default; a form body or HTTP Basic for gateways
 * that want them). n8n calls preAuthentication when the hidden token is empty, and again once
 * when the platform answers 401, then saves the new token, so one token serves every request
 * until the platform stops accepting it. Executions of one n8n process that need a new token at
 * the same moment share one fetch (tokenSharing.ts). The site's connection settings (CA, client
 * certificate, proxy) go with every request: the token request here, all others in authenticate.
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
		...tokenRequestProperties,
		...connectionProperties,
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
		const site = readSite(credentials);
		if ('problem' in site) throw new Error(site.problem);
		const client = {
			baseUrl: checked.url,
			clientId: String(credentials.clientId ?? ''),
			// A token fetched over other settings does not prove these (the credential test must).
			secret: JSON.stringify(
				Object.entries(credentials).filter(([name]) => name !== 'accessToken'),
			),
		};
		const held = typeof credentials.accessToken === 'string' ? credentials.accessToken : '';
		return {
			accessToken: await sharedToken(
				client,
				held,
				async () => await fetchToken(this, credentials, checked.url, site),
			),
		};
	}

	/**
	 * The bearer token, and the credential's connection settings (CA, client certificate, proxy,
	 * certificate checks), on every request n8n makes with this credential: the nodes', the
	 * credential test's, and an HTTP Request node's.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const site = readSite(credentials);
		if ('problem' in site) throw new Error(site.problem);
		return withConnection(
			{
				...requestOptions,
				headers: {
					...requestOptions.headers,
					Authorization: `Bearer ${String(credentials.accessToken ?? '')}`,
				},
			},
			site,
			targetOf(requestOptions, credentials.baseUrl),
		);
	}

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
