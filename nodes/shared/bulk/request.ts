/**
 * One request of a bulk write and what it came to, row by row. The records go where the route's
 * description puts them (`items`, `data`, or the body itself). A success answer is read row by row
 * (confirm.ts); a refusal refuses the rows it names, or all of them, and the rest are sent again
 * (failedRows.ts). A 413 says the request is too large for this platform; a failure the transport
 * gave up on leaves its rows not confirmed.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Session } from '../session';
import { PlatformError } from '../transport/errors';
import { platformRequest, type RequestOptions } from '../transport/request';
import { confirmRows } from './confirm';
import { refusedRows } from './failedRows';
import { resultsOf, resultsProblem, type RowOutcome } from './outcomes';

// Where the rows a refusal names were read before failedRows.ts words every failed row.
export { namedRefusals, rowsNamed } from './failedRows';

/**
 * What one request came to: outcomes of some of its rows (by position in the request) and the
 * positions to send again, or too large, or given up.
 */
export type Sent =
	| { outcomes: Map<number, RowOutcome>; again: number[] }
	| { tooLarge: true }
	| { gaveUp: PlatformError };

/** Sends `records` in one request (with `envelope` beside them) and maps the answer, or the refusal, to outcomes. */
export async function sendRequest(
	session: Session,
	route: string,
	records: IDataObject[],
	keys: Array<string | undefined>,
	options: RequestOptions & { envelope?: IDataObject },
): Promise<Sent> {
	const info = session.platform.route(route);
	const container = info.wire?.records ?? 'items';
	const idempotent = options.idempotent ?? info.idempotent;
	try {
		const body = container === '' ? records : { ...options.envelope, [container]: records };
		const answer = await platformRequest(session, route, body as IDataObject, {
			...options,
			idempotent,
			itemIndex: undefined,
			expect: resultsProblem(resultsOf(info)),
		});
		const confirmed = confirmRows(session.ctx.getNode(), route, info, records, answer, idempotent);
		return { outcomes: new Map(confirmed.map((outcome, k) => [k, outcome])), again: [] };
	} catch (error) {
		if (!(error instanceof PlatformError))
			throw error instanceof NodeOperationError
				? error
				: new NodeOperationError(session.ctx.getNode(), error as Error);
		if (error.status === 413 && records.length > 1) return { tooLarge: true };
		return refusedRows(error, keys, container) ?? { gaveUp: error };
	}
}
