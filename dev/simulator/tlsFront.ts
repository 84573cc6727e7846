/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * HTTPS in front of the simulator as a site has it: TLS ends at a gateway that passes each
 * connection on to the platform (here, its plain HTTP server on a loopback port of its own). The
 * gateway checks client certificates (mutual TLS) and refuses in the handshake or, as nginx does,
 * with a page of its own. (Node's HTTPS server drops keep-alive connections with "Parse Error:
 * Paused" when a client sends its next request while a large answer is still being written, which
 * a keep-alive client measuring against it does all the time.)
 */
import { connect, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { createServer, type TLSSocket } from 'node:tls';

export interface TlsOptions {
	cert: string;
	key: string;
	/** Only clients presenting a certificate this CA signed (mutual TLS). */
	clientCa?: string;
	/** How a client without one is refused: in the handshake (Node's and most gateways' way) or with nginx's HTTP 400 page. */
	refuseClients?: 'tls' | 'http';
}

export interface TlsFront {
	server: NetServer;
	/** The common names of the client certificates presented, in order. */
	clients: string[];
	close(): Promise<void>;
}

/** nginx's answer to a client certificate that is missing or not trusted (ssl_verify_client on). */
function refuseByPage(socket: TLSSocket): void {
	const presented = Object.keys(socket.getPeerCertificate() ?? {}).length > 0;
	const what = presented ? 'The SSL certificate error' : 'No required SSL certificate was sent';
	const page = `<html>\r\n<head><title>400 ${what}</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<center>${what}</center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
	socket.once('data', () =>
		socket.end(
			`HTTP/1.1 400 Bad Request\r\nServer: nginx\r\nContent-Type: text/html\r\nContent-Length: ${Buffer.byteLength(page)}\r\nConnection: close\r\n\r\n${page}`,
		),
	);
}

/** A TLS gateway on `port` passing connections to the HTTP server listening at `backend`. */
export async function startTlsFront(
	options: TlsOptions,
	backend: AddressInfo,
	port: number,
	host: string,
): Promise<TlsFront> {
	const clients: string[] = [];
	const sockets = new Set<Socket>();
	const byPage = options.clientCa !== undefined && options.refuseClients === 'http';
	const server = createServer(
		{
			cert: options.cert,
			key: options.key,
			...(options.clientCa
				? { ca: options.clientCa, requestCert: true, rejectUnauthorized: !byPage }
				: {}),
		},
		(secure) => {
			const name = secure.getPeerCertificate()?.subject?.CN;
			if (name) clients.push(String(name));
			if (byPage && !secure.authorized) return refuseByPage(secure);
			const inner = connect(backend.port, backend.address);
			// Small TLS records passed on at once, as a gateway does (Nagle's wait would add tens of ms).
			inner.setNoDelay(true);
			secure.setNoDelay(true);
			sockets.add(inner);
			inner.on('close', () => sockets.delete(inner));
			secure.pipe(inner).pipe(secure);
			inner.on('error', () => secure.destroy());
			secure.on('error', () => inner.destroy());
			secure.on('close', () => inner.destroy());
		},
	);
	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	// A client refused in the handshake is the test's business, not an error of the simulator.
	server.on('tlsClientError', () => undefined);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => resolve());
	});
	return {
		server,
		clients,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				for (const socket of sockets) socket.destroy();
			}),
	};
}
