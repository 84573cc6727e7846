/**
 * A request with the credential on it: the bearer token and the site's connection settings (CA,
 * client certificate, proxy, certificate checks). The credential's `authenticate` puts them on
 * every request n8n makes with it; the credential test, which has no such helper, on its own.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { withConnection, type Site } from '../nodes/shared/transport/site';

/** Where a request goes: its URL against its base, else the credential's Base URL. */
function targetOf(request: IHttpRequestOptions, baseUrl: unknown): string {
	const legacy = request as IHttpRequestOptions & { uri?: string };
	try {
		return new URL(request.url ?? legacy.uri ?? '', request.baseURL).href;
	} catch {
		return String(baseUrl ?? '');
	}
}

export function authorized(
	request: IHttpRequestOptions,
	token: string,
	site: Site,
	baseUrl: unknown,
): IHttpRequestOptions {
	return withConnection(
		{ ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` } },
		site,
		targetOf(request, baseUrl),
	);
}
