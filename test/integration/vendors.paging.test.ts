/* eslint-disable @n8n/community-nodes/require-node-api-error -- a test, run by Node (a failure rethrown with what the node answered): the community-node rules are for code n8n runs */
/**
 * Vendors we never saw, read past one page (issue 40): each generated vendor
 * (test/support/vendor/generate.ts) pages its read its own way (a cursor, page numbers, an offset;
 * small pages of its own size, said in the description or not; the last page told by its counts,
 * its total or a "more" flag: test/support/vendor/paging.ts) and holds more records than a page.
 * WMS Inventory → Get Many through real n8n-core, with Return All, returns every record once in
 * the platform's order; with a Limit, the first records up to the limit and no more.
 *
 * A fixed seed runs in npm test. More vendors: WMS_VENDORS=2000 npx jest vendors.paging. A failure
 * prints its seed and path; replay it with WMS_VENDOR_SEED=<seed> WMS_VENDOR_PATH=<path>.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	describe as describeVendor,
	vendorArbitrary,
	type Vendor,
} from '../support/vendor/generate';
import { VendorPlatform } from '../support/vendor/platform';
import { onVendorPlatform, vendorRuns } from '../support/vendor/run';

jest.setTimeout(600_000);

const { RUNS, SEED, PATH } = vendorRuns(100);

interface Sizes {
	pages: number;
	partOfLast: number;
	limit: number;
	node: number;
}

/** How many records the platform holds and the limit asked: more than a page, some ending on a page's last record. */
const sizes: fc.Arbitrary<Sizes> = fc.record({
	pages: fc.integer({ min: 2, max: 4 }),
	partOfLast: fc.integer({ min: 0, max: 6 }),
	limit: fc.integer({ min: 1, max: 27 }),
	node: fc.constantFrom(2, 3),
});

/** The vendor's records, in an order of its own (not sorted by key). */
function records(vendor: Vendor, count: number): IDataObject[] {
	return Array.from({ length: count }, (_, n) => {
		const row: IDataObject = { quantity: n };
		const mark = String((n * 7) % 101).padStart(3, '0');
		for (const field of vendor.key)
			row[field] = field === vendor.key[0] ? `P-${mark}-${n}` : 'LOT-1';
		row[vendor.name] = `Item ${n}`;
		return row;
	});
}

const keyOf = (vendor: Vendor, row: Record<string, unknown>) =>
	vendor.key.map((field) => String(row[field])).join('|');

let said: unknown;

describe('vendors we never saw: a read past one page, as the generated vendor pages, real n8n-core', () => {
	const on = onVendorPlatform(() => VendorPlatform.start());

	async function read(vendor: Vendor, node: number, limit?: number): Promise<string[]> {
		const parameters: IDataObject = { resource: 'item', operation: 'getMany' };
		if (limit === undefined) parameters.returnAll = true;
		else Object.assign(parameters, { returnAll: false, limit });
		const { outputs, error } = await on.harness.run(
			{ type: 'wmsInventory', typeVersion: node, parameters },
			[{}],
		);
		const keys = (outputs[0] ?? []).map((output) => keyOf(vendor, output.json));
		said = { node, limit, error: error?.message, keys, reads: on.platform.reads };
		expect(error).toBeUndefined();
		return keys;
	}

	async function holds(vendor: Vendor, { pages, partOfLast, limit, node }: Sizes) {
		on.platform.use(vendor);
		on.harness.store.data.descriptionText = describeVendor(vendor);
		const { size } = vendor.paging;
		const count = (pages - 1) * size + 1 + (partOfLast % size);
		on.platform.stored = records(vendor, count);
		const order = on.platform.stored.map((row) => keyOf(vendor, row));

		// Return All: every record once, in the platform's order.
		expect(await read(vendor, node)).toEqual(order);
		expect(on.platform.misfits).toEqual([]);
		// A Limit below the count: the first records, up to the limit.
		const under = 1 + (limit % (count - 1));
		expect(await read(vendor, node, under)).toEqual(order.slice(0, under));
		expect(on.platform.misfits).toEqual([]);
	}

	it(`holds for ${RUNS} vendors (seed ${SEED})`, async () => {
		await fc.assert(
			fc.asyncProperty(vendorArbitrary, sizes, async (vendor, chosen) => {
				try {
					await holds(vendor, chosen);
				} catch (failure) {
					// What the node answered goes with the counterexample, so a replay starts from it.
					(failure as Error).message += `\nThe node answered: ${JSON.stringify(said, null, 1)}`;
					throw failure;
				}
			}),
			{ seed: SEED, numRuns: RUNS, path: PATH, endOnFailure: true },
		);
	});
});
