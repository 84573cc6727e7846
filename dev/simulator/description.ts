/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * The platform's own API description, served as a platform publishes it: GET {base}/openapi.json
 * and {base}/openapi.yaml (and other paths), bearer token by default, an ETag per representation
 * (a hash of its bytes), If-None-Match → 304, Cache-Control: no-cache.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stringify } from 'yaml';
import type { TokenAuthority } from './auth';
import { ApiError } from './errors';
import { errorPayload, sendJson } from './server';

export type DescriptionFormat = 'json' | 'yaml';

export interface Representation {
	body: Buffer;
	etag: string;
	type: string;
}

export interface DescriptionTexts {
	json?: Representation;
	yaml?: Representation;
}

/** One request for the description, as a test may want to see it (never the token itself). */
export interface DescriptionRequest {
	origin: 'main' | 'other';
	path: string;
	status: number;
	/** Whether the request carried an Authorization header. */
	authorization: boolean;
	ifNoneMatch?: string;
}

const TYPES: Record<DescriptionFormat, string> = {
	json: 'application/json; charset=utf-8',
	yaml: 'application/yaml',
};

export const documentJson = (doc: unknown): string => JSON.stringify(doc, null, 2) + '\n';
/** Real YAML (block scalars for long texts), as a vendor's tooling writes it. */
export const documentYaml = (doc: unknown): string => stringify(doc, { lineWidth: 100 });

function representation(text: string, format: DescriptionFormat): Representation {
	const body = Buffer.from(text, 'utf8');
	const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
	return { body, etag: `"${hash}"`, type: TYPES[format] };
}

/** Both representations of a document; `original` keeps a file's own bytes for its format. */
export function textsOf(
	doc: unknown,
	original?: { text: string; format: DescriptionFormat },
): DescriptionTexts {
	return {
		json: representation(original?.format === 'json' ? original.text : documentJson(doc), 'json'),
		yaml: representation(original?.format === 'yaml' ? original.text : documentYaml(doc), 'yaml'),
	};
}

/** Exactly these bytes (a broken or hostile document): JSON is YAML too, YAML text is not JSON. */
export function rawTexts(text: string, format: DescriptionFormat): DescriptionTexts {
	const rep = representation(text, format);
	return format === 'json' ? { json: rep, yaml: rep } : { yaml: rep };
}

export const formatOfPath = (path: string): DescriptionFormat =>
	/\.ya?ml$/i.test(path) ? 'yaml' : 'json';

/** If-None-Match against an ETag: weak comparison, a list, or `*` (RFC 9110). */
function matches(header: string | undefined, etag: string): boolean {
	if (!header) return false;
	if (header.trim() === '*') return true;
	const strip = (tag: string) => tag.trim().replace(/^W\//, '');
	return header.split(',').some((tag) => strip(tag) === strip(etag));
}

export interface DescriptionAnswer {
	texts: DescriptionTexts;
	auth: TokenAuthority;
	requireToken: boolean;
	/** Answer with a 307 to this URL instead (a description that moved to another origin). */
	redirectTo?: string;
}

/** Answers one description request; the status it answered. */
export function answerDescription(
	req: IncomingMessage,
	res: ServerResponse,
	format: DescriptionFormat,
	a: DescriptionAnswer,
): number {
	const headers = { 'Cache-Control': 'no-cache' };
	try {
		if (req.method !== 'GET' && req.method !== 'HEAD')
			throw new ApiError(
				405,
				'method_not_allowed',
				`method ${req.method} not allowed here; use GET`,
				undefined,
				{
					Allow: 'GET, HEAD',
				},
			);
		if (a.redirectTo) {
			res.writeHead(307, { Location: a.redirectTo, 'Content-Length': 0, ...headers });
			res.end();
			return 307;
		}
		if (a.requireToken) a.auth.verify(req.headers.authorization);
		const rep = a.texts[format];
		if (!rep)
			throw new ApiError(
				404,
				'not_found',
				`the description is served as ${format === 'json' ? 'YAML' : 'JSON'} only`,
			);
		if (matches(req.headers['if-none-match'], rep.etag)) {
			res.writeHead(304, { ETag: rep.etag, ...headers });
			res.end();
			return 304;
		}
		res.writeHead(200, {
			'Content-Type': rep.type,
			'Content-Length': rep.body.length,
			ETag: rep.etag,
			...headers,
		});
		res.end(req.method === 'HEAD' ? undefined : rep.body);
		return 200;
	} catch (err) {
		const e =
			err instanceof ApiError ? err : new ApiError(500, 'unavailable', (err as Error).message);
		sendJson(res, e.status, errorPayload(e, 'description'), { ...headers, ...e.headers });
		return e.status;
	}
}
