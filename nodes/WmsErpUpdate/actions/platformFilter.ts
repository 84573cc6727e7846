/**
 * Get Many's filters for ERP updates in the platform's own terms. Versions 1 and 2 offer the
 * built-in states (pending, complete, error): on a platform whose description gives its own words
 * (NEW, DONE, ERROR) each is sent as the word the description gives that state, as the trigger
 * reads pending; where the description cannot tell which word it is, the item stops before
 * anything is read. At every version, a list filter whose entries the platform's description types
 * as numbers (its update IDs) goes as numbers, and an entry that is not one is refused before
 * anything is read (from version 3 the mapper's check does both; the form of versions 1 and 2
 * holds text).
 */
import type { IDataObject } from 'n8n-workflow';

import { checkOrRefuse } from '../../shared/checking';
import { effectiveFilters } from '../../shared/drift';
import {
	platformStateWord,
	unclearStateError,
	type UpdateState,
} from '../../shared/erpUpdateStates';
import { filterFields, type RoutePath } from '../../shared/platform';
import type { ExecuteSession } from '../../shared/session';
import { fromVersion } from '../../shared/version';

const BUILT_IN_STATES: readonly string[] = ['pending', 'complete', 'error'];

function statusInPlatformWords(
	session: ExecuteSession,
	route: string,
	status: string,
	itemIndex: number,
): string {
	if (!BUILT_IN_STATES.includes(status)) return status;
	const found = platformStateWord(session, route, status as UpdateState);
	if ('word' in found) return found.word;
	throw unclearStateError(
		session,
		status as UpdateState,
		found.why,
		`Filters → Status is "${status}", a word of the built-in description. Add the WMS ERP Update node anew (version 3): its Filters offer the platform's own states. Nothing was read.`,
		itemIndex,
	);
}

export function erpUpdateFilter(route: RoutePath) {
	return (session: ExecuteSession, filter: IDataObject, itemIndex: number): IDataObject => {
		if (session.platform.builtIn) return filter;
		const out = { ...filter };
		if (!fromVersion(session.ctx, 3) && typeof out.status === 'string')
			out.status = statusInPlatformWords(session, route, out.status, itemIndex);
		if (fromVersion(session.ctx, 3)) return out;
		return { ...out, ...numberLists(session, route, out, itemIndex) };
	};
}

/** The filter's lists of numbers (by the platform's description) as numbers; an entry that is not one refused, naming the form's filter. */
function numberLists(
	session: ExecuteSession,
	route: RoutePath,
	filter: IDataObject,
	itemIndex: number,
): IDataObject {
	const fields = effectiveFilters(session, route).filter(
		(field) => field.entryType !== undefined && filter[field.name] !== undefined,
	);
	if (fields.length === 0) return {};
	const given = Object.fromEntries(fields.map((field) => [field.name, filter[field.name]]));
	const form = filterFields(route);
	const label = (name: string) =>
		form.find((field) => field.name === name)?.label ??
		fields.find((field) => field.name === name)?.label ??
		name;
	return checkOrRefuse(session.ctx, itemIndex, { fields }, given, {
		fieldName: (name) => `Filters → ${name}`,
		label: (name) => `Filters → ${label(name)}`,
	});
}
