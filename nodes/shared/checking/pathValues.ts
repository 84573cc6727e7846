/**
 * The rules for a value that goes into a route's path, query or headers, in one place for every
 * node that sends one (Call a Route's parameters, a comparison's id in a vendor's path). Spaces at
 * its start or end would be sent percent-encoded as part of the path or query ("/orders/%20%20o2"),
 * and dropped from a header, so the platform's "no such record" would hide them; an expression
 * saved with spaces before its braces is the usual cause. A line break or another control
 * character would be sent encoded in a path or query, and n8n's HTTP client silently takes it out
 * of a header: a value read from a file or a text box often ends with one. A path value that is
 * empty, "." or ".." would send the request to another route (/orders/../ship is /ship).
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Param } from '../platform/types';

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
function where(name: string, place: Param['in']): string {
	if (place === 'path') return 'which would be sent as part of the path';
	if (place === 'query') return `which would be sent as part of the query parameter ${name}`;
	return `which the header ${name} cannot carry as given`;
}

/**
 * What is wrong with one value of the parameter `name` (in the path, query or headers), in the
 * words that follow the field's name in a refusal, or undefined.
 */
export function paramValueProblem(
	value: unknown,
	name: string,
	place: Param['in'],
): string | undefined {
	if (typeof value !== 'string') return undefined;
	// An empty segment joins its neighbours ("/warehouses//counts"): another route, or none.
	if (place === 'path' && value === '')
		return "is empty, which would leave a gap in the path, so the request would go to another route: give the record's own value";
	// An address's reader takes a path segment of dots (even percent-encoded) as a step, not a value.
	if (place === 'path' && (value === '.' || value === '..'))
		return `is ${JSON.stringify(value)}, which in a path means ${value === '.' ? 'this level' : 'the level above'}, so the request would go to another route: give the record's own value`;
	const control = controlWords(value);
	if (control !== undefined)
		return `is ${JSON.stringify(value)}, with ${control} in it, ${where(name, place)}: remove the ${control.replace(/^an? /, '').replace(/ \(.*$/, '')} (a value read from a file or a text box often has one)`;
	if (spaced(value))
		return `is ${JSON.stringify(value)}, with spaces before or after it, ${where(name, place)}: remove the spaces before or after it (an expression often gains them)`;
	return undefined;
}

/** The names in a path still between braces ("/warehouses/{warehouse_id}/counts" → warehouse_id); a query after it is not looked at. */
export const unfilledNames = (path: string): string[] =>
	[...path.replace(/\?.*$/, '').matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

/**
 * Refuses, before anything is sent, a request to `path` whose parameters a node leaves unfilled
 * (`filled`: the names it gives a value): sent as it is, "{warehouse_id}" would reach a route the
 * platform has not, and its "no such record" would name no cause. The area nodes keep the
 * platform's convention and fill no path; Call a Route does, per item.
 */
export function refuseUnfilledPath(
	node: INode,
	route: string,
	path: string,
	filled: Iterable<string> = [],
	itemIndex?: number,
): void {
	const given = new Set(filled);
	const unfilled = unfilledNames(path).filter((name) => !given.has(name));
	if (unfilled.length === 0) return;
	const named = unfilled.join(' and ');
	const at = route === path ? path : `${path}, its route for ${route}`;
	throw new NodeOperationError(
		node,
		`The platform's API description puts ${named} in the path of ${at}, and this node has no field to fill ${unfilled.length === 1 ? 'it' : 'them'}: nothing was sent`,
		{
			itemIndex,
			description: `Call that route with WMS Platform → Call a Route, which fills a path parameter per item, or give the credential a description whose route for ${route} has no parameter in its path.`,
		},
	);
}
