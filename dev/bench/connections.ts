/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * What a connection costs a node, and whether n8n's request helper ever keeps one: requests sent one
 * at a time through n8n-core's own helper (OutboundHttp, which httpRequest and
 * httpRequestWithAuthentication end in) against the simulator in its own process, three ways:
 *   http          plain HTTP (the simulator on loopback);
 *   https public  HTTPS with a CA the process trusts already, as a public CA is (NODE_EXTRA_CA_CERTS):
 *                 the request carries no agentOptions at all;
 *   https private HTTPS with the CA passed as agentOptions.ca, as Trust a Private CA does;
 * each as the node sends them and with agentOptions.keepAlive, beside a keep-alive client (axios with
 * one agent for all its requests). Prints the connections the platform saw, the time per request and
 * the client process's CPU per request, for requests of one row (the connection is most of it) and
 * of 1,000 rows (the route's limit). Each measurement is a process of its own.
 *
 *   npm run bench connections [-- --requests 100 --runs 3]
 */
import '../../test/support/setup';

import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import axios from 'axios';
import { Agent } from 'node:http';
import { Agent as TlsAgent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IHttpRequestOptions } from 'n8n-workflow';

import {
	arg,
	erpItems,
	inChildProcess,
	loadAverage,
	measurementOrBenchmark,
	median,
	spread,
	withSimulator,
} from './support';

const TLS_DIR = join(tmpdir(), 'wms-bench-tls');
const WAYS = ['http', 'https public', 'https private'] as const;
const CLIENTS = ['n8n helper', 'n8n helper, keepAlive', 'keep-alive client'] as const;
type Way = (typeof WAYS)[number];
type Client = (typeof CLIENTS)[number];

interface Measured {
	connections: number;
	msPerRequest: number;
	cpuMsPerRequest: number;
}

async function measureOne(way: Way, client: Client, requests: number, rows: number) {
	const tls = way !== 'http';
	return await withSimulator(tls ? ['--tls', TLS_DIR] : [], async (platform) => {
		const token = (
			await axios.post(
				`${platform.baseUrl}/oauth/token`,
				{
					client_id: platform.clientId,
					client_secret: platform.clientSecret,
					grant_type: 'client_credentials',
				},
				platform.ca ? { httpsAgent: new TlsAgent({ ca: platform.ca }) } : {},
			)
		).data.access_token as string;
		const body = { items: erpItems(rows, 'CONN') };
		const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
		const agentOptions: IHttpRequestOptions['agentOptions'] = {
			...(way === 'https private' ? { ca: platform.ca } : {}),
			...(client === 'n8n helper, keepAlive' ? { keepAlive: true } : {}),
		};
		const helper = Container.get(OutboundHttp).requests();
		const agent = tls
			? new TlsAgent({ keepAlive: true, ...(way === 'https private' ? { ca: platform.ca } : {}) })
			: new Agent({ keepAlive: true });
		const send = async () => {
			if (client === 'keep-alive client')
				await axios.post(`${platform.baseUrl}/inventory/add`, body, {
					headers,
					httpAgent: agent,
					httpsAgent: agent,
				});
			else
				await helper.request({
					method: 'POST',
					url: `${platform.baseUrl}/inventory/add`,
					body,
					json: true,
					headers,
					...(Object.keys(agentOptions).length ? { agentOptions } : {}),
				});
		};
		for (let i = 0; i < 5; i++) await send(); // JIT, and the keep-alive client's connection
		await platform.control('/reset-stats', {});
		const cpu = process.cpuUsage();
		const t0 = process.hrtime.bigint();
		for (let i = 0; i < requests; i++) await send();
		const ms = Number(process.hrtime.bigint() - t0) / 1e6;
		const used = process.cpuUsage(cpu);
		agent.destroy();
		const load = await platform.control<{ connections: number }>('/load');
		return {
			connections: load.connections,
			msPerRequest: ms / requests,
			cpuMsPerRequest: (used.user + used.system) / 1000 / requests,
		} satisfies Measured;
	});
}

async function main(): Promise<void> {
	const requests = arg('requests', 100);
	const runs = arg('runs', 3);
	// The CA and the simulator's certificate are made once, before a process is told to trust the CA.
	await withSimulator(['--tls', TLS_DIR], async () => undefined);
	const before = loadAverage();
	console.log(
		`${requests} requests one at a time, each way and client a process of its own; medians of ${runs} runs (min–max)`,
	);
	console.log(
		`${'way'.padEnd(15)}${'client'.padEnd(24)}${'rows'.padEnd(6)}${'connections'.padEnd(13)}${'ms per request'.padEnd(24)}CPU ms per request (client)`,
	);
	for (const rows of [1, 1000])
		for (const way of WAYS)
			for (const client of CLIENTS) {
				const all: Measured[] = [];
				for (let run = 0; run < runs; run++)
					all.push(
						await inChildProcess<Measured>(
							[
								'--only',
								way,
								'--client',
								client,
								'--requests',
								String(requests),
								'--rows',
								String(rows),
							],
							`${way} ${client}`,
							way === 'https public' ? { NODE_EXTRA_CA_CERTS: join(TLS_DIR, 'ca.pem') } : {},
						),
					);
				const of = (f: (m: Measured) => number) => all.map(f);
				console.log(
					`${way.padEnd(15)}${client.padEnd(24)}${String(rows).padEnd(6)}${String(median(of((m) => m.connections))).padEnd(13)}${spread(of((m) => m.msPerRequest)).padEnd(24)}${spread(of((m) => m.cpuMsPerRequest))}`,
				);
			}
	console.log(`load average (1 min) before ${before}, after ${loadAverage()}`);
}

const option = (name: string) => process.argv[process.argv.indexOf(`--${name}`) + 1];

measurementOrBenchmark(async (only) => {
	if (!WAYS.includes(only as Way)) throw new Error(`--only takes ${WAYS.join(', ')}`);
	const client = option('client') as Client;
	if (!CLIENTS.includes(client)) throw new Error(`--client takes ${CLIENTS.join(', ')}`);
	return await measureOne(only as Way, client, arg('requests', 100), arg('rows', 1));
}, main);
