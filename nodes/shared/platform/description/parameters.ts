/**
 * An operation's parameters as the package reads them (path, query, header; a $ref to
 * components/parameters followed), for the routes of other methods (operations.ts) and the POST
 * routes whose path names parameters (postParameters.ts) alike.
 */
import type { Param } from '../types';
import type { CompiledRoute } from './compile';
import { followObject, schemaIn } from './media';
import { isObject, own, type Resolver, type Schema } from './refs';

/** The styles the package writes a parameter in (OpenAPI's Style Values: a path's and a header's default is simple, a query's form). */
const WRITTEN_STYLES: Record<'path' | 'query' | 'header', string[]> = {
	path: ['simple', 'label', 'matrix'],
	query: ['form', 'deepObject', 'spaceDelimited', 'pipeDelimited'],
	header: ['simple'],
};
const DEFAULT_STYLE = { path: 'simple', query: 'form', header: 'simple' };

/** Headers the specification says a parameter does not set: the package sets them itself. */
const OWN_HEADERS = new Set(['accept', 'content-type', 'authorization']);

export interface ReadParam {
	name: string;
	in: Param['in'];
	required: boolean;
	schema: unknown;
	joined: boolean;
	/** Its style where not the default (WRITTEN_STYLES), and a path's or header's explode. */
	style?: NonNullable<Param['style']>;
	exploded: boolean;
	/** Described by a JSON media type (`content`): sent as its value's JSON text. */
	json: boolean;
}

export type Compile = (route: string, operation: Schema, at: string) => CompiledRoute;

/** A path's and its operation's parameters, the operation's taking the place of the path's of the same name and place. */
export function parametersOf(
	resolver: Resolver,
	item: Schema,
	operation: Schema,
	at: string,
	say: (words: string) => void,
): ReadParam[] | undefined {
	const read = new Map<string, ReadParam>();
	const lists: Array<[unknown, string]> = [
		[own(item, 'parameters'), at.replace(/\/[^/]+$/, '/parameters')],
		[own(operation, 'parameters'), `${at}/parameters`],
	];
	for (const [list, where] of lists) {
		if (!Array.isArray(list)) continue;
		for (const [index, raw] of list.entries()) {
			const { value } = followObject(resolver, raw, `${where}/${index}`);
			if (!value || typeof value.name !== 'string') continue;
			const place = value.in;
			if (place === 'cookie') {
				if (value.required === true) {
					say(`takes the cookie ${value.name}, which the package does not send`);
					return undefined;
				}
				continue;
			}
			if (place !== 'path' && place !== 'query' && place !== 'header') continue;
			if (place === 'header' && OWN_HEADERS.has(value.name.toLowerCase())) continue;
			const style = value.style;
			if (typeof style === 'string' && !WRITTEN_STYLES[place].includes(style)) {
				// Sent as another style's text, the platform would read another value: never guessed.
				say(
					`writes its ${place} parameter ${value.name} in style ${style}, which the package does not send; it is not offered`,
				);
				return undefined;
			}
			// A parameter described by a media type (`content`) rather than a schema: its value's JSON text.
			const media =
				own(value, 'schema') === undefined && isObject(own(value, 'content'))
					? schemaIn(own(value, 'content'), `${where}/${index}`)
					: undefined;
			if (media?.notJson) {
				say(
					`takes its ${place} parameter ${value.name} as ${media.notJson.join(', ')}, not JSON, which the package does not send; it is not offered`,
				);
				return undefined;
			}
			const schema = media?.schema ?? own(value, 'schema') ?? { type: 'string' };
			const described =
				typeof value.description === 'string' && isObject(schema) && !('$ref' in schema)
					? { description: value.description, ...schema }
					: schema;
			read.set(`${place} ${value.name}`, {
				name: value.name,
				in: place,
				required: place === 'path' || value.required === true,
				schema: described,
				// A query's explode is true by default for form alone (the specification's default).
				joined:
					place === 'query' &&
					(value.explode === false ||
						(value.explode === undefined &&
							(style === 'spaceDelimited' || style === 'pipeDelimited'))),
				...(typeof style === 'string' && style !== DEFAULT_STYLE[place]
					? { style: style as NonNullable<Param['style']> }
					: {}),
				exploded: place !== 'query' && value.explode === true,
				json: media?.schema !== undefined,
			});
		}
	}
	return [...read.values()];
}

/** Where each parameter goes on the wire, by name; `inBody` names those the body carries too. */
export function paramTable(params: ReadParam[], inBody: Set<string>): Record<string, Param> {
	return Object.fromEntries(
		params.map((param): [string, Param] => [
			param.name,
			{
				in: param.in,
				...(param.joined ? { joined: true as const } : {}),
				...(param.style ? { style: param.style } : {}),
				...(param.exploded ? { exploded: true as const } : {}),
				...(param.json ? { json: true as const } : {}),
				...(inBody.has(param.name) ? { alsoBody: true as const } : {}),
			},
		]),
	);
}
