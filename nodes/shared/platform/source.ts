/**
 * Where a run's description comes from, as the credential says: Built In (contract/openapi.yaml,
 * the default, so a credential saved before the setting behaves as it did), From the Platform (an
 * address, absolute or relative to the Base URL, read with the credential's own connection; an
 * address on another host is read without the credential), or Pasted. A document read from the
 * platform is asked for again at most every few minutes, with its validators (ETag,
 * Last-Modified), so a changed description is followed from the first run after the check; no
 * timer is used. A description that cannot be read stops the run with the reason; one read
 * before in this process is used while the platform cannot be reached, and n8n's log says so.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { describeFailure, scrubbed } from '../transport/failure';
import { platformMessage } from '../transport/errors';
import type { Secrets } from '../transport/secrets';
import type { Site } from '../transport/site';
import { DescriptionProblem, whereInWords } from './description/problems';
import { fetchDescription, headerOf, textOf, type DescriptionHelpers } from './fetchDescription';
import { platformFromText, type PlatformNotes } from './compiled';
import { BUILT_IN } from './index';
import type { Platform } from './platform';

/** The credential's fields for the description. */
export const DESCRIPTION_FIELD = {
	source: 'description',
	url: 'descriptionUrl',
	text: 'descriptionText',
} as const;

export type DescriptionChoice = 'builtIn' | 'platform' | 'pasted';

/** How long a description read from the platform is used before the platform is asked whether it changed. */
export const RECHECK_MS = 5 * 60_000;

/** A description that cannot be used for this run, in words a person acts on. */
export class DescriptionUnusable extends Error {
	constructor(
		message: string,
		readonly hint: string,
	) {
		super(message);
		this.name = 'DescriptionUnusable';
	}
}

export type { DescriptionHelpers } from './fetchDescription';

/** What was read from one address: its validators, when it was last asked for, and the text's platform. */
interface Read {
	etag?: string;
	modified?: string;
	checkedAt: number;
	text: string;
}

/** The last read of each address, per credential's platform; a few, the oldest dropped first. */
const reads = new Map<string, Read>();
const KEPT_READS = 16;

export interface LoadOptions {
	/**
	 * Ask the platform now, whenever it was last asked, and take no description read before when
	 * it cannot be read (the credential test: it says what the platform gives today).
	 */
	askNow?: boolean;
}

export interface Loaded {
	platform: Platform;
	notes: PlatformNotes;
	/** Said when a description read before was used because the platform could not be asked again. */
	stale?: string;
}

/** The address of the description: absolute, or relative to the Base URL ("openapi.json" → ".../v1/openapi.json"). */
export function descriptionUrl(raw: unknown, baseUrl: string): string {
	const text = String(raw ?? '').trim();
	if (text === '')
		throw new DescriptionUnusable(
			"The credential says to read the platform's API description from the platform, but gives no Description URL",
			'Enter the address of the description in the credential (e.g. openapi.json, relative to the Base URL), or choose Built In',
		);
	const url = URL.canParse(text, `${baseUrl}/`) ? new URL(text, `${baseUrl}/`).href : undefined;
	if (url === undefined)
		throw new DescriptionUnusable(
			`The credential's Description URL (${text.slice(0, 100)}) is not an address`,
			'Enter an address like openapi.json (relative to the Base URL) or https://wms.example.com/v1/openapi.yaml',
		);
	return url;
}

/** The effective description of a run with this credential. */
export async function loadPlatform(
	ctx: DescriptionHelpers,
	credentials: ICredentialDataDecryptedObject,
	baseUrl: string,
	site: Site,
	secrets: Secrets,
	{ askNow = false }: LoadOptions = {},
): Promise<Loaded> {
	const choice = (credentials[DESCRIPTION_FIELD.source] ?? 'builtIn') as DescriptionChoice;
	if (choice === 'pasted') {
		const text = String(credentials[DESCRIPTION_FIELD.text] ?? '');
		if (text.trim() === '')
			throw new DescriptionUnusable(
				'The credential says its API description is pasted, but none is pasted',
				"Paste the platform's OpenAPI description (JSON or YAML) into the credential, or choose Built In",
			);
		return compile(text, { kind: 'pasted' });
	}
	if (choice !== 'platform') return { platform: BUILT_IN, notes: [] };

	const url = descriptionUrl(credentials[DESCRIPTION_FIELD.url], baseUrl);
	const key = `${baseUrl}|${String(credentials.clientId ?? '')}|${url}`;
	const known = reads.get(key);
	if (known && !askNow && Date.now() - known.checkedAt < RECHECK_MS)
		return compile(known.text, { kind: 'platform', url });
	const asked = await fetchDescription(ctx, url, baseUrl, site, known, secrets).then(
		(answer) => ({ answer }),
		(error: unknown) => ({ error }),
	);
	if ('error' in asked) {
		const said = platformMessage(
			scrubbed({ ...describeFailure(asked.error), baseUrl, route: url }, secrets),
		);
		if (known && !askNow) return stale(compile(known.text, { kind: 'platform', url }), url, said);
		throw new DescriptionUnusable(
			`The platform's API description could not be read from ${url}: ${said}`,
			'Check the Description URL in the credential, or choose Built In',
		);
	}
	const { answer } = asked;
	if (answer.status === 304 && known) {
		known.checkedAt = Date.now();
		return compile(known.text, { kind: 'platform', url });
	}
	if (answer.status < 200 || answer.status >= 300) {
		await textOf(answer.body).catch(() => '');
		const words =
			answer.refused ??
			(answer.status === 404
				? 'there is no description at that address'
				: answer.status === 401 || answer.status === 403
					? 'the platform refused this API client the description'
					: answer.status === 429 || answer.status >= 500
						? 'the platform is busy or unavailable: try again later'
						: 'the platform did not give it');
		if (known && !askNow && answer.status >= 500)
			return stale(compile(known.text, { kind: 'platform', url }), url, `HTTP ${answer.status}`);
		throw new DescriptionUnusable(
			`The platform's API description could not be read from ${url} (HTTP ${answer.status}): ${words}`,
			'Check the Description URL in the credential (ask the platform for the address of its OpenAPI description), or choose Built In',
		);
	}
	// A platform may echo what it was sent: no secret goes into the text, nor any words made from it.
	const text = secrets.redactValues(await textOf(answer.body));
	reads.delete(key);
	reads.set(key, {
		etag: headerOf(answer.headers, 'etag'),
		modified: headerOf(answer.headers, 'last-modified'),
		checkedAt: Date.now(),
		text,
	});
	if (reads.size > KEPT_READS) reads.delete(reads.keys().next().value!);
	return compile(text, { kind: 'platform', url });
}

function stale(loaded: Loaded, url: string, why: string): Loaded {
	return {
		...loaded,
		stale: `The platform's API description could not be read again from ${url} (${why}); this run uses the one read before`,
	};
}

function compile(text: string, source: { kind: 'platform' | 'pasted'; url?: string }): Loaded {
	let problem: DescriptionProblem;
	try {
		return platformFromText(text, source);
	} catch (error) {
		problem =
			error instanceof DescriptionProblem
				? error
				: new DescriptionProblem('#', `it could not be read: ${(error as Error).message}`);
	}
	const from = source.url ? `read from ${source.url}` : 'pasted in the credential';
	throw new DescriptionUnusable(
		`The platform's API description ${from} cannot be used: ${problem.what}${whereInWords(problem.pointer)}`,
		source.kind === 'pasted'
			? 'Paste the whole description as the platform publishes it, or choose Built In'
			: 'Ask the platform for its OpenAPI 3 description, or choose Built In',
	);
}
