/**
 * Where one request goes and what it carries, from the route's method and parameters: a POST
 * route's fields are its body, as always (but for parameters its path names); a route of another
 * method ("GET /orders/{id}") puts its path parameters into the path (percent-encoded, so a value
 * with "/" or "?" stays one segment; label and matrix as their style writes them), its query
 * parameters into the query (a list as the name repeated, or joined where the description says
 * explode: false, by a space or "|" for spaceDelimited and pipeDelimited; an object as its style
 * says, objectParam), its header parameters into headers, and sends the rest as its body (a path
 * parameter the body names too goes in both), except GET and DELETE, which send none.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { RouteInfo } from '../platform';
import type { Param } from '../platform/types';

export interface Target {
	method: IHttpRequestMethods;
	/** The path with its parameters filled and the query after it. */
	path: string;
	body?: IDataObject;
	headers: Record<string, string>;
}

/** A route's path without the method its name starts with ("GET /orders/{id}" → "/orders/{id}"). */
export const pathOfRoute = (route: string): string => route.replace(/^[A-Z]+ (?=\/)/, '');

const text = (value: unknown): string =>
	typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** A query parameter of style deepObject (marked so by the compile, description/parameters.ts). */
const deep = (param: Param): boolean => param.style === 'deepObject';

/** What joins a query list sent as one value: a space or `|` where its style says so, else a comma. */
const QUERY_JOIN: Partial<Record<NonNullable<Param['style']>, string>> = {
	spaceDelimited: '%20',
	pipeDelimited: '%7C',
};

/**
 * A path's or a header's value as its style writes it (RFC 6570, as OpenAPI takes it): simple
 * `a,b`, label `.a,b` (exploded `.a.b`), matrix `;name=a,b` (exploded `;name=a;name=b`); an
 * object's keys and values in turn (`R,100,G,200`), or `key=value` pairs where exploded.
 */
function written(
	name: string,
	value: unknown,
	param: Param,
	encode: (one: string) => string,
): string {
	const exploded = param.exploded === true;
	const pairs = isObject(value)
		? Object.entries(value)
				.filter(([, one]) => one !== undefined && one !== null)
				.map(([key, one]) => [encode(key), encode(text(one))])
		: undefined;
	const values = (Array.isArray(value) ? value : [value]).map((one) => encode(text(one)));
	if (param.style === 'matrix') {
		const named = `;${encode(name)}=`;
		if (pairs)
			return exploded
				? pairs.map(([key, one]) => `;${key}=${one}`).join('')
				: `${named}${pairs.flat().join(',')}`;
		return exploded
			? values.map((one) => `${named}${one}`).join('')
			: `${named}${values.join(',')}`;
	}
	const items = pairs
		? exploded
			? pairs.map(([key, one]) => `${key}=${one}`)
			: pairs.flat()
		: values;
	if (param.style === 'label') return `.${items.join(exploded ? '.' : ',')}`;
	return items.join(',');
}

/**
 * An object's values as OpenAPI writes them: in a query (style form, exploded, the default) each
 * property as a parameter of its own (`a=1&b=2`), or under the parameter's name where the
 * description says deepObject (`where[a]=1`); else (a path, a header, a query with explode: false)
 * its keys and values in turn, comma-joined (`a,1,b,2`). An empty object is no parameter at all,
 * never "{}" in the URL.
 */
function objectParam(name: string, value: IDataObject, param: Param, to: Parts): void {
	const entries = Object.entries(value).filter(([, one]) => one !== undefined && one !== null);
	if (entries.length === 0) return;
	if (param.in === 'query' && !param.joined) {
		for (const [key, one] of entries)
			to.query.push(
				`${deep(param) ? `${encodeURIComponent(name)}[${encodeURIComponent(key)}]` : encodeURIComponent(key)}=${encodeURIComponent(text(one))}`,
			);
		return;
	}
	if (param.in === 'path') to.filled[name] = written(name, value, param, encodeURIComponent);
	else if (param.in === 'header') to.headers[name] = written(name, value, param, String);
	else {
		const flat = entries.flatMap(([key, one]) => [key, text(one)]);
		const join = (param.style && QUERY_JOIN[param.style]) ?? ',';
		to.query.push(`${encodeURIComponent(name)}=${flat.map(encodeURIComponent).join(join)}`);
	}
}

interface Parts {
	query: string[];
	headers: Record<string, string>;
	filled: Record<string, string>;
}

export function targetOf(info: RouteInfo, route: string, fields: IDataObject): Target {
	const path = pathOfRoute(route);
	// A body that is itself the list of records has no room for parameters (the compile gives it none).
	if (!info.params || Array.isArray(fields))
		return { method: 'POST', path, body: fields, headers: {} };
	const params = info.params ?? {};
	const body: IDataObject = {};
	const parts: Parts = { query: [], headers: {}, filled: {} };
	const { query, headers, filled } = parts;
	for (const [name, value] of Object.entries(fields)) {
		const param = params[name];
		if (!param) {
			body[name] = value;
			continue;
		}
		if (param.alsoBody) body[name] = value;
		if (value === undefined || value === null) continue;
		if (param.json) {
			// Its media type's text, one value, in whatever place (a query's `filter={"sku":"A"}`).
			const json = JSON.stringify(value);
			if (param.in === 'path') filled[name] = encodeURIComponent(json);
			else if (param.in === 'header') headers[name] = json;
			else query.push(`${encodeURIComponent(name)}=${encodeURIComponent(json)}`);
			continue;
		}
		if (isObject(value)) {
			objectParam(name, value, param, parts);
			continue;
		}
		if (param.in === 'path') {
			filled[name] = written(name, value, param, encodeURIComponent);
			continue;
		}
		if (param.in === 'header') {
			headers[name] = written(name, value, param, String);
			continue;
		}
		const values = Array.isArray(value) ? value.map(text) : [text(value)];
		const join = (param.style && QUERY_JOIN[param.style]) ?? ',';
		if (param.joined || !Array.isArray(value))
			query.push(`${encodeURIComponent(name)}=${values.map(encodeURIComponent).join(join)}`);
		else
			for (const one of values)
				query.push(`${encodeURIComponent(name)}=${encodeURIComponent(one)}`);
	}
	// A path parameter is a required field: one left empty is refused by the checks before this, one
	// no field fills stays "{name}" and is refused before sending (checking/pathValues.ts).
	const filledPath = path.replace(/\{([^}]+)\}/g, (whole, name: string) => filled[name] ?? whole);
	const sendsBody = !info.method || info.method === 'put' || info.method === 'patch';
	return {
		method: (info.method?.toUpperCase() ?? 'POST') as IHttpRequestMethods,
		path: query.length ? `${filledPath}?${query.join('&')}` : filledPath,
		...(sendsBody ? { body } : {}),
		headers,
	};
}
