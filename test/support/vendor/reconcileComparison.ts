/**
 * What the generated comparison vendor's platform (reconcilePlatform.ts) holds of one comparison
 * and how its snapshot, status answer and processing work on it: the compared items built from
 * both sides, answered in the vendor's names, adjustments applied to the warehouse's stock.
 */
import { fieldsOf, type FlawPlace, type ReconcileVendor } from './reconcile';

type Row = Record<string, unknown>;

export interface Line {
	sku: string;
	batch: string;
}

export interface Comparison {
	id: string | number;
	warehouse: string;
	status: string;
	erp: Map<string, Line & { qty: number }>;
	items: Array<Line & { erp: number; wms: number; processed: boolean }>;
	adjustments: Map<string, Line & { delta: number; reason?: string; processed: boolean }>;
}

export const keyOf = (line: Line) => `${line.sku}\u0000${line.batch}`;

/** A warehouse's stock: SKU and batch → quantity. */
export type Held = Map<string, Line & { qty: number }>;

export function snapshot(comparison: Comparison, held: Held): unknown {
	const keys = new Set([...comparison.erp.keys(), ...held.keys()]);
	comparison.items = [...keys].map((key) => {
		const line = comparison.erp.get(key) ?? held.get(key)!;
		return {
			sku: line.sku,
			batch: line.batch,
			erp: comparison.erp.get(key)?.qty ?? 0,
			wms: held.get(key)?.qty ?? 0,
			processed: false,
		};
	});
	comparison.status = 'compared';
	return {
		comparison_id: comparison.id,
		status: comparison.status,
		items: comparison.items.length,
		differences: comparison.items.filter((item) => item.erp !== item.wms).length,
	};
}

/** The comparison as the vendor's status answer has it: every list in the vendor's names. */
export function statusAnswer(vendor: ReconcileVendor, comparison: Comparison): unknown {
	const inTheirNames = (place: FlawPlace, line: object): Row => {
		const values = line as Row;
		const row: Row = {};
		for (const [role, names] of Object.entries(fieldsOf(vendor, place)))
			if (values[role] !== undefined && values[role] !== '')
				for (const name of names) row[name] = values[role];
		return row;
	};
	return {
		comparison_id: comparison.id,
		status: comparison.status,
		warehouse_code: comparison.warehouse,
		erp_lines: [...comparison.erp.values()].map((line) => inTheirNames('erp', line)),
		adjustments: [...comparison.adjustments.values()].map((line) =>
			inTheirNames('adjustment', line),
		),
		[vendor.compared.list]: comparison.items.map((item) => ({
			...inTheirNames('compared', { ...item, variance: item.wms - item.erp }),
			processed: item.processed,
		})),
	};
}

/** Applies the adjustments of the items not processed yet (of these SKUs only, where given). */
export function processItems(
	comparison: Comparison,
	held: Held,
	skus: string[] | undefined,
): unknown {
	let processed = 0;
	for (const item of comparison.items) {
		if (item.processed || (skus && !skus.includes(item.sku))) continue;
		const adjustment = comparison.adjustments.get(keyOf(item));
		if (adjustment && !adjustment.processed) {
			const line = held.get(keyOf(item)) ?? { sku: item.sku, batch: item.batch, qty: 0 };
			line.qty += adjustment.delta;
			held.set(keyOf(item), line);
			adjustment.processed = true;
		}
		item.processed = true;
		processed++;
	}
	const remaining = comparison.items.filter((item) => !item.processed).length;
	if (remaining === 0) comparison.status = 'processed';
	return { comparison_id: comparison.id, status: comparison.status, processed, remaining };
}
