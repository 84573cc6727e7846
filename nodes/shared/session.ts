/**
 * One run of a node against the platform, as one explicit object: made once per execution, per
 * poll of the trigger, or per list the editor asks for, and handed to everything that talks to
 * the platform. It holds what lives exactly as long as that run: the platform address, the retry
 * policy and how much of its waiting budget is spent, the pace the platform taught, the request
 * sizes a 413 taught, the cancel signal, the secrets no output, error or log may show, and the keys
 * of the records it handled.
 */
import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeParameters,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from './constants';
import { HandledKeys } from './highlighted';
import type { Platform } from './platform';
import type { PlatformNotes } from './platform/compiled';
import { DescriptionUnusable, loadPlatform, type Loaded } from './platform/source';
import { RequestPace } from './transport/pace';
import { beforeAnyRequest } from './transport/failure';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './transport/retry';
import { Secrets } from './transport/secrets';
import { readSite, summaryOf, type Site, type SiteSummary } from './transport/site';
import { checkBaseUrl } from './transport/url';

/** n8n's functions for the kinds of run this package has. */
export type WmsContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/**
 * Max Total Wait is a budget for the whole run: every request draws on it. Requests in flight
 * side by side wait at the same time, and that time counts once.
 */
export interface WaitBudget {
	/** Waited so far. */
	ms: number;
	/** Waits going on now. */
	waiting: number;
	/** When the last of the waits going on ends. */
	until: number;
}

export interface Session<Ctx extends WmsContext = WmsContext> {
	/** n8n's functions of this execution, poll or editor call: parameters, helpers, logger. */
	readonly ctx: Ctx;
	/**
	 * The node's parameters as saved, their expressions not evaluated: what is the same for every
	 * item (a mapper's mode and schema, whether Extra Fields has entries) is read here. n8n copies
	 * the whole node at every getNode(), so the run reads them once.
	 */
	readonly parameters: INodeParameters;
	/** The platform address from the credential, checked, without a trailing slash. */
	readonly baseUrl: string;
	/** What the platform is for this run: the built-in description, or the platform's own (the credential says which). */
	readonly platform: Platform;
	/** What the package could not take from the platform's own description, in words (none for the built-in one). */
	readonly notes: PlatformNotes;
	/** Said when this run uses a description read before, because the platform could not be asked again. */
	readonly stale?: string;
	/** The run's retry policy (Options → Max Attempts, Max Total Wait, Timeout); a request may narrow it. */
	readonly retry: RetryPolicy;
	readonly waited: WaitBudget;
	readonly pace: RequestPace;
	/** The request size a 413 taught, per route: later bulk writes of the run start there. */
	readonly chunkLimits: Map<string, number>;
	/** Set when the execution is cancelled (n8n's Stop button, a timeout). */
	readonly signal?: AbortSignal;
	readonly secrets: Secrets;
	/** Input columns the platform has no field for, left out of what was sent (by how many items had them): said once when the run ends. */
	readonly leftOut: Map<string, number>;
	/** The credential's connection settings (CA, client certificate, proxy), for messages about a failed connection. */
	readonly site: SiteSummary;
	/** The keys of the records the run handled, for the execution's highlighted data. */
	readonly handled: HandledKeys;
}

/** A node's execution: the session operations run in. */
export type ExecuteSession = Session<IExecuteFunctions>;

export interface SessionOptions {
	retry?: Partial<RetryPolicy>;
	/** A pace that outlives the run (the trigger keeps one per activation). */
	pace?: RequestPace;
	/** The execution's cancel signal, where n8n gives one (node executions). */
	signal?: AbortSignal;
}

/** The credential's description for this run, or the node's error saying why it cannot be used. */
async function effectiveDescription(
	ctx: WmsContext,
	credentials: ICredentialDataDecryptedObject,
	baseUrl: string,
	site: Site,
	secrets: Secrets,
): Promise<Loaded> {
	try {
		const loaded = await loadPlatform(ctx, credentials, baseUrl, site, secrets);
		if (loaded.stale) ctx.logger.warn(`${ctx.getNode().name}: ${loaded.stale}`);
		return loaded;
	} catch (error) {
		if (!(error instanceof DescriptionUnusable))
			throw error instanceof NodeOperationError
				? error
				: new NodeOperationError(ctx.getNode(), error as Error);
		// Said in the message itself: it is what each error item reads when the node continues.
		throw beforeAnyRequest(
			new NodeOperationError(ctx.getNode(), `${error.message}. Nothing was sent.`, {
				description: `${error.hint}.`,
			}),
		);
	}
}

/**
 * Reads the credential once for the run (n8n decrypts it at every call): its base URL and
 * connection settings, checked, and the secrets to keep out of every output, error and log.
 */
export async function openSession<Ctx extends WmsContext>(
	ctx: Ctx,
	options: SessionOptions = {},
): Promise<Session<Ctx>> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const checked = checkBaseUrl(credentials.baseUrl);
	if ('problem' in checked) throw new NodeOperationError(ctx.getNode(), checked.problem);
	const site = readSite(credentials);
	if ('problem' in site) throw new NodeOperationError(ctx.getNode(), site.problem);
	const secrets = Secrets.of(credentials);
	const { platform, notes, stale } = await effectiveDescription(
		ctx,
		credentials,
		checked.url,
		site,
		secrets,
	);
	return {
		ctx,
		parameters: ctx.getNode().parameters,
		baseUrl: checked.url,
		platform,
		notes,
		stale,
		retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
		waited: { ms: 0, waiting: 0, until: 0 },
		pace: options.pace ?? new RequestPace(),
		chunkLimits: new Map(),
		signal: options.signal,
		secrets,
		leftOut: new Map(),
		site: summaryOf(site, checked.url),
		handled: new HandledKeys(),
	};
}
