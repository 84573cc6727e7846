import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { Secrets } from '../nodes/shared/transport/secrets';
import { readSite, withConnection } from '../nodes/shared/transport/site';
import { checkBaseUrl } from '../nodes/shared/transport/url';
import { descriptionProperties } from './descriptionProperties';
import { connectionProperties, tokenRequestProperties } from './siteProperties';
import { fetchToken } from './tokenFetch';
import { sharedToken } from './tokenSharing';

/** Where a request goes: its URL against its base, else the credential's Base URL. */
function targetOf(request: IHttpRequestOptions, baseUrl: unknown): string {
	const legacy = request as IHttpRequestOptions & { uri?: string };
	try {
		return new URL(request.url ?? legacy.uri ?? '', request.baseURL).href;
	} catch {
		return String(baseUrl ?? '');
	}
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
		...descriptionProperties,
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
		const secrets = Secrets.of(credentials);
		return {
			accessToken: await sharedToken(
				client,
				held,
				async () => await fetchToken(this, { credentials, baseUrl: checked.url, site, secrets }),
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
