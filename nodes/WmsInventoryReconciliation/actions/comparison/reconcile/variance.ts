/**
 * Inventory variance, pure: which stock lines differ between the ERP and the platform, by how
 * much, which of them are small enough to adjust automatically, and the report (summary + CSV).
 * No I/O here, so the arithmetic is unit-tested on its own and the Reconcile operation only
 * moves data between the platform and this module.
 *
 * Sign convention, as the platform's own comparison items: difference = platform quantity − ERP
 * quantity (positive: the platform holds more than the ERP). The adjustment that makes the
 * platform match the ERP is therefore −difference (see adjustmentDelta).
 */

export interface StockKey {
	warehouse_code: string;
	sku: string;
	/** '' or undefined: no batch. */
	batch?: string;
}

/** One line both sides were compared on. */
export interface ComparedLine extends StockKey {
	erp_quantity: number;
	platform_quantity: number;
	/**
	 * Whether the ERP input had a line for this warehouse / SKU / batch. When it had none
	 * (platform-only stock, or a batch the ERP does not list) the ERP quantity is a 0 nobody wrote:
	 * perhaps a row missing from the export, so such a line is adjusted only when asked for.
	 */
	in_erp_input: boolean;
}

export type Direction = 'erp_higher' | 'platform_higher';

export interface Discrepancy extends ComparedLine {
	/** Platform − ERP, as the platform reports it on comparison items. */
	difference: number;
	direction: Direction;
	/** difference as a percentage of the ERP quantity (2 decimals); null when the ERP has 0. */
	percent: number | null;
}

export type ThresholdRule = 'all' | 'any';

export interface Threshold {
	/** Largest |difference| in units adjusted automatically; undefined = not a limit. */
	units?: number;
	/** Largest |percent| adjusted automatically; undefined = not a limit. */
	percent?: number;
	/** 'all': inside every limit set; 'any': inside at least one of them. */
	rule: ThresholdRule;
	/** Whether lines the ERP input did not contain may be adjusted too (to 0: written off). Off unless the user turns it on. */
	adjustLinesNotInErpInput?: boolean;
}

export type VarianceAction = 'report_only' | 'adjust' | 'needs_review';

export interface ReportLine extends Discrepancy {
	action: VarianceAction;
}

export interface VarianceSummary {
	lines_compared: number;
	lines_matching: number;
	lines_differing: number;
	/** Sum of |difference| over differing lines. */
	total_absolute_units: number;
	/** Sum of differences (platform − ERP). */
	net_units: number;
	lines_erp_higher: number;
	lines_platform_higher: number;
	/** Differing lines the ERP input did not contain. */
	lines_not_in_erp_input: number;
	largest_differences: Array<
		Pick<Discrepancy, 'warehouse_code' | 'sku' | 'batch' | 'difference' | 'percent'>
	>;
}

/** Quantities are decimals in the unit of measure: keep float noise out of differences. */
export function roundQuantity(value: number): number {
	return Math.round(value * 1e6) / 1e6;
}

const SEP = '\u0000';

/** One text per warehouse / sku / batch, for maps. */
export function stockKey(line: StockKey): string {
	return `${line.warehouse_code}${SEP}${line.sku}${SEP}${line.batch ?? ''}`;
}

/** Percent of the ERP quantity, 2 decimals; null when there is no ERP quantity to relate to. */
export function variancePercent(erp: number, difference: number): number | null {
	if (erp === 0) return null;
	return Math.round((difference / Math.abs(erp)) * 10000) / 100;
}

/** The line's discrepancy (the line's own fields kept), or undefined when both sides agree. */
export function discrepancyOf<T extends ComparedLine>(line: T): (T & Discrepancy) | undefined {
	const difference = roundQuantity(line.platform_quantity - line.erp_quantity);
	if (difference === 0) return undefined;
	return {
		...line,
		difference,
		direction: difference > 0 ? 'platform_higher' : 'erp_higher',
		percent: variancePercent(line.erp_quantity, difference),
	};
}

/** Differing lines, largest |difference| first, then by warehouse, sku, batch (a stable, readable order). */
export function findDiscrepancies<T extends ComparedLine>(
	lines: Iterable<T>,
): Array<T & Discrepancy> {
	const out: Array<T & Discrepancy> = [];
	for (const line of lines) {
		const found = discrepancyOf(line);
		if (found) out.push(found);
	}
	return out.sort(byLargest);
}

function byLargest(a: Discrepancy, b: Discrepancy): number {
	return (
		Math.abs(b.difference) - Math.abs(a.difference) ||
		a.warehouse_code.localeCompare(b.warehouse_code) ||
		a.sku.localeCompare(b.sku) ||
		(a.batch ?? '').localeCompare(b.batch ?? '')
	);
}

/** The signed change to the platform stock that makes it match the ERP. */
export function adjustmentDelta(discrepancy: Discrepancy): number {
	return roundQuantity(-discrepancy.difference);
}

