/**
 * The stock a Reconcile vendor property runs on (vendors.reconcile.test.ts), and what a run on it
 * should come to: the lines where the ERP and the platform differ, and a line in a vendor's names;
 * how the user runs it (version, items or a CSV file).
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { fieldsOf, type FlawPlace, type ReconcileVendor } from './reconcile';
import type { Line } from './reconcileComparison';

export interface StockLine extends Line {
	warehouse: string;
	/** The ERP's quantity (undefined: the ERP input has no line for it). */
	erp?: number;
	/** The platform's (undefined: it holds none). */
	wms?: number;
}

/** Stock lines of one or two warehouses, each on the ERP's side, the platform's or both. */
export const stockArbitrary: fc.Arbitrary<StockLine[]> = fc
	.uniqueArray(
		fc.record({
			warehouse: fc.constantFrom('WH1', 'WH2'),
			sku: fc.constantFrom('BOLT-8', 'NUT-8', 'PAINT-RED', 'WASHER'),
			batch: fc.constantFrom('', 'L-01', 'L-02'),
			erp: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
			wms: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
		}),
		{
			minLength: 1,
			maxLength: 8,
			selector: (line) => `${line.warehouse}/${line.sku}/${line.batch}`,
		},
	)
	.filter((lines) => lines.some((line) => line.erp !== undefined));

export const stockKey = (line: { warehouse: string; sku: string; batch: string }) =>
	`${line.warehouse}/${line.sku}/${line.batch}`;

/** Rows compared as sets, each with its fields in one order. */
export const sorted = (rows: object[]) =>
	rows
		.map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))))
		.sort();

/** The differing lines of the warehouses the ERP input names, as the platform held them before. */
export function differing(stock: StockLine[]) {
	const warehouses = new Set(
		stock.filter((line) => line.erp !== undefined).map((line) => line.warehouse),
	);
	return stock
		.filter((line) => warehouses.has(line.warehouse) && (line.erp ?? 0) !== (line.wms ?? 0))
		.map((line) => ({
			warehouse_code: line.warehouse,
			sku: line.sku,
			batch: line.batch,
			erp_quantity: line.erp ?? 0,
			platform_quantity: line.wms ?? 0,
			in_erp_input: line.erp !== undefined,
		}));
}

/** A line as the vendor names its fields at a place (one it can be placed on). */
export function inTheirNames(
	vendor: ReconcileVendor,
	place: FlawPlace,
	values: IDataObject,
): IDataObject {
	const row: IDataObject = {};
	for (const [role, names] of Object.entries(fieldsOf(vendor, place)))
		if (values[role] !== undefined && values[role] !== '') row[names[0]] = values[role];
	return row;
}

/** How the user runs Reconcile: the node's version, its input as items or a CSV file, a line's ERP quantity in one item or two. */
export interface How {
	typeVersion: number;
	file: boolean;
	split: boolean;
}
export const howArbitrary: fc.Arbitrary<How> = fc.record({
	typeVersion: fc.constantFrom(1, 2, 3),
	file: fc.boolean(),
	split: fc.boolean(),
});

export const FILE = {
	input: 'file',
	columnMapping: {
		columns: [
			{ column: 'sku', field: 'sku' },
			{ column: 'warehouse', field: 'warehouse_code' },
			{ column: 'batch', field: 'batch' },
			{ column: 'quantity', field: 'quantity' },
		],
	},
};
export const csvOf = (input: IDataObject[]) =>
	['sku;warehouse;batch;quantity']
		.concat(
			input.map((line) =>
				[line.sku, line.warehouse_code, line.batch ?? '', line.quantity].join(';'),
			),
		)
		.join('\n');
