/**
 * Base URL rules shared by the credential and the transport.
 * Plain http is allowed only for loopback hosts (the simulator), so a typo can't
 * send a client secret across the internet unencrypted.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function isLoopbackHost(hostname: string): boolean {
	return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** The base URL without trailing slashes, or the problem with it in words a user can act on. */
export function checkBaseUrl(raw: unknown): { url: string } | { problem: string } {
	const value = typeof raw === 'string' ? raw.trim() : '';
	if (value === '') {
		return {
			problem:
				'Base URL is empty: enter the platform address ending in /v1, e.g. https://wms.example.com/v1',
		};
	}
	let parsed: URL;
	try {
		parsed = new URL(value);
	} catch {
		return {
			problem: `Base URL "${value}" is not a valid address: it must start with https:// and end in /v1, e.g. https://wms.example.com/v1`,
		};
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
		return { problem: `Base URL "${value}" must start with https:// (found ${parsed.protocol})` };
	}
	if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
		return {
			problem: `Base URL "${value}" uses plain http to a remote host: use https:// so the client secret and token are not sent unencrypted (plain http is allowed only for localhost)`,
		};
	}
	if (parsed.search || parsed.hash) {
		return { problem: `Base URL "${value}" must not contain a query string or fragment` };
	}
	return { url: `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}` };
}

/** Redirects of one request followed at most, each within the Base URL's origin. */
export const MAX_REDIRECTS = 5;

/** Redirects that ask for the same request elsewhere (a POST stays a POST with its body). */
const FOLLOWED_REDIRECTS = new Set([301, 302, 307, 308]);

/**
 * What a redirect answer means for a request to `from`: follow it (the same origin as the Base
 * URL, where the credential may go), or stop, with words that name only where it pointed (its
 * origin: a full address may carry a token). Undefined when the status is not a redirect.
 */
export function redirectOf(
	status: number | undefined,
	location: unknown,
	from: string,
	baseUrl: string,
): { follow: string } | { stop: string } | undefined {
	if (status === undefined || status < 300 || status > 399) return undefined;
	if (typeof location !== 'string' || location.trim() === '')
		return { stop: 'a redirect without a Location to follow' };
	let target: URL;
	try {
		target = new URL(location.trim(), from);
	} catch {
		return { stop: 'a redirect to an address that cannot be read' };
	}
	if (target.origin !== new URL(baseUrl).origin)
		return { stop: `a redirect away from the Base URL's host, to ${target.origin}` };
	if (!FOLLOWED_REDIRECTS.has(status))
		return { stop: `a redirect (HTTP ${status}) that does not ask for the same request elsewhere` };
	return { follow: target.href };
}
