import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { beforeAnyRequest } from '../nodes/shared/transport/failure';
import { Secrets } from '../nodes/shared/transport/secrets';
import { readSite } from '../nodes/shared/transport/site';
import { checkBaseUrl } from '../nodes/shared/transport/url';
import { authorized } from './authorized';
import { descriptionProperties } from './descriptionProperties';
import { connectionProperties, tokenRequestProperties } from './siteProperties';
import { fetchToken } from './tokenFetch';
import { sharedToken } from './tokenSharing';

/**
 * OAuth 2.0 client credentials (a JSON body by default; a form body or HTTP Basic for gateways
 * that want them). n8n calls preAuthentication when the hidden token is empty, and again once
 * when the platform answers 401, then saves the new token, so one token serves every request
 * until the platform stops accepting it. Executions of one n8n process that need a new token at
 * the same moment share one fetch (tokenSharing.ts). The site's connection settings (CA, client
 * certificate, proxy) go with every request: the token request here, all others in authenticate.
 * Its Test is a function every node names (credentialTest.ts): it says what it found of the
 * platform's API description, which a request and a rule could not.
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
		// Whatever stops the token fetch stops the request that wanted it before it leaves.
		try {
			return await tokenFor(this, credentials);
		} catch (error) {
			throw beforeAnyRequest(error);
		}
	}

	/**
	 * The bearer token, and the credential's connection settings (CA, client certificate, proxy,
	 * certificate checks), on every request n8n makes with this credential: the nodes' and an HTTP
	 * Request node's.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const site = readSite(credentials);
		if ('problem' in site) throw beforeAnyRequest(new Error(site.problem));
		return authorized(
			requestOptions,
			String(credentials.accessToken ?? ''),
			site,
			credentials.baseUrl,
		);
	}
}

/** A new access token, or the credential's own, while the platform accepts it (tokenSharing.ts). */
async function tokenFor(helpers: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
	const checked = checkBaseUrl(credentials.baseUrl);
	if ('problem' in checked) throw new Error(checked.problem);
	const site = readSite(credentials);
	if ('problem' in site) throw new Error(site.problem);
	const client = {
		baseUrl: checked.url,
		clientId: String(credentials.clientId ?? ''),
		// A token fetched over other settings does not prove these (the credential test must).
		secret: JSON.stringify(Object.entries(credentials).filter(([name]) => name !== 'accessToken')),
	};
	const held = typeof credentials.accessToken === 'string' ? credentials.accessToken : '';
	const secrets = Secrets.of(credentials);
	return {
		accessToken: await sharedToken(
			client,
			held,
			async () =>
				await fetchToken(async (options) => await helpers.helpers.httpRequest(options), {
					credentials,
					baseUrl: checked.url,
					site,
					secrets,
				}),
		),
	};
}
