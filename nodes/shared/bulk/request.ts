/**
 * One request of a bulk write and what it came to, row by row. The records go where the route's
 * description puts them (`items`, `data`, or the body itself). A platform that rejects a whole
 * request when any row is bad (400/422/409, or 404 for an unknown id) names the rows in its error
 * details by their place in the request (/items/<n>/..., data[n].field, in our envelope or a
 * problem document); those rows are refused
 * and the rest are to be sent again without them, so one bad row never sinks its neighbours. A
 * 413 says the request is too large for this platform; a failure the transport gave up on leaves
 * its rows not confirmed.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fieldPath, platformField } from '../counting';
import type { Session } from '../session';
import { PlatformError } from '../transport/errors';
import { platformRequest, type RequestOptions } from '../transport/request';
import { confirmRows } from './confirm';
import { refused, resultsOf, resultsProblem, type RowOutcome } from './outcomes';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A detail's path that names a row of the request: /items/3/sku, items[3].sku, data.3.sku, /3/sku (a body that is the list). */
function rowPath(container: string): RegExp {
	const head = container === '' ? '' : `${escaped(container)}(?:/|\\.|(?=\\[))`;
	// A JSON pointer may come as a fragment (#/data/1) and a path as JSONPath ($.data[1]).
	return new RegExp(`^(?:#|\\$\\.?)?/?${head}\\[?(\\d+)\\]?(?:[/.]|$)`);
}

/**
 * Rows of a request named by the platform's error details: the messages that name them, and the
 * first field named (as the nodes hold it, "lines[0].quantity").
 */
export function rowsNamed(
	error: PlatformError,
	rowCount: number,
	container: string,
): Map<number, { messages: string[]; field?: string }> {
	const named = new Map<number, { messages: string[]; field?: string }>();
	const path = rowPath(container);
	for (const detail of error.body?.details ?? []) {
		const match = path.exec(detail.path ?? '');
		if (!match || Number(match[1]) >= rowCount) continue;
		const field = platformField((detail.path ?? '').replace(path, ''));
		const text = `${field ? `field "${fieldPath(field)}" ` : ''}${detail.message ?? 'rejected'}`;
		const row = named.get(Number(match[1])) ?? { messages: [] };
		row.messages.push(text);
		row.field ??= field || undefined;
		named.set(Number(match[1]), row);
	}
	return named;
}

/** The rows a refusal names (`rowsNamed`), each refused in the platform's words for it. */
export function namedRefusals(
	error: PlatformError,
	named: ReturnType<typeof rowsNamed>,
	keys: Array<string | undefined>,
): Map<number, RowOutcome> {
	const outcomes = new Map<number, RowOutcome>();
	for (const [index, { messages, field }] of named)
		outcomes.set(index, refused(error, messages.join('; '), keys[index], undefined, field));
	return outcomes;
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
		const status = error.status ?? 0;
		const named = rowsNamed(error, records.length, container);
		const outcomes = new Map<number, RowOutcome>();
		if (status === 413 && records.length > 1) return { tooLarge: true };
		if (status === 413) {
			const why =
				"the platform refuses this record as too large (HTTP 413) even on its own: shorten it (fewer lines, shorter texts) or ask the platform's operator about its size limit";
			outcomes.set(0, refused(error, why, keys[0]));
			return { outcomes, again: [] };
		}
		if ((status === 400 || status === 422 || status === 409 || status === 404) && named.size > 0)
			return {
				outcomes: namedRefusals(error, named, keys),
				again: records.map((_, k) => k).filter((k) => !named.has(k)),
			};
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
