#!/usr/bin/env node
// A real outbound HTTP proxy (the `proxy` package, the Squid-like proxy of the http-proxy-agent
// family) in a process of its own, as a site's proxy is: for tests, and to try the credential's
// proxy settings by hand. Prints its URL, then one JSON line per request it was asked to forward:
// {"method":"CONNECT","target":"127.0.0.1:8787","user":"wms","allowed":true} (CONNECT for https).
//
// Usage: node dev/scripts/forward-proxy.mjs [--port 0] [--user <name> --password <password>]
import http from 'node:http';
import { createProxy } from 'proxy';

const args = process.argv.slice(2);
const option = (name, fallback) => {
	const i = args.indexOf(`--${name}`);
	return i >= 0 ? args[i + 1] : fallback;
};
const user = option('user');
const password = option('password', '');

const server = createProxy(http.createServer());
server.authenticate = (req) => {
	const header = /^Basic\s+(\S+)$/i.exec(req.headers['proxy-authorization'] ?? '');
	const given = header ? Buffer.from(header[1], 'base64').toString('utf8') : undefined;
	const givenUser = given === undefined ? null : given.slice(0, given.indexOf(':'));
	const allowed = user === undefined || given === `${user}:${password}`;
	process.stdout.write(
		`${JSON.stringify({ method: req.method, target: req.url, user: givenUser, allowed })}\n`,
	);
	return allowed;
};
server.listen(Number(option('port', 0)), '127.0.0.1', () => {
	process.stdout.write(`Proxy URL: http://127.0.0.1:${server.address().port}\n`);
});
// Tunnels still open end with the process.
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
