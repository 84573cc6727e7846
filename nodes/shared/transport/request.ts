/**
 * The one door to the platform: every request of every node goes through platformRequest. One try
 * is tryOnce.ts; which failures are worth another, and how long to wait, retry.ts.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { Session, WaitBudget } from '../session';
import { PlatformError } from './errors';
import { envelopeOf, scrubbed, unreadableAnswer, type FailedCall } from './failure';
import {
	backoffDelayMs,
	mayHaveStored,
	neverSent,
	parseRetryAfter,
	retryReason,
	withinTimeout,
	type RetryPolicy,
} from './retry';
import { bodiless } from '../bulk/answers/whole';
import { failedAnswerHeaders, type OnAnswer } from './answered';
import { refuseUnfilledPath } from '../checking/pathValues';
import { targetOf } from './target';
import { knownFailure, send, type FullResponse, type ReadAnswer, type Try } from './tryOnce';

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
	/** Told when the platform answers busy (429, 503), with that status, before the wait for the next try. */
	onBusy?: (status: 429 | 503) => void;
	/**
	 * Whether sending this request twice is harmless: the contract's word for the route unless
	 * the user said otherwise (Options → Re-Send After a Lost Answer). A request that is not is
	 * repeated only after an answer that says it was not taken (429, 503, no connection made).
	 */
	idempotent?: boolean;
	/**
	 * An answer too large to hold at once, read as it streams in, anew on each try: what the reader
	 * answers stands for the answer's body.
	 */
	readAnswer?: ReadAnswer;
	/** The address to read instead of the route's own (a next page a Link header named, on the platform's own site). */
	url?: string;
	/** Told of each try's answer (answered.ts). */
	onAnswer?: OnAnswer;
}

/** A success answer: its HTTP status and its JSON object. */
export interface Answer {
	status: number;
	body: IDataObject;
	/** Sent again after a try the platform may have stored (its answer was lost): the record may have reached it twice. */
	resent?: true;
	/** The answer's headers, names in lower case. */
	headers?: Record<string, unknown>;
}

/**
 * A JSON answer n8n's helper left as text: a byte order mark before it, or a content type that
 * is not JSON's. Anything else stays as it came, for unreadableAnswer to name.
 */
function jsonOf(body: unknown): unknown {
	if (typeof body !== 'string') return body;
	const text = body.replace(/^\uFEFF/, '').trim();
	if (!text.startsWith('{')) return body;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return body;
	}
}

