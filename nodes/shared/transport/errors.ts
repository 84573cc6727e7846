/**
 * What a failed request was, in words a user can act on: the platform's error envelope read
 * whatever shape it came in, socket codes in words; and PlatformError, what the transport throws
 * when it gives up, carrying what it knows. What the platform said is scrubbed of secrets once,
 * as it comes in (`scrubbed`), before any words are built from it.
 */
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { asObject } from '../objects';
import { routeInfo, type RoutePath } from '../platform';
import type { Secrets } from './secrets';

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
	/** A redirect not followed, in words that name only where it pointed ("a redirect away from …"). */
	redirect?: string;
}

/** Headers the package reads from a failure; the rest (which a platform may fill with anything) is dropped. */
const HEADERS_READ = ['retry-after', 'content-type', 'location'];

/** A failure with every secret the run knows taken out of what the platform said. */
export function scrubbed(failure: FailedCall, secrets: Secrets): FailedCall {
	const text = (value: string | undefined) => (value === undefined ? value : secrets.redact(value));
	const headers: Record<string, unknown> = {};
	for (const name of HEADERS_READ)
		if (failure.headers[name] !== undefined) headers[name] = text(String(failure.headers[name]));
	const { body } = failure;
	return {
		...failure,
		headers,
		message: secrets.redact(failure.message),
		answer: text(failure.answer),
		redirect: text(failure.redirect),
		body: body && {
			code: text(body.code),
			message: text(body.message),
			request_id: text(body.request_id),
			details: body.details?.map((detail) => ({
				path: text(detail.path),
				message: text(detail.message),
			})),
		},
	};
}

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
	for (const layer of layers) {
		const response = asObject(layer.response);
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
	return { status, headers, body, code, message: String(outer.message ?? 'request failed') };
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
	if (failure.redirect)
		return `The platform answered HTTP ${status}${on} with ${failure.redirect}: not followed, so the credential and the request stay with the Base URL's host. If the platform has moved, enter its new address as the credential's Base URL`;
	if (failure.answer)
		return `The platform answered HTTP ${status ?? 200}${on} with ${failure.answer}`;
	if (status === 401) {
		return "The platform rejected the access token twice (HTTP 401): check the credential's client ID and secret, and that the client is still enabled on the platform";
	}
	if (status === 403) {
		return `The platform refused access${on} (HTTP 403${body?.message ? `: ${body.message}` : ''}): the API client may not be allowed to use this route; ask the platform's operator`;
	}
	if (body?.message)
		return `${body.message}${status ? ` (HTTP ${status}${body.code ? `, ${body.code}` : ''})` : ''}`;
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
	/** Whether sending it twice is harmless (the route's contract, or the user's Options); the route's when absent. */
	idempotent?: boolean;
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
			.map((d) => `${d.path ?? ''}: ${d.message ?? ''}`)
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
		return passing && (this.idempotent || !this.mayBeStored);
	}

	/** Whether sending the request again is harmless: the route's contract, unless the run said otherwise. */
	get idempotent(): boolean {
		return this.gaveUp.idempotent ?? routeInfo(this.route).idempotent;
	}

	/** The same failure, worded for one row of the request (bulk writes), and what it says of that row. */
	forRow(message: string, mayBeStored = this.mayBeStored): PlatformError {
		return new PlatformError(this.node, { ...this.gaveUp, mayBeStored }, { message });
	}
}
