// A small platform for end-to-end tests of what a platform may echo or where it may redirect:
// a real HTTP server answering each route as a test says (`answers[route](request)`), and a
// second server on another port (another origin) that records whatever reaches it.
import { createServer } from 'node:http';

function listen(handler) {
	const server = createServer(handler);
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () => resolve({ server, port: server.address().port })),
	);
}

/**
 * answersOf(platform) → { '/oauth/token': (req) => reply, '/warehouse/check': (req) => reply, … },
 * each reply { status, reason, headers, json, raw }; a route without an answer gets 404.
 */
export async function startEchoPlatform(answersOf) {
	const answers = {};
	const elsewhereCalls = [];
	const elsewhere = await listen((req, res) => {
		elsewhereCalls.push({ url: req.url, authorization: req.headers.authorization });
		req.resume();
		res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[]}');
	});
	const calls = [];
	const platform = await listen((req, res) => {
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const route = (req.url ?? '').split('?')[0].replace(/^\/v1/, '');
			const body = Buffer.concat(chunks).toString('utf8');
			calls.push({ route, body, authorization: req.headers.authorization });
			const reply = answers[route]?.({ route, body: body ? JSON.parse(body) : {} }) ?? {
				status: 404,
				json: { error: { code: 'not_found', message: 'no such route' } },
			};
			const headers = { 'content-type': 'application/json', ...reply.headers };
			if (reply.reason) res.writeHead(reply.status ?? 200, reply.reason, headers);
			else res.writeHead(reply.status ?? 200, headers);
			res.end(reply.raw ?? (reply.json === undefined ? '' : JSON.stringify(reply.json)));
		});
	});
	const running = {
		baseUrl: `http://127.0.0.1:${platform.port}/v1`,
		elsewhere: `http://127.0.0.1:${elsewhere.port}`,
		calls,
		elsewhereCalls,
		async close() {
			for (const { server } of [platform, elsewhere]) {
				server.closeAllConnections();
				await new Promise((resolve) => server.close(resolve));
			}
		},
	};
	Object.assign(answers, answersOf(running));
	return running;
}
