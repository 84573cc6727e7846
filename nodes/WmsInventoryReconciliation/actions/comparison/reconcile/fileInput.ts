/**
 * Reconcile's input as files: each input item's ERP stock export read as it streams, each row
 * checked as a stock line (the same names and rules as for items) and summed into the warehouse's
 * compact stock (stock.ts) at once, so only the stock itself is held, never the rows. A bad row is
 * reported with its line and the read goes on; a file that is not what it says stops the run.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputProblem, type Problem } from '../../../../shared/checking';
import { fileSettings } from '../../../../shared/file/properties';
import { FileReader } from '../../../../shared/file/read';
import { WriteReport, type ReportedRow } from '../../../../shared/file/report';
import { stopIfCancelled } from '../../../../shared/file/write';
import type { RowShape } from '../../../../shared/file/rows';
import type { ExecuteSession } from '../../../../shared/session';
import { isQuantityColumn, lineNames, missingLineColumns, readErpLine } from './input';
import { FileStock, type LineSource } from './stock';
import { erpLineSpec, type TheirNames } from '../lineWords';
import type { StepName } from './stepFailed';

const ROUTE = '/comparison_erp_on_hand/add';

export interface ErpFiles {
	stocks: Map<string, FileStock>;
	rowsRead: number;
	/** Rows not accepted, by the check or by the platform. */
	rowsRefused: number;
	files: string[];
	/** The report of each input item's file: its rows not accepted. */
	reports: Map<number, WriteReport>;
}

function shape(ctx: IExecuteFunctions, defaultWarehouse: string): RowShape {
	const names = lineNames(ctx);
	return {
		field: (name) => ({ path: [name], number: isQuantityColumn(names, name) }),
		checkColumns: (columns) =>
			missingLineColumns(
				names,
				columns.map((column) => column.field?.path[0] ?? column.name),
				defaultWarehouse,
			),
	};
}

/** Every input item's file, read into one compact stock per warehouse. */
export async function readErpFiles(
	session: ExecuteSession,
	defaultWarehouse: string,
	theirNames: TheirNames,
): Promise<ErpFiles> {
	const { ctx } = session;
	const names = lineNames(ctx);
	const read: ErpFiles = {
		stocks: new Map(),
		rowsRead: 0,
		rowsRefused: 0,
		files: [],
		reports: new Map(),
	};
	const spec = erpLineSpec(session, theirNames);
	for (let itemIndex = 0; itemIndex < ctx.getInputData().length; itemIndex++) {
		const file = new FileReader(
			ctx,
			itemIndex,
			fileSettings(ctx, itemIndex),
			shape(ctx, defaultWarehouse),
		);
		read.files.push(file.name);
		const report = new WriteReport(
			session,
			ROUTE,
			{ file: { name: file.name, delimiter: () => file.delimiter, columns: () => file.columns } },
			() => ({ item: itemIndex }),
		);
		read.reports.set(itemIndex, report);
		const refuse = (row: ReportedRow, problems: Problem[]) => {
			report.unreadable(row, problems);
			read.rowsRefused++;
		};
		for await (const rows of file.rows()) {
			stopIfCancelled(session);
			for (const row of rows) {
				read.rowsRead++;
				report.rowsRead++;
				if (row.problems.length) {
					refuse(row, row.problems);
					continue;
				}
				try {
					const line = readErpLine(ctx, row.values, names, defaultWarehouse, itemIndex, spec);
					let stock = read.stocks.get(line.warehouse_code);
					if (!stock)
						read.stocks.set(line.warehouse_code, (stock = new FileStock(line.warehouse_code)));
					stock.add(line.sku, line.batch ?? '', line.quantity, {
						item: itemIndex,
						row: row.row,
						line: row.line,
					});
				} catch (error) {
					if (!(error instanceof InputProblem))
						throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
					refuse(row, [{ field: error.field, problem: error.problem }]);
				}
			}
		}
	}
	return read;
}

/** Reports a file's stock line the platform refused, on the row it first appeared on. */
export function refusedFileRow(read: ErpFiles) {
	return (source: LineSource, step: StepName, error: Error) => {
		read.rowsRefused++;
		read.reports
			.get(source.item)
			?.unreadable({ row: source.row ?? 0, line: source.line, source: [] }, [
				{ field: '', problem: `was refused by the platform at step "${step}": ${error.message}` },
			]);
	};
}
