// Free loopback ports: every n8n process, the simulator, Postgres and Redis pick their own, so that
// several checkouts can run side by side. Used through dev/scripts/n8n-host.mjs.
import net from 'node:net';

export function portIsFree(port, host = '127.0.0.1') {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, host, () => server.close(() => resolve(true)));
	});
}

/** The preferred port if free, else the next free one above it (or any free port with 0). */
export async function freePort(preferred = 0, exclude = []) {
	if (preferred) {
		for (let port = preferred; port < preferred + 100; port++) {
			if (!exclude.includes(port) && (await portIsFree(port))) return port;
		}
	}
	for (;;) {
		const port = await new Promise((resolve, reject) => {
			const server = net.createServer();
			server.once('error', reject);
			server.listen(0, '127.0.0.1', () => {
				const { port: p } = server.address();
				server.close(() => resolve(p));
			});
		});
		if (!exclude.includes(port)) return port;
	}
}
