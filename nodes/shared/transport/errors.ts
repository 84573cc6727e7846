/**
 * What a failed request was, in words a user can act on: the platform's error envelope read
 * whatever shape it came in, socket codes in words, secrets removed; and PlatformError, what the
 * transport throws when it gives up, carrying what it knows.
 */
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { asObject } from '../objects';
import { routeInfo, type RoutePath } from '../platform';
import { redactPatterns } from './secrets';
import type { SiteSummary } from './site';
import { siteProblem } from './siteProblems';

/** What the platform says in its error envelope (contract: components/schemas/Error). */
export interface PlatformErrorBody {
	code?: string;
	message?: string;
	details?: Array<{ path?: string; message?: string }>;
	request_id?: string;
}

/** The parts of a failed HTTP call, whatever layer threw it. */
export interface FailedCall {
	status?: number;
	headers: Record<string, unknown>;
	body?: PlatformErrorBody;
	code?: string;
	message: string;
	/** The platform address the call went to, for messages about the connection. */
	baseUrl?: string;
	/** The route called, for messages about the route itself (403, 404, an unreadable answer). */
	route?: string;
	/** What was wrong with a 2xx answer that cannot be taken as a success (e.g. "an empty body"). */
	answer?: string;
	/** Why the transport stopped retrying before Max Attempts (e.g. the run's wait budget). */
	note?: string;
	/** The credential's connection settings, for the words of a failure at the site (certificates, proxy). */
	site?: SiteSummary;
	/** The start of an answer that is text, not JSON (a gateway's or a proxy's own page). */
	text?: string;
	/** The names a certificate of the wrong host names (its subjectAltName). */
	certificateNames?: string;
}

/** Removes bearer tokens (and anything JWT-shaped) from a text before a user or a log sees it. */
export const redact = redactPatterns;

/** A text field of a platform answer: strings and numbers as text, anything else (null, objects) as absent. */
function text(value: unknown): string | undefined {
	if (typeof value === 'string') return value === '' ? undefined : value;
	return typeof value === 'number' ? String(value) : undefined;
}

/**
 * The error envelope of an answer, in the contract's shape whatever the platform sent: a plain
 * text `error`, a message that is not text, or `details` that are not a list must not crash the
 * reading of the error itself.
 */
export function envelopeOf(value: unknown): PlatformErrorBody | undefined {
	const raw = asObject(value)?.error;
	if (typeof raw === 'string') return raw ? { message: raw } : undefined;
	const envelope = asObject(raw);
	if (!envelope) return undefined;
	const details = Array.isArray(envelope.details)
		? envelope.details
				.map(asObject)
				.flatMap((detail) =>
					detail ? [{ path: text(detail.path), message: text(detail.message) }] : [],
				)
		: undefined;
	return {
		code: text(envelope.code),
		message: text(envelope.message),
		details,
		request_id: text(envelope.request_id),
	};
}

function parseBody(data: unknown): PlatformErrorBody | undefined {
	if (typeof data !== 'string') return envelopeOf(data);
	try {
		return envelopeOf(JSON.parse(data));
	} catch {
		return undefined;
	}
}

/**
 * What is wrong with a success answer that is not the JSON object every route answers: the
 * words finish "The platform answered HTTP 200 on <route> with …". Undefined when it is one.
 */
export function unreadableAnswer(
	body: unknown,
	headers: Record<string, unknown> = {},
): string | undefined {
	if (body === undefined || body === '') return 'an empty body';
	if (typeof body === 'string') {
		return /^\s*</.test(body) || /html/i.test(String(headers['content-type'] ?? ''))
			? 'a web page instead of JSON (a proxy, firewall or login page in between?)'
			: 'text that is not valid JSON (the answer may have been cut off)';
	}
	if (Array.isArray(body)) return 'a JSON list where an object was expected';
	if (body === null || typeof body !== 'object')
		return `a bare JSON ${body === null ? 'null' : typeof body} where an object was expected`;
	const envelope = envelopeOf(body);
	if (envelope)
		return `an error: ${envelope.message ?? 'no message'}${envelope.code ? ` (${envelope.code})` : ''}`;
	return undefined;
}

/** Reads status, headers, error envelope and socket code from whatever n8n's request helpers threw. */
export function describeFailure(error: unknown): FailedCall {
	const outer = asObject(error) ?? {};
	const layers = [outer, asObject(outer.cause), asObject(asObject(outer.cause)?.cause)].filter(
		(layer) => layer !== undefined,
	);
	let status: number | undefined;
	let headers: Record<string, unknown> = {};
	let body: PlatformErrorBody | undefined;
	let code: string | undefined;
	let text: string | undefined;
	let certificateNames: string | undefined;
	for (const layer of layers) {
		const names = asObject(layer.cert)?.subjectaltname;
		if (typeof names === 'string') certificateNames ??= names;
		const response = asObject(layer.response);
		const data = response?.data ?? response?.body;
		if (typeof data === 'string' && data !== '') text ??= data.slice(0, 500);
		status ??=
			Number(response?.status ?? response?.statusCode ?? layer.httpCode ?? layer.statusCode) ||
			undefined;
		if (response?.headers && Object.keys(headers).length === 0)
			headers = asObject(response.headers) ?? {};
		body ??= parseBody(response?.data ?? response?.body ?? layer.error);
		if (
			typeof layer.code === 'string' &&
			!code &&
			layer.code !== 'ERR_BAD_RESPONSE' &&
			layer.code !== 'ERR_BAD_REQUEST'
		) {
			code = layer.code;
		}
	}
	const message = String(outer.message ?? 'request failed');
	return { status, headers, body, code, message: redact(message), text, certificateNames };
}

