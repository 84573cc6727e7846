/**
 * One request of a bulk write and what it came to, row by row. The platform rejects a whole
 * request when any row is bad (422/409, or 404 for an unknown id) and names the rows in
 * error.details[].path as /items/<n>/...; those rows are refused and the rest are to be sent again
 * without them, so one bad row never sinks its neighbours. A 413 says the request is too large for
 * this platform; a failure the transport gave up on leaves its rows not confirmed.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fieldPath, platformField } from '../counting';
import type { RoutePath } from '../platform';
import type { Session } from '../session';
import { PlatformError } from '../transport/errors';
import { platformRequest, type RequestOptions } from '../transport/request';
import { confirmRows, refused, RESULTS_LIST, type RowOutcome } from './outcomes';

const ROW_PATH = /^\/items\/(\d+)(?:\/|$)/;

/**
 * Rows of a request named by the platform's error details: the messages that name them, and the
 * first field named (as the nodes hold it, "lines[0].quantity").
 */
function rowsNamed(
	error: PlatformError,
	rowCount: number,
): Map<number, { messages: string[]; field?: string }> {
	const named = new Map<number, { messages: string[]; field?: string }>();
	for (const detail of error.body?.details ?? []) {
		const match = ROW_PATH.exec(detail.path ?? '');
		if (!match || Number(match[1]) >= rowCount) continue;
		const field = platformField((detail.path ?? '').replace(ROW_PATH, ''));
		const text = `${field ? `field "${fieldPath(field)}" ` : ''}${detail.message ?? 'rejected'}`;
		const row = named.get(Number(match[1])) ?? { messages: [] };
		row.messages.push(text);
		row.field ??= field || undefined;
		named.set(Number(match[1]), row);
	}
	return named;
}

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
	route: RoutePath,
	records: IDataObject[],
	keys: Array<string | undefined>,
	options: RequestOptions & { envelope?: IDataObject },
): Promise<Sent> {
	try {
		const body = { ...options.envelope, items: records };
		const answer = await platformRequest(session, route, body, {
			...options,
			itemIndex: undefined,
			expect: RESULTS_LIST,
		});
		const confirmed = confirmRows(
			session.ctx.getNode(),
			route,
			records,
			answer,
			options.idempotent,
		);
		return { outcomes: new Map(confirmed.map((outcome, k) => [k, outcome])), again: [] };
	} catch (error) {
		if (!(error instanceof PlatformError))
			throw error instanceof NodeOperationError
				? error
				: new NodeOperationError(session.ctx.getNode(), error as Error);
		const status = error.status ?? 0;
		const named = rowsNamed(error, records.length);
		const outcomes = new Map<number, RowOutcome>();
		if (status === 413 && records.length > 1) return { tooLarge: true };
		if (status === 413) {
			const why =
				"the platform refuses this record as too large (HTTP 413) even on its own: shorten it (fewer lines, shorter texts) or ask the platform's operator about its size limit";
			outcomes.set(0, refused(error, why, keys[0]));
			return { outcomes, again: [] };
		}
		if ((status === 422 || status === 409 || status === 404) && named.size > 0) {
			for (const [index, { messages, field }] of named)
				outcomes.set(index, refused(error, messages.join('; '), keys[index], undefined, field));
			return { outcomes, again: records.map((_, k) => k).filter((k) => !named.has(k)) };
		}
		if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
			// The request as a whole was refused: these rows fail, later requests may still pass.
			const withOthers = records.length > 1 ? true : undefined;
			records.forEach((_, k) =>
				outcomes.set(k, refused(error, error.platformMessage, keys[k], withOthers)),
			);
			return { outcomes, again: [] };
		}
		return { gaveUp: error };
	}
}
