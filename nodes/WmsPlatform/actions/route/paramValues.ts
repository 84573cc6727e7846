/**
 * A value that goes into a route's path, query or headers, held before it is sent. Spaces at its
 * start or end would be sent percent-encoded as part of the path or query ("/orders/%20%20o2"),
 * and dropped from a header, so the platform's "no such record" would hide them; an expression
 * saved with spaces before its braces is the usual cause. A line break or another control
 * character would be sent encoded in a path or query, and n8n's HTTP client silently takes it out
 * of a header: a value read from a file or a text box often ends with one. A path value that is
 * "." or ".." would send the request to another route (/orders/../ship is /ship).
 */
import type { IDataObject } from 'n8n-workflow';

import { itemError } from '../../../shared/checking';
import type { RouteInfo } from '../../../shared/platform';
import type { ExecuteSession } from '../../../shared/session';

type Param = NonNullable<RouteInfo['params']>[string];

const spaced = (value: string): boolean => value !== value.trim();

/** A character below a space, or DEL: no text a path, query or header should carry. */
const isControl = (code: number): boolean => code < 0x20 || code === 0x7f;

/** The first control character of a value, in words. */
function controlWords(value: string): string | undefined {
	const found = [...value].find((char) => isControl(char.charCodeAt(0)));
	if (found === undefined) return undefined;
	if (found === '\n' || found === '\r') return 'a line break';
	if (found === '\t') return 'a tab';
	return `a control character (U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
}

/** What becomes of a value where the parameter goes, in the words that end a refusal. */
function where(name: string, param: Param): string {
	if (param.in === 'path') return 'which would be sent as part of the path';
	if (param.in === 'query') return `which would be sent as part of the query parameter ${name}`;
	return `which the header ${name} cannot carry as given`;
}

/** What is wrong with one value of a parameter, or undefined. */
function problemOf(value: unknown, name: string, param: Param): string | undefined {
	if (typeof value !== 'string') return undefined;
	// An address's reader takes a path segment of dots (even percent-encoded) as a step, not a value.
	if (param.in === 'path' && (value === '.' || value === '..'))
		return `is ${JSON.stringify(value)}, which in a path means ${value === '.' ? 'this level' : 'the level above'}, so the request would go to another route: give the record's own value`;
	const control = controlWords(value);
	if (control !== undefined)
		return `is ${JSON.stringify(value)}, with ${control} in it, ${where(name, param)}: remove the ${control.replace(/^an? /, '').replace(/ \(.*$/, '')} (a value read from a file or a text box often has one)`;
	if (spaced(value))
		return `is ${JSON.stringify(value)}, with spaces before or after it, ${where(name, param)}: remove the spaces before or after it (an expression often gains them)`;
	return undefined;
}

/** What goes on the wire of a parameter's value: itself, a list's entries, an object's values (objectParam in target.ts). */
function valuesOf(given: unknown): unknown[] {
	if (Array.isArray(given)) return given;
	if (typeof given === 'object' && given !== null) return Object.values(given);
	return [given];
}

/**
 * Refuses the item (bad input, nothing sent for it) when a value for one of the route's path, query
 * or header parameters has spaces before or after it, or a line break or other control character.
 */
export function refuseBadParamValues(
	session: ExecuteSession,
	route: string,
	itemIndex: number,
	values: IDataObject,
	label: (field: string) => string,
): void {
	const params = session.platform.route(route).params ?? {};
	for (const [name, param] of Object.entries(params)) {
		for (const one of valuesOf(values[name])) {
			const problem = problemOf(one, name, param);
			if (problem !== undefined)
				throw itemError(session.ctx.getNode(), itemIndex, name, problem, label(name));
		}
	}
}
