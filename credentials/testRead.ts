/**
 * The credential test's read: one record of a read route, asked the way the effective description
 * says the platform reads (where its filters go, how it pages, where its list is), with the token
 * just fetched. It proves the token is taken and the Base URL is the API, on a platform of any
 * shape. What the platform says is never shown: each status the test names is told in the words
 * below, any other answer that is not a page of records in one sentence. Redirects are not
 * followed: the token stays with the Base URL's host.
 */
import type { Platform } from '../nodes/shared/platform';
import { pageBody, pageProblem, readShape } from '../nodes/shared/paging';
import { isObject } from '../nodes/shared/objects';
import { connectionProblemInWords } from '../nodes/shared/transport/errors';
import { describeFailure, scrubbed } from '../nodes/shared/transport/failure';
import type { FullResponse, HttpSend } from '../nodes/shared/transport/legacyRequest';
import { TimedOut, withinTimeout } from '../nodes/shared/transport/retry';
import type { Secrets } from '../nodes/shared/transport/secrets';
import { summaryOf, type Site } from '../nodes/shared/transport/site';
import { siteProblem } from '../nodes/shared/transport/siteProblems';
import { authorized } from './authorized';

/** The read the test makes when the platform has it (every platform has warehouses). */
const TEST_ROUTE = '/warehouse/check';

const TEST_TIMEOUT_MS = 60_000;

const REDIRECT_WORDS =
	'The Base URL answers with a redirect, which is not followed so that the token stays with its host: enter the address the platform has now as the Base URL (ending in /v1)';

/** The words for the statuses the test names; undefined for any other. */
export function testWords(status: number, route: string): string | undefined {
	if (status === 401) return 'Client ID or secret rejected by the platform';
	if (status === 403)
		return `The platform refused this API client the test read (${route}, HTTP 403): ask the platform's operator to allow it`;
	if (status === 404) return 'The Base URL does not point at the platform API: it must end in /v1';
	if ([429, 502, 503, 504].includes(status))
		return `The platform is busy or unavailable (HTTP ${status}): try again later`;
	if ([301, 302, 303, 307, 308].includes(status)) return REDIRECT_WORDS;
	return undefined;
}

const notAList = (route: string) =>
	`The platform did not answer the test read (${route}) with a list of records: check the Base URL (it must end in /v1)`;

/** The route the test reads: /warehouse/check where the platform has it, else its first read route. */
export function testRouteOf(platform: Platform): string | undefined {
	if (platform.has(TEST_ROUTE) && platform.route(TEST_ROUTE).kind === 'read')
		return platform.path(TEST_ROUTE);
	return platform.routes().find((route) => platform.route(route).kind === 'read');
}

/** What the test read needs: the request function, the platform and where and how to reach it. */
export interface TestReader {
	send: HttpSend;
	platform: Platform;
	baseUrl: string;
	site: Site;
	token: string;
	secrets: Secrets;
}

/** Reads one record of `route`: undefined when a page of records came back, else what is wrong in the test's words. */
export async function testRead(reader: TestReader, route: string): Promise<string | undefined> {
	const { send, platform, baseUrl, site, token, secrets } = reader;
	const shape = readShape(platform, route);
	const request = authorized(
		{
			method: 'POST',
			url: `${baseUrl}${route}`,
			body: pageBody(shape, {}, undefined, 1),
			json: true,
			disableFollowRedirect: true,
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
			timeout: TEST_TIMEOUT_MS,
		},
		token,
		site,
		baseUrl,
	);
	const sent = await withinTimeout(send(request), TEST_TIMEOUT_MS).then(
		(answer) => ({ answer: answer as FullResponse }),
		(error: unknown) => ({ error }),
	);
	const summary = summaryOf(site, baseUrl);
	if ('error' in sent) {
		const failure = scrubbed(
			sent.error instanceof TimedOut
				? { code: 'ETIMEDOUT', headers: {}, message: sent.error.message }
				: describeFailure(sent.error),
			secrets,
		);
		return (
			siteProblem(failure, summary, baseUrl) ??
			`Cannot reach the platform at ${baseUrl} (${connectionProblemInWords(failure.code)}): check the Base URL and that the platform is up`
		);
	}
	const { statusCode: status, body } = sent.answer;
	if (status < 200 || status > 299) {
		const page = typeof body === 'string' ? secrets.redact(body.slice(0, 500)) : undefined;
		return (
			testWords(status, route) ??
			siteProblem({ status, text: page }, summary, baseUrl) ??
			(platform.builtIn && (status === 400 || status === 422)
				? `The platform refused the test read (${route}, HTTP ${status}) as the built-in description asks for it: the platform may read another way; set API Description to From the Platform (or Pasted) in the credential`
				: notAList(route))
		);
	}
	if (!isObject(body) || pageProblem(shape)(body) !== undefined) return notAList(route);
	return undefined;
}
