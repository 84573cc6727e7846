/**
 * What a failed request was, read whatever layer of n8n's helpers threw it and whatever shape the
 * platform's answer came in: status, the headers read, the error envelope, the socket or TLS code.
 * What the platform said is scrubbed of secrets once, as it comes in (`scrubbed`), before any
 * words are built from it (errors.ts).
 */
import { asObject } from '../objects';
import { problemOf } from './problem';
import type { Secrets } from './secrets';
import type { SiteSummary } from './site';

/** What the platform says in its error envelope (contract: components/schemas/Error). */
export interface PlatformErrorBody {
	code?: string;
	message?: string;
	/** `row`: the request's row an entry names apart from its path (`{index: 1, field: "sku"}`). */
	details?: Array<{ path?: string; message?: string; row?: number }>;
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
	/** A redirect not followed, in words that name only where it pointed ("a redirect away from …"). */
	redirect?: string;
	/** It failed before the request left (the credential's token could not be had): nothing was sent. */
	notSent?: true;
}

/** The mark of an error thrown before a request left, found whatever layer of n8n's helpers wraps it. */
const NOT_SENT = 'wmsNothingSent';

/**
 * An error of the credential's token fetch or its request settings, marked as thrown before the
 * request it was for left: the platform cannot hold what that request carried.
 */
export function beforeAnyRequest(error: unknown): Error {
	const marked = error instanceof Error ? error : new Error(String(error));
	Object.defineProperty(marked, NOT_SENT, { value: true, configurable: true });
	return marked;
}

/** Whether an error (or one it wraps) was thrown before anything was sent (`beforeAnyRequest`). */
export function sentNothing(error: unknown): boolean {
	return describeFailure(error).notSent === true;
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
		text: text(failure.text),
		certificateNames: text(failure.certificateNames),
		body: body && {
			code: text(body.code),
			message: text(body.message),
			request_id: text(body.request_id),
			details: body.details?.map((detail) => ({
				path: text(detail.path),
				message: text(detail.message),
				...(Number.isInteger(detail.row) ? { row: detail.row } : {}),
			})),
		},
	};
}

/** A text field of a platform answer: strings and numbers as text, anything else (null, objects) as absent. */
export function text(value: unknown): string | undefined {
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

/** An error answer's envelope: ours, else a problem document or another vendor's shape (problem.ts). */
function parseBody(data: unknown): PlatformErrorBody | undefined {
	let value = data;
	if (typeof data === 'string')
		try {
			value = JSON.parse(data);
		} catch {
			return undefined;
		}
	return envelopeOf(value) ?? problemOf(value);
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
	let notSent = false;
	for (const layer of layers) {
		notSent ||= layer[NOT_SENT] === true;
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
	return {
		status,
		headers,
		body,
		code,
		message: String(outer.message ?? 'request failed'),
		text,
		certificateNames,
		...(notSent ? { notSent: true as const } : {}),
	};
}
