/**
 * Where one request goes and what it carries, from the route's method and parameters: a POST
 * route's fields are its body, as always (but for parameters its path names); a route of another method ("GET /orders/{id}") puts its
 * path parameters into the path (percent-encoded, so a value with "/" or "?" stays one segment),
 * its query parameters into the query (a list as the name repeated, or comma-joined where the
 * description says explode: false), its header parameters into headers, and sends the rest as its
 * body (a path parameter the body names too goes in both), except GET and DELETE, which send none.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { RouteInfo } from '../platform';

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

export function targetOf(info: RouteInfo, route: string, fields: IDataObject): Target {
	const path = pathOfRoute(route);
	// A body that is itself the list of records has no room for parameters (the compile gives it none).
	if (!info.params || Array.isArray(fields))
		return { method: 'POST', path, body: fields, headers: {} };
	const params = info.params ?? {};
	const body: IDataObject = {};
	const query: string[] = [];
	const headers: Record<string, string> = {};
	const filled: Record<string, string> = {};
	for (const [name, value] of Object.entries(fields)) {
		const param = params[name];
		if (!param) {
			body[name] = value;
			continue;
		}
		if (param.alsoBody) body[name] = value;
		if (value === undefined || value === null) continue;
		const values = Array.isArray(value) ? value.map(text) : [text(value)];
		if (param.in === 'path') filled[name] = values.map((one) => encodeURIComponent(one)).join(',');
		else if (param.in === 'header') headers[name] = values.join(',');
		else if (param.joined || !Array.isArray(value))
			query.push(`${encodeURIComponent(name)}=${values.map(encodeURIComponent).join(',')}`);
		else
			for (const one of values)
				query.push(`${encodeURIComponent(name)}=${encodeURIComponent(one)}`);
	}
	// A path parameter is a required field: one left empty is refused by the checks before this.
	const filledPath = path.replace(/\{([^}]+)\}/g, (whole, name: string) => filled[name] ?? whole);
	const sendsBody = !info.method || info.method === 'put' || info.method === 'patch';
	return {
		method: (info.method?.toUpperCase() ?? 'POST') as IHttpRequestMethods,
		path: query.length ? `${filledPath}?${query.join('&')}` : filledPath,
		...(sendsBody ? { body } : {}),
		headers,
	};
}