/**
 * Socket codes in words. (A raw code like ECONNREFUSED in a message makes n8n swap the whole
 * message for its generic text, losing the base URL the user needs to check.)
 */
export function connectionProblemInWords(code: string | undefined): string {
	const words: Record<string, string> = {
		ECONNREFUSED: 'connection refused',
		ENOTFOUND: 'host not found',
		EAI_AGAIN: 'host name lookup failed',
		ETIMEDOUT: 'timed out',
		ESOCKETTIMEDOUT: 'timed out',
		ECONNABORTED: 'no answer within the timeout',
		ECONNRESET: 'connection closed by the other side',
		EPIPE: 'connection closed by the other side',
		CERT_HAS_EXPIRED: 'its TLS certificate has expired',
		DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
	};
	return (code && words[code]) ?? 'no answer';
}

/** Socket failures that happen before a connection exists: the address is the first suspect. */
const NEVER_CONNECTED = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'CERT_HAS_EXPIRED',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
]);

/** One line a user can act on, built from the platform's own words where it gave any. */
export function platformMessage(failure: FailedCall): string {
	const { status, body } = failure;
	const on = failure.route ? ` on ${failure.route}` : '';
	if (failure.answer)
		return `The platform answered HTTP ${status ?? 200}${on} with ${redact(failure.answer)}`;
	const atSite = siteProblem(failure, failure.site, failure.baseUrl ?? '');
	if (atSite) return atSite;
	if (status === 401) {
		return "The platform rejected the access token twice (HTTP 401): check the credential's client ID and secret, and that the client is still enabled on the platform";
	}
	if (status === 403) {
		return `The platform refused access${on} (HTTP 403${body?.message ? `: ${redact(body.message)}` : ''}): the API client may not be allowed to use this route; ask the platform's operator`;
	}
	if (body?.message)
		return `${redact(body.message)}${status ? ` (HTTP ${status}${body.code ? `, ${body.code}` : ''})` : ''}`;
	if (status === 404)
		return `The platform answered HTTP 404${on}: it may not offer this route, or the Base URL is wrong (it must end in /v1)`;
	if (status) return `The platform answered HTTP ${status}${on}`;
	if (failure.code) {
		const at = failure.baseUrl ? ` at ${failure.baseUrl}` : '';
		const words = connectionProblemInWords(failure.code);
		return NEVER_CONNECTED.has(failure.code)
			? `Could not reach the platform${at} (${words}): check the credential's Base URL and that the platform is up`
			: `The connection to the platform${at} was lost (${words})`;
	}
	return failure.message;
}

/** Statuses that say the platform could not take the request now, not that the request is wrong. */
const PASSING_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/** What the transport knows of a request it gave up on. */
export interface GaveUp extends FailedCall {
	route: RoutePath;
	/** Tries made, the first included. */
	attempts: number;
	/**
	 * Whether the platform may have stored the request: some try's answer was lost (a dropped
	 * connection, a timeout, a gateway error, a success answer that cannot be read). False only
	 * when every try was turned away (4xx, 503) or never reached the platform.
	 */
	mayBeStored: boolean;
}

/**
 * A request the platform refused or the transport gave up on, with what is known: the route,
 * status, the platform's error envelope, tries made, whether the platform may have stored it.
 */
export class PlatformError extends NodeApiError {
	readonly route: RoutePath;
	readonly status: number | undefined;
	readonly body: PlatformErrorBody | undefined;
	readonly attempts: number;
	readonly mayBeStored: boolean;

	constructor(
		node: INode,
		private readonly gaveUp: GaveUp,
		options: { itemIndex?: number; message?: string } = {},
	) {
		const failure = gaveUp;
		const details = (failure.body?.details ?? [])
			.map((d) => `${d.path ?? ''}: ${redact(d.message ?? '')}`)
			.join('; ');
		const tried = failure.attempts > 1 ? ` after ${failure.attempts} attempts` : '';
		const note = failure.note ? `; ${failure.note}` : '';
		super(node, { message: platformMessage(failure) } as JsonObject, {
			message: options.message ?? `${platformMessage(failure)}${tried}${note}`,
			description: `Route ${failure.route}${details ? `. Details: ${details}` : ''}${failure.body?.request_id ? `. Request ID: ${failure.body.request_id}` : ''}`,
			httpCode: failure.status ? String(failure.status) : undefined,
			itemIndex: options.itemIndex,
		});
		this.route = failure.route;
		this.status = failure.status;
		this.body = failure.body;
		this.attempts = failure.attempts;
		this.mayBeStored = failure.mayBeStored;
	}

	/** The platform's own words, without the tries and notes the transport adds. */
	get platformMessage(): string {
		return platformMessage(this.gaveUp);
	}

	/**
	 * Whether running the node again may help: the platform was busy, out of reach or failing
	 * (not refusing the record), and a second try cannot store it twice.
	 */
	get retryable(): boolean {
		const passing = this.status === undefined || PASSING_STATUSES.has(this.status);
		return passing && (routeInfo(this.route).idempotent || !this.mayBeStored);
	}

	/** The same failure, worded for one row of the request (bulk writes), and what it says of that row. */
	forRow(message: string, mayBeStored = this.mayBeStored): PlatformError {
		return new PlatformError(this.node, { ...this.gaveUp, mayBeStored }, { message });
	}
}
