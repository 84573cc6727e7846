/**
 * The token request as the platform's gateway wants it: the interface description's JSON body (the
 * default), or OAuth 2.0's own form body (RFC 6749, section 4.4), with the client ID and secret in
 * the body or as HTTP Basic client authentication (section 2.3.1); with an optional scope and
 * audience. And what a token endpoint's refusal means, in the words of the credential's fields.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { asObject } from '../nodes/shared/objects';
import { basicCredentials, formEncoded } from '../nodes/shared/transport/basic';

export const TOKEN_REQUEST_FIELD = 'tokenRequest';

export const TOKEN_REQUEST_FORMATS = {
	json: 'JSON Body',
	form: 'Form Body (RFC 6749)',
	basic: 'Form Body, HTTP Basic Client Authentication',
} as const;

export type TokenRequestFormat = keyof typeof TOKEN_REQUEST_FORMATS;

export function formatOf(credentials: ICredentialDataDecryptedObject): TokenRequestFormat {
	const value = credentials[TOKEN_REQUEST_FIELD];
	return value === 'form' || value === 'basic' ? value : 'json';
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Method, headers and body of the token request the credential asks for. */
export function tokenRequestOf(
	credentials: ICredentialDataDecryptedObject,
): Pick<IHttpRequestOptions, 'body' | 'headers' | 'json'> {
	const id = String(credentials.clientId ?? '');
	const secret = String(credentials.clientSecret ?? '');
	const extra: IDataObject = {};
	if (text(credentials.scope)) extra.scope = text(credentials.scope);
	if (text(credentials.audience)) extra.audience = text(credentials.audience);
	const format = formatOf(credentials);
	if (format === 'json')
		return {
			body: { client_id: id, client_secret: secret, grant_type: 'client_credentials', ...extra },
			headers: { Accept: 'application/json' },
			json: true,
		};
	const fields = new URLSearchParams({ grant_type: 'client_credentials' });
	const headers: IDataObject = {
		Accept: 'application/json',
		'Content-Type': 'application/x-www-form-urlencoded',
	};
	if (format === 'basic')
		headers.Authorization = `Basic ${basicCredentials(formEncoded(id), formEncoded(secret))}`;
	else {
		fields.set('client_id', id);
		fields.set('client_secret', secret);
	}
	for (const [name, value] of Object.entries(extra)) fields.set(name, String(value));
	return { body: fields.toString(), headers, json: true };
}

/** OAuth's error words in a token endpoint's answer (RFC 6749, section 5.2), whatever layer of the error holds them. */
export function oauthErrorOf(answer: unknown): { error: string; description?: string } | undefined {
	const layers = [asObject(answer), asObject(asObject(answer)?.cause)];
	for (const layer of layers) {
		const response = asObject(layer?.response);
		let data: unknown = response ? (response.data ?? response.body) : layer;
		if (typeof data === 'string') {
			try {
				data = JSON.parse(data);
			} catch {
				continue;
			}
		}
		const error = asObject(data)?.error;
		if (typeof error === 'string' && error !== '') {
			const description = asObject(data)?.error_description;
			return { error, description: typeof description === 'string' ? description : undefined };
		}
	}
	return undefined;
}

function otherFormats(format: TokenRequestFormat): string {
	return (Object.keys(TOKEN_REQUEST_FORMATS) as TokenRequestFormat[])
		.filter((other) => other !== format)
		.map((other) => TOKEN_REQUEST_FORMATS[other])
		.join(' or ');
}

/**
 * What a token endpoint's refusal means and which field to change, or undefined when it is not a
 * refusal of the request (a busy or failing endpoint). `status` is undefined for OAuth's words in
 * a success answer. `redact` takes secrets out of the endpoint's own words, which may echo what
 * was sent.
 */
export function tokenRefusal(
	status: number | undefined,
	oauth: { error: string; description?: string } | undefined,
	credentials: ICredentialDataDecryptedObject,
	redact: (text: string) => string,
): string | undefined {
	const format = formatOf(credentials);
	const said = oauth
		? `, ${redact(oauth.error)}${oauth.description ? `: ${redact(oauth.description)}` : ''}`
		: '';
	const http = `HTTP ${status ?? 200}${said}`;
	const words = `${oauth?.error ?? ''} ${oauth?.description ?? ''}`.toLowerCase();
	if (oauth?.error === 'invalid_scope')
		return `The platform's token endpoint refused the scope (${http}): check Scope in the credential`;
	if (oauth && words.includes('audience'))
		return `The platform's token endpoint wants another audience (${http}): check Audience in the credential`;
	if (oauth?.error === 'unauthorized_client')
		return `The platform does not let this client use the client-credentials grant (${http}): ask the platform's operator`;
	if (
		status === 415 ||
		oauth?.error === 'invalid_request' ||
		oauth?.error === 'unsupported_grant_type'
	)
		return `The platform's token endpoint did not understand the token request (${http}): it may want another format; set Token Request to ${otherFormats(format)} in the credential`;
	if (
		status !== undefined &&
		(status === 400 || status === 401 || status === 403 || oauth?.error === 'invalid_client')
	)
		return `Client ID or secret rejected by the platform (${http}): check both in the credential${oauth ? ` (if both are right, the token endpoint may want them another way: try Token Request → ${otherFormats(format)})` : ''}`;
	return undefined;
}
