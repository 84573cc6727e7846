/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * What the file benchmarks share: an ERP item master as a CSV file (semicolon, decimal comma,
 * about 150 bytes a row, written once per size into the temp folder, never committed), and the
 * bare client that streams the same file to the platform the way a person would write it by
 * hand: csv-parse, the columns put into records, 1,000 records per request, 4 requests in flight
 * over one keep-alive connection pool. It does no checking: it is the floor.
 */
import axios from 'axios';
import { parse } from 'csv-parse';
import {
	createReadStream,
	createWriteStream,
	existsSync,
	mkdirSync,
	renameSync,
	statSync,
} from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';

export const SKU_PREFIX = 'FILE-';
export const CATEGORY = 'Nightly item master';

const HEADER = [
	'SKU',
	'Description',
	'Unit of Measure',
	'Weight (kg)',
	'dimensions_cm.length',
	'dimensions_cm.width',
	'dimensions_cm.height',
	'Barcodes',
	'Country of Origin',
	'HS Code',
	'Category',
	'Batch Tracked',
	'Notes',
];

const sku = (i: number) => `${SKU_PREFIX}${String(i).padStart(7, '0')}`;

function row(i: number): string {
	const weight = `${Math.floor(i / 7) % 40},${String(i % 100).padStart(2, '0')}`;
	return [
		sku(i),
		`"Hex bolt M${8 + (i % 5)}x${20 + (i % 60)}; zinc plated, box ${i % 250}"`,
		'EA',
		weight,
		'10',
		'5,5',
		'2',
		`4${String(i).padStart(12, '0')}`,
		'DE',
		'731815',
		CATEGORY,
		i % 3 === 0 ? 'yes' : 'no',
		`ERP row ${i}`,
	].join(';');
}

/** The item master of `rows` rows, written once into the temp folder; answers its path and size. */
export async function itemMasterFile(rows: number): Promise<{ path: string; mb: number }> {
	const folder = join(tmpdir(), 'wms-bench-files');
	mkdirSync(folder, { recursive: true });
	const path = join(folder, `item-master-${rows}.csv`);
	if (!existsSync(path)) {
		const partial = `${path}.partial`;
		const out = createWriteStream(partial);
		const write = (text: string) =>
			new Promise<void>((resolve) => (out.write(text) ? resolve() : out.once('drain', resolve)));
		await write(`${HEADER.join(';')}\r\n`);
		for (let start = 0; start < rows; start += 10000) {
			const lines: string[] = [];
			for (let i = start; i < Math.min(rows, start + 10000); i++) lines.push(row(i));
			await write(`${lines.join('\r\n')}\r\n`);
		}
		await new Promise<void>((resolve) => out.end(resolve));
		renameSync(partial, path);
	}
	return { path, mb: statSync(path).size / 2 ** 20 };
}

const number = (text: string) => Number(text.replace(',', '.'));

/** A row of the file as the record a person would send by hand. */
function record(cells: Record<string, string>): IDataObject {
	return {
		sku: cells.SKU,
		description: cells.Description,
		unit_of_measure: cells['Unit of Measure'],
		weight_kg: number(cells['Weight (kg)']),
		dimensions_cm: {
			length: number(cells['dimensions_cm.length']),
			width: number(cells['dimensions_cm.width']),
			height: number(cells['dimensions_cm.height']),
		},
		barcodes: cells.Barcodes.split(','),
		country_of_origin: cells['Country of Origin'],
		hs_code: cells['HS Code'],
		category: cells.Category,
		batch_tracked: cells['Batch Tracked'] === 'yes',
		notes: cells.Notes,
	};
}

/** Streams the file to the platform: csv-parse, 1,000 records per request, `inFlight` requests at once. Answers the requests sent. */
export async function bareClient(
	path: string,
	platform: { baseUrl: string; clientId: string; clientSecret: string },
	inFlight = 4,
): Promise<number> {
	const agent = new Agent({ keepAlive: true });
	const client = axios.create({ baseURL: platform.baseUrl, httpAgent: agent });
	try {
		const token = (
			await client.post('/oauth/token', {
				client_id: platform.clientId,
				client_secret: platform.clientSecret,
				grant_type: 'client_credentials',
			})
		).data.access_token as string;
		const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
		const running = new Set<Promise<unknown>>();
		let requests = 0;
		let chunk: IDataObject[] = [];
		const send = async (items: IDataObject[]) => {
			while (running.size >= inFlight) await Promise.race(running);
			const request = client.post('/inventory/add', { items }, { headers });
			requests++;
			running.add(request);
			void request.finally(() => running.delete(request)).catch(() => undefined);
		};
		const parser = createReadStream(path).pipe(parse({ delimiter: ';', columns: true, bom: true }));
		for await (const cells of parser as AsyncIterable<Record<string, string>>) {
			chunk.push(record(cells));
			if (chunk.length === 1000) {
				await send(chunk);
				chunk = [];
			}
		}
		if (chunk.length) await send(chunk);
		await Promise.all(running);
		return requests;
	} finally {
		agent.destroy();
	}
}

/**
 * `node fileSupport.js <file> <base URL> <client ID> <client secret> [in flight]`: the bare client in
 * a process of its own, as a client program would be (beside a simulator running in the caller's
 * process); prints `RESULT {"seconds", "cpuSeconds", "requests"}` (its CPU, user and system, over the same time).
 */
if (require.main === module) {
	const [path, baseUrl, clientId, clientSecret, inFlight = '4'] = process.argv.slice(2);
	const t0 = process.hrtime.bigint();
	const cpu = process.cpuUsage();
	bareClient(path, { baseUrl, clientId, clientSecret }, Number(inFlight))
		.then((requests) => {
			const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
			const used = process.cpuUsage(cpu);
			const cpuSeconds = (used.user + used.system) / 1e6;
			console.log(`RESULT ${JSON.stringify({ seconds, cpuSeconds, requests })}`);
		})
		.catch((error) => {
			console.error(error);
			process.exit(1);
		});
}
