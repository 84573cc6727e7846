/**
 * What no output item, error, hint or log line may show, and the one way to take it out.
 *
 * A platform may echo anything back: the client secret in a token error, the access token in a
 * 403, a header it reflects. So redaction is by value — the client secret, a client ID that looks
 * like a secret, every access token the credential held in this run or that this n8n process
 * fetched for the same client (n8n replaces the token mid-run after a 401), the client key (as
 * pasted, as sent and line by line), its passphrase and the proxy password, and the HTTP Basic
 * forms of the client's and the proxy user's credentials — and, in words built
 * from a failure, anything shaped like a bearer token, a JWT or a `secret=…` pair.
 *
 * Where it is applied: the transport scrubs what the platform says as it comes in (answers and
 * failures), the credential its own words; outputs, errors, hints and logs are built from those.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { basicCredentials, formEncoded } from './basic';
import { siteSecrets } from './site';
import { checkBaseUrl } from './url';

export const REDACTED = '[redacted]';

/** Shorter values are words, not secrets: replacing them would garble messages. */
const SHORTEST_SECRET = 6;

/**
 * What follows Bearer or Basic is a credential when it looks like one: a digit or a token's
 * punctuation in it, a long run of letters, or (Basic) the base64 of an `id:secret` pair; so
 * "Basic authentication required" and "HTTP Basic Client Authentication" stay words.
 */
function credentialAfter(match: string, scheme: string, value: string): string {
	let pair = false;
	try {
		pair = /^basic$/i.test(scheme) && atob(value).includes(':');
	} catch {
		// Not base64: no pair in it.
	}
	return pair || /[0-9._~+/=-]/.test(value) || value.length >= 20 ? `${scheme} ${REDACTED}` : match;
}

/**
 * Token-shaped text, in words built from a failure (never in records: a JWT there is data). A
 * `secret=…` pair counts when its value looks like a secret (a digit among several characters), so
 * "access_token: check the Base URL" stays words.
 */
const SECRET_PATTERNS: Array<[RegExp, string | typeof credentialAfter]> = [
	[/(Bearer|Basic)\s+([A-Za-z0-9._~+/=-]{6,})/gi, credentialAfter],
	[/eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
	[
		/((?:access|refresh|id)[_-]?token|client[_-]?secret|password|passphrase|api[_-]?key)(["']?\s*[:=]\s*["']?)(?=[^\s"'&,;}]*\d)[^\s"'&,;}]{6,}/gi,
		`$1$2${REDACTED}`,
	],
];

/** A client ID is a secret too when it looks like one: long, letters and digits, no blanks. */
export function secretLike(value: string): boolean {
	return value.length >= 16 && /\d/.test(value) && /[A-Za-z]/.test(value) && !/\s/.test(value);
}

/** Tokens this n8n process fetched, per client, newest last: a run may meet any of them. */
const fetchedTokens = new Map<string, string[]>();
const TOKENS_KEPT = 16;

/** A platform by its Base URL as checked (the form every request and the session use). */
function platformKey(baseUrl: unknown): string {
	const checked = checkBaseUrl(baseUrl);
	return 'url' in checked ? checked.url : String(baseUrl);
}

function clientKey(baseUrl: unknown, clientId: unknown): string {
	return `${platformKey(baseUrl)}\n${String(clientId ?? '')}`;
}

/** When this process last got a token for each platform (by its checked Base URL). */
const tokenTimes = new Map<string, number>();

/** Called by the credential with every token it fetches. */
export function rememberFetchedToken(baseUrl: string, clientId: string, token: string): void {
	const key = clientKey(baseUrl, clientId);
	const tokens = (fetchedTokens.get(key) ?? []).filter((held) => held !== token);
	tokens.push(token);
	fetchedTokens.set(key, tokens.slice(-TOKENS_KEPT));
	tokenTimes.set(platformKey(baseUrl), Date.now());
}

/** When this process last got a token for the platform at `baseUrl` (a bulk write's requests started before it waited for it). */
export function tokenFetchedAt(baseUrl: string): number | undefined {
	return tokenTimes.get(baseUrl);
}

/**
 * Whether any of `secrets` is in a text, a number or a key anywhere in `value` (an answer as JSON
 * parsed it): each text looked at once, without writing the answer out as JSON first.
 */
function holdsAny(value: object, secrets: string[]): boolean {
	const shortest = Math.min(...secrets.map((secret) => secret.length));
	const holds = (text: string) =>
		text.length >= shortest && secrets.some((secret) => text.includes(secret));
	// A number of JSON (digits, sign, dot, exponent) can hold only a secret of those characters: others are not looked for in numbers.
	const inNumbers = secrets.some((secret) => /^[\d.eE+-]+$/.test(secret));
	const pending: unknown[] = [value];
	while (pending.length > 0) {
		const node = pending.pop();
		if (typeof node === 'string') {
			if (holds(node)) return true;
		} else if (typeof node === 'number' || typeof node === 'bigint') {
			if (inNumbers && holds(String(node))) return true;
		} else if (Array.isArray(node)) {
			for (const entry of node) pending.push(entry);
		} else if (node !== null && typeof node === 'object') {
			// Key by key, without a list of entries per object (an answer of 1,000 results has 1,000 of them).
			const fields = node as Record<string, unknown>;
			for (const key in fields) {
				if (!Object.prototype.hasOwnProperty.call(fields, key)) continue;
				if (holds(key)) return true;
				pending.push(fields[key]);
			}
		}
	}
	return false;
}

/** The forms a value may take in text: as is, URL-encoded, JSON-escaped. */
function forms(value: string): string[] {
	const all = new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]);
	return [...all];
}

