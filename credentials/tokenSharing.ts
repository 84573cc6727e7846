/**
 * One token fetch at a time per client, per n8n process. n8n runs the credential's
 * preAuthentication in each execution that finds the token empty or rejected (401), so twenty
 * executions that start together, or that all meet a revoked token, would each fetch a token of
 * their own. Here they share: a fetch already under way is joined, and a token this process
 * fetched moments ago serves an execution that still holds an older (rejected or empty) one.
 *
 * Held in memory only, never logged; the secret (with the credential's other settings) is kept
 * beside the token so that a changed secret or connection setting always fetches anew. Every
 * token fetched is also told to secrets.ts, so that a run whose token n8n replaced midway still
 * knows the new one is a secret.
 */
import { rememberFetchedToken } from '../nodes/shared/transport/secrets';

/** How long a token just fetched is handed to executions that hold an older one. */
const SHARE_FOR_MS = 60_000;

interface Issued {
	secret: string;
	token: string;
	at: number;
}

interface Fetching {
	secret: string;
	token: Promise<string>;
}

const issued = new Map<string, Issued>();
const fetching = new Map<string, Fetching>();

/**
 * The token to use when `held` (the token the execution has: '' or the one the platform just
 * rejected) will not do: the one being fetched, one fetched moments ago, or a new one from `fetch`.
 */
export async function sharedToken(
	client: { baseUrl: string; clientId: string; secret: string },
	held: string,
	fetch: () => Promise<string>,
): Promise<string> {
	const key = `${client.baseUrl}\n${client.clientId}`;
	const running = fetching.get(key);
	if (running?.secret === client.secret) return await running.token;
	const last = issued.get(key);
	if (last?.secret === client.secret && last.token !== held && Date.now() - last.at < SHARE_FOR_MS)
		return last.token;

	const token = fetch();
	fetching.set(key, { secret: client.secret, token });
	try {
		const value = await token;
		rememberFetchedToken(client.baseUrl, client.clientId, value);
		issued.set(key, { secret: client.secret, token: value, at: Date.now() });
		return value;
	} finally {
		if (fetching.get(key)?.token === token) fetching.delete(key);
	}
}
