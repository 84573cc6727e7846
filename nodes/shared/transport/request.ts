/**
 * The one door to the platform: every request of every node goes through platformRequest.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../constants';
import { routeInfo, type RoutePath } from '../platform';
import type { Session, WaitBudget } from '../session';
import {
	describeFailure,
	envelopeOf,
	PlatformError,
	unreadableAnswer,
	type FailedCall,
} from './errors';
import {
	backoffDelayMs,
	connectionNeverReachedPlatform,
	isConnectionErrorCode,
	parseRetryAfter,
	RETRYABLE_STATUSES,
	TimedOut,
	withinTimeout,
	type RetryPolicy,
} from './retry';

export interface RequestOptions {
	itemIndex?: number;
	/** Narrows the run's retry policy for this request (an item's own Options, a poll's time left). */
	retry?: Partial<RetryPolicy>;
	/**
	 * What a success answer of this call must hold beyond being a JSON object (a results list, a
	 * page of items): the words for what is missing, or undefined. A problem makes the call a
	 * failure that names route and status, never an empty success.
	 */
	expect?: (answer: IDataObject) => string | undefined;
	/** Told when the platform answers busy (429, 503), before the wait for the next try. */
	onBusy?: () => void;
}

/** A success answer: its HTTP status and its JSON object. */
export interface Answer {
	status: number;
	body: IDataObject;
}

/** Whether the platform may have stored a try that failed so: only a refusal (4xx, 503) or a connection never made say it did not. */
function mayHaveStored(failure: FailedCall): boolean {
	if (failure.status !== undefined)
		return !(failure.status >= 400 && failure.status < 500) && failure.status !== 503;
	return !connectionNeverReachedPlatform(failure.code);
}

function retryReason(failure: FailedCall, idempotent: boolean): string | undefined {
	if (failure.status !== undefined) {
		return RETRYABLE_STATUSES.has(failure.status) ? `HTTP ${failure.status}` : undefined;
	}
	if (!isConnectionErrorCode(failure.code, failure.message)) return undefined;
	// A reset may come after the platform stored the body: only repeat calls that are safe to repeat.
	if (idempotent || connectionNeverReachedPlatform(failure.code))
		return failure.code ?? 'connection error';
	return undefined;
}

/** What a wait of `waitMs` starting now adds to the run's budget: only the part past the waits already going on. */
function newWaitMs(budget: WaitBudget, waitMs: number, now: number): number {
	return budget.waiting === 0 ? waitMs : Math.max(0, now + waitMs - budget.until);
}

interface FullResponse {
	body: unknown;
	headers?: Record<string, unknown>;
	statusCode?: number;
}

/**
 * Sends one request: adds the base URL, JSON, bearer auth (through the credential, which n8n
 * refreshes once on a 401), and retries what is worth retrying with exponential backoff and
 * jitter, honouring Retry-After, within the attempts and the run's wait budget. Each try ends
 * after Timeout however the platform trickles its answer. A success answer that is not the JSON
 * object the route answers (a web page, an empty or cut-off body, an error envelope) is a failure
 * too. Gives up with a PlatformError.
 */
export async function platformRequest(
	session: Session,
	route: RoutePath,
	body: IDataObject,
	options: RequestOptions = {},
): Promise<Answer> {
	const { ctx, baseUrl, signal, waited, pace } = session;
	const policy: RetryPolicy = { ...session.retry, ...options.retry };
	const { idempotent } = routeInfo(route);
	const request: IHttpRequestOptions = {
		method: 'POST',
		url: `${baseUrl}${route}`,
		body,
		json: true,
		headers: { Accept: 'application/json' },
		timeout: policy.requestTimeoutMs,
		returnFullResponse: true,
	};
	let mayBeStored = false;
	const fail = (failure: FailedCall, attempts: number): never => {
		throw new PlatformError(
			ctx.getNode(),
			{ ...failure, route, attempts, mayBeStored: mayBeStored || mayHaveStored(failure) },
			{ itemIndex: options.itemIndex },
		);
	};

	for (let attempt = 1; ; attempt++) {
		let response: FullResponse;
		const startedAt = await pace.admit(signal, attempt > 1);
		if (signal?.aborted)
			throw new NodeOperationError(ctx.getNode(), `Execution cancelled before ${route}`, {
				itemIndex: options.itemIndex,
			});
		try {
			const call = ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				CREDENTIAL_TYPE,
				request,
			) as Promise<FullResponse>;
			response = await withinTimeout(call, policy.requestTimeoutMs);
		} catch (error) {
			if (signal?.aborted) {
				throw new NodeOperationError(ctx.getNode(), `Execution cancelled during ${route}`, {
					itemIndex: options.itemIndex,
				});
			}
			const failure: FailedCall =
				error instanceof TimedOut
					? { headers: {}, code: 'ECONNABORTED', message: error.message, baseUrl, route }
					: { ...describeFailure(error), baseUrl, route, site: session.site };
			const reason = retryReason(failure, idempotent);
			const retryAfterMs = parseRetryAfter(failure.headers['retry-after'], Date.now());
			const waitMs = retryAfterMs ?? backoffDelayMs(attempt - 1, policy);
			const addedMs = newWaitMs(waited, waitMs, Date.now());
			const overBudget = waited.ms + addedMs > policy.maxWaitMs;
			if (reason !== undefined && attempt < policy.maxAttempts && overBudget) {
				failure.note = `waiting ${Math.ceil(waitMs / 1000)} s more would pass Max Total Wait (${Math.round(policy.maxWaitMs / 1000)} s for the node's whole run, ${Math.round(waited.ms / 1000)} s already spent)`;
			}
			if (
				reason === undefined ||
				attempt >= policy.maxAttempts ||
				overBudget ||
				signal?.aborted === true
			)
				fail(failure, attempt);
			mayBeStored ||= mayHaveStored(failure);
			if (failure.status === 429) pace.refused(startedAt, waitMs);
			else if (failure.status === 503) pace.busy(waitMs);
			if (failure.status === 429 || failure.status === 503) options.onBusy?.();
			ctx.logger.debug(`WMS ${route}: ${reason}, retry ${attempt} in ${waitMs} ms`);
			waited.ms += addedMs;
			waited.until = Math.max(waited.until, Date.now() + waitMs);
			waited.waiting++;
			// Ends early when the execution is cancelled (n8n's Stop button, a timeout).
			await sleep(waitMs, signal)
				.catch(() => undefined)
				.finally(() => {
					waited.waiting--;
					pace.resume();
				});
			if (signal?.aborted) {
				throw new NodeOperationError(
					ctx.getNode(),
					`Execution cancelled while waiting to retry ${route}`,
				);
			}
			continue;
		}
		const headers = response.headers ?? {};
		const status = response.statusCode ?? 200;
		const problem =
			unreadableAnswer(response.body, headers) ?? options.expect?.(response.body as IDataObject);
		if (problem)
			fail(
				{
					status,
					headers,
					body: envelopeOf(response.body),
					message: problem,
					answer: problem,
					baseUrl,
					route,
					site: session.site,
				},
				attempt,
			);
		return { status, body: response.body as IDataObject };
	}
}
