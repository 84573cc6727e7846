/**
 * An operation's parameters as the package reads them (path, query, header; a $ref to
 * components/parameters followed), for the routes of other methods (operations.ts) and the POST
 * routes whose path names parameters (postParameters.ts) alike.
 */
import type { Param } from '../types';
import type { CompiledRoute } from './compile';
import { followObject } from './media';
import { isObject, own, type Resolver, type Schema } from './refs';

/** Headers the specification says a parameter does not set: the package sets them itself. */
const OWN_HEADERS = new Set(['accept', 'content-type', 'authorization']);

export interface ReadParam {
	name: string;
	in: Param['in'];
	required: boolean;
	schema: unknown;
	joined: boolean;
	/** A query object written under its name, a key in brackets (style: deepObject). */
	deep: boolean;
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
			const schema = own(value, 'schema') ?? { type: 'string' };
			const described =
				typeof value.description === 'string' && isObject(schema) && !('$ref' in schema)
					? { description: value.description, ...schema }
					: schema;
			read.set(`${place} ${value.name}`, {
				name: value.name,
				in: place,
				required: place === 'path' || value.required === true,
				schema: described,
				joined: place === 'query' && value.explode === false,
				deep: place === 'query' && value.style === 'deepObject',
			});
		}
	}
	return [...read.values()];
}

/** Where each parameter goes on the wire, by name; `inBody` names those the body carries too. */
export function paramTable(
	params: ReadParam[],
	inBody: Set<string>,
): Record<string, Param & { deep?: true }> {
	return Object.fromEntries(
		params.map((param): [string, Param & { deep?: true }] => [
			param.name,
			{
				in: param.in,
				...(param.joined ? { joined: true as const } : {}),
				...(param.deep ? { deep: true as const } : {}),
				...(inBody.has(param.name) ? { alsoBody: true as const } : {}),
			},
		]),
	);
}
