/* eslint-disable @n8n/community-nodes/require-node-api-error -- a test, run by Node (a failure rethrown with what the node answered): the community-node rules are for code n8n runs */
/**
 * Vendors we never saw, their stock comparisons (issue 40, point 7): each generated vendor
 * (test/support/vendor/reconcile.ts) takes ERP counts and adjustments under lists of its own, with
 * the SKU, batch, warehouse, quantity and quantity change called its way, and lists the compared
 * items under a name of its own with their ERP and WMS quantities and variance called its way.
 * Through real n8n-core, WMS Inventory Reconciliation → Reconcile (a dry run, then a run that
 * adjusts; versions 1 to 3; the ERP lines as items, a line's quantity in one item or two, or as a
 * CSV file): the ERP lines reach the platform in the vendor's names; every line where the ERP and
 * the platform differ is reported with its warehouse, SKU and batch, and only those; Process Items
 * sends its SKUs under the vendor's list name and the comparison's id as the vendor types it
 * (text, or an integer); the adjustments go in the vendor's names and the
 * platform then holds the ERP's quantity of each line adjusted. A vendor whose description does
 * not tell which field plays a role or which list holds the compared items (none reads as it, or
 * two do) is refused in the node's words before anything is sent.
 *
 * A fixed seed runs in npm test. More vendors: WMS_VENDORS=1000 npx jest vendors.reconcile. A
 * failure prints its seed and path; replay it with WMS_VENDOR_SEED=<seed> WMS_VENDOR_PATH=<path>.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	fieldsOf,
	reconcileVendorArbitrary,
	type FlawPlace,
	type ReconcileVendor,
} from '../support/vendor/reconcile';
import { describeReconcile } from '../support/vendor/reconcileDocument';
import { ReconcilePlatform } from '../support/vendor/reconcilePlatform';
import {
	differing,
	inTheirNames,
	sorted,
	stockArbitrary,
	stockKey,
	csvOf,
	FILE,
	howArbitrary,
	type How,
	type StockLine,
} from '../support/vendor/reconcileStock';
import { useBinaryData, type RunResult } from '../support/harness';
import { onVendorPlatform, vendorRuns } from '../support/vendor/run';

jest.setTimeout(600_000);

const { RUNS, SEED, PATH } = vendorRuns(100);

/** The words the node uses for a role it cannot place, by where it is. */
const ROLE_WORDS: Record<string, string> = {
	sku: 'SKU',
	batch: 'batch',
	qty: 'quantity',
	delta: 'quantity change',
};
const ROUTES: Record<FlawPlace, string> = {
	erp: '/comparison_erp_on_hand/add',
	adjustment: '/comparison_adjustment_item/add',
	compared: '/comparison/check_status',
};

let said: unknown;

