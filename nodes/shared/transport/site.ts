/**
 * How this credential reaches the platform at the user's site: a private CA to trust, a client
 * certificate (mutual TLS), an outbound proxy with the hosts that bypass it, and certificate checks
 * turned off for a test system. Read from the credential once per use and applied to every request
 * made with it, the token request and the credential test included, as n8n's own request options
 * (`agentOptions`, `proxy`, `skipSslCertificateValidation`). Every field off or empty is the
 * behaviour of a credential saved before these fields existed.
 */
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { basicCredentials } from './basic';
import { CERTIFICATES, isEncryptedKey, PRIVATE_KEY, readPem } from './pem';

/** The credential's field names (saved credentials use them: never rename one). */
export const SITE_FIELD = {
	trustPrivateCa: 'trustPrivateCa',
	caCertificate: 'caCertificate',
	useClientCertificate: 'useClientCertificate',
	clientCertificate: 'clientCertificate',
	clientKey: 'clientKey',
	clientKeyPassphrase: 'clientKeyPassphrase',
	useProxy: 'useProxy',
	proxyUrl: 'proxyUrl',
	proxyUser: 'proxyUser',
	proxyPassword: 'proxyPassword',
	proxyBypass: 'proxyBypass',
	ignoreCertificateErrors: 'ignoreCertificateErrors',
} as const;

/** The options n8n's request helpers take for the connection itself. */
export type ConnectionOptions = Pick<
	IHttpRequestOptions,
	'agentOptions' | 'proxy' | 'skipSslCertificateValidation'
>;

interface Proxy {
	config: NonNullable<IHttpRequestOptions['proxy']>;
	/** The proxy's address as messages show it: never its user or password. */
	address: string;
	bypass: string[];
}

/** What a message about a failed connection needs to know of the credential's settings. */
export interface SiteSummary {
	privateCa: boolean;
	clientCertificate: boolean;
	/** The proxy's address, when the platform is reached through one. */
	proxy?: string;
	proxyUser: boolean;
	ignoreCertificateErrors: boolean;
}

export interface Site {
	agentOptions: NonNullable<IHttpRequestOptions['agentOptions']>;
	ignoreCertificateErrors: boolean;
	proxy?: Proxy;
}

const on = (value: unknown) => value === true || value === 'true';
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Proxy Bypass as a list: comma- or space-separated host names, `.domain` suffixes, `*`. */
function bypassList(raw: unknown): string[] {
	return text(raw)
		.toLowerCase()
		.split(/[\s,;]+/)
		.filter(Boolean);
}

/** A proxy address as people write it, with http:// when they leave it out. */
const withScheme = (raw: string) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);