/** Whether a discrepancy is small enough to adjust without a person looking at it. */
export function withinThreshold(discrepancy: Discrepancy, threshold: Threshold): boolean {
	const checks: boolean[] = [];
	if (threshold.units !== undefined)
		checks.push(Math.abs(discrepancy.difference) <= threshold.units);
	// No ERP quantity means no percentage: never "inside" a percent limit.
	if (threshold.percent !== undefined)
		checks.push(discrepancy.percent !== null && Math.abs(discrepancy.percent) <= threshold.percent);
	if (checks.length === 0) return false;
	return threshold.rule === 'any' ? checks.some(Boolean) : checks.every(Boolean);
}

/** Whether a discrepancy is adjusted without a person looking at it: inside the threshold, and in the ERP input unless allowed otherwise. */
export function adjustsAutomatically(discrepancy: Discrepancy, threshold: Threshold): boolean {
	if (!discrepancy.in_erp_input && threshold.adjustLinesNotInErpInput !== true) return false;
	return withinThreshold(discrepancy, threshold);
}

/**
 * Labels every discrepancy: report only (dry run), adjust (inside the threshold) or needs review
 * (outside it, or not in the ERP input while adjusting such lines is off).
 */
export function classify<T extends Discrepancy>(
	discrepancies: T[],
	threshold: Threshold | undefined,
): Array<T & { action: VarianceAction }> {
	return discrepancies.map((discrepancy) => ({
		...discrepancy,
		action:
			threshold === undefined
				? 'report_only'
				: adjustsAutomatically(discrepancy, threshold)
					? 'adjust'
					: 'needs_review',
	}));
}

export function summarizeVariance(
	linesCompared: number,
	discrepancies: Discrepancy[],
	top = 5,
): VarianceSummary {
	let total = 0;
	let net = 0;
	let erpHigher = 0;
	let notInInput = 0;
	for (const discrepancy of discrepancies) {
		total += Math.abs(discrepancy.difference);
		net += discrepancy.difference;
		if (discrepancy.direction === 'erp_higher') erpHigher++;
		if (!discrepancy.in_erp_input) notInInput++;
	}
	return {
		lines_compared: linesCompared,
		lines_matching: linesCompared - discrepancies.length,
		lines_differing: discrepancies.length,
		total_absolute_units: roundQuantity(total),
		net_units: roundQuantity(net),
		lines_erp_higher: erpHigher,
		lines_platform_higher: discrepancies.length - erpHigher,
		lines_not_in_erp_input: notInInput,
		largest_differences: [...discrepancies]
			.sort(byLargest)
			.slice(0, top)
			.map(({ warehouse_code, sku, batch, difference, percent }) => ({
				warehouse_code,
				sku,
				batch: batch ?? '',
				difference,
				percent,
			})),
	};
}

export const CSV_COLUMNS = [
	'warehouse_code',
	'sku',
	'batch',
	'erp_quantity',
	'platform_quantity',
	'difference',
	'direction',
	'percent',
	'action',
	'in_erp_input',
] as const;

/**
 * One CSV cell. Quotes what needs quoting, and defuses text that a spreadsheet would run as a
 * formula (=, +, -, @ at the start) — SKUs come from an ERP, the file goes to people.
 */
export function csvCell(value: unknown): string {
	if (value === undefined || value === null) return '';
	let text = String(value);
	if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
	return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report as CSV (RFC 4180, CRLF line ends, header first). */
export function toCsv(lines: ReportLine[], columns: readonly string[] = CSV_COLUMNS): string {
	const rows = [columns.join(',')];
	for (const line of lines) {
		const record = line as unknown as Record<string, unknown>;
		rows.push(
			columns
				.map((column) => csvCell(column === 'batch' ? (record.batch ?? '') : record[column]))
				.join(','),
		);
	}
	return `${rows.join('\r\n')}\r\n`;
}

export interface ErpLine extends StockKey {
	quantity: number;
	/** The input item the line came from. */
	itemIndex: number;
}

export interface ErpOnHand extends StockKey {
	quantity: number;
	/** Every input item that counted toward this line (an ERP may list a sku once per bin). */
	itemIndexes: number[];
}

/** One on-hand line per warehouse / sku / batch, quantities summed, input items remembered for pairing. */
export function aggregateErpLines(lines: Iterable<ErpLine>): ErpOnHand[] {
	const byKey = new Map<string, ErpOnHand>();
	for (const line of lines) {
		const key = stockKey(line);
		const known = byKey.get(key);
		if (known) {
			known.quantity = roundQuantity(known.quantity + line.quantity);
			known.itemIndexes.push(line.itemIndex);
		} else {
			const entry: ErpOnHand = {
				warehouse_code: line.warehouse_code,
				sku: line.sku,
				quantity: line.quantity,
				itemIndexes: [line.itemIndex],
			};
			if (line.batch) entry.batch = line.batch;
			byKey.set(key, entry);
		}
	}
	return [...byKey.values()];
}
