import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from './constants';
import { describeFailure, toNodeApiError, type FailedCall } from './errors';
import {
	backoffDelayMs,
	connectionNeverReachedPlatform,
	DEFAULT_RETRY_POLICY,
	isConnectionErrorCode,
	parseRetryAfter,
	RETRYABLE_STATUSES,
	type RetryPolicy,
} from './retry';
import { routeInfo } from './routes';
import { checkBaseUrl } from './url';

export type WmsContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface RequestOptions {
	itemIndex?: number;
	retry?: Partial<RetryPolicy>;
	/** Called once per retry, so a run can report what it retried. */
	onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
	route: string;
	attempt: number;
	waitMs: number;
	reason: string;
}

/** What the transport knew when it gave up on a request: status, error envelope, attempts made. */
export interface GaveUp {
	failure: FailedCall;
	attempts: number;
}

const gaveUp = new WeakMap<NodeApiError, GaveUp>();

/** The transport's record of a failed request, for callers that map rows (bulk) or steps. */
export function gaveUpOn(error: unknown): GaveUp | undefined {
	return error instanceof NodeApiError ? gaveUp.get(error) : undefined;
}

function cancelSignal(ctx: WmsContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
}

function retryReason(failure: FailedCall, idempotent: boolean): string | undefined {
	if (failure.status !== undefined) {
		return RETRYABLE_STATUSES.has(failure.status) ? `HTTP ${failure.status}` : undefined;
	}
	if (!isConnectionErrorCode(failure.code, failure.message)) return undefined;
	// A reset may come after the platform stored the body: only repeat calls that are safe to repeat.
	if (idempotent || connectionNeverReachedPlatform(failure.code)) return failure.code ?? 'connection error';
	return undefined;
}

/**
 * The base URL per node run: read once, not for each of a bulk run's requests (n8n decrypts the
 * credential every time). Only for runs of a node: a trigger's poll context lives as long as the
 * activation, and a changed credential must be seen at the next poll.
 */
const baseUrls = new WeakMap<WmsContext, string>();

async function baseUrlOf(ctx: WmsContext, itemIndex: number | undefined): Promise<string> {
	const known = baseUrls.get(ctx);
	if (known !== undefined) return known;
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const checked = checkBaseUrl(credentials.baseUrl);
	if ('problem' in checked) throw new NodeOperationError(ctx.getNode(), checked.problem, { itemIndex });
	if ('getInputData' in ctx) baseUrls.set(ctx, checked.url);
	return checked.url;
}

/**
 * The one door to the platform. Adds the base URL, JSON, bearer auth (through the credential,
 * which n8n refreshes once on a 401), and retries what is worth retrying with exponential
 * backoff and jitter, honouring Retry-After, within the attempt and wait budgets.
 */
export async function wmsRequest<T = IDataObject>(
	this: WmsContext,
	route: string,
	body: IDataObject,
	options: RequestOptions = {},
): Promise<T> {
	const baseUrl = await baseUrlOf(this, options.itemIndex);
	const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
	const { idempotent } = routeInfo(route);
	const signal = cancelSignal(this);
	const request: IHttpRequestOptions = {
		method: 'POST',
		url: `${baseUrl}${route}`,
		body,
		json: true,
		headers: { Accept: 'application/json' },
		timeout: policy.requestTimeoutMs,
	};

	let waitedMs = 0;
	for (let attempt = 1; ; attempt++) {
		try {
			return (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request)) as T;
		} catch (error) {
			if (signal?.aborted) {
				throw new NodeOperationError(this.getNode(), `Execution cancelled during ${route}`, { itemIndex: options.itemIndex });
			}
			const failure = { ...describeFailure(error), baseUrl };
			const reason = retryReason(failure, idempotent);
			const retryAfterMs = parseRetryAfter(failure.headers['retry-after'], Date.now());
			const waitMs = retryAfterMs ?? backoffDelayMs(attempt - 1, policy);
			const giveUp =
				reason === undefined ||
				attempt >= policy.maxAttempts ||
				waitedMs + waitMs > policy.maxWaitMs ||
				signal?.aborted === true;
			if (giveUp) {
				const apiError = toNodeApiError(this.getNode(), failure, { itemIndex: options.itemIndex, route, attempts: attempt });
				gaveUp.set(apiError, { failure, attempts: attempt });
				throw apiError;
			}
			options.onRetry?.({ route, attempt, waitMs, reason });
			this.logger.debug(`WMS ${route}: ${reason}, retry ${attempt} in ${waitMs} ms`);
			// Ends early when the execution is cancelled (n8n's Stop button, a timeout).
			await sleep(waitMs, signal).catch(() => undefined);
			waitedMs += waitMs;
			if (signal?.aborted) {
				throw new NodeOperationError(this.getNode(), `Execution cancelled while waiting to retry ${route}`);
			}
		}
	}
}
