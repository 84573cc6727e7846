/**
 * A connection that failed because of the site between n8n and the platform — a certificate n8n
 * does not trust, a client certificate asked for or refused, a key that does not open, a proxy
 * that refuses or cannot be reached — in words that say which field of the credential to change.
 * The token request, the credential test and every node request use these same words.
 */
import type { SiteSummary } from './site';

/** Where a failed connection's facts come from: the socket or TLS code, the HTTP status, the raw message, an answer's text. */
export interface ConnectionFailure {
	code?: string;
	status?: number;
	message?: string;
	text?: string;
	/** A certificate's subjectAltName, e.g. "DNS:wms.example.com, IP Address:10.0.0.5". */
	certificateNames?: string;
}

const UNTRUSTED = new Set([
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'UNABLE_TO_GET_ISSUER_CERT',
	'CERT_UNTRUSTED',
	'CERT_SIGNATURE_FAILURE',
]);

/** TLS alerts a platform sends when it does not accept the client certificate it was given. */
const CLIENT_CERTIFICATE_REFUSED = new Set([
	'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
	'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
	'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN',
	'ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED',
	'ERR_SSL_SSLV3_ALERT_CERTIFICATE_REVOKED',
	'ERR_SSL_TLSV1_ALERT_ACCESS_DENIED',
	'ERR_SSL_TLSV1_ALERT_DECRYPT_ERROR',
]);

/** Failures to connect at all: through a proxy, the connection is to the proxy. (A reset may come from the platform, through it.) */
const PROXY_UNREACHABLE: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host name lookup failed',
	ETIMEDOUT: 'timed out',
};

const CA_FIELD = 'Trust a Private CA → CA Certificate';
const CLIENT_FIELDS = 'Send a Client Certificate (Client Certificate, Client Key)';

/** Every TLS and socket code these words cover: failures before the platform saw any request. */
export function isSiteCode(code: string | undefined): boolean {
	return (
		code !== undefined &&
		(UNTRUSTED.has(code) ||
			CLIENT_CERTIFICATE_REFUSED.has(code) ||
			/^(CERT_|DEPTH_ZERO|ERR_TLS_|ERR_SSL_|ERR_OSSL_|HOSTNAME_MISMATCH)/.test(code))
	);
}

function untrusted(at: string, site: SiteSummary, code: string): string {
	if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT' && !site.privateCa)
		return `The platform at ${at} has a self-signed certificate, which this credential does not trust: add that certificate under ${CA_FIELD} in the credential (for a test system only: turn on Ignore Certificate Errors)`;
	if (!site.privateCa)
		return `The platform's certificate at ${at} is not signed by a CA this credential trusts: add the CA under ${CA_FIELD} in the credential (ask the platform's operator for it)`;
	return `The platform's certificate at ${at} is not signed by the CA under ${CA_FIELD} (a CA given there replaces the public ones for this credential): check that it is the CA that signed the platform's certificate, with its intermediate certificates (on n8n 1.x the credential's CA is not used: set NODE_EXTRA_CA_CERTS instead)`;
}

/** The host names of a certificate's subjectAltName, as a person reads them. */
function namesIn(subjectAltName: string | undefined): string | undefined {
	return subjectAltName
		?.split(',')
		.map((name) => name.trim().replace(/^(DNS|IP Address):/, ''))
		.filter(Boolean)
		.join(', ');
}