/** A failure re-reads the credential at most this often (n8n decrypts it at every read). */
const RELEARN_AFTER_MS = 5000;

export class Secrets {
	private readonly values = new Set<string>();
	private learnedAt = 0;

	constructor(private readonly client?: string) {}

	/** The secrets of a credential: its client secret, its client ID if secret-like, its token, and the tokens this process fetched for it. */
	static of(credentials: ICredentialDataDecryptedObject): Secrets {
		const secrets = new Secrets(clientKey(credentials.baseUrl, credentials.clientId));
		secrets.learn(credentials);
		return secrets;
	}

	/** Takes in the secret values a (re-read) credential holds, its connection settings' too. */
	learn(credentials: ICredentialDataDecryptedObject): void {
		const { clientId, clientSecret } = credentials;
		this.add(clientSecret);
		this.add(credentials.accessToken);
		if (typeof clientId === 'string' && secretLike(clientId)) this.add(clientId);
		if (typeof clientId === 'string' && typeof clientSecret === 'string' && clientSecret !== '') {
			// The token request's HTTP Basic client authentication, however a gateway echoes it.
			this.add(basicCredentials(clientId, clientSecret));
			this.add(basicCredentials(formEncoded(clientId), formEncoded(clientSecret)));
		}
		for (const value of siteSecrets(credentials)) this.add(value);
	}

	/** Reads the credential again (n8n may have replaced its token in this run, here or in another process), unless it did moments ago. */
	async relearn(read: () => Promise<ICredentialDataDecryptedObject>): Promise<void> {
		if (Date.now() - this.learnedAt < RELEARN_AFTER_MS) return;
		this.learnedAt = Date.now();
		try {
			this.learn(await read());
		} catch {
			// The credential as read before is what there is.
		}
	}

	add(value: unknown): void {
		if (typeof value === 'string' && value.length >= SHORTEST_SECRET) this.values.add(value);
	}

	private known(): string[] {
		const tokens = this.client ? (fetchedTokens.get(this.client) ?? []) : [];
		return [...this.values, ...tokens]
			.flatMap(forms)
			.filter((value) => value.length >= SHORTEST_SECRET)
			.sort((a, b) => b.length - a.length);
	}

	/** Words built from a failure: every known value and every token-shaped part replaced. */
	redact(text: string): string {
		let out = this.redactValues(text);
		for (const [pattern, replacement] of SECRET_PATTERNS)
			out =
				typeof replacement === 'string'
					? out.replace(pattern, replacement)
					: out.replace(pattern, replacement);
		return out;
	}

	/**
	 * The package's own words, whose parts from outside were redacted as they went in: every known
	 * value replaced, nothing by its shape (which would take "HTTP Basic Client Authentication" for
	 * a credential).
	 */
	redactValues(text: string): string {
		let out = text;
		for (const value of this.known())
			if (out.includes(value)) out = out.split(value).join(REDACTED);
		return out;
	}

	/**
	 * A success answer with every known value replaced wherever it is (a record's field, a key);
	 * the same object when none is in it, which is the rule.
	 */
	scrub<T>(value: T): T {
		const known = this.known();
		if (known.length === 0 || value === null || typeof value !== 'object') return value;
		if (!holdsAny(value, known)) return value;
		const walk = (node: unknown): unknown => {
			if (typeof node === 'string') {
				let out = node;
				for (const secret of known)
					if (out.includes(secret)) out = out.split(secret).join(REDACTED);
				return out;
			}
			// A number that is a secret's digits (a numeric client id echoed back) goes as the words.
			if (typeof node === 'number' && known.some((secret) => String(node).includes(secret)))
				return walk(String(node));
			if (Array.isArray(node)) return node.map(walk);
			if (node && typeof node === 'object')
				return Object.fromEntries(
					Object.entries(node).map(([key, field]) => [walk(key) as string, walk(field)]),
				);
			return node;
		};
		return walk(value) as T;
	}
}
