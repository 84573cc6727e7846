// The nightly item master from a file: the sample export (examples/data/item-master.csv) read from
// disk by n8n's Read Files From Disk, every good row on the platform with the file's values, the
// one bad row (a negative weight) not, and written back as a CSV file for the ERP team.
// The example reads /home/node/.n8n-files/erp (n8n's Docker home); here it reads and writes a
// folder of this run under ~/.n8n-files, the only place n8n 2.x reads by default: the two paths of
// the saved workflow are pointed there, nothing else of it changes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { workflowForImport } from '../../../dev/n8n-host/lib/client.mjs';

const EXAMPLE_FOLDER = '/home/node/.n8n-files/erp/';
let folder;

export async function before(ctx, example) {
	const files = path.join(os.homedir(), '.n8n-files');
	fs.mkdirSync(files, { recursive: true });
	folder = fs.mkdtempSync(path.join(files, 'wms-e2e-'));
	ctx.onCleanup?.(() => fs.rmSync(folder, { recursive: true, force: true }));
	fs.copyFileSync(
		path.join(ctx.root, 'examples', 'data', 'item-master.csv'),
		path.join(folder, 'item-master.csv'),
	);
	const nodes = example.source.nodes.map((node) =>
		node.type === 'n8n-nodes-base.readWriteFile'
			? {
					...node,
					parameters: Object.fromEntries(
						Object.entries(node.parameters).map(([name, value]) => [
							name,
							typeof value === 'string' ? value.replaceAll(EXAMPLE_FOLDER, `${folder}/`) : value,
						]),
					),
				}
			: node,
	);
	assert.ok(
		JSON.stringify(nodes).split(`${folder}/`).length === 3,
		'the example no longer reads and writes under /home/node/.n8n-files/erp/',
	);
	await ctx.client.api(
		'PUT',
		`/workflows/${example.id}`,
		workflowForImport({ ...example.source, nodes }, ctx.credential),
	);
}

export async function after(ctx, example, execution) {
	const runData = execution.data.resultData.runData;
	const [notStored, [summary]] = runData['WMS Inventory'][0].data.main;
	assert.deepEqual(
		{ ...summary.json, seconds: undefined, message: undefined },
		{
			outcome: 'some_not_stored',
			message: undefined,
			file: 'item-master.csv',
			rows_read: 6,
			stored: summary.json.stored,
			unchanged: summary.json.unchanged,
			refused: 1,
			not_confirmed: 0,
			seconds: undefined,
			requests: 1,
			not_stored_listed: 1,
		},
	);
	assert.equal(Number(summary.json.stored) + Number(summary.json.unchanged), 5);
	assert.deepEqual(
		notStored.map((item) => [item.json.sku, item.json.line, item.json.field]),
		[['FILE-BAD-1', 6, 'weight_kg']],
	);
	const store = (sku) => ctx.simulator.store.get('inventory_item', sku);
	assert.equal(
		store('FILE-KIT-1')?.description,
		'Fixing kit; 12 bolts, 12 nuts (from the nightly file)',
	);
	assert.equal(store('FILE-PIPE-1')?.weight_kg, 2.4);
	assert.deepEqual(store('FILE-LABEL-1')?.barcodes, ['4006381333955', '4006381333962']);
	assert.equal(store('FILE-BAD-1'), undefined, 'the refused row is on the platform');
	const written = fs
		.readdirSync(folder)
		.filter((file) => file.startsWith('item-master-not-stored-'));
	assert.equal(written.length, 1, `no refused rows file in ${folder}`);
	const text = fs.readFileSync(path.join(folder, written[0]), 'utf8');
	assert.match(text, /^row;line;outcome;field;reason;SKU;Description;/);
	assert.match(
		text,
		/\r\n5;6;refused;weight_kg;weight_kg must be 0 or more \(got -0\.01\);FILE-BAD-1;/,
	);
}