function tlsWords(
	code: string,
	at: string,
	host: string,
	site: SiteSummary,
	certificateNames?: string,
): string | undefined {
	if (UNTRUSTED.has(code) || code === 'DEPTH_ZERO_SELF_SIGNED_CERT')
		return untrusted(at, site, code);
	if (code === 'CERT_HAS_EXPIRED')
		return `The platform's certificate at ${at} has expired: ask the platform's operator to renew it (for a test system only: turn on Ignore Certificate Errors in the credential)`;
	if (code === 'CERT_NOT_YET_VALID')
		return `The platform's certificate at ${at} is not valid yet: check the date and time of the n8n server, or ask the platform's operator`;
	if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') {
		const names = namesIn(certificateNames);
		return `The platform's certificate at ${at} is for another host name than ${host}${names ? ` (it names ${names})` : ''}: use a host name the certificate names in the Base URL`;
	}
	if (code === 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED')
		return site.clientCertificate
			? `The platform at ${at} did not accept the client certificate of this credential as one: check ${CLIENT_FIELDS}`
			: `The platform at ${at} asked for a client certificate (mutual TLS): add the certificate and key its operator issued for this client under ${CLIENT_FIELDS} in the credential`;
	if (CLIENT_CERTIFICATE_REFUSED.has(code))
		return site.clientCertificate
			? `The platform at ${at} refused this credential's client certificate (${code.replace(/^ERR_SSL_(SSLV3_|TLSV1_)?ALERT_/, '').toLowerCase()}): check it is the certificate its operator issued for this client, still valid, under ${CLIENT_FIELDS}`
			: `The platform at ${at} refused the connection for want of a client certificate: add the certificate and key its operator issued under ${CLIENT_FIELDS} in the credential`;
	if (code === 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE')
		return `The platform at ${at} broke off the TLS handshake: it may want a client certificate (${CLIENT_FIELDS}${site.clientCertificate ? ', check the one given' : ''}), or accept no TLS version n8n offers; ask its operator`;
	if (/BAD_DECRYPT|INTERRUPTED_OR_CANCELLED/.test(code))
		return 'The Client Key could not be opened: check Client Key Passphrase in the credential';
	if (code === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH')
		return 'The Client Key does not belong to the Client Certificate: paste the key that was issued with that certificate';
	if (/WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|HTTP_REQUEST/.test(code))
		return `The address ${at} does not answer TLS: check the Base URL's scheme and port (and the Proxy URL's: most proxies are http://)`;
	if (/^ERR_OSSL_/.test(code))
		return `A certificate or key in the credential could not be used (${code}): paste each as the PEM file has it`;
	return undefined;
}

/**
 * The words for a connection that failed because of the site, or undefined for any other failure.
 * `baseUrl`: the platform address the request went to.
 */
export function siteProblem(
	failure: ConnectionFailure,
	site: SiteSummary | undefined,
	baseUrl: string,
): string | undefined {
	const { code, status } = failure;
	const settings: SiteSummary = site ?? {
		privateCa: false,
		clientCertificate: false,
		proxyUser: false,
		ignoreCertificateErrors: false,
	};
	let origin = baseUrl;
	let host = baseUrl;
	try {
		({ origin, hostname: host } = new URL(baseUrl));
	} catch {
		// A base URL that is not one is reported by its own check.
	}
	if (status === 407) {
		const proxy = settings.proxy
			? `The proxy ${settings.proxy}`
			: 'A proxy between n8n and the platform';
		return settings.proxyUser
			? `${proxy} refused the connection (407 Proxy Authentication Required): check Proxy User and Proxy Password in the credential`
			: `${proxy} refused the connection (407 Proxy Authentication Required): it wants a user: enter Proxy User and Proxy Password in the credential`;
	}
	if (status !== undefined) return gatewayPage(status, failure.text, origin, settings);
	if (code === undefined) return undefined;
	if (settings.proxy && PROXY_UNREACHABLE[code])
		return `Could not reach the proxy at ${settings.proxy} (${PROXY_UNREACHABLE[code]}): check Proxy URL in the credential, and that the proxy is up`;
	if (code === 'ECONNRESET' && settings.clientCertificate)
		return `The platform at ${origin} closed the connection (connection closed by the other side): when every request ends so, it does not accept this credential's client certificate; check ${CLIENT_FIELDS}`;
	return tlsWords(code, origin, host, settings, failure.certificateNames);
}

/**
 * A gateway that checks client certificates over HTTP once TLS is up (nginx's `ssl_verify_client`)
 * answers a page of its own with HTTP 400 or 495/496, not a TLS alert.
 */
function gatewayPage(
	status: number,
	page: string | undefined,
	at: string,
	site: SiteSummary,
): string | undefined {
	const said = page ?? '';
	if (status === 496 || /no required ssl certificate was sent/i.test(said))
		return tlsWords('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', at, at, site);
	if (status === 495 || /ssl certificate error/i.test(said))
		return site.clientCertificate
			? `The platform at ${at} refused this credential's client certificate (HTTP ${status}: the SSL certificate error): check it is the certificate its operator issued for this client, still valid, under ${CLIENT_FIELDS}`
			: undefined;
	return undefined;
}