describe('vendors we never saw: Reconcile on comparison routes named as the generated vendor names them, real n8n-core', () => {
	const on = onVendorPlatform(() => ReconcilePlatform.start());
	beforeAll(async () => await useBinaryData('filesystem'));

	async function reconcile(
		vendor: ReconcileVendor,
		stock: StockLine[],
		dryRun: boolean,
		maxUnits: number,
		how: How,
	) {
		on.platform.use(
			vendor,
			stock.flatMap((line) => (line.wms === undefined ? [] : [{ ...line, qty: line.wms }])),
		);
		on.harness.store.data.descriptionText = describeReconcile(vendor);
		// An ERP listing a line once per bin gives it in two parts, which Reconcile adds up.
		const input = stock.flatMap((line) =>
			line.erp === undefined
				? []
				: (how.split ? [Math.floor(line.erp / 2), Math.ceil(line.erp / 2)] : [line.erp]).map(
						(quantity) => ({
							sku: line.sku,
							warehouse_code: line.warehouse,
							quantity,
							...(line.batch ? { batch: line.batch } : {}),
						}),
					),
		);
		const node = {
			type: 'wmsInventoryReconciliation',
			typeVersion: how.typeVersion,
			parameters: {
				resource: 'comparison',
				operation: 'reconcile',
				dryRun,
				thresholdRule: 'units',
				maxUnits,
				createMoveAttempts: false,
				...(how.file ? FILE : {}),
			},
		};
		const run = how.file
			? await on.harness.runFiles(node, [{ fileName: 'stock.csv', text: csvOf(input) }])
			: await on.harness.run(node, input);
		said = {
			dryRun,
			error: run.error && { message: run.error.message, description: run.error.description },
			discrepancies: run.outputs[0]?.map((item) => item.json),
			summary: run.outputs[1]?.[0]?.json,
			calls: on.platform.calls,
			misfits: on.platform.misfits,
		};
		return run;
	}

	function refusedBeforeSending(
		vendor: ReconcileVendor,
		error: { message: string; description?: unknown } | undefined,
	) {
		const flaw = vendor.flaw!;
		const route = ROUTES[flaw.place];
		expect(error?.message).toMatch(
			flaw.place === 'compared'
				? `does not say which list of ${route}'s answer holds the compared items`
				: `does not say which field of ${route}'s records is the ${ROLE_WORDS[flaw.role]}: `,
		);
		expect(error?.description).toMatch(/^Nothing was sent\. /);
		expect(on.platform.calls).toEqual([]);
	}

	async function holds(vendor: ReconcileVendor, stock: StockLine[], maxUnits: number, how: How) {
		const expected = differing(stock);
		const inErp = stock.filter((line) => line.erp !== undefined);

		// A dry run: only the ERP lines and the reads; every differing line reported with its key.
		const dry = await reconcile(vendor, stock, true, maxUnits, how);
		if (vendor.flaw && vendor.flaw.place !== 'adjustment')
			return refusedBeforeSending(vendor, dry.error);
		expect(dry.error).toBeUndefined();
		expect(on.platform.misfits).toEqual([]);
		expect(sorted(on.platform.sent['/comparison_erp_on_hand/add'] ?? [])).toEqual(
			sorted(
				inErp.map((line) =>
					inTheirNames(vendor, 'erp', {
						sku: line.sku,
						batch: line.batch,
						warehouse: line.warehouse,
						qty: line.erp,
					}),
				),
			),
		);
		const reported = dry.outputs[0].map(({ json }) => ({
			warehouse_code: json.warehouse_code,
			sku: json.sku,
			batch: json.batch,
			erp_quantity: json.erp_quantity,
			platform_quantity: json.platform_quantity,
			in_erp_input: json.in_erp_input,
		}));
		expect(sorted(reported)).toEqual(sorted(expected));
		expect(on.platform.calls).not.toContain('/comparison_adjustment_item/add');
		expect(
			stock.every((line) => on.platform.onHand(line.warehouse, line) === (line.wms ?? 0)),
		).toBe(true);

		// Process Items on the dry run's comparison, still compared: its SKUs go under the vendor's list
		// name, and its id goes as the vendor types it (a number where it numbers its comparisons).
		await processItems(vendor, dry, expected);
		return adjusting(vendor, stock, maxUnits, how, expected);
	}

	async function processItems(
		vendor: ReconcileVendor,
		dry: RunResult,
		expected: ReturnType<typeof differing>,
	) {
		const skus = [...new Set(expected.map((line) => line.sku))];
		const [opened] = dry.outputs[1][0].json.comparisons as IDataObject[];
		const processed = await on.harness.run(
			{
				type: 'wmsInventoryReconciliation',
				typeVersion: 2,
				parameters: {
					resource: 'comparison',
					operation: 'processItems',
					// Typed in, as a user gives it: text, whatever type the platform's ids are.
					comparisonId: String(opened.comparison_id),
					skus,
				},
			},
			[{}],
		);
		said = { processed: processed.error?.message ?? processed.outputs[0].map((i) => i.json) };
		expect(processed.error).toBeUndefined();
		expect(processed.outputs[0][0].json.error).toBeUndefined();
		expect(on.platform.misfits).toEqual([]);
		expect(on.platform.processedWith.at(-1)).toEqual(skus.length ? { [vendor.process]: skus } : {});
	}

	async function adjusting(
		vendor: ReconcileVendor,
		stock: StockLine[],
		maxUnits: number,
		how: How,
		expected: ReturnType<typeof differing>,
	) {
		// A run that adjusts: the differences inside the threshold go in the vendor's names and the platform then holds the ERP's.
		const real = await reconcile(vendor, stock, false, maxUnits, how);
		if (vendor.flaw) return refusedBeforeSending(vendor, real.error);
		expect(real.error).toBeUndefined();
		expect(on.platform.misfits).toEqual([]);
		const adjusted = expected.filter(
			(line) =>
				line.in_erp_input && Math.abs(line.platform_quantity - line.erp_quantity) <= maxUnits,
		);
		const byKey = new Map(
			real.outputs[0].map(({ json }) => [
				stockKey({
					warehouse: json.warehouse_code as string,
					sku: json.sku as string,
					batch: json.batch as string,
				}),
				json,
			]),
		);
		expect(byKey.size).toBe(expected.length);
		for (const line of expected) {
			const item = byKey.get(stockKey({ warehouse: line.warehouse_code, ...line }));
			expect(item).toMatchObject({ adjusted: adjusted.includes(line) });
		}
		expect(sorted(on.platform.sent['/comparison_adjustment_item/add'] ?? [])).toEqual(
			sorted(
				adjusted.map((line) => {
					const row = inTheirNames(vendor, 'adjustment', {
						sku: line.sku,
						batch: line.batch,
						delta: line.erp_quantity - line.platform_quantity,
					});
					const reason = fieldsOf(vendor, 'adjustment').reason?.[0];
					if (reason)
						row[reason] =
							`Reconciled to ERP: ERP ${line.erp_quantity}, platform ${line.platform_quantity}`;
					return row;
				}),
			),
		);
		for (const line of stock) {
			const now = on.platform.onHand(line.warehouse, line);
			const wasAdjusted = adjusted.some(
				(one) => stockKey({ warehouse: one.warehouse_code, ...one }) === stockKey(line),
			);
			expect([stockKey(line), now]).toEqual([
				stockKey(line),
				wasAdjusted ? line.erp : (line.wms ?? 0),
			]);
		}
		expect(real.outputs[1][0].json.outcome).toBe('completed');
	}

	it(`holds for ${RUNS} vendors (seed ${SEED})`, async () => {
		await fc.assert(
			fc.asyncProperty(
				reconcileVendorArbitrary,
				stockArbitrary,
				fc.integer({ min: 0, max: 20 }),
				howArbitrary,
				async (vendor, stock, maxUnits, how) => {
					try {
						await holds(vendor, stock, maxUnits, how);
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
