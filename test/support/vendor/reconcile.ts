/**
 * Vendors we never saw, their stock comparisons (issue 40, point 7): the lists a comparison's
 * routes take their lines under (ERP counts, adjustments, Process Items' SKUs) and the list its
 * status answer holds the compared items in, each under a name of the vendor's own, and the
 * fields of each (SKU or item number, batch or lot, quantity or qty, quantity change, the compared
 * items' ERP and WMS quantities and variance) called its way, the line schemas inline or under
 * `$ref`. A vendor may carry one flaw the node cannot place: a role no field reads as, or two
 * fields that read as the same role. reconcileDocument.ts writes the vendor's OpenAPI document;
 * reconcilePlatform.ts answers as it says.
 */
import fc from 'fast-check';

/** Where a flaw is: the ERP counts, the adjustments, or the compared items of the status answer. */
export type FlawPlace = 'erp' | 'adjustment' | 'compared';

export interface Flaw {
	place: FlawPlace;
	/** The role of that place (sku, batch, qty, delta, erp, wms) whose field cannot be placed. */
	role: string;
	/** unsaid: named so that it reads as no role; twice: two fields read as it. */
	kind: 'unsaid' | 'twice';
}

export interface ReconcileVendor {
	erp: { list: string; sku: string; batch: string; warehouse: string; qty: string };
	adjustment: { list: string; sku: string; batch: string; delta: string; reason: string };
	/** Process Items' list of SKUs. */
	process: string;
	compared: {
		list: string;
		sku: string;
		batch: string;
		erp: string;
		wms: string;
		variance: string;
	};
	/** How the vendor numbers its comparisons: text (CMP-1) or an integer. */
	comparisonIds: 'text' | 'integer';
	flaw?: Flaw;
	/** How its bulk routes answer: a result per row, or accepted and rejected lists. */
	answer: 'perRow' | 'split';
	/** Whether the line routes name their key (x-natural-key: SKU and batch). */
	statesKey: boolean;
	/** The line and compared-item schemas under components (a `$ref`), or inline. */
	refs: boolean;
	format: 'json' | 'yaml';
	version: '3.0.3' | '3.1.0';
}

const SKU = [
	'sku',
	'item_number',
	'item_no',
	'item_code',
	'article',
	'product_code',
	'part_number',
];
const BATCH = ['batch', 'lot', 'lot_number', 'batch_number'];

/** Names that read as no role: the node must refuse rather than guess. */
/** A vendor in Initech's words that numbers its comparisons with integers (the id-type tests' fixed vendor). */
export const NUMBERED: ReconcileVendor = {
	erp: { list: 'counts', sku: 'item_number', batch: 'lot', warehouse: 'warehouse', qty: 'qty' },
	adjustment: {
		list: 'adjustments',
		sku: 'item_number',
		batch: 'lot',
		delta: 'qty_change',
		reason: 'comment',
	},
	process: 'item_numbers',
	compared: {
		list: 'compared_items',
		sku: 'item_number',
		batch: 'lot',
		erp: 'erp_qty',
		wms: 'wms_qty',
		variance: 'variance',
	},
	comparisonIds: 'integer',
	statesKey: true,
	answer: 'perRow',
	refs: false,
	format: 'json',
	version: '3.0.3',
};

export const UNSAID: Record<string, string> = {
	sku: 'material',
	batch: 'charge',
	qty: 'amount',
	delta: 'units',
	erp: 'ledger_amount',
	wms: 'stock_amount',
};
/** Two names that each read as the role (neither the built-in name, which would win). */
const TWICE: Record<string, [string, string]> = {
	sku: ['item_number', 'article'],
	batch: ['lot', 'batch_number'],
	qty: ['qty', 'on_hand'],
	delta: ['qty_change', 'delta'],
	erp: ['erp_qty', 'expected_qty'],
	wms: ['wms_qty', 'system_quantity'],
};
/** The roles a flaw may hit, by place (the ones the node cannot do without). */
const FLAWED: Record<FlawPlace, string[]> = {
	erp: ['sku', 'batch', 'qty'],
	adjustment: ['sku', 'batch', 'delta'],
	compared: ['sku', 'batch', 'erp', 'wms'],
};

