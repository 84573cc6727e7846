/** Retry arithmetic (which failures are worth another try, how long to wait) and the time limit of one try. */
import type { FailedCall } from './failure';
import { isSiteCode } from './siteProblems';

export interface RetryPolicy {
	/** Total tries of one request, the first included. */
	maxAttempts: number;
	/** Upper bound on the sum of all waits of one node run (all its requests), in ms. */
	maxWaitMs: number;
	/** First backoff step, in ms; doubles each retry. */
	baseDelayMs: number;
	/** Largest single backoff step, in ms. */
	maxDelayMs: number;
	/** How long one try may take until the end of the platform's answer, in ms; then it counts as a dropped connection. */
	requestTimeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxAttempts: 5,
	maxWaitMs: 60_000,
	baseDelayMs: 500,
	maxDelayMs: 30_000,
	requestTimeoutMs: 120_000,
};

/** A person waits for the answer (a dropdown, Fetch Test Event): two tries, a short wait. */
export const INTERACTIVE_RETRY: Partial<RetryPolicy> = { maxAttempts: 2, maxWaitMs: 5000 };

/** Busy and gateway/availability answers: worth another try (the credential's token call too). */
export const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

/** Socket-level failures. Some of them may happen after the platform processed the body. */
const CONNECTION_ERROR_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ECONNABORTED',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'EPIPE',
	'EAI_AGAIN',
	'UND_ERR_SOCKET',
	'UND_ERR_CONNECT_TIMEOUT',
	'UND_ERR_HEADERS_TIMEOUT',
]);

/**
 * Refused connections never reached the platform, so even a non-idempotent call may be repeated;
 * nor did a TLS handshake that failed (the request is sent only after it).
 */
export function connectionNeverReachedPlatform(code: string | undefined): boolean {
	return (
		code === 'ECONNREFUSED' ||
		code === 'EAI_AGAIN' ||
		code === 'UND_ERR_CONNECT_TIMEOUT' ||
		isSiteCode(code)
	);
}

export function isConnectionErrorCode(code: string | undefined, message = ''): boolean {
	if (code && CONNECTION_ERROR_CODES.has(code)) return true;
	return /socket hang up|ECONNRESET|timeout|other side closed/i.test(message);
}

/** Retry-After as seconds or as an HTTP date; returns ms from now, or undefined when absent or unreadable. */
export function parseRetryAfter(value: unknown, nowMs: number): number | undefined {
	const raw = Array.isArray(value) ? value[0] : value;
	if (raw === undefined || raw === null || raw === '') return undefined;
	const text = String(raw).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - nowMs);
}

/** Exponential backoff with full jitter: a random wait in [0, min(cap, base * 2^retry)]. */
export function backoffDelayMs(
	retry: number,
	policy: RetryPolicy,
	random: () => number = Math.random,
): number {
	const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
	return Math.round(ceiling * (0.5 + random() / 2));
}

/** What a try that ran past its time limit fails with. */
export class TimedOut extends Error {
	constructor(readonly ms: number) {
		super(`no answer within ${ms} ms`);
	}
}

/**
 * The call's answer, or TimedOut once `ms` have passed, however slowly the answer trickles in:
 * a socket timeout alone never fires while the other side sends a byte now and then. (n8n
 * replaces a request's own abort signal with the execution's, so the limit is kept here.)
 */
export async function withinTimeout<T>(call: Promise<T>, ms: number): Promise<T> {
	const deadline = AbortSignal.timeout(ms);
	let onTimeout = () => {};
	const late = new Promise<never>((_, reject) => {
		onTimeout = () => reject(new TimedOut(ms));
		deadline.addEventListener('abort', onTimeout, { once: true });
	});
	// A call left behind at the deadline may still fail later: that must not become an unhandled rejection.
	call.catch(() => undefined);
	try {
		return await Promise.race([call, late]);
	} finally {
		deadline.removeEventListener('abort', onTimeout);
	}
}

/** Redirects that say the request was not taken here (it is asked for elsewhere). */
const NOT_TAKEN_REDIRECTS = new Set([301, 302, 307, 308]);

/** Whether a try failed before the platform could read it: its token could not be had, or no connection was made. */
export function neverSent(failure: FailedCall): boolean {
	if (failure.notSent) return true;
	return failure.status === undefined && connectionNeverReachedPlatform(failure.code);
}

/** Whether the platform may have stored a try that failed so: only a refusal (4xx, 503), a redirect elsewhere or a try never sent say it did not. */
export function mayHaveStored(failure: FailedCall): boolean {
	if (failure.notSent) return false;
	if (failure.status !== undefined)
		return (
			!(failure.status >= 400 && failure.status < 500) &&
			failure.status !== 503 &&
			!NOT_TAKEN_REDIRECTS.has(failure.status)
		);
	return !connectionNeverReachedPlatform(failure.code);
}

/** Why a failed try is worth another (its status or error code), or undefined when it is not. */
export function retryReason(failure: FailedCall, idempotent: boolean): string | undefined {
	if (failure.status !== undefined) {
		if (!RETRYABLE_STATUSES.has(failure.status)) return undefined;
		// A gateway error may come after the platform stored the body: as a reset, below.
		return idempotent || !mayHaveStored(failure) ? `HTTP ${failure.status}` : undefined;
	}
	if (!isConnectionErrorCode(failure.code, failure.message)) return undefined;
	// A reset may come after the platform stored the body: only repeat calls that are safe to repeat.
	if (idempotent || neverSent(failure)) return failure.code ?? 'connection error';
	return undefined;
}
