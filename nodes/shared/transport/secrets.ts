/**
 * The secrets of one run, and the one way to take them out of a text: the values the package
 * knows (the client secret, a client ID that looks like a secret, every access token it held),
 * and anything shaped like a bearer token or a JWT. Outputs, errors, hints and log lines are
 * built from what the platform said, and a platform may echo any of these back.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { readSite, SITE_FIELD } from './site';

const SECRET_PATTERNS = [
	/Bearer\s+[A-Za-z0-9._~+/=-]+/gi,
	/eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
];

/** Shorter values are words, not secrets: replacing them would garble messages. */
const SHORTEST_SECRET = 6;

export const REDACTED = '[redacted]';

/** Removes bearer tokens (and anything JWT-shaped) from a text, whatever values are known. */
export function redactPatterns(text: string): string {
	return SECRET_PATTERNS.reduce((out, pattern) => out.replace(pattern, REDACTED), text);
}

export class Secrets {
	private readonly values = new Set<string>();

	/**
	 * The secrets a credential holds: its client secret and access token, the client key (as pasted
	 * and as sent), its passphrase and the proxy password (also one written into the Proxy URL).
	 */
	static of(credentials: ICredentialDataDecryptedObject): Secrets {
		const secrets = new Secrets();
		secrets.add(credentials.clientSecret);
		secrets.add(credentials.accessToken);
		secrets.add(credentials[SITE_FIELD.clientKey]);
		secrets.add(credentials[SITE_FIELD.clientKeyPassphrase]);
		secrets.add(credentials[SITE_FIELD.proxyPassword]);
		const site = readSite(credentials);
		if ('secrets' in site) for (const value of site.secrets) secrets.add(value);
		return secrets;
	}

	add(value: unknown): void {
		if (typeof value === 'string' && value.length >= SHORTEST_SECRET) this.values.add(value);
	}

	/** The text with every known secret and every token-shaped part replaced. */
	redact(text: string): string {
		let out = text;
		for (const value of this.values) if (out.includes(value)) out = out.split(value).join(REDACTED);
		return redactPatterns(out);
	}
}
