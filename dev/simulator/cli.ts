/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/** `node .tools/dev/simulator/cli.js --port 8787 --demo --auto-work-ms 30000 [--tls <dir>]` */
import path from 'node:path';

import { siteCertificates } from './certificates';
import type { TokenRequestFormat } from './gateway';
import {
	SHAPES,
	startSimulator,
	type DescriptionOptions,
	type FaultRule,
	type LatencyModel,
	type RunningSimulator,
} from './index';

export interface Args {
	port: number;
	demo: boolean;
	autoWorkMs?: number;
	host?: string;
	faultSeed?: number;
	faults: FaultRule[];
	latency: LatencyModel;
	rateLimit?: number;
	/** Serve HTTPS with a CA and certificate kept in this folder (made there when missing). */
	tls?: string;
	/** An OAuth gateway in front of the token route that takes only this format. */
	gateway?: TokenRequestFormat;
	scope?: string;
	audience?: string;
	/** Whose description the platform speaks: ours (default) or a shape's (acme). */
	shape?: string;
	/** Another contract file (our wire shapes) to serve and validate against. */
	contract?: string;
	description: DescriptionOptions;
}

const LATENCY_FLAGS: Record<string, keyof LatencyModel> = {
	'--latency-ms': 'roundTripMs',
	'--per-row-ms': 'perRowMs',
	'--per-record-ms': 'perRecordMs',
	'--connect-ms': 'connectMs',
	'--servers': 'servers',
};

export function parseArgs(argv: string[]): Args {
	const out: Args = { port: 8787, demo: false, faults: [], latency: {}, description: {} };
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		const value = () => inline ?? argv[++i];
		if (flag === '--port') out.port = Number(value());
		else if (flag === '--host') out.host = value();
		else if (flag === '--demo') out.demo = true;
		else if (flag === '--auto-work-ms') out.autoWorkMs = Number(value());
		else if (flag === '--fault-seed') out.faultSeed = Number(value());
		else if (flag === '--fault') out.faults.push(JSON.parse(value()) as FaultRule);
		else if (Object.hasOwn(LATENCY_FLAGS, flag)) out.latency[LATENCY_FLAGS[flag]] = Number(value());
		else if (flag === '--rate-limit') out.rateLimit = Number(value());
		else if (flag === '--tls') out.tls = path.resolve(value());
		else if (flag === '--gateway') out.gateway = value() as TokenRequestFormat;
		else if (flag === '--scope') out.scope = value();
		else if (flag === '--audience') out.audience = value();
		else if (flag === '--shape') out.shape = value();
		else if (flag === '--contract') out.contract = path.resolve(value());
		else if (flag === '--description-open') out.description.requireToken = false;
		else if (flag === '--description-path')
			out.description.paths = [...(out.description.paths ?? []), value()];
		else if (flag === '--description-other-origin') out.description.otherOrigin = true;
		else if (flag === '--help' || flag === '-h') {
			process.stdout.write(
				`usage: simulator [--port 8787] [--host 127.0.0.1] [--demo] [--auto-work-ms 30000] [--fault-seed N] [--fault '{"route":"*","kind":"429","probability":0.1}']...\n` +
					`                 [--latency-ms 50] [--per-row-ms 0.01] [--per-record-ms 0.01] [--connect-ms 100] [--servers 2] [--rate-limit 5]\n` +
					`                 [--tls <dir>] [--gateway json|form|basic] [--scope <scope>] [--audience <audience>]\n` +
					`                 [--shape ours|${Object.keys(SHAPES).join('|')}] [--contract <openapi.yaml|json>] [--description-open]\n` +
					`                 [--description-path /docs/wms.yaml]... [--description-other-origin]\n`,
			);
			process.exit(0);
		} else throw new Error(`unknown argument ${argv[i]} (try --help)`);
	}
	if (!Number.isInteger(out.port) || out.port < 0) throw new Error('--port must be a port number');
	if (out.autoWorkMs !== undefined && !(out.autoWorkMs > 0))
		throw new Error('--auto-work-ms must be a positive number');
	if (out.gateway !== undefined && !['json', 'form', 'basic'].includes(out.gateway))
		throw new Error('--gateway takes json, form or basic');
	if (out.shape !== undefined && out.shape !== 'ours' && !Object.hasOwn(SHAPES, out.shape))
		throw new Error(`--shape takes ours or ${Object.keys(SHAPES).join(', ')}`);
	return out;
}

