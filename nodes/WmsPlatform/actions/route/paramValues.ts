/**
 * A value that goes into a route's path, query or headers, held before it is sent, by the rules
 * every node shares (checking/pathValues.ts): no spaces before or after it, no line break or other
 * control character, and in a path not ".", ".." or empty.
 */
import type { IDataObject } from 'n8n-workflow';

import { itemError } from '../../../shared/checking';
import { paramValueProblem } from '../../../shared/checking/pathValues';
import type { ExecuteSession } from '../../../shared/session';

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
			const problem = paramValueProblem(one, name, param.in);
			if (problem !== undefined)
				throw itemError(session.ctx.getNode(), itemIndex, name, problem, label(name));
		}
	}
}
