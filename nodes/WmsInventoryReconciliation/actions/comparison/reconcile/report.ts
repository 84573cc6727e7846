/**
 * Reconcile's outputs: Discrepancies (one item per differing line), Summary (one item: the run's
 * figures) and, when asked, the report as a CSV file (version 1: on the Summary's item; from
 * version 2 on an output of its own), so each output's table has the columns of its own items.
 *
 * One sign throughout: platform_minus_erp = platform quantity − ERP quantity (positive: the
 * platform holds more). The adjustment that makes the platform match is its negative: that is the
 * quantity_delta of the summary's `adjustments`, named as Add Adjustment Items names it.
 *
 * Pairing: a discrepancy pairs to the input item(s) that gave that warehouse / SKU / batch (an
 * ERP listing a SKU once per bin gives several); a platform line the ERP input did not have (a
 * batch the ERP does not know, or stock the ERP does not list) pairs to the input items of that
 * SKU in that warehouse, else to every input item of the warehouse. The summary pairs to every
 * input item that was read.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IPairedItemData,
} from 'n8n-workflow';

import type { ComparisonId } from './stepFailed';
import { CSV_COLUMNS, stockKey, toCsv, type ErpOnHand, type ReportLine } from './variance';

export interface ReportEntry extends ReportLine {
	comparison_id: ComparisonId;
	/** Whether the adjustment was added and processed on the platform. */
	adjusted: boolean;
}

/**
 * Finds the input items a platform line stands for. The indexes are built on the first line asked
 * about (by SKU and by warehouse only when a line is not in the input), and each list once, shared
 * by the lines that use it: a run of 200,000 equal lines builds nothing per line.
 */
export class Pairing {
	private byKey?: Map<string, ErpOnHand>;
	private byGroup?: { sku: Map<string, number[]>; warehouse: Map<string, number[]> };
	private readonly lists = new Map<string, IPairedItemData[]>();

	constructor(private readonly lines: ErpOnHand[]) {}

	of(line: { warehouse_code: string; sku: string; batch?: string }): IPairedItemData[] {
		this.byKey ??= new Map(this.lines.map((erp) => [stockKey(erp), erp]));
		const key = stockKey(line);
		const exact = this.byKey.get(key);
		if (exact) return this.list(`k${key}`, () => exact.itemIndexes);
		const group = this.groups();
		const bySku = `${line.warehouse_code}\u0000${line.sku}`;
		if (group.sku.has(bySku)) return this.list(`s${bySku}`, () => group.sku.get(bySku)!);
		return this.list(
			`w${line.warehouse_code}`,
			() => group.warehouse.get(line.warehouse_code) ?? [],
		);
	}

	private groups() {
		if (!this.byGroup) {
			const sku = new Map<string, number[]>();
			const warehouse = new Map<string, number[]>();
			const add = (map: Map<string, number[]>, key: string, items: number[]) => {
				const known = map.get(key);
				if (known) known.push(...items);
				else map.set(key, [...items]);
			};
			for (const erp of this.lines) {
				add(sku, `${erp.warehouse_code}\u0000${erp.sku}`, erp.itemIndexes);
				add(warehouse, erp.warehouse_code, erp.itemIndexes);
			}
			this.byGroup = { sku, warehouse };
		}
		return this.byGroup;
	}

	private list(key: string, items: () => number[]): IPairedItemData[] {
		let list = this.lists.get(key);
		if (!list) {
			list = items().map((item) => ({ item }));
			this.lists.set(key, list);
		}
		return list;
	}
}

export function discrepancyItems(
	entries: ReportEntry[],
	pairing: (line: ReportEntry) => IPairedItemData[],
): INodeExecutionData[] {
	return entries.map((entry) => ({
		json: {
			comparison_id: entry.comparison_id,
			warehouse_code: entry.warehouse_code,
			sku: entry.sku,
			batch: entry.batch ?? '',
			erp_quantity: entry.erp_quantity,
			platform_quantity: entry.platform_quantity,
			platform_minus_erp: entry.difference,
			direction: entry.direction,
			percent: entry.percent,
			action: entry.action,
			// false: the ERP input had no line for it (platform-only stock, or a batch the ERP does not list).
			in_erp_input: entry.in_erp_input,
			adjusted: entry.adjusted,
		},
		pairedItem: pairing(entry),
	}));
}

const REPORT_CSV_COLUMNS = [
	'comparison_id',
	...CSV_COLUMNS.map((column) => (column === 'difference' ? 'platform_minus_erp' : column)),
	'adjusted',
];

/** The variance summary's own figures, in the report's sign words. */
function inReportWords(summary: IDataObject): IDataObject {
	const { net_units, largest_differences, ...rest } = summary;
	const largest = (largest_differences as IDataObject[] | undefined)?.map(
		({ difference, ...line }) => ({ ...line, platform_minus_erp: difference }),
	);
	return { ...rest, net_units_platform_minus_erp: net_units, largest_differences: largest };
}

export interface CsvSettings {
	binaryProperty: string;
	fileName: string;
}

/** The Summary output's item, with the report as a CSV file when asked for (version 1). */
export async function summaryItem(
	ctx: IExecuteFunctions,
	summary: IDataObject,
	entries: ReportEntry[],
	pairedItem: IPairedItemData[],
	csv: CsvSettings | undefined,
): Promise<INodeExecutionData> {
	const item: INodeExecutionData = { json: inReportWords(summary), pairedItem };
	if (csv) item.binary = (await csvFileItem(ctx, entries, pairedItem, csv)).binary;
	return item;
}

/**
 * The report as a CSV file, on an item of its own (version 2: the CSV File output): n8n's editor
 * opens an item that carries a file on its Binary view, so the Summary keeps to its figures.
 */
export async function csvFileItem(
	ctx: IExecuteFunctions,
	entries: ReportEntry[],
	pairedItem: IPairedItemData[],
	csv: CsvSettings,
): Promise<INodeExecutionData> {
	const text = toCsv(
		entries.map((entry) => ({ ...entry, platform_minus_erp: entry.difference })),
		REPORT_CSV_COLUMNS,
	);
	return {
		json: { file_name: csv.fileName, lines: entries.length },
		binary: {
			[csv.binaryProperty]: await ctx.helpers.prepareBinaryData(
				Buffer.from(text, 'utf8'),
				csv.fileName,
				'text/csv',
			),
		},
		pairedItem,
	};
}
