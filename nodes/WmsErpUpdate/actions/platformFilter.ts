/**
 * Get Many's filters for ERP updates in the platform's own terms. Versions 1 and 2 offer the
 * built-in states (pending, complete, error): on a platform whose description gives its own words
 * (NEW, DONE, ERROR) each is sent as the word the description gives that state, as the trigger
 * reads pending; where the description cannot tell which word it is, the item stops before
 * anything is read. At every version, update IDs typed as text go as numbers to a platform whose
 * update IDs are integers (the form's list filter holds text).
 */
import type { IDataObject } from 'n8n-workflow';

import {
	platformStateWord,
	unclearStateError,
	updateIdsAreNumbers,
	type UpdateState,
} from '../../shared/erpUpdateStates';
import type { ExecuteSession } from '../../shared/session';
import { fromVersion } from '../../shared/version';

const BUILT_IN_STATES: readonly string[] = ['pending', 'complete', 'error'];
const INTEGER_TEXT = /^-?\d+$/;

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

export function erpUpdateFilter(route: string) {
	return (session: ExecuteSession, filter: IDataObject, itemIndex: number): IDataObject => {
		if (session.platform.builtIn) return filter;
		const out = { ...filter };
		if (!fromVersion(session.ctx, 3) && typeof out.status === 'string')
			out.status = statusInPlatformWords(session, route, out.status, itemIndex);
		if (Array.isArray(out.ids) && updateIdsAreNumbers(session, route))
			out.ids = out.ids.map((id) =>
				typeof id === 'string' && INTEGER_TEXT.test(id.trim()) ? Number(id.trim()) : id,
			);
		return out;
	};
}
