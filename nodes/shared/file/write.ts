/**
 * The bulk write of an upsert route from files (Input → File) or, with Output → Failures and a
 * Summary, from input items. A file is read as it streams: each row checked as it comes (a bad
 * row is reported with its line, never stops the file), sent through the one bulk write
 * (bulk/write.ts) as lanes free up, and its outcome counted as its request settles. Only the rows
 * of the chunk at hand and of the requests in flight are held.
 */
import type { IDataObject, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RowOutcome } from '../bulk/outcomes';
import { bulkWriteRows } from '../bulk/write';
import { checkRecord, InputProblem, type Problem, type UnknownFieldPolicy } from '../checking';
import { bulkOptions, includeInputFields } from '../form/options';
import { errorJson } from '../output';
import { routeInfo, type RecordSpec, type RoutePath } from '../platform';
import { recordKey, recordName } from '../recordKey';
import type { ExecuteSession } from '../session';
import { PlatformError } from '../transport/errors';
import { recordShape } from './fields';
import { fileSettings, type BulkOutput } from './properties';
import { FileReader } from './read';
import type { FileRow } from './rows';
import { WriteReport, type ReportedRow } from './report';

export interface FileWrite {
	route: RoutePath;
	spec: RecordSpec;
	unknownFields: UnknownFieldPolicy;
}

/** A row checked and ready to send. */
interface Ready extends ReportedRow {
	record: IDataObject;
}

/** Every row of a file, checked as it comes: the bad ones told to `refuse`, the rest yielded in batches. */
async function* checked(
	session: ExecuteSession,
	write: FileWrite,
	rows: AsyncIterable<FileRow[]>,
	refuse: (row: ReportedRow, problems: Problem[]) => void,
	read: () => void,
): AsyncGenerator<Ready[]> {
	const timeZone = session.ctx.getTimezone();
	for await (const batch of rows) {
		const ready: Ready[] = [];
		for (const row of batch) {
			read();
			const { record, problems } = checkRecord(write.spec, row.values, {
				unknownFields: write.unknownFields,
				timeZone,
			});
			problems.unshift(...row.problems);
			if (problems.length) refuse(row, problems);
			else ready.push({ ...row, record });
		}
		if (ready.length) yield ready;
	}
}

/** Output → Every Record for a file: each row's result, or its error naming the record and the line. */
class EveryRow {
	readonly items: INodeExecutionData[] = [];
	private first?: { error: NodeOperationError; row: number };
	stored = 0;

	constructor(
		private readonly session: ExecuteSession,
		private readonly write: FileWrite,
		private readonly itemIndex: number,
	) {}

	private key(row: ReportedRow) {
		return recordKey(routeInfo(this.write.route).naturalKey, row.values);
	}

	settled(row: ReportedRow, outcome: RowOutcome) {
		const key = this.key(row);
		if (outcome.kind === 'stored') {
			this.stored++;
			const input = includeInputFields(this.session.ctx) ? row.values : undefined;
			this.items.push({
				json: { ...input, row: row.row, line: row.line, ...key, ...outcome.result },
				pairedItem: { item: this.itemIndex },
			});
			return;
		}
		const facts =
			outcome.kind === 'notConfirmed'
				? { code: 'not_confirmed', retryable: outcome.rerunSafe }
				: { code: outcome.error.body?.code ?? 'refused', retryable: false };
		this.fail(row, outcome.error.message, key, facts);
	}

	unreadable(row: ReportedRow, problems: Problem[]) {
		const [first] = problems;
		this.fail(row, `${first.field ? `${first.field} ` : ''}${first.problem}`, this.key(row), {
			code: 'invalid_input',
			retryable: false,
		});
	}

	private fail(row: ReportedRow, reason: string, key: IDataObject | undefined, facts: IDataObject) {
		const noun = routeInfo(this.write.route).noun ?? 'record';
		const name = key
			? `${recordName(noun, key)} (row ${row.row}, line ${row.line})`
			: `Row ${row.row} (line ${row.line})`;
		const error = new NodeOperationError(this.session.ctx.getNode(), `${name}: ${reason}`, {
			itemIndex: this.itemIndex,
		});
		if (!this.first || row.row < this.first.row) this.first = { error, row: row.row };
		const json = errorJson(this.session.secrets, error, key, facts);
		this.items.push({
			json: { ...json, error: { ...(json.error as IDataObject), row: row.row, line: row.line } },
			pairedItem: { item: this.itemIndex },
		});
	}

	/** The items in the file's order (requests settle in any order). */
	inFileOrder(): INodeExecutionData[] {
		return this.items.sort((a, b) => this.rowOf(a) - this.rowOf(b));
	}

