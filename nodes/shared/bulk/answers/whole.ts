/**
 * An answer without a body (`204`, or a `200`/`201` the description gives no content): the
 * success status says the request was taken as a whole, so each of its rows is stored. A platform
 * answering so refuses a row by refusing the request with an error status (transport/problem.ts).
 */
import type { RouteInfo } from '../../platform';
import type { AnswerReader } from './reader';

export const whole: AnswerReader = {
	lists: [],
	statusRequired: true,
	status: 'status',
	entries: (_, rows) =>
		Array.from({ length: rows }, (_unused, position) => ({
			result: { status: 'stored' },
			position,
			of: rows,
			refused: false,
		})),
};

/** Whether an answer is this style's: a success without a body, on a route whose description answers so. */
export const bodiless = (info: RouteInfo, status: number, body: unknown): boolean =>
	info.wire?.results?.by === 'whole' &&
	status >= 200 &&
	status < 300 &&
	(body === undefined || body === null || body === '');
