/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * An OAuth 2.0 gateway in front of the platform's token route, as real sites put one there: it
 * takes the token request only in its own format (a JSON body, a form body, or the client ID and
 * secret as HTTP Basic authentication), may require a scope and an audience, and answers refusals
 * in OAuth's words (RFC 6749, section 5.2), not the platform's error envelope.
 */
import type { IncomingHttpHeaders } from 'node:http';

import type { TokenAuthority } from './auth';
import { ApiError } from './errors';

export type TokenRequestFormat = 'json' | 'form' | 'basic';

export interface TokenGateway {
	/** The only format the gateway takes. */
	accepts: TokenRequestFormat;
	/** A scope the request must name. */
	scope?: string;
	/** The audience the request must name. */
	audience?: string;
}

/** What a token request carried, for tests to check what was sent. */
export interface TokenRequestSeen {
	format: TokenRequestFormat;
	clientId?: string;
	scope?: string;
	audience?: string;
}

interface Answer {
	status: number;
	payload: unknown;
}

const refuse = (status: number, error: string, description: string): Answer => ({
	status,
	payload: { error, error_description: description },
});

const formDecoded = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));

/** The fields and client authentication of a token request, read whatever its format. */
function read(
	headers: IncomingHttpHeaders,
	raw: Buffer,
): { seen: TokenRequestSeen; fields: Record<string, string>; basic?: [string, string] } | Answer {
	const type = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	let fields: Record<string, string> = {};
	let format: TokenRequestFormat;
	if (type === 'application/json') {
		try {
			fields = JSON.parse(raw.toString('utf8')) as Record<string, string>;
		} catch {
			return refuse(400, 'invalid_request', 'the body is not valid JSON');
		}
		format = 'json';
	} else if (type === 'application/x-www-form-urlencoded') {
		fields = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
		format = 'form';
	} else return refuse(415, 'invalid_request', `unsupported content type ${type || 'none'}`);
	let basic: [string, string] | undefined;
	const auth = /^Basic\s+(\S+)$/i.exec(headers.authorization ?? '');
	if (auth) {
		const decoded = Buffer.from(auth[1], 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		basic = [formDecoded(decoded.slice(0, colon)), formDecoded(decoded.slice(colon + 1))];
		format = 'basic';
	}
	const seen: TokenRequestSeen = {
		format,
		clientId: basic?.[0] ?? fields.client_id,
		scope: fields.scope,
		audience: fields.audience,
	};
	return { seen, fields, basic };
}

/** The gateway's answer to a token request, and what the request carried. */
export function gatewayToken(
	gateway: TokenGateway,
	headers: IncomingHttpHeaders,
	raw: Buffer,
	auth: TokenAuthority,
	seen: TokenRequestSeen[],
): Answer {
	const request = read(headers, raw);
	if ('status' in request) return request;
	seen.push(request.seen);
	const { fields, basic } = request;
	const wants = gateway.accepts;
	if (wants !== 'json' && request.seen.format === 'json')
		return refuse(400, 'invalid_request', 'Missing form parameter: grant_type');
	if (wants === 'json' && request.seen.format !== 'json')
		return refuse(415, 'invalid_request', 'the token request must be a JSON body');
	if (wants === 'basic' && !basic)
		return refuse(
			401,
			'invalid_client',
			'client authentication with HTTP Basic (client_secret_basic) required',
		);
	if (fields.grant_type !== 'client_credentials')
		return refuse(400, 'unsupported_grant_type', `grant_type ${fields.grant_type ?? 'missing'}`);
	const scopes = (fields.scope ?? '').split(' ').filter(Boolean);
	if (gateway.scope && !scopes.includes(gateway.scope))
		return refuse(400, 'invalid_scope', `the client must ask for the scope ${gateway.scope}`);
	if (gateway.audience && fields.audience !== gateway.audience)
		return refuse(
			403,
			'access_denied',
			'No audience parameter was provided, and no default audience has been configured',
		);
	try {
		const [id, secret] = basic ?? [fields.client_id ?? '', fields.client_secret ?? ''];
		return { status: 200, payload: auth.issue(id, secret) };
	} catch (error) {
		if (error instanceof ApiError)
			return refuse(error.status, error.code, 'client authentication failed');
		throw error;
	}
}