function readProxy(credentials: ICredentialDataDecryptedObject): Proxy | { problem: string } {
	const raw = text(credentials[SITE_FIELD.proxyUrl]);
	const example = 'e.g. http://proxy.example.com:3128';
	if (raw === '') return { problem: `Proxy URL is empty: enter the proxy's address, ${example}` };
	let url: URL;
	try {
		url = new URL(withScheme(raw));
	} catch {
		return { problem: `Proxy URL is not a valid address: enter it as ${example}` };
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		return {
			problem: `Proxy URL must start with http:// or https:// (found ${url.protocol}): n8n's requests go through HTTP proxies only`,
		};
	const user = text(credentials[SITE_FIELD.proxyUser]) || decodeURIComponent(url.username);
	const fieldPassword = credentials[SITE_FIELD.proxyPassword];
	const password =
		typeof fieldPassword === 'string' && fieldPassword !== ''
			? fieldPassword
			: decodeURIComponent(url.password);
	const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
	return {
		config: {
			protocol: url.protocol.slice(0, -1),
			host: url.hostname,
			port,
			...(user ? { auth: { username: user, password } } : {}),
		},
		address: `${url.protocol}//${url.hostname}:${port}`,
		bypass: bypassList(credentials[SITE_FIELD.proxyBypass]),
	};
}

/**
 * The credential's site settings, checked: the PEM fields hold what they are named for, a client
 * certificate comes with its key, the proxy is an HTTP(S) address. A problem names the field and
 * says what to write; it never quotes a key or a password.
 */
export function readSite(credentials: ICredentialDataDecryptedObject): Site | { problem: string } {
	const site: Site = {
		agentOptions: {},
		ignoreCertificateErrors: on(credentials[SITE_FIELD.ignoreCertificateErrors]),
	};
	if (on(credentials[SITE_FIELD.trustPrivateCa])) {
		const ca = readPem(credentials[SITE_FIELD.caCertificate], {
			field: 'CA Certificate',
			...CERTIFICATES,
		});
		if ('problem' in ca) return ca;
		site.agentOptions.ca = ca.pem;
	}
	if (on(credentials[SITE_FIELD.useClientCertificate])) {
		const cert = readPem(credentials[SITE_FIELD.clientCertificate], {
			field: 'Client Certificate',
			...CERTIFICATES,
		});
		if ('problem' in cert) return cert;
		const key = readPem(credentials[SITE_FIELD.clientKey], {
			field: 'Client Key',
			...PRIVATE_KEY,
		});
		if ('problem' in key) return key;
		const passphrase = credentials[SITE_FIELD.clientKeyPassphrase];
		const hasPassphrase = typeof passphrase === 'string' && passphrase !== '';
		if (isEncryptedKey(key.pem) && !hasPassphrase)
			return {
				problem:
					'Client Key is encrypted: enter its passphrase under Client Key Passphrase in the credential',
			};
		site.agentOptions.cert = cert.pem;
		site.agentOptions.key = key.pem;
		if (hasPassphrase) site.agentOptions.passphrase = passphrase;
	}
	// Also for requests n8n makes the older way (the HTTP Request node), which read only this.
	if (site.ignoreCertificateErrors) site.agentOptions.rejectUnauthorized = false;
	if (on(credentials[SITE_FIELD.useProxy])) {
		const proxy = readProxy(credentials);
		if ('problem' in proxy) return proxy;
		site.proxy = proxy;
	}
	return site;
}

/**
 * The values of the site's settings no output, error or log may show, whether or not their
 * switch is on or the rest of the settings can be read: the client key (as pasted, as sent, and
 * each line of it, should a part of it come back), its passphrase, the proxy password (also one
 * written into the Proxy URL) and the proxy user's HTTP Basic credentials.
 */
export function siteSecrets(credentials: ICredentialDataDecryptedObject): string[] {
	const values = [
		SITE_FIELD.clientKey,
		SITE_FIELD.clientKeyPassphrase,
		SITE_FIELD.proxyPassword,
	].flatMap((field) => {
		const value = credentials[field];
		return typeof value === 'string' ? [value] : [];
	});
	const key = readPem(credentials[SITE_FIELD.clientKey], { field: 'Client Key', ...PRIVATE_KEY });
	if ('pem' in key)
		values.push(
			key.pem,
			...key.pem.split('\n').filter((line) => /^[A-Za-z0-9+/=]{16,}$/.test(line)),
		);
	let inUrl = { user: '', password: '' };
	try {
		const url = new URL(withScheme(text(credentials[SITE_FIELD.proxyUrl])));
		inUrl = { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
	} catch {
		// No proxy address, or none that can be read: no password in it.
	}
	if (inUrl.password) values.push(inUrl.password);
	// The Proxy-Authorization header n8n's proxy agent sends, should the proxy echo it.
	const user = text(credentials[SITE_FIELD.proxyUser]) || inUrl.user;
	const field = credentials[SITE_FIELD.proxyPassword];
	const password = typeof field === 'string' && field !== '' ? field : inUrl.password;
	if (password) values.push(basicCredentials(user, password));
	return values;
}

/** Whether a host (and port) is on the proxy's bypass list, read as curl and most tools read NO_PROXY. */
function bypassed(bypass: string[], url: URL): boolean {
	const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
	const port = url.port || (url.protocol === 'https:' ? '443' : '80');
	return bypass.some((entry) => {
		if (entry === '*') return true;
		const withPort = /^(.+):(\d+)$/.exec(entry);
		const [name, entryPort] =
			withPort && !entry.includes('::') ? [withPort[1], withPort[2]] : [entry, undefined];
		if (entryPort !== undefined && entryPort !== port) return false;
		const domain = name.replace(/^\*?\./, '').replace(/^\[|\]$/g, '');
		return host === domain || host.endsWith(`.${domain}`);
	});
}

/** The proxy a request to `url` goes through, or undefined when it goes direct (none set, or bypassed). */
function proxyFor(site: Site, url: string): Proxy | undefined {
	if (!site.proxy) return undefined;
	try {
		return bypassed(site.proxy.bypass, new URL(url)) ? undefined : site.proxy;
	} catch {
		return site.proxy;
	}
}

/** The connection options of a request to `url` made with this credential. */
export function connectionOptions(site: Site, url: string): ConnectionOptions {
	const proxy = proxyFor(site, url);
	return {
		...(Object.keys(site.agentOptions).length ? { agentOptions: { ...site.agentOptions } } : {}),
		...(proxy ? { proxy: { ...proxy.config } } : {}),
		...(site.ignoreCertificateErrors ? { skipSslCertificateValidation: true } : {}),
	};
}

/**
 * The request with the credential's connection options. What the request sets itself wins (an
 * HTTP Request node with a proxy or certificates of its own), as n8n's nodes expect.
 */
export function withConnection<T extends Partial<IHttpRequestOptions>>(
	request: T,
	site: Site,
	url: string,
): T {
	const options = connectionOptions(site, url);
	const out: T = { ...request };
	if (options.agentOptions) out.agentOptions = { ...options.agentOptions, ...request.agentOptions };
	if (options.proxy && !request.proxy) out.proxy = options.proxy;
	if (options.skipSslCertificateValidation) out.skipSslCertificateValidation = true;
	return out;
}

/** What messages about a failed connection to `baseUrl` need to know of the site. */
export function summaryOf(site: Site, baseUrl: string): SiteSummary {
	const proxy = proxyFor(site, baseUrl);
	return {
		privateCa: site.agentOptions.ca !== undefined,
		clientCertificate: site.agentOptions.cert !== undefined,
		proxy: proxy?.address,
		proxyUser: proxy?.config.auth !== undefined,
		ignoreCertificateErrors: site.ignoreCertificateErrors,
	};
}
