/** What each route of our contract is, as a shape rewrites it: a bulk write, a paged read, or plain. */
import { pointerGet } from '../contract';
import type { Json } from './types';

export type RouteKind =
	/** `items: [records]` answered one result per row (results + summary). */
	| 'bulk'
	/** `items: [records]` answered otherwise (a count, a state). */
	| 'container'
	/** filter, limit, cursor → items, next_cursor. */
	| 'read'
	| 'plain';

export interface OurRoute {
	path: string;
	op: Json;
	kind: RouteKind;
	/** Our request schema (a $ref) and the component it names. */
	request: Json;
	requestName: string;
	/** The 200 answer's schema (a $ref where it is one). */
	response: Json;
	responseName?: string;
	/** One record of a bulk or container request (items' items). */
	record?: Json;
	/** One record of a read's answer. */
	listed?: Json;
	/** The filter object of a read. */
	filter?: Json;
}

export const schemaName = (schema: Json): string | undefined =>
	typeof schema?.$ref === 'string'
		? schema.$ref.replace(/^#\/components\/schemas\//, '')
		: undefined;

export function resolve(doc: Json, schema: Json): Json {
	let s = schema;
	for (let hops = 0; s && typeof s.$ref === 'string' && hops < 16; hops++)
		s = pointerGet(doc, s.$ref);
	return s;
}

export function classify(doc: Json): Map<string, OurRoute> {
	const out = new Map<string, OurRoute>();
	for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
		const op = item.post;
		const request = op.requestBody.content['application/json'].schema;
		const response = op.responses?.['200']?.content?.['application/json']?.schema;
		const req = resolve(doc, request);
		const res = resolve(doc, response) ?? {};
		const items = req.properties?.items;
		const route: OurRoute = {
			path,
			op,
			kind: 'plain',
			request,
			requestName: schemaName(request)!,
			response,
			responseName: schemaName(response),
		};
		if (items?.type === 'array') {
			route.kind = res.properties?.results && res.properties?.summary ? 'bulk' : 'container';
			route.record = items.items;
		} else if (res.properties?.next_cursor && res.properties?.items) {
			route.kind = 'read';
			route.listed = res.properties.items.items;
			route.filter = req.properties?.filter;
		}
		out.set(path, route);
	}
	return out;
}
