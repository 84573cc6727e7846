/**
 * A value that goes into a route's path, held before it is sent: spaces at its start or end would
 * be sent percent-encoded as part of the path ("/orders/%20%20o2"), and the platform's "no such
 * record" would hide them. An expression saved with spaces before its braces is the usual cause.
 */
import type { IDataObject } from 'n8n-workflow';

import { itemError } from '../../../shared/checking';
import type { ExecuteSession } from '../../../shared/session';

const spaced = (value: unknown): value is string =>
	typeof value === 'string' && value !== value.trim();

/** Refuses the item (bad input, nothing sent for it) when a path parameter's value has spaces before or after it. */
export function refuseSpacedPathValues(
	session: ExecuteSession,
	route: string,
	itemIndex: number,
	values: IDataObject,
	label: (field: string) => string,
): void {
	const params = session.platform.route(route).params ?? {};
	for (const [name, param] of Object.entries(params)) {
		if (param.in !== 'path') continue;
		const given = values[name];
		const bad = (Array.isArray(given) ? given : [given]).find(spaced);
		if (bad === undefined) continue;
		throw itemError(
			session.ctx.getNode(),
			itemIndex,
			name,
			`is ${JSON.stringify(bad)}, with spaces before or after it, which would be sent as part of the path: remove the spaces before or after it (an expression often gains them)`,
			label(name),
		);
	}
}
