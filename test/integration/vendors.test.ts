/* eslint-disable @n8n/community-nodes/require-node-api-error -- a test, run by Node (a failure rethrown with what the node answered): the community-node rules are for code n8n runs */
/**
 * Vendors we never saw (issue 40): fast-check makes up vendor descriptions along the axes of
 * docs/platform-description.md §2–§3 (test/support/vendor/generate.ts) and a platform that follows
 * each (test/support/vendor/platform.ts); WMS Inventory → Add or Update reads the description
 * pasted in its credential and runs through real n8n-core. For every vendor: each good record is
 * stored once and confirmed with its key; a bad record is refused before sending, naming its
 * field; a record the platform refuses carries the platform's reason; after a lost answer no
 * record is doubled and none the platform holds is called refused or not sent. WMS Sales Order → Add
sends orders whose lines are the vendor's own list (lines, order_lines, positions) of its own
fields (sku or item_number, quantity or qty): stored once with their lines, a bad line refused
before sending as "line 2: <its quantity field>".
 *
 * A fixed seed runs in npm test. More vendors: WMS_VENDORS=2000 npx jest vendors. A failure prints
 * its seed and path; replay it with WMS_VENDOR_SEED=<seed> WMS_VENDOR_PATH=<path> npx jest vendors.
 */
import fc from 'fast-check';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { itemOf } from '../support/platform';
import { v2 } from '../support/otherShape';
import {
	describe as describeVendor,
	vendorArbitrary,
	type Vendor,
} from '../support/vendor/generate';
import { refusalNamesField } from '../support/vendor/errorStyles';
import { PLATFORM_REASON, VendorPlatform } from '../support/vendor/platform';
import { onVendorPlatform, vendorRuns } from '../support/vendor/run';

jest.setTimeout(600_000);

const { RUNS, SEED, PATH } = vendorRuns(100);

