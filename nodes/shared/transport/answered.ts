/**
 * Who is told of each answer a request got: Include Response Headers on a route that writes records
 * in batches puts on each row the headers of the answer that settled it, success or refusal, and a
 * refusal's headers are dropped from what the transport keeps of a failure (failure.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { describeFailure } from './failure';
import type { Try } from './tryOnce';

/**
 * Told once per try: what was sent, and the headers of the platform's answer to it (names in lower
 * case), or undefined when no answer came (a dropped connection, a timeout).
 */
export type OnAnswer = (
	sent: IDataObject | IDataObject[],
	headers: Record<string, unknown> | undefined,
) => void;

/** The headers of a failed try's answer, as the platform sent them; undefined when it did not answer. */
export function failedAnswerHeaders(
	failed: Exclude<Try, { response: unknown }>,
): Record<string, unknown> | undefined {
	const failure = 'error' in failed ? describeFailure(failed.error) : failed.failure;
	return failure.status === undefined ? undefined : failure.headers;
}
