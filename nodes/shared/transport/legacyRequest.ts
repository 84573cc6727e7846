/**
 * n8n's credential tester gives a test function one request helper: `request`, the older kind
 * (n8n-core's CredentialTestContext, over @n8n/backend-network's legacy adapter; in that context
 * it is the only one and is not deprecated). Our requests are written for `httpRequest`. This
 * turns one into the other, so the token request and the description's fetch are the same code
 * in a run and in the test: the options our code builds are mapped to the older ones (every one
 * it uses, and nothing else: an option it does not know is refused, not dropped), and the answer
 * and failures come back as `httpRequest` gives them.
 */
import type {
	ICredentialTestFunctions,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
} from 'n8n-workflow';

/** `httpRequest` as our code calls it: the body, or with returnFullResponse the whole answer; throws on a status it is not told to take. */
export type HttpSend = (options: IHttpRequestOptions) => Promise<unknown>;

/** The options of the older request helper that requests of ours need (the adapter's names). */
export interface LegacyRequestOptions {
	uri: string;
	method: IHttpRequestMethods;
	baseURL?: string;
	headers?: IDataObject;
	body?: unknown;
	qs?: IDataObject;
	json?: boolean;
	timeout?: number;
	/** Follow a redirect of a GET (legacy never follows one of a POST). */
	followRedirect?: boolean;
	maxRedirects?: number;
	sendCredentialsOnCrossOriginRedirect?: boolean;
	agentOptions?: IHttpRequestOptions['agentOptions'];
	rejectUnauthorized?: false;
	proxy?: IHttpRequestOptions['proxy'];
	useStream?: true;
	/** Every answer comes back, whatever its status. */
	simple: false;
	resolveWithFullResponse: true;
}

/** What `httpRequest` answers with returnFullResponse. */
export interface FullResponse {
	body: unknown;
	headers: Record<string, unknown>;
	statusCode: number;
	statusMessage?: string;
}

/** The options of IHttpRequestOptions this maps; our code uses no others. */
const MAPPED = new Set<keyof IHttpRequestOptions>([
	'url',
	'baseURL',
	'method',
	'headers',
	'body',
	'qs',
	'json',
	'timeout',
	'disableFollowRedirect',
	'maxRedirects',
	'sendCredentialsOnCrossOriginRedirect',
	'agentOptions',
	'skipSslCertificateValidation',
	'proxy',
	'encoding',
	'returnFullResponse',
	'ignoreHttpStatusErrors',
]);

/**
 * The legacy options for a request our code builds. Every answer comes back whole, whatever its
 * status (`simple: false`): the status is judged here, as `httpRequest` judges it. A redirect is
 * followed only where `httpRequest` would follow it (legacy never follows one of a POST).
 */
export function legacyOptionsOf(options: IHttpRequestOptions): LegacyRequestOptions {
	const unknown = Object.keys(options).filter(
		(name) =>
			!MAPPED.has(name as keyof IHttpRequestOptions) &&
			options[name as keyof IHttpRequestOptions] !== undefined,
	);
	if (unknown.length) throw new Error(`The request option ${unknown.join(', ')} is not mapped`);
	if (options.encoding !== undefined && options.encoding !== 'stream')
		throw new Error(`The request encoding ${options.encoding} is not mapped`);
	const legacy: LegacyRequestOptions = {
		uri: options.url,
		method: options.method ?? 'GET',
		simple: false,
		resolveWithFullResponse: true,
	};
	if (options.baseURL !== undefined) legacy.baseURL = options.baseURL;
	if (options.headers !== undefined) legacy.headers = options.headers;
	if (sentBody(options.body)) legacy.body = options.body;
	if (options.qs !== undefined) legacy.qs = options.qs;
	if (options.json !== undefined) legacy.json = options.json;
	if (options.timeout !== undefined) legacy.timeout = options.timeout;
	if (options.disableFollowRedirect === true) legacy.followRedirect = false;
	else if (options.maxRedirects !== undefined) legacy.maxRedirects = options.maxRedirects;
	if (options.sendCredentialsOnCrossOriginRedirect !== undefined)
		legacy.sendCredentialsOnCrossOriginRedirect = options.sendCredentialsOnCrossOriginRedirect;
	if (options.agentOptions !== undefined) legacy.agentOptions = options.agentOptions;
	// Set only when asked: legacy turns a certificate error into another error when the key is there.
	if (options.skipSslCertificateValidation === true) legacy.rejectUnauthorized = false;
	if (options.proxy !== undefined) legacy.proxy = options.proxy;
	if (options.encoding === 'stream') legacy.useStream = true;
	return legacy;
}

/** Whether httpRequest sends this body at all: it leaves out an empty one (`{}`, `[]`, ''). */
function sentBody(body: IHttpRequestOptions['body']): boolean {
	if (typeof body === 'string') return body !== '';
	return typeof body === 'object' && body !== null && Object.keys(body).length > 0;
}

/** Whether `httpRequest` takes this status as an answer rather than throwing. */
function taken(status: number, ignore: IHttpRequestOptions['ignoreHttpStatusErrors']): boolean {
	if (ignore === true) return true;
	if (ignore && typeof ignore === 'object' && ignore.ignore)
		return !(ignore.except ?? []).includes(status);
	return status >= 200 && status < 300;
}

/** A failed status in the shape `httpRequest`'s error has it (axios's): the answer under `response`. */
export class HttpStatusError extends Error {
	constructor(
		readonly response: { status: number; statusText?: string; headers: object; data: unknown },
	) {
		super(`Request failed with status code ${response.status}`);
		this.name = 'HttpStatusError';
	}
}

const isStream = (body: unknown): body is { destroy?: () => void } =>
	typeof body === 'object' && body !== null && Symbol.asyncIterator in body;

/** `httpRequest` over the request helper of n8n's credential test context. */
export function viaLegacyRequest(
	helpers: Pick<ICredentialTestFunctions['helpers'], 'request'>,
): HttpSend {
	return async (options) => {
		const answer = (await helpers.request(legacyOptionsOf(options))) as
			| Partial<FullResponse>
			| undefined;
		const full: FullResponse = {
			body: answer?.body,
			headers: { ...(answer?.headers ?? {}) },
			statusCode: Number(answer?.statusCode ?? 0),
			statusMessage: answer?.statusMessage,
		};
		if (!taken(full.statusCode, options.ignoreHttpStatusErrors)) {
			if (isStream(full.body)) full.body.destroy?.();
			throw new HttpStatusError({
				status: full.statusCode,
				statusText: full.statusMessage,
				headers: full.headers,
				data: isStream(full.body) ? undefined : full.body,
			});
		}
		return options.returnFullResponse ? full : full.body;
	};
}
