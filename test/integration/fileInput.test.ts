/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * Input → File through real n8n-core against the simulator: an ERP export on the input item (as
 * Read Files From Disk gives it, n8n keeping binary data in files and reading it back as a
 * stream, or in memory as n8n 1.x does), read row by row, every good row stored once, every bad
 * row reported with its line, and a file that is not what it says stopped at its line.
 */
import { mkdtempSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import {
	binaryText,
	useBinaryData,
	type Harness,
	type NodeUnderTest,
	type TestFile,
} from '../support/harness';
import { onAFreshPlatform } from '../support/platform';
import { waitFor } from '../support/simulatorClient';

const fromFile = (
	parameters: IDataObject = {},
	options: IDataObject = {},
	onError?: NodeUnderTest['onError'],
): NodeUnderTest => ({
	type: 'wmsInventory',
	parameters: { resource: 'item', operation: 'upsert', input: 'file', ...parameters, options },
	onError,
});

const csv = (fileName: string, text: string): TestFile => ({ fileName, text });

/** A CSV file of `rows` items on disk, SKUs `<prefix>-<n>`. */
function bigFile(rows: number, prefix: string): TestFile {
	const path = join(mkdtempSync(join(tmpdir(), 'wms-file-')), `${prefix}.csv`);
	const lines = ['sku,description,weight_kg'];
	for (let i = 0; i < rows; i++)
		lines.push(`${prefix}-${i},Item ${i} of a long ERP export,${(i % 100) / 10}`);
	writeFileSync(path, `${lines.join('\n')}\n`);
	return { fileName: `${prefix}.csv`, path };
}

/** Files this process has open under n8n's folder (its binary data among them). */
const openN8nFiles = () =>
	readdirSync('/proc/self/fd').flatMap((fd) => {
		try {
			const target = readlinkSync(`/proc/self/fd/${fd}`);
			return target.startsWith(process.env.N8N_USER_FOLDER!) ? [target] : [];
		} catch {
			return [];
		}
	});

/** The text of the CSV file on the summary item. */
const notStoredCsv = async (_harness: Harness, summary: INodeExecutionData) =>
	await binaryText(summary.binary!.data);

const ITEM_MASTER = [
	'\ufeffSKU;Description;Unit of Measure;Weight (kg);dimensions_cm.length;dimensions_cm.width;dimensions_cm.height;barcodes',
	'FI-1;Bolt M8;EA;0,25;10;5;2;4000000000011',
	'FI-2;"Nut; zinc ""A2""";EA;0,5;1,5;1,5;1;"4000000000028,4000000000035"',
	'FI-3;"Washer',
	'large";EA;-1;2;2;0,5;',
	'FI-4;Pipe 12" long;M;3,75;;;;',
	'',
].join('\r\n');

describe.each(['filesystem', 'memory'] as const)(
	'WMS Inventory from a file (n8n binary data in %s)',
	(mode) => {
		let sim: RunningSimulator;
		let harness: Harness;
		onAFreshPlatform({}, (platform) => ({ sim, harness } = platform));
		beforeAll(async () => await useBinaryData(mode));

		it('stores every good row once with its values read as the ERP wrote them, and reports the bad row with its line', async () => {
			const { outputs, error } = await harness.runFiles(fromFile(), [
				csv('items.csv', ITEM_MASTER),
			]);
			expect(error).toBeUndefined();
			const [notStored, [summary]] = outputs;
			expect(summary.json).toMatchObject({
				outcome: 'some_not_stored',
				file: 'items.csv',
				rows_read: 4,
				stored: 3,
				unchanged: 0,
				refused: 1,
				not_confirmed: 0,
				requests: 1,
			});
			expect(summary.json.message).toMatch(
				/^1 of 4 rows of items\.csv are not stored; 3 created or changed/,
			);
			expect(summary.pairedItem).toEqual({ item: 0 });
			expect(notStored.map((item) => item.json)).toEqual([
				{
					row: 3,
					line: 4,
					sku: 'FI-3',
					outcome: 'refused',
					field: 'weight_kg',
					reason: 'weight_kg must be 0 or more (got -1)',
					retryable: false,
				},
			]);
			expect(sim.store.get('inventory_item', 'FI-1')).toMatchObject({
				description: 'Bolt M8',
				weight_kg: 0.25,
				dimensions_cm: { length: 10, width: 5, height: 2 },
				barcodes: ['4000000000011'],
			});
			expect(sim.store.get('inventory_item', 'FI-2')).toMatchObject({
				description: 'Nut; zinc "A2"',
				dimensions_cm: { length: 1.5, width: 1.5, height: 1 },
				barcodes: ['4000000000028', '4000000000035'],
			});
			expect(sim.store.get('inventory_item', 'FI-4')).toMatchObject({
				description: 'Pipe 12" long',
				weight_kg: 3.75,
			});
			expect(sim.store.get('inventory_item', 'FI-3')).toBeUndefined();
			// The refused row goes back to the ERP as it came, in the file's own delimiter.
			expect(await notStoredCsv(harness, summary)).toBe(
				[
					'row;line;outcome;field;reason;SKU;Description;Unit of Measure;Weight (kg);dimensions_cm.length;dimensions_cm.width;dimensions_cm.height;barcodes',
					'3;4;refused;weight_kg;weight_kg must be 0 or more (got -1);FI-3;"Washer\r\nlarge";EA;-1;2;2;0,5;',
					'',
				].join('\r\n'),
			);
		});

		it("reads 20,000 rows in requests of the route's size, each row stored once", async () => {
			const folder = mkdtempSync(join(tmpdir(), 'wms-file-'));
			const path = join(folder, 'big.csv');
			const lines = ['sku,description,weight_kg'];
			for (let i = 0; i < 20000; i++) lines.push(`BIG-${i},Item ${i},${(i % 100) / 10}`);
			writeFileSync(path, `${lines.join('\n')}\n`);
			const { outputs } = await harness.runFiles(fromFile(), [{ fileName: 'big.csv', path }]);
			expect(outputs[1][0].json).toMatchObject({
				rows_read: 20000,
				stored: 20000,
				refused: 0,
				requests: 20,
			});
			expect(outputs[0]).toEqual([]);
			expect(sim.stats().items['/inventory/add']).toBe(20000);
			expect(sim.store.get('inventory_item', 'BIG-19999')).toMatchObject({ weight_kg: 9.9 });
		});
	},
);

describe('WMS Inventory from a file: formats, columns, outputs', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({}, (platform) => ({ sim, harness } = platform));
	beforeAll(async () => await useBinaryData('filesystem'));

	it('reads JSON Lines and a JSON array, renaming keys by Column Mapping', async () => {
		const mapping = { columns: [{ column: 'Artikel', field: 'sku' }] };
		const lines =
			'{"Artikel":"JL-1","description":"One"}\n\n{"Artikel":"JL-2","description":"Two","weightKg":"1.5"}\n';
		const array =
			'[\n  {"Artikel": "JA-1", "description": "One"},\n  {"Artikel": "JA-2", "description": ["x"]}\n]';
		const { outputs, error } = await harness.runFiles(fromFile({ columnMapping: mapping }), [
			csv('items.jsonl', lines),
			csv('items.json', array),
		]);
		expect(error).toBeUndefined();
		const [notStored, summaries] = outputs;
		expect(summaries.map((item) => [item.json.file, item.json.stored, item.json.refused])).toEqual([
			['items.jsonl', 2, 0],
			['items.json', 1, 1],
		]);
		expect(summaries.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(
			notStored.map((item) => [item.json.line, item.json.sku, item.json.field, item.pairedItem]),
		).toEqual([[3, 'JA-2', 'description', { item: 1 }]]);
		expect(sim.store.get('inventory_item', 'JL-2')).toMatchObject({ weight_kg: 1.5 });
	});

	it('with Output → Every Record, gives each row its result or its error, naming record and line', async () => {
		const file = csv('items.csv', 'sku,description,weight_kg\nER-1,One,1\nER-2,Two,heavy\n');
		const { outputs } = await harness.runFiles(
			fromFile({}, { output: 'everyRecord' }, 'continueRegularOutput'),
			[file],
		);
		expect(outputs).toHaveLength(1);
		expect(outputs[0].map((item) => item.json.row ?? (item.json.error as IDataObject).row)).toEqual(
			[1, 2],
		);
		expect(outputs[0][0].json).toMatchObject({ row: 1, line: 2, sku: 'ER-1', status: 'created' });
		expect(outputs[0][1].json.message).toBe(
			'Inventory item ER-2 (row 2, line 3): weight_kg must be a number (got "heavy")',
		);
	});

	it('with Output → Every Record and no continue-on-fail, stores the good rows and then fails naming the first bad one', async () => {
		const file = csv('items.csv', 'sku,description\nES-1,One\nES-2,\nES-3,Three\n');
		const { error } = await harness.runFiles(fromFile({}, { output: 'everyRecord' }), [file]);
		expect(error?.message).toBe(
			'Inventory item ES-2 (row 2, line 3): description is required but missing or empty',
		);
		expect(error?.description).toMatch(/^2 of 3 rows were confirmed as stored/);
		expect(sim.store.get('inventory_item', 'ES-3')).toBeDefined();
	});

	it('a row is sent with its values checked (a yes, a list of barcodes) and, with Include Input Fields, shown as the file has them', async () => {
		const file = csv(
			'items.csv',
			'sku,description,batch_tracked,barcodes\nIP-1,One,yes,4000000000011\nIP-2,Two,no,"4000000000028, 4000000000035"\n',
		);
		const { outputs } = await harness.runFiles(
			fromFile({}, { output: 'everyRecord', includeInputFields: true }),
			[file],
		);
		expect(outputs[0].map((item) => item.json)).toEqual([
			expect.objectContaining({
				sku: 'IP-1',
				batch_tracked: 'yes',
				barcodes: '4000000000011',
				status: 'created',
			}),
			expect.objectContaining({
				sku: 'IP-2',
				batch_tracked: 'no',
				barcodes: '4000000000028, 4000000000035',
				status: 'created',
			}),
		]);
		expect(sim.store.get('inventory_item', 'IP-1')).toMatchObject({
			batch_tracked: true,
			barcodes: ['4000000000011'],
		});
		expect(sim.store.get('inventory_item', 'IP-2')).toMatchObject({
			batch_tracked: false,
			barcodes: ['4000000000028', '4000000000035'],
		});
	});

	it('a row whose values are checked before a column left out is sent with both: the checked values, without the column', async () => {
		const file = csv(
			'export.csv',
			'sku,description,batch_tracked,weight_kg,price\nLC-1,One,yes,1.5,9.99\n',
		);
		const { outputs, error } = await harness.runFiles({ ...fromFile(), typeVersion: 2 }, [file]);
		expect(error).toBeUndefined();
		expect(outputs[1][0].json).toMatchObject({ rows_read: 1, stored: 1, refused: 0 });
		const stored = sim.store.get('inventory_item', 'LC-1');
		expect(stored).toMatchObject({ batch_tracked: true, weight_kg: 1.5 });
		expect(stored).not.toHaveProperty('price');
	});

	it('a column the platform has no field for: version 1 refuses the file at its header, version 2 leaves it out and says so once', async () => {
		const file = csv(
			'export.csv',
			'sku,description,price\nLO-1,Left out one,1.50\nLO-2,Left out two,2.50\n',
		);
		const v1 = await harness.runFiles(fromFile(), [file]);
		expect(v1.error?.message).toMatch(/a column "price" that is no field of the inventory item/);
		expect(sim.store.get('inventory_item', 'LO-1')).toBeUndefined();

		const v2 = await harness.runFiles({ ...fromFile(), typeVersion: 2 }, [file]);
		expect(v2.error).toBeUndefined();
		expect(v2.outputs[1][0].json).toMatchObject({ rows_read: 2, stored: 2, refused: 0 });
		expect(sim.store.get('inventory_item', 'LO-2')).not.toHaveProperty('price');
		const hints = (
			(v2.run.data.resultData.runData.WMS as Array<{ hints?: Array<{ message: string }> }>)[0]
				.hints ?? []
		).map((hint) => hint.message);
		expect(hints).toEqual([
			'Not sent, because the platform has no such fields: price (2 rows). To send a column as it is, rename it with an x_ prefix (x_price); to have such items fail instead, set Options → Unknown Fields to Fail the Item.',
		]);
	});

	it('stops a file that is not what it says at its line, before sending anything', async () => {
		const cases: Array<[string, RegExp]> = [
			[
				'sku,weight_kg\nA,1\n',
				/^Line 1 of "x\.csv" \(the header\) has no column for Description \(description\)/,
			],
			[
				'A-1;Bolt\nA-2;Nut\n',
				/^Line 1 of "x\.csv" \(the header\) names no field of the inventory item \(its columns: "A-1", "Bolt"\)\. Does the file start with a header line/,
			],
			['sku|descr\nA|B\n', /has a column "descr" that is no field of the inventory item: map it/],
			[
				'sku;description\nA;"open\nB;x\n',
				/^Line 2 of "x\.csv" opens a quoted cell \(column 2\) that is never closed/,
			],
		];
		for (const [text, message] of cases) {
			const { error } = await harness.runFiles(fromFile(), [csv('x.csv', text)]);
			expect(error?.message).toMatch(message);
		}
		const { error } = await harness.runFiles(fromFile({ fileOptions: { delimiter: ';' } }), [
			csv('x.csv', 'sku,description\nA,B\n'),
		]);
		expect(error?.message).toMatch(/It has one column only: is the Delimiter right/);
		expect(sim.stats().requests['/inventory/add'] ?? 0).toBe(0);
	});

	it("under continue-on-fail, a file that cannot be read is its item's error and the next file is read", async () => {
		const { outputs } = await harness.runFiles(fromFile({}, {}, 'continueRegularOutput'), [
			{ fileName: 'none.csv', text: 'x', property: 'other' },
			csv('good.csv', 'sku,description\nCF-1,One\n'),
		]);
		const [, summaries] = outputs;
		expect(summaries[0].json.message).toBe(
			'The 1st input item has no file in its binary field "data"',
		);
		expect(summaries[1].json).toMatchObject({ file: 'good.csv', stored: 1 });
	});

	it('a give-up stops the read: the rows not confirmed are named, nothing after them was read or sent', async () => {
		sim.faults.add({ route: '/inventory/add', kind: '503', after: 2 });
		const { outputs, error } = await harness.runFiles(
			fromFile({}, { requestsInParallel: 1, maxAttempts: 1 }),
			[bigFile(100000, 'GU')],
		);
		expect(error).toBeUndefined();
		const [notStored, [summary]] = outputs;
		const json = summary.json;
		expect(json).toMatchObject({ outcome: 'stopped', stored: 2000, refused: 0 });
		expect(json.rows_read).toBeLessThan(100000);
		// The request given up on may be stored; the rows read after it were never sent, and say so.
		const read = Number(json.rows_read);
		expect(json.not_confirmed).toBe(1000);
		expect(json.not_confirmed_rows).toBe('2,001–3,000');
		if (read > 3000)
			expect(json).toMatchObject({
				not_sent: read - 3000,
				not_sent_rows: read > 3001 ? `3,001–${read.toLocaleString('en-US')}` : '3,001',
			});
		expect(json.not_read_after_line).toBe(read + 1);
		expect(json.message).toMatch(
			/^Stopped: .*HTTP 503.*Rows 2,001–3,000 are not confirmed as stored\.( [\d,]+ not sent \(rows 3,001[–\d,]*\): nothing of them reached the platform, so running the node again is safe for them once the cause is put right\.)? The file was not read past line [\d,]+\. Running the node again is safe/,
		);
		expect(notStored[0].json).toMatchObject({
			row: 2001,
			line: 2002,
			sku: 'GU-2000',
			outcome: 'not_confirmed',
			retryable: true,
		});
		expect(sim.store.list('inventory_item').length).toBe(2000);
		expect(sim.stats().requests['/inventory/add']).toBe(3);
	});

	it('Stop ends the read of the file and every request in flight', async () => {
		sim.latency.set({ roundTripMs: 100 });
		const sent = () => sim.stats().requests['/inventory/add'] ?? 0;
		const before = openN8nFiles().length;
		let atStop = 0;
		await harness.runFiles(
			fromFile({}, { batchSize: 100, requestsInParallel: 4 }),
			[bigFile(50000, 'ST')],
			async (cancel) => {
				await waitFor(() => sent() >= 6);
				atStop = sent();
				cancel();
			},
		);
		await expect(harness.nodeTypes.lastExecute).rejects.toThrow(/Execution cancelled/);
		expect(sent()).toBeLessThanOrEqual(atStop + 4);
		expect(sim.store.list('inventory_item').length).toBeLessThan(50000);
		// The file n8n gave the node is closed again (closing a file finishes a moment after the read stops).
		await waitFor(() => openN8nFiles().length <= before);
	});

	it('with Output → Failures and a Summary, reports input items the same way', async () => {
		const { outputs } = await harness.run(
			{
				type: 'wmsInventory',
				parameters: {
					resource: 'item',
					operation: 'upsert',
					fieldsToSend: 'inputItem',
					options: { output: 'summary' },
				},
			},
			[{ sku: 'IS-1', description: 'One' }, { sku: 'IS-2' }],
		);
		const [notStored, [summary]] = outputs;
		expect(summary.json).toMatchObject({ rows_read: 2, stored: 1, refused: 1 });
		expect(summary.pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
		expect(notStored.map((item) => [item.json, item.pairedItem])).toEqual([
			[
				{
					item: 1,
					sku: 'IS-2',
					outcome: 'refused',
					field: 'description',
					reason: 'description is required but missing or empty',
					retryable: false,
				},
				{ item: 1 },
			],
		]);
	});
});
