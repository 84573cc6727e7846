/**
 * The credential's fields for a real site: how the token is asked for, a private CA, a client
 * certificate, a proxy, and certificate checks off for a test system. Each group is off until
 * switched on, which is how credentials saved before these fields keep working unchanged.
 */
import type { INodeProperties } from 'n8n-workflow';

import { SITE_FIELD } from '../nodes/shared/transport/site';
import { TOKEN_REQUEST_FIELD, TOKEN_REQUEST_FORMATS } from './tokenRequest';

const shownWhen = (field: string): INodeProperties['displayOptions'] => ({
	show: { [field]: [true] },
});

export const tokenRequestProperties: INodeProperties[] = [
	{
		displayName: 'Token Request',
		name: TOKEN_REQUEST_FIELD,
		type: 'options',
		options: [
			{
				name: TOKEN_REQUEST_FORMATS.json,
				value: 'json',
				description:
					"Client ID and secret in a JSON body, as the platform's interface describes it",
			},
			{
				name: TOKEN_REQUEST_FORMATS.form,
				value: 'form',
				description:
					'Client ID and secret in an application/x-www-form-urlencoded body, as OAuth 2.0 gateways take it',
			},
			{
				name: TOKEN_REQUEST_FORMATS.basic,
				value: 'basic',
				description:
					'Client ID and secret as HTTP Basic authentication, the rest in a form body (client_secret_basic)',
			},
		],
		default: 'json',
		description:
			"How the token is asked for. Keep JSON Body unless the platform's operator or its gateway says otherwise.",
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'string',
		default: '',
		placeholder: 'wms.read wms.write',
		description:
			'Sent with the token request when set; leave empty unless the gateway asks for one',
	},
	{
		displayName: 'Audience',
		name: 'audience',
		type: 'string',
		default: '',
		placeholder: 'https://wms.example.com/v1',
		description:
			'Sent with the token request when set; leave empty unless the gateway asks for one',
	},
];

export const connectionProperties: INodeProperties[] = [
	{
		displayName: 'Trust a Private CA',
		name: SITE_FIELD.trustPrivateCa,
		type: 'boolean',
		default: false,
		description:
			"Whether the platform's certificate is signed by your company's own certificate authority (an on-premises platform, a company gateway) rather than a public one",
	},
	{
		displayName: 'CA Certificate',
		name: SITE_FIELD.caCertificate,
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		displayOptions: shownWhen(SITE_FIELD.trustPrivateCa),
		placeholder: '-----BEGIN CERTIFICATE-----',
		description:
			"The CA's certificate in PEM, with any intermediate certificates. It replaces the public CAs for this credential only.",
	},
	{
		displayName: 'Send a Client Certificate',
		name: SITE_FIELD.useClientCertificate,
		type: 'boolean',
		default: false,
		description:
			"Whether the platform's gateway asks for a client certificate (mutual TLS) issued by its operator",
	},
	{
		displayName: 'Client Certificate',
		name: SITE_FIELD.clientCertificate,
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		displayOptions: shownWhen(SITE_FIELD.useClientCertificate),
		placeholder: '-----BEGIN CERTIFICATE-----',
		description: 'The client certificate in PEM (with its chain, if the operator gave one)',
	},
	{
		displayName: 'Client Key',
		name: SITE_FIELD.clientKey,
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		displayOptions: shownWhen(SITE_FIELD.useClientCertificate),
		description:
			"The certificate's private key in PEM. Pasted on one line, its line breaks are put back.",
	},
	{
		displayName: 'Client Key Passphrase',
		name: SITE_FIELD.clientKeyPassphrase,
		type: 'string',
		typeOptions: { password: true },
		default: '',
		displayOptions: shownWhen(SITE_FIELD.useClientCertificate),
		description: 'The passphrase of an encrypted key; empty when the key is not encrypted',
	},
	{
		displayName: 'Connect Through a Proxy',
		name: SITE_FIELD.useProxy,
		type: 'boolean',
		default: false,
		description:
			"Whether requests to the platform go through an outbound HTTP proxy. Off: n8n's own proxy settings (HTTPS_PROXY, NO_PROXY) apply, if any.",
	},
	{
		displayName: 'Proxy URL',
		name: SITE_FIELD.proxyUrl,
		type: 'string',
		default: '',
		required: true,
		displayOptions: shownWhen(SITE_FIELD.useProxy),
		placeholder: 'http://proxy.example.com:3128',
	},
	{
		displayName: 'Proxy User',
		name: SITE_FIELD.proxyUser,
		type: 'string',
		default: '',
		displayOptions: shownWhen(SITE_FIELD.useProxy),
		description: 'Empty when the proxy asks for no user',
	},
	{
		displayName: 'Proxy Password',
		name: SITE_FIELD.proxyPassword,
		type: 'string',
		typeOptions: { password: true },
		default: '',
		displayOptions: shownWhen(SITE_FIELD.useProxy),
	},
	{
		displayName: 'Hosts Without Proxy',
		name: SITE_FIELD.proxyBypass,
		type: 'string',
		default: '',
		displayOptions: shownWhen(SITE_FIELD.useProxy),
		placeholder: 'localhost, .intranet.example.com',
		description:
			'Hosts reached directly, comma-separated, as NO_PROXY lists them: a name also covers its subdomains, * covers all',
	},
	{
		displayName: 'Ignore Certificate Errors',
		name: SITE_FIELD.ignoreCertificateErrors,
		type: 'boolean',
		default: false,
		description:
			"Whether to skip checking the platform's certificate, for a test system with a self-signed one. Anyone between n8n and the platform could then pose as it and read the client secret and every record: never for a production platform. Only this credential's requests are affected.",
	},
];
