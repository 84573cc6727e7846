/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * Every integration run is also a secret-leak test: n8n's logger is captured, and after each run
 * the harness scans output items, error messages and descriptions and log lines for the client
 * secret and every token the credential ever held. A hit fails the test that caused it.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

export const capturedLogs: string[] = [];

const capture =
	(level: string) =>
	(message: unknown, meta?: unknown): void => {
		capturedLogs.push(`${level} ${String(message)} ${meta === undefined ? '' : safeJson(meta)}`);
	};

function safeJson(value: unknown): string {
	try {
		return JSON.stringify(value);
	} catch {
		return String(value);
	}
}

const captureLogger = {
	error: capture('error'),
	warn: capture('warn'),
	info: capture('info'),
	debug: capture('debug'),
	scoped() {
		return captureLogger;
	},
};

Container.set(Logger, captureLogger as unknown as Logger);

/** Texts that must never be seen by a user or a log. */
export function findLeaks(secrets: string[], texts: string[]): string[] {
	const wanted = secrets.filter((secret) => secret.length >= 6);
	return texts.flatMap((text) =>
		wanted
			.filter((secret) => text.includes(secret))
			.map((secret) => `${secret.slice(0, 4)}… in ${text.slice(0, 160)}`),
	);
}
