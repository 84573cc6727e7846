// The nightly item master from a file: the sample export (examples/data/item-master.csv) read from
// disk by n8n's Read Files From Disk, every good row on the platform with the file's values, the
// one bad row (a negative weight) not, and written back as a CSV file for the ERP team.
// It runs as under `npm start`: the example saved with n8n's Docker path, imported pointing at the
// files folder n8n may use (N8N_RESTRICT_FILE_ACCESS_TO), where the sample export was put.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

let folder;

export async function before(ctx, example) {
	folder = path.join(ctx.filesFolder, 'erp');
	const read = example.workflow.nodes.find((n) => n.name === 'Read ERP export');
	assert.equal(
		read.parameters.fileSelector,
		path.join(folder, 'item-master.csv'),
		'the imported example does not read the export from the files folder',
	);
	assert.ok(fs.existsSync(read.parameters.fileSelector), 'the sample export is not in place');
	for (const file of fs.readdirSync(folder).filter((f) => f.includes('-not-stored-')))
		fs.rmSync(path.join(folder, file));
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
