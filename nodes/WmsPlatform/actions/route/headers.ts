/**
 * Options → Include Response Headers: the headers a route's answer declares in the platform's
 * description, as the answer carried them, put beside the answer's fields. Never one that carries
 * a credential (Authorization, a cookie, anything named as a token, key or secret): an output item
 * is seen and stored by n8n.
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ExecuteSession } from '../../../shared/session';
import type { OnAnswer } from '../../../shared/transport/answered';

export const includeHeadersOption: INodeProperties = {
	displayName: 'Include Response Headers',
	name: 'includeHeaders',
	type: 'boolean',
	default: false,
	description:
		"Whether to put the headers the route's answer declares in the platform's description into each output item, under headers (never Authorization, cookies, or a header named as a token, key or secret). A request the platform refused has its answer's under error.headers; on a route that writes records in batches, each record's item has those of the answer that confirmed or refused it.",
};

/** The output item's key the headers go under. */
export const HEADERS = 'headers';

const NEVER = new Set([
	'authorization',
	'proxy-authorization',
	'www-authenticate',
	'proxy-authenticate',
	'cookie',
	'set-cookie',
	'set-cookie2',
]);
const SECRET = /token|secret|auth|key|session|cookie|passw|credential|signature|csrf|xsrf/i;

/** Whether the node puts the answer's headers into its output items. */
export const includesHeaders = (session: ExecuteSession): boolean =>
	session.ctx.getNodeParameter('options.includeHeaders', 0, false) as boolean;

/** The declared headers an answer carried, those that may carry a credential left out, by lower-case name. */
export function declaredHeaders(
	session: ExecuteSession,
	route: string,
	headers: Record<string, unknown> = {},
): IDataObject {
	const out: IDataObject = {};
	for (const name of session.platform.route(route).headers ?? []) {
		if (NEVER.has(name) || SECRET.test(name)) continue;
		const value = headers[name];
		if (typeof value === 'string' || typeof value === 'number') out[name] = String(value);
		else if (Array.isArray(value)) out[name] = value.map(String);
	}
	return session.secrets.scrub(out);
}

/** An answer with its headers beside its fields: each entry's, where the answer is a list. */
export function withHeaders(body: IDataObject | IDataObject[], headers: IDataObject) {
	return Array.isArray(body)
		? body.map((entry) => ({ ...entry, [HEADERS]: headers }))
		: { ...body, [HEADERS]: headers };
}

/** A failure's item with its answer's headers under its error: n8n's error output takes an item of error and message only. */
export function withErrorHeaders(item: INodeExecutionData, headers: IDataObject): void {
	if (typeof item.json.error === 'object' && item.json.error !== null)
		item.json.error = { ...(item.json.error as IDataObject), [HEADERS]: headers };
}

/**
 * On a route read or called once per item: an item whose request the platform refused, or that
 * failed after an answer, keeps that answer's headers under its error.
 */
export class ItemAnswers {
	private last: Record<string, unknown> | undefined;
	private readonly failures = new Map<number, Record<string, unknown>>();

	constructor(
		private readonly session: ExecuteSession,
		private readonly route: string,
	) {}

	/** For the transport (RequestOptions.onAnswer): the item's requests are made one after another. */
	readonly onAnswer: OnAnswer = (_sent, headers) => {
		this.last = headers;
	};

	/** Before an item's requests. */
	start(): void {
		this.last = undefined;
	}

	/** The item's requests failed: its error item gets the headers of the last answer they got. */
	failed(itemIndex: number): void {
		if (this.last) this.failures.set(itemIndex, this.last);
	}

	/** The node's items, each failure's with its answer's headers. */
	put(items: INodeExecutionData[]): void {
		for (const item of items) {
			const at = (item.pairedItem as { item?: number } | undefined)?.item;
			const headers = at === undefined ? undefined : this.failures.get(at);
			if (headers) withErrorHeaders(item, declaredHeaders(this.session, this.route, headers));
		}
	}
}
