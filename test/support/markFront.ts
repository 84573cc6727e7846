/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test helper, run by Node: the community-node rules are for code n8n runs */
/**
 * A front in the test's own process before the simulator, for a platform that answers a mark
 * (Set Complete, Set Error) with a state word of its own: every request passes on unchanged, and
 * the state word of each row a mark's answer accepts is replaced by the word the test names for
 * that route (REJECTED after Set Error, say). The simulator marks the update all the same.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export class MarkFront {
	baseUrl = '';
	/** The word each mark route answers with, by route ("/erp_update/set_error"). */
	readonly words: Record<string, string> = {};
	private server!: Server;
	private readonly sockets = new Set<Socket>();

	static async start(simBaseUrl: string): Promise<MarkFront> {
		const front = new MarkFront();
		const target = new URL(simBaseUrl);
		front.server = createServer((incoming, outgoing) => {
			const onward = request(
				{
					host: target.hostname,
					port: target.port,
					path: incoming.url,
					method: incoming.method,
					headers: { ...incoming.headers, host: target.host },
				},
				(answer) => {
					const route = Object.keys(front.words).find((one) => incoming.url?.endsWith(one));
					if (!route) {
						outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
						return void answer.pipe(outgoing);
					}
					const chunks: Buffer[] = [];
					answer.on('data', (chunk: Buffer) => chunks.push(chunk));
					answer.on('end', () => {
						let body = Buffer.concat(chunks).toString('utf8');
						try {
							const json = JSON.parse(body) as { accepted?: Array<{ status?: string }> };
							for (const row of json.accepted ?? []) row.status = front.words[route];
							body = JSON.stringify(json);
						} catch {
							// Not JSON: passed on as it came.
						}
						const headers = {
							...answer.headers,
							'content-length': String(Buffer.byteLength(body)),
						};
						delete headers['transfer-encoding'];
						outgoing.writeHead(answer.statusCode ?? 502, headers).end(body);
					});
				},
			);
			onward.on('error', () => outgoing.destroy());
			incoming.pipe(onward);
		});
		front.server.on('connection', (socket: Socket) => {
			front.sockets.add(socket);
			socket.on('close', () => front.sockets.delete(socket));
		});
		await new Promise<void>((resolve) => front.server.listen(0, '127.0.0.1', resolve));
		const { port } = front.server.address() as AddressInfo;
		front.baseUrl = `http://127.0.0.1:${port}${target.pathname}`;
		return front;
	}

	async close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}
