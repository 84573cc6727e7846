#!/usr/bin/env node
// `npm run simulator`: the WMS platform simulator alone, with demo data and automatic warehouse work.
// Options: --port <n> (default 8787 or next free), --no-build, --no-work (no automatic work),
//          --shape acme (another vendor's description), --contract <file> (another contract in our wire shapes).
import path from 'node:path';
import { ROOT, freePort, run, startSimulator } from './n8n-host.mjs';

const args = process.argv.slice(2);
const i = args.indexOf('--port');
const preferred = i >= 0 ? Number(args[i + 1]) : 8787;

if (!args.includes('--no-build')) {
	const { code, out } = await run(
		path.join(ROOT, 'node_modules', '.bin', 'tsc'),
		['-p', 'tsconfig.tools.json'],
		{ quiet: true },
	);
	if (code !== 0) {
		console.error(`tsc -p tsconfig.tools.json failed:\n${out}`);
		process.exit(1);
	}
}
const text = (name) => {
	const at = args.indexOf(name);
	return at >= 0 && args[at + 1] ? args[at + 1] : undefined;
};
const port = await freePort(preferred);
const sim = await startSimulator({
	port,
	host: '127.0.0.1',
	demoData: true,
	autoWork: args.includes('--no-work') ? false : { intervalMs: 30000 },
	shape: text('--shape'),
	contract: text('--contract') && path.resolve(text('--contract')),
});
const description = sim.description.get();
console.log(`WMS simulator
  base URL       ${sim.baseUrl}
  client id      ${sim.clientId}
  client secret  ${sim.clientSecret}
  description    ${description.label}: ${description.routes} routes
                 ${sim.description.urls.json} (or .yaml; bearer token)
  control        ${sim.baseUrl.replace(/\/v1\/?$/, '')}/_sim/stats
Ctrl-C stops it.`);
const stop = async () => {
	await sim.close();
	process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
