/**
 * Reconcile's two outputs: Discrepancies (one item per differing line) and Summary (one item: the
 * run's figures, and the report as a CSV file), so each output's table has the columns of its own items.
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
import type { IDataObject, IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';

import { CSV_COLUMNS, stockKey, toCsv, type ErpOnHand, type ReportLine } from './variance';

export interface ReportEntry extends ReportLine {
	comparison_id: string;
	/** Whether the adjustment was added and processed on the platform. */
	adjusted: boolean;
}

/**
 * Finds the input items a platform line stands for. The lists are built once and shared by the
 * lines that use them, so a run with many platform-only lines does not copy them per line.
 */
export class Pairing {
	private readonly byKey = new Map<string, IPairedItemData[]>();
	private readonly bySku = new Map<string, IPairedItemData[]>();
	private readonly byWarehouse = new Map<string, IPairedItemData[]>();

	constructor(lines: ErpOnHand[]) {
		const add = (map: Map<string, IPairedItemData[]>, key: string, items: number[]) => {
			const known = map.get(key) ?? [];
			for (const item of items) known.push({ item });
			map.set(key, known);
		};
		for (const line of lines) {
			add(this.byKey, stockKey(line), line.itemIndexes);
			add(this.bySku, `${line.warehouse_code}\u0000${line.sku}`, line.itemIndexes);
			add(this.byWarehouse, line.warehouse_code, line.itemIndexes);
		}
	}

	of(line: { warehouse_code: string; sku: string; batch?: string }): IPairedItemData[] {
		return (
			this.byKey.get(stockKey(line)) ?? this.bySku.get(`${line.warehouse_code}\u0000${line.sku}`) ?? this.byWarehouse.get(line.warehouse_code) ?? []
		);
	}
}

export function discrepancyItems(entries: ReportEntry[], pairing: Pairing): INodeExecutionData[] {
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
		pairedItem: pairing.of(entry),
	}));
}

const REPORT_CSV_COLUMNS = ['comparison_id', ...CSV_COLUMNS.map((column) => (column === 'difference' ? 'platform_minus_erp' : column)), 'adjusted'];

/** The variance summary's own figures, in the report's sign words. */
function inReportWords(summary: IDataObject): IDataObject {
	const { net_units, largest_differences, ...rest } = summary;
	const largest = (largest_differences as IDataObject[] | undefined)?.map(({ difference, ...line }) => ({ ...line, platform_minus_erp: difference }));
	return { ...rest, net_units_platform_minus_erp: net_units, largest_differences: largest };
}

export interface CsvSettings {
	binaryProperty: string;
	fileName: string;
}

/** The Summary output's item, with the report as a CSV file when asked for. */
export async function summaryItem(
	ctx: IExecuteFunctions,
	summary: IDataObject,
	entries: ReportEntry[],
	pairedItem: IPairedItemData[],
	csv: CsvSettings | undefined,
): Promise<INodeExecutionData> {
	const item: INodeExecutionData = { json: inReportWords(summary), pairedItem };
	if (csv) {
		const text = toCsv(
			entries.map((entry) => ({ ...entry, platform_minus_erp: entry.difference })),
			REPORT_CSV_COLUMNS,
		);
		item.binary = { [csv.binaryProperty]: await ctx.helpers.prepareBinaryData(Buffer.from(text, 'utf8'), csv.fileName, 'text/csv') };
	}
	return item;
}