/** What a wait of `waitMs` starting now adds to the run's budget: only the part past the waits already going on. */
function newWaitMs(budget: WaitBudget, waitMs: number, now: number): number {
	return budget.waiting === 0 ? waitMs : Math.max(0, now + waitMs - budget.until);
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
	route: string,
	body: IDataObject,
	options: RequestOptions = {},
): Promise<Answer> {
	const { ctx, baseUrl, signal, waited, pace } = session;
	const policy: RetryPolicy = { ...session.retry, ...options.retry };
	const info = session.platform.route(route);
	const idempotent = options.idempotent ?? info.idempotent;
	// The description itself says sending twice is not harmless (x-idempotent: false).
	const saysUnsafe = info.idempotentStated === true && !info.idempotent;
	const target = targetOf(info, session.platform.path(route), body);
	refuseUnfilledPath(ctx.getNode(), route, target.path, [], options.itemIndex);
	const request: IHttpRequestOptions = {
		method: target.method,
		url: options.url ?? `${baseUrl}${target.path}`,
		...(target.body ? { body: target.body } : {}),
		json: true,
		headers: { ...target.headers, Accept: 'application/json' },
		timeout: policy.requestTimeoutMs,
		returnFullResponse: true,
		disableFollowRedirect: true,
		...(options.readAnswer ? { encoding: 'stream' as const } : {}),
	};
	let mayBeStored = false;
	// Whether any try got as far as the platform (an answer, or a connection it may have read).
	let reached = false;
	const fail = (failure: FailedCall, attempts: number, notRepeated?: true): never => {
		throw new PlatformError(
			ctx.getNode(),
			{
				...failure,
				route,
				attempts,
				mayBeStored: mayBeStored || mayHaveStored(failure),
				...(!reached && neverSent(failure) ? { notSent: true as const } : {}),
				idempotent,
				...(saysUnsafe ? { saysUnsafe } : {}),
				...(options.idempotent !== undefined ? { resendOption: true as const } : {}),
				...(info.kind === 'bulk' ? { records: info.wire?.records ?? 'items' } : {}),
				...(notRepeated ? { notRepeated } : {}),
			},
			{ itemIndex: options.itemIndex },
		);
	};

	/** The pause the last try's busy answer asked for, which this request has waited out. */
	let ownPause: number | undefined;
	for (let attempt = 1; ; attempt++) {
		let response: FullResponse;
		const startedAt = await pace.admit(signal, ownPause);
		if (signal?.aborted) {
			pace.answered(startedAt, false);
			throw new NodeOperationError(ctx.getNode(), `Execution cancelled before ${route}`, {
				itemIndex: options.itemIndex,
			});
		}
		let sent: Try;
		try {
			sent = await withinTimeout(
				send(session, request, options.readAnswer),
				policy.requestTimeoutMs,
			);
		} catch (error) {
			sent = { error };
		}
		if ('response' in sent) {
			response = sent.response;
			pace.answered(startedAt);
		} else {
			if (signal?.aborted) {
				pace.answered(startedAt, false);
				throw new NodeOperationError(ctx.getNode(), `Execution cancelled during ${route}`, {
					itemIndex: options.itemIndex,
				});
			}
			const failure = await knownFailure(session, sent, route);
			// The platform counts what it answered, but for a 429 (refused below) or a 503.
			if (failure.status !== 429)
				pace.answered(startedAt, failure.status !== undefined && failure.status !== 503);
			options.onAnswer?.(body, failedAnswerHeaders(sent));
			const reason = retryReason(failure, idempotent);
			const retryAfterMs = parseRetryAfter(failure.headers['retry-after'], Date.now());
			const waitMs = retryAfterMs ?? backoffDelayMs(attempt - 1, policy);
			const addedMs = newWaitMs(waited, waitMs, Date.now());
			const overBudget = waited.ms + addedMs > policy.maxWaitMs;
			if (reason !== undefined && attempt < policy.maxAttempts && overBudget) {
				failure.note = `waiting ${Math.ceil(waitMs / 1000)} s more would pass Max Total Wait (${Math.round(policy.maxWaitMs / 1000)} s for the node's whole run, ${Math.round(waited.ms / 1000)} s already spent)`;
			}
			const givesUp =
				reason === undefined ||
				attempt >= policy.maxAttempts ||
				overBudget ||
				signal?.aborted === true;
			// A 429 not sent again is no longer in flight, and teaches the pace nothing.
			if (givesUp && failure.status === 429) pace.answered(startedAt, false);
			// Lost, and not repeated only because the route may not be sent twice: the platform answers.
			if (reason === undefined && retryReason(failure, true) !== undefined)
				fail(failure, attempt, true);
			if (givesUp) fail(failure, attempt);
			mayBeStored ||= mayHaveStored(failure);
			reached ||= !neverSent(failure);
			let pausedUntil: number | undefined;
			if (failure.status === 429) pausedUntil = pace.refused(startedAt, waitMs);
			else if (failure.status === 503) pausedUntil = pace.busy(waitMs);
			ownPause = pausedUntil;
			if (failure.status === 429 || failure.status === 503) options.onBusy?.(failure.status);
			ctx.logger.debug(`WMS ${route}: ${reason}, retry ${attempt} in ${waitMs} ms`);
			waited.ms += addedMs;
			waited.until = Math.max(waited.until, Date.now() + waitMs);
			waited.waiting++;
			// Ends early when the execution is cancelled (n8n's Stop button, a timeout).
			await sleep(waitMs, signal)
				.catch(() => undefined)
				.finally(() => {
					waited.waiting--;
					pace.resume(pausedUntil);
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
		options.onAnswer?.(body, headers);
		const status = response.statusCode ?? 200;
		// A route of another method may answer 204 with nothing: its item is then empty, not a failure.
		// So may a write whose description answers without a body: its status is its answer.
		const nothing =
			(info.method !== undefined && status === 204) || bodiless(info, status, response.body);
		const answer = nothing ? {} : session.secrets.scrub(jsonOf(response.body));
		// A read whose description makes its answer the list itself is a list, not a broken answer.
		const listItself = Array.isArray(answer) && info.wire?.list === '';
		const problem =
			(listItself ? undefined : unreadableAnswer(answer, headers)) ??
			options.expect?.(answer as IDataObject);
		if (problem)
			fail(
				scrubbed(
					{
						status,
						headers,
						body: envelopeOf(answer),
						message: problem,
						answer: problem,
						baseUrl,
						route,
						site: session.site,
					},
					session.secrets,
				),
				attempt,
			);
		return mayBeStored
			? { status, body: answer as IDataObject, resent: true, headers }
			: { status, body: answer as IDataObject, headers };
	}
}