	private rowOf(item: INodeExecutionData): number {
		return Number(item.json.row ?? (item.json.error as IDataObject).row);
	}

	/** Without continue-on-fail, the first row not stored (in file order) stops the node once the file is done. */
	check(rowsRead: number) {
		if (!this.first || this.session.ctx.continueOnFail()) return;
		this.first.error.description = `${this.stored} of ${rowsRead} rows were confirmed as stored; turn on "On Error → Continue (using error output)" to get every row's result, or use Options → Output → Failures and a Summary.`;
		throw this.first.error;
	}
}

/** Writes the file of every input item; answers the node's outputs: [every record] or [not stored, summary]. */
export async function writeFiles(
	session: ExecuteSession,
	write: FileWrite,
	output: BulkOutput,
): Promise<INodeExecutionData[][]> {
	const { ctx } = session;
	const notStored: INodeExecutionData[] = [];
	const results: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < ctx.getInputData().length; itemIndex++) {
		let reader: FileReader | undefined;
		let report: WriteReport | undefined;
		try {
			const file = new FileReader(
				ctx,
				itemIndex,
				fileSettings(ctx, itemIndex),
				recordShape(write.spec, write.unknownFields),
			);
			reader = file;
			const paired: IPairedItemData = { item: itemIndex };
			report = new WriteReport(
				session,
				write.route,
				{ file: { name: file.name, delimiter: () => file.delimiter, columns: () => file.columns } },
				() => paired,
			);
			const counted = report;
			const every = output === 'everyRecord' ? new EveryRow(session, write, itemIndex) : undefined;
			const rows = checked(
				session,
				write,
				file.rows(),
				(row, problems) => (every ?? counted).unreadable(row, problems),
				() => counted.rowsRead++,
			);
			const end = await bulkWriteRows(
				session,
				write.route,
				rows,
				{
					recordOf: (row: Ready) => row.record,
					settle: (row, outcome) => (every ?? counted).settled(row, outcome),
				},
				bulkOptions(ctx, write.route),
			);
			counted.requests += end.requests;
			if (every) {
				every.check(counted.rowsRead);
				results.push(...every.inFileOrder());
			} else {
				notStored.push(...counted.notStoredItems());
				results.push(
					await counted.summaryItem(paired, { gaveUp: end.gaveUp, lastLine: file.lastLine }),
				);
			}
		} catch (error) {
			const failure =
				error instanceof NodeOperationError || error instanceof PlatformError
					? error
					: new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
			if (report && reader?.rowsRead)
				failure.description =
					`${failure.description ?? ''} Of the ${reader.rowsRead} rows read, ${report.stored + report.unchanged} were confirmed as stored before the run stopped.`.trim();
			if (!ctx.continueOnFail()) throw failure;
			results.push({ json: errorJson(session.secrets, failure), pairedItem: { item: itemIndex } });
		}
	}
	return output === 'everyRecord' ? [results] : [notStored, results];
}

/** Output → Failures and a Summary for input items: each item's record read and checked by `recordOf`. */
export async function writeItemsWithSummary(
	session: ExecuteSession,
	route: RoutePath,
	recordOf: (itemIndex: number) => IDataObject,
	rawRecord: (itemIndex: number) => IDataObject | undefined,
): Promise<INodeExecutionData[][]> {
	const { ctx } = session;
	const count = ctx.getInputData().length;
	const report = new WriteReport(session, route, {}, (row) => ({ item: row.row }));
	const ready: Ready[] = [];
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		report.rowsRead++;
		let raw: IDataObject | undefined;
		try {
			raw = rawRecord(itemIndex);
		} catch {
			// A record that cannot even be read (bad JSON) is named by its item alone.
		}
		const row: ReportedRow = { row: itemIndex, values: raw, source: raw ?? {} };
		try {
			ready.push({ ...row, record: recordOf(itemIndex) });
		} catch (error) {
			const problem =
				error instanceof InputProblem
					? { field: error.field, problem: error.problem }
					: { field: '', problem: (error as Error).message };
			report.unreadable(row, [problem]);
		}
	}
	const end = await bulkWriteRows(
		session,
		route,
		[ready],
		{
			recordOf: (row: Ready) => row.record,
			settle: (row, outcome) => report.settled(row, outcome),
		},
		bulkOptions(ctx, route),
	);
	report.requests += end.requests;
	const everyItem = Array.from({ length: count }, (_, item) => ({ item }));
	return [report.notStoredItems(), [await report.summaryItem(everyItem, { gaveUp: end.gaveUp })]];
}