const addItems = v2(
	'wmsInventory',
	{ resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem' },
	'continueErrorOutput',
);

const addOrders = v2(
	'wmsSalesOrder',
	{ resource: 'salesOrder', operation: 'add', fieldsToSend: 'inputItem' },
	'continueErrorOutput',
);

type Bad = 'missing' | 'tooLong' | 'shape';

/** The key the package takes: the one the description names, else the built-in sku where the record has it. */
const packageKey = (vendor: Vendor) =>
	vendor.statesKey ? vendor.key : vendor.key[0] === 'sku' ? ['sku'] : undefined;

/** A record of this vendor; `n` makes its key. */
function record(vendor: Vendor, n: number, name = `Item ${n}`): IDataObject {
	const row: IDataObject = { quantity: n };
	for (const field of vendor.key) row[field] = field === vendor.key[0] ? `V-${n}` : 'PART-1';
	row[vendor.name] = name;
	if (vendor.oneOf)
		row.packaging = n % 2 ? { type: 'box', per_box: 12 } : { type: 'pallet', layers: 4 };
	return row;
}

/** A record the description refuses, and the field that makes it so. */
function bad(vendor: Vendor, n: number, how: Bad): { row: IDataObject; field: string } {
	const row = record(vendor, n);
	if (how === 'shape' && vendor.oneOf) {
		row.packaging = { type: 'pallet', per_box: 3 };
		return { row, field: 'packaging' };
	}
	if (how === 'tooLong') {
		row[vendor.name] = 'N'.repeat(61);
		return { row, field: vendor.name };
	}
	delete row[vendor.name];
	return { row, field: vendor.name };
}

/** What the node answered in the last run, for the failure message. */
let said: unknown;
const shown = (output: INodeExecutionData) => ({
	item: itemOf(output),
	key: output.json.key,
	status: output.json.status,
	message: output.json.message,
	code: codeOf(output),
	field: fieldOf(output),
});

const keyOf = (vendor: Vendor, row: IDataObject) =>
	vendor.key.map((field) => String(row[field])).join('|');
const messageOf = (output: INodeExecutionData) => String(output.json.message);
const fieldOf = (output: INodeExecutionData) =>
	(output.json.error as IDataObject | undefined)?.field;
const codeOf = (output: INodeExecutionData) =>
	String((output.json.error as IDataObject | undefined)?.code ?? output.json.code);

describe('vendors we never saw: a generated description, a platform that follows it, real n8n-core', () => {
	const on = onVendorPlatform(() => VendorPlatform.start());

	async function holds(vendor: Vendor, how: Bad): Promise<void> {
		on.platform.use(vendor);
		on.harness.store.data.descriptionText = describeVendor(vendor);
		const good = [record(vendor, 1), record(vendor, 2)];
		const refused = record(vendor, 3, 'REFUSE this one');
		const wrong = bad(vendor, 4, how);
		const items = [good[0], wrong.row, refused, good[1]];
		const { outputs, error } = await on.harness.run(addItems, items);
		said = { error: error?.message, outputs: outputs.map((output) => output.map(shown)) };
		expect(error).toBeUndefined();
		const [main = [], failed = []] = outputs;
		expect(on.platform.misfits).toEqual([]);

		const byItem = new Map(failed.map((output) => [itemOf(output), output]));
		for (const row of good) expect(on.platform.count(keyOf(vendor, row))).toBe(1);
		const known = packageKey(vendor);
		// Records are read back where the package knows a key of one field and the read takes a list of them.
		if (vendor.answer === 'queued' && known?.length === 1 && vendor.key.length === 1) {
			// A 202 without a body says nothing of what was stored: the records are read back by key.
			expect(main.map((output) => [itemOf(output), output.json.confirmed_by])).toEqual([
				[0, 'read_back'],
				[3, 'read_back'],
			]);
		} else if (vendor.answer === 'queued') {
			// Nor can they be read back (a key of two fields, or none named): each good record says so, none is sent again.
			expect(main).toEqual([]);
			for (const item of [0, 3])
				expect(messageOf(byItem.get(item)!)).toMatch(
					/not confirmed as stored — The platform answered HTTP 202 on \/inventory\/add with an empty body/,
				);
		} else if (
			!vendor.statesKey &&
			vendor.key.join() === 'sku,lot' &&
			vendor.keyJoin !== 'object' &&
			vendor.answer === 'ids'
		) {
			// No key named and the built-in sku among its fields: the package took sku, the platform's ids are sku and lot, and each good record says why it is not confirmed (results with a row number are paired by it).
			expect(main).toEqual([]);
			for (const item of [0, 3])
				expect(messageOf(byItem.get(item)!)).toMatch(
					/names no key for these records \(x-natural-key\), so the built-in sku was taken/,
				);
		} else {
			// Every good record stored once and confirmed with its key.
			expect(main.map(itemOf)).toEqual([0, 3]);
			// Its key as the package writes keys, or as the platform wrote it in its answer; none where neither the description nor the answer names one (paired by its place).
			const keyless = known === undefined && vendor.answer === 'empty';
			main.forEach((output, at) =>
				expect(
					keyless
						? [undefined]
						: [
								keyOf(vendor, good[at]),
								on.platform.keyValue(good[at]),
								(known ?? []).map((field) => String(good[at][field])).join('|'),
							],
				).toContainEqual(output.json.key),
			);
		}
		// The bad record refused before sending, naming its field.
		expect(messageOf(byItem.get(1)!)).toContain(wrong.field);
		expect(on.platform.count(keyOf(vendor, wrong.row))).toBe(0);
		// The record the platform refused carries its reason, and where the refusal of the request or the row's own error(s) name its field (however the path is spelt, the row in it or apart), that field.
		expect(messageOf(byItem.get(2)!)).toContain(PLATFORM_REASON);
		if (refusalNamesField(vendor)) expect(fieldOf(byItem.get(2)!)).toBe(vendor.name);
		expect(on.platform.count(keyOf(vendor, refused))).toBe(0);

		// A lost answer: nothing doubled, nothing the platform holds called refused or not sent.
		on.platform.loseNext = true;
		const again = [record(vendor, 5), record(vendor, 6)];
		const lost = await on.harness.run(addItems, again);
		said = { error: lost.error?.message, outputs: lost.outputs.map((output) => output.map(shown)) };
		expect(lost.error).toBeUndefined();
		const [kept = [], notKept = []] = lost.outputs;
		for (const row of again) expect(on.platform.count(keyOf(vendor, row))).toBeLessThanOrEqual(1);
		for (const output of kept)
			expect(on.platform.count(keyOf(vendor, again[itemOf(output)]))).toBe(1);
		for (const output of notKept) {
			const row = again[itemOf(output)];
			if (on.platform.count(keyOf(vendor, row)) === 1)
				expect({ item: itemOf(output), code: codeOf(output) }).toEqual({
					item: itemOf(output),
					code: 'not_confirmed',
				});
		}
		expect([...kept, ...notKept].map(itemOf).sort()).toEqual([0, 1]);

		// Sales orders whose lines are the vendor's list of its own fields: stored once with their lines, a bad line refused before sending.
		const { list, item, qty } = vendor.lines;
		const order = (n: number, quantity = 2): IDataObject => ({
			order_number: `SO-${n}`,
			customer_code: 'CUST-1',
			[list]: [
				{ [item]: 'V-1', [qty]: 1 },
				{ [item]: 'V-2', [qty]: quantity },
			],
		});
		const sales = await on.harness.run(addOrders, [order(1), order(2, 0), order(3)]);
		said = {
			error: sales.error?.message,
			outputs: sales.outputs.map((output) => output.map(shown)),
		};
		expect(sales.error).toBeUndefined();
		expect(on.platform.misfits).toEqual([]);
		const [sent = [], notSent = []] = sales.outputs;
		if (vendor.answer !== 'queued') {
			expect(sent.map((output) => [itemOf(output), output.json.key])).toEqual([
				[0, 'SO-1'],
				[2, 'SO-3'],
			]);
		}
		expect(on.platform.orders.map((stored) => stored.order_number)).toEqual(['SO-1', 'SO-3']);
		expect(on.platform.orders[0][list]).toEqual(order(1)[list]);
		const badLine = notSent.find((output) => itemOf(output) === 1);
		expect(messageOf(badLine!)).toMatch(new RegExp(`line 2: ${qty}`));
	}

	it(`holds for ${RUNS} vendors (seed ${SEED})`, async () => {
		await fc.assert(
			fc.asyncProperty(
				vendorArbitrary,
				fc.constantFrom<Bad>('missing', 'tooLong', 'shape'),
				async (vendor, how) => {
					try {
						await holds(vendor, how);
					} catch (failure) {
						// What the node answered goes with the counterexample, so a replay starts from it.
						(failure as Error).message += `\nThe node answered: ${JSON.stringify(said, null, 1)}`;
						throw failure;
					}
				},
			),
			{ seed: SEED, numRuns: RUNS, path: PATH, endOnFailure: true },
		);
	});
});