function describeTiming({ latency, rateLimit }: Args): string {
	const parts = Object.entries(LATENCY_FLAGS)
		.filter(([, field]) => latency[field])
		.map(([flag, field]) => `${flag.slice(2)} ${latency[field]}`);
	if (rateLimit !== undefined) parts.push(`rate limit ${rateLimit} requests/s per client`);
	return parts.length ? parts.join(', ') : 'loopback (no latency, no rate limit)';
}

/** The banner's lines on the description served: whose, and where. */
export function describeDescription(sim: RunningSimulator): string[] {
	const info = sim.description.get();
	const { urls } = sim.description;
	return [
		`  Description:   ${info.label}: ${info.routes} routes, ${info.requireToken ? 'a bearer token needed to read it' : 'no token needed to read it'}`,
		`                 ${urls.json} and ${urls.yaml.replace(/.*\//, '')}`,
		...urls.paths.map((url) => `                 ${url}`),
		...(urls.otherOrigin ? [`                 another origin: ${urls.otherOrigin.json}`] : []),
	];
}

async function main(): Promise<void> {
	const args = parseArgs(process.argv.slice(2));
	const certificates = args.tls ? siteCertificates(args.tls) : undefined;
	const gateway =
		args.gateway || args.scope || args.audience
			? { accepts: args.gateway ?? 'json', scope: args.scope, audience: args.audience }
			: undefined;
	const sim = await startSimulator({
		port: args.port,
		host: args.host,
		demoData: args.demo,
		autoWork: args.autoWorkMs ? { intervalMs: args.autoWorkMs } : false,
		faultSeed: args.faultSeed,
		faults: args.faults,
		latency: args.latency,
		rateLimit: args.rateLimit === undefined ? undefined : { requestsPerSecond: args.rateLimit },
		tls: certificates?.server,
		tokenGateway: gateway,
		shape: args.shape,
		contract: args.contract,
		description: args.description,
	});
	process.stdout.write(
		[
			'WMS platform simulator running',
			`  Base URL:      ${sim.baseUrl}`,
			`  Client ID:     ${sim.clientId}`,
			`  Client Secret: ${sim.clientSecret}`,
			`  Demo data:     ${args.demo ? 'yes' : 'no'}; automatic work: ${args.autoWorkMs ? `every ${args.autoWorkMs} ms` : 'off'}`,
			`  Timing:        ${describeTiming(args)}`,
			...describeDescription(sim),
			...(certificates
				? [
						`  HTTPS:         certificate signed by the CA in ${path.join(args.tls!, 'ca.pem')}:`,
						'                 paste that file into the credential under Trust a Private CA → CA Certificate',
					]
				: []),
			...(gateway
				? [
						`  Token route:   behind an OAuth gateway taking ${gateway.accepts}${gateway.scope ? `, scope ${gateway.scope}` : ''}${gateway.audience ? `, audience ${gateway.audience}` : ''}`,
					]
				: []),
			`  Control API:   ${sim.baseUrl.replace(/\/v1$/, '')}/_sim/stats (work, faults, latency, rate limit, store)`,
			'',
		].join('\n'),
	);
	const stop = () => void sim.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

if (require.main === module) {
	main().catch((err) => {
		process.stderr.write(`simulator: ${(err as Error).message}\n`);
		process.exit(1);
	});
}
