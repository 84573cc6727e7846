/**
 * The credential's Test, a function every node of the package names (`testedBy`), as n8n runs it
 * with only its legacy request helper. It checks the Base URL and the site's settings, fetches a
 * token with the credential's own token request over the site's connection, reads the effective
 * API description as a run does (Built In, From the Platform, Pasted), and reads one record the
 * way that description says the platform reads. It answers what it found: a description that
 * cannot be used names the place; one that can is told against the built-in one, the breaking
 * differences first. No secret is in any word it answers.
 *
 * n8n's editor shows a failed test's words; on success it shows its own fixed banner, and these
 * words only reach the answer of `POST /rest/credentials/test`.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { BUILT_IN, describedAs } from '../nodes/shared/platform';
import { differences, differencesInWords } from '../nodes/shared/platform/differences';
import {
	DescriptionUnusable,
	loadPlatform,
	type DescriptionHelpers,
	type Loaded,
} from '../nodes/shared/platform/source';
import { viaLegacyRequest } from '../nodes/shared/transport/legacyRequest';
import { Secrets } from '../nodes/shared/transport/secrets';
import { readSite } from '../nodes/shared/transport/site';
import { checkBaseUrl } from '../nodes/shared/transport/url';
import { authorized } from './authorized';
import { testRead, testRouteOf } from './testRead';
import { fetchToken } from './tokenFetch';

/** The name the nodes give the test in `testedBy`. */
export const CREDENTIAL_TEST = 'wmsIntegrationApiTest';

const BUILT_IN_WORDS = 'Connected: the nodes use the built-in API description';

/** What the test found, for a description that can be used. */
function foundInWords({ platform, notes }: Loaded, route: string | undefined): string {
	const read = route
		? ''
		: ' The description has no read route: the Base URL was tested with the token request only.';
	if (platform.builtIn) return `${BUILT_IN_WORDS}.${read}`;
	const found = differencesInWords(describedAs(platform.source), differences(BUILT_IN, platform));
	const note = notes.length
		? ` Not taken from it: ${notes[0].words}${notes.length > 1 ? `; and ${notes.length - 1} more` : ''}.`
		: '';
	return `${found}${note}${read}`;
}

const failed = (message: string): INodeCredentialTestResult => ({ status: 'Error', message });

/** A promise's value, or what it was rejected with: the test answers every failure, it throws none. */
async function settled<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
	return await promise.then(
		(value) => ({ value }),
		(error: unknown) => ({ error }),
	);
}

const messageOf = (error: unknown) =>
	error instanceof Error ? error.message : String(error ?? 'no reason given');

async function run(
	helpers: ICredentialTestFunctions['helpers'],
	credentials: ICredentialDataDecryptedObject,
	secrets: Secrets,
): Promise<INodeCredentialTestResult> {
	const checked = checkBaseUrl(credentials.baseUrl);
	if ('problem' in checked) return failed(checked.problem);
	const site = readSite(credentials);
	if ('problem' in site) return failed(site.problem);
	const baseUrl = checked.url;
	const send = viaLegacyRequest(helpers);

	// Its words name what to change and are redacted of every secret already.
	const fetched = await settled(fetchToken(send, { credentials, baseUrl, site, secrets }));
	if ('error' in fetched) return failed(messageOf(fetched.error));
	const token = fetched.value;
	secrets.add(token);

	// A run's helpers over the one request function; source.ts puts the credential on the Base URL's host only.
	const description: DescriptionHelpers = {
		helpers: {
			httpRequest: send,
			httpRequestWithAuthentication: async (_type, options) =>
				await send(authorized(options, token, site, baseUrl)),
		},
	};
	const loading = await settled(
		loadPlatform(description, credentials, baseUrl, site, secrets, { askNow: true }),
	);
	if ('error' in loading) {
		const { error } = loading;
		return error instanceof DescriptionUnusable
			? failed(`${error.message}. ${error.hint}`)
			: failed(`The credential test stopped: ${secrets.redact(messageOf(error))}`);
	}
	const loaded = loading.value;

	const route = testRouteOf(loaded.platform);
	const problem = route
		? await testRead({ send, platform: loaded.platform, baseUrl, site, token, secrets }, route)
		: undefined;
	if (problem) return failed(problem);
	return { status: 'OK', message: foundInWords(loaded, route) };
}

/** n8n's credential test function: it never throws (n8n would answer the editor with a server error). */
export async function testWmsCredential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const credentials = credential.data ?? {};
	const secrets = Secrets.of(credentials);
	const result = await settled(run(this.helpers, credentials, secrets));
	if ('error' in result)
		return failed(`The credential test stopped: ${secrets.redact(messageOf(result.error))}`);
	return { ...result.value, message: secrets.redactValues(result.value.message) };
}

/** The nodes' `methods.credentialTest`. */
export const credentialTest = { [CREDENTIAL_TEST]: testWmsCredential };
