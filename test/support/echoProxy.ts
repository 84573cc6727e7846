/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test helper, run by Node: the community-node rules are for code n8n runs */
/**
 * An outbound proxy in the test's own process, for a plain-http platform (the quirky platform):
 * it asks for its user (407 without the right one), passes each request on to its address as a
 * forward proxy does, status line included, and can instead answer in its own name — a page that
 * echoes whatever the test wants, a 407 that reflects what it was sent — or cut every connection,
 * as a proxy going down. Cheap enough to start once per property run (the leak suite); the proxy
 * of the site tests (forwardProxy.ts) is a real one in a process of its own.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ProxyAnswer {
	status: number;
	headers?: Record<string, string>;
	body: string;
}

export class EchoProxy {
	url = '';
	/** What it was asked to forward, in order: method and address. */
	readonly seen: string[] = [];
	/** Answer every request with this in the proxy's own name, instead of passing it on. */
	answer?: ProxyAnswer;
	/** Cut every connection as it comes. */
	cut = false;
	private server!: Server;
	private readonly sockets = new Set<Socket>();

	private constructor(private readonly expected: string) {}

	/** A proxy that lets through requests carrying `user` and `password`. */
	static async start(user: string, password: string): Promise<EchoProxy> {
		const proxy = new EchoProxy(`Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`);
		proxy.server = createServer((incoming, outgoing) => {
			proxy.seen.push(`${incoming.method} ${incoming.url}`);
			if (proxy.answer) {
				incoming.resume();
				outgoing.writeHead(proxy.answer.status, proxy.answer.headers).end(proxy.answer.body);
				return;
			}
			if (incoming.headers['proxy-authorization'] !== proxy.expected) {
				incoming.resume();
				outgoing.writeHead(407, { 'proxy-authenticate': 'Basic realm="site"' }).end();
				return;
			}
			const headers = { ...incoming.headers };
			delete headers['proxy-authorization'];
			delete headers['proxy-connection'];
			const onward = request(incoming.url ?? '', { method: incoming.method, headers }, (answer) => {
				outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
				answer.pipe(outgoing);
			});
			onward.on('error', () => outgoing.destroy());
			incoming.pipe(onward);
		});
		proxy.server.on('connection', (socket: Socket) => {
			if (proxy.cut) return void socket.destroy();
			proxy.sockets.add(socket);
			socket.on('close', () => proxy.sockets.delete(socket));
		});
		await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
		proxy.url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
		return proxy;
	}

	async close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}
