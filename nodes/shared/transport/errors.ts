/**
 * A failed request in words a user can act on (socket codes in words, the site's failures in the
 * words of the field to change), and PlatformError, what the transport throws when it gives up,
 * carrying what it knows.
 */
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { requestPlace } from '../counting';
import type { FailedCall, PlatformErrorBody } from './failure';
import { siteProblem } from './siteProblems';

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
	const atSite = siteProblem(failure, failure.site, failure.baseUrl ?? '');
	if (atSite) return atSite;
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

/** The failure's words, then the tries made and why no more were, as a sentence of their own. */
function withTries(words: string, { attempts, note }: { attempts: number; note?: string }): string {
	const tries =
		attempts > 1
			? `Gave up after ${attempts} tries${note ? `: ${note}` : ''}`
			: note && `Not tried again: ${note}`;
	return tries ? `${words.replace(/\.\s*$/, '')}. ${tries}` : words;
}

/** Statuses that say the platform could not take the request now, not that the request is wrong. */
const PASSING_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/** What the transport knows of a request it gave up on. */
export interface GaveUp extends FailedCall {
	route: string;
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
	/**
	 * The answer was lost and the request was not sent again only because sending it twice may not
	 * be harmless: the platform was reached, and only this request is in doubt.
	 */
	notRepeated?: true;
	/** The route's description says itself that sending twice is not harmless (x-idempotent: false). */
	saysUnsafe?: true;
	/** The node's Options → Re-Send After a Lost Answer decided whether it was sent again. */
	resendOption?: true;
	/** Bulk: the body field holding the request's records ('' for a body that is the list), as its error details name rows. */
	records?: string;
}

/**
 * A request the platform refused or the transport gave up on, with what is known: the route,
 * status, the platform's error envelope, tries made, whether the platform may have stored it.
 */
export class PlatformError extends NodeApiError {
	readonly route: string;
	readonly status: number | undefined;
	readonly body: PlatformErrorBody | undefined;
	readonly attempts: number;
	readonly mayBeStored: boolean;
	/** The field of a row the platform named in its error details ("lines[0].quantity"), if any. */
	field?: string;

	constructor(
		node: INode,
		private readonly gaveUp: GaveUp,
		options: { itemIndex?: number; message?: string } = {},
	) {
		const failure = gaveUp;
		const details = (failure.body?.details ?? [])
			.map((d) => `${requestPlace(d.path ?? '', d.row, failure.records)}: ${d.message ?? ''}`)
			.join('; ');
		super(node, { message: platformMessage(failure) } as JsonObject, {
			message: options.message ?? withTries(platformMessage(failure), failure),
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
		return this.gaveUp.idempotent ?? false;
	}

	/** Whether the description says itself that sending the request twice is not harmless. */
	get saysUnsafe(): boolean {
		return this.gaveUp.saysUnsafe === true;
	}

	/** Whether the node's Re-Send After a Lost Answer decided if it was sent again. */
	get resendOption(): boolean {
		return this.gaveUp.resendOption === true;
	}

	/** No try got as far as the platform: its token could not be had, or no connection was made. */
	get notSent(): boolean {
		return this.gaveUp.notSent === true;
	}

	/** A lost answer not sent again because the route may not be repeated (see GaveUp.notRepeated). */
	get notRepeated(): boolean {
		return this.gaveUp.notRepeated === true;
	}

	/** The same failure, worded for one row of the request (bulk writes), and what it says of that row. */
	forRow(message: string, mayBeStored = this.mayBeStored, field?: string): PlatformError {
		const row = new PlatformError(this.node, { ...this.gaveUp, mayBeStored }, { message });
		row.field = field;
		return row;
	}
}
