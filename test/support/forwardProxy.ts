/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a test helper, run by Node: the community-node rules are for code n8n runs */
/**
 * A real forward proxy for tests (dev/scripts/forward-proxy.mjs, its own process) and its log: what
 * it was asked to forward, by whom, and whether it let it through.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface ProxyLogLine {
	method: string;
	/** host:port for CONNECT (https), the whole URL for plain http. */
	target: string;
	user: string | null;
	allowed: boolean;
}

export interface ForwardProxy {
	url: string;
	/** What it was asked to forward so far, in order. */
	log(): ProxyLogLine[];
	close(): Promise<void>;
}

const SCRIPT = path.join(__dirname, '..', '..', 'dev', 'scripts', 'forward-proxy.mjs');

export async function startForwardProxy(
	auth: { user: string; password: string } | undefined = undefined,
): Promise<ForwardProxy> {
	const args = auth ? ['--user', auth.user, '--password', auth.password] : [];
	const child = spawn(process.execPath, [SCRIPT, ...args], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const lines: ProxyLogLine[] = [];
	let text = '';
	const url = await new Promise<string>((resolve, reject) => {
		child.stdout.on('data', (chunk: Buffer) => {
			text += chunk.toString();
			let newline: number;
			while ((newline = text.indexOf('\n')) >= 0) {
				const line = text.slice(0, newline);
				text = text.slice(newline + 1);
				const ready = /^Proxy URL: (\S+)/.exec(line);
				if (ready) resolve(ready[1]);
				else if (line.startsWith('{')) lines.push(JSON.parse(line) as ProxyLogLine);
			}
		});
		child.once('exit', (code) =>
			reject(new Error(`the proxy exited (${code}) before it was ready`)),
		);
	});
	return {
		url,
		log: () => [...lines],
		close: async () => {
			if (child.exitCode !== null) return;
			await new Promise<void>((resolve) => {
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			});
		},
	};
}