const flawArbitrary: fc.Arbitrary<Flaw> = fc
	.constantFrom<FlawPlace>('erp', 'adjustment', 'compared')
	.chain((place) =>
		fc.record({
			place: fc.constant(place),
			role: fc.constantFrom(...FLAWED[place]),
			kind: fc.constantFrom('unsaid' as const, 'twice' as const),
		}),
	);

export const reconcileVendorArbitrary: fc.Arbitrary<ReconcileVendor> = fc.record({
	erp: fc.record({
		list: fc.constantFrom('items', 'counts', 'lines', 'erp_lines', 'data'),
		sku: fc.constantFrom(...SKU),
		batch: fc.constantFrom(...BATCH),
		warehouse: fc.constantFrom('warehouse_code', 'warehouse', 'site_code', ''),
		qty: fc.constantFrom('quantity', 'qty', 'on_hand', 'erp_qty', 'counted_qty'),
	}),
	adjustment: fc.record({
		list: fc.constantFrom('items', 'adjustments', 'lines', 'data', 'corrections'),
		sku: fc.constantFrom(...SKU),
		batch: fc.constantFrom(...BATCH),
		delta: fc.constantFrom('quantity_delta', 'qty_change', 'qty_delta', 'delta', 'change'),
		reason: fc.constantFrom('reason', 'comment', 'note', ''),
	}),
	process: fc.constantFrom('skus', 'item_numbers', 'articles', 'product_codes'),
	compared: fc.record({
		list: fc.constantFrom('items', 'compared_items', 'results', 'positions'),
		sku: fc.constantFrom(...SKU),
		batch: fc.constantFrom(...BATCH),
		erp: fc.constantFrom('erp_quantity', 'erp_qty', 'expected_qty', 'book_quantity'),
		wms: fc.constantFrom('platform_quantity', 'wms_qty', 'system_quantity', 'actual_qty'),
		variance: fc.constantFrom('difference', 'variance', 'deviation'),
	}),
	// Most vendors can be placed; one in three carries a flaw.
	flaw: fc.oneof(
		{ weight: 2, arbitrary: fc.constant(undefined) },
		{ weight: 1, arbitrary: flawArbitrary },
	),
	comparisonIds: fc.constantFrom('text' as const, 'integer' as const),
	answer: fc.constantFrom('perRow' as const, 'split' as const),
	statesKey: fc.boolean(),
	refs: fc.boolean(),
	format: fc.constantFrom('json' as const, 'yaml' as const),
	version: fc.constantFrom('3.0.3' as const, '3.1.0' as const),
});

/** A place's field names by role, the flaw put in (`twice` gives the role two fields). */
export function fieldsOf(vendor: ReconcileVendor, place: FlawPlace): Record<string, string[]> {
	const names: Record<string, string> =
		place === 'erp'
			? {
					sku: vendor.erp.sku,
					batch: vendor.erp.batch,
					warehouse: vendor.erp.warehouse,
					qty: vendor.erp.qty,
				}
			: place === 'adjustment'
				? {
						sku: vendor.adjustment.sku,
						batch: vendor.adjustment.batch,
						delta: vendor.adjustment.delta,
						reason: vendor.adjustment.reason,
					}
				: {
						sku: vendor.compared.sku,
						batch: vendor.compared.batch,
						erp: vendor.compared.erp,
						wms: vendor.compared.wms,
						variance: vendor.compared.variance,
					};
	const out: Record<string, string[]> = {};
	for (const [role, name] of Object.entries(names)) if (name) out[role] = [name];
	const { flaw } = vendor;
	if (flaw?.place === place)
		out[flaw.role] = flaw.kind === 'unsaid' ? [UNSAID[flaw.role]] : [...TWICE[flaw.role]];
	return out;
}
