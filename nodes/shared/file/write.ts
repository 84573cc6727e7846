/**
 * The bulk write of an upsert route from files (Input → File) or, with Output → Failures and a
 * Summary, from input items. A file is read as it streams: each row checked as it comes (a bad
 * row is reported with its line, never stops the file), sent through the one bulk write
 * (bulk/write.ts) as lanes free up, and its outcome counted as its request settles. Only the rows
 * of the chunk at hand and of the requests in flight are held.
 */
import type { IDataObject, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { amount, counted } from '../counting';
import { bulkWriteRows } from '../bulk/write';
import { checkRecord, InputProblem, type Problem, type UnknownFieldPolicy } from '../checking';
import { bulkOptions, includeInputFields } from '../form/options';
import { errorJson } from '../output';
import { EveryRow } from './everyRow';
import type { RecordSpec } from '../platform';
import type { ExecuteSession } from '../session';
import { PlatformError } from '../transport/errors';
import { fromVersion } from '../version';
import { recordShape } from './fields';
import { fileSettings, type BulkOutput } from './properties';
import { FileReader } from './read';
import type { FileRow, RowShape } from './rows';
import { WriteReport, type ReportedRow } from './report';

/** Ends a read when the execution is cancelled (a long stretch of rows may hold nothing to send). */
export function stopIfCancelled(session: ExecuteSession): void {
	if (session.signal?.aborted)
		throw new NodeOperationError(
			session.ctx.getNode(),
			'Execution cancelled while reading the file',
		);
}

/** A record ready to send: the row it comes from (the first, for an order of several rows) and what it sends. */
export interface Ready extends ReportedRow {
	record: IDataObject;
}

/** What a file's rows are told when they cannot be sent: the row (or an order's rows) and why. */
export type Refuse = (row: ReportedRow, problems: Problem[]) => void;

/** A bulk write of files: how the columns are read, and how rows become records to send. */
export interface FileWrite {
	route: string;
	shape: RowShape;
	/** What a record of several rows is called ("orders"); unset: one record per row. */
	recordsCalled?: string;
	/**
	 * The records of `file`, checked as its rows come (`read` counted for each row); rows that
	 * cannot be sent are told to `refuse`. `again` opens the same file anew, for a first look.
	 */
	records(
		file: FileReader,
		refuse: Refuse,
		read: () => void,
		again: () => FileReader,
	): AsyncIterable<Ready[]>;
}

/** The bulk write of one record per row, checked against `spec`. */
export function rowRecords(
	session: ExecuteSession,
	route: string,
	spec: RecordSpec,
	unknownFields: UnknownFieldPolicy,
): FileWrite {
	return {
		route,
		shape: recordShape(spec, unknownFields),
		records: (file, refuse, read) =>
			checked(session, spec, unknownFields, file.rows(), refuse, read),
	};
}

/** Every row of a file, checked as it comes: the bad ones told to `refuse`, the rest yielded in batches. */
async function* checked(
	session: ExecuteSession,
	spec: RecordSpec,
	unknownFields: UnknownFieldPolicy,
	rows: AsyncIterable<FileRow[]>,
	refuse: Refuse,
	read: () => void,
): AsyncGenerator<Ready[]> {
	const timeZone = session.ctx.getTimezone();
	// A row's values are checked in place (no copy of each row) unless the output shows them as read.
	const inPlace = !includeInputFields(session.ctx);
	for await (const batch of rows) {
		stopIfCancelled(session);
		const ready: Ready[] = [];
		for (const row of batch) {
			read();
			const { record, problems } = checkRecord(spec, row.values, {
				unknownFields,
				timeZone,
				leftOut: session.leftOut,
				inPlace,
			});
			if (row.problems.length) problems.unshift(...row.problems);
			if (problems.length) refuse(row, problems);
			else {
				// The row itself carries its record on (no copy of it per row while its request is out).
				const out = row as Ready & FileRow;
				out.record = record;
				ready.push(out);
			}
		}
		if (ready.length) yield ready;
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
			const open = () => new FileReader(ctx, itemIndex, fileSettings(ctx, itemIndex), write.shape);
			const file = open();
			reader = file;
			const paired: IPairedItemData = { item: itemIndex };
			report = new WriteReport(
				session,
				write.route,
				{
					file: { name: file.name, delimiter: () => file.delimiter, columns: () => file.columns },
					records: write.recordsCalled,
				},
				() => paired,
			);
			const counted = report;
			const every =
				output === 'everyRecord' ? new EveryRow(session, write.route, itemIndex) : undefined;
			const rows = write.records(
				file,
				(row, problems) => (every ?? counted).unreadable(row, problems),
				() => counted.rowsRead++,
				open,
			);
			const end = await bulkWriteRows(
				session,
				write.route,
				rows,
				{
					recordOf: (row: Ready) => row.record,
					settle: (row, outcome) => (every ?? counted).settled(row, outcome),
				},
				bulkOptions(session, write.route),
			);
			counted.requests += end.requests;
			counted.lookedUp = end.lookedUp;
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
			// Stop ends the whole run, not this file alone.
			if (session.signal?.aborted) throw failure;
			if (report) notStored.push(...report.notStoredItems());
			if (report && reader?.rowsRead)
				failure.description =
					`${failure.description ?? ''} Of the ${counted(reader.rowsRead, 'row')} read, ${amount(report.stored + report.unchanged)} ${report.stored + report.unchanged === 1 ? 'was' : 'were'} confirmed as stored before the run stopped.`.trim();
			if (!ctx.continueOnFail()) throw failure;
			results.push({
				json: errorJson(failure, undefined, {}, fromVersion(ctx, 3)),
				pairedItem: { item: itemIndex },
			});
		}
	}
	return output === 'everyRecord' ? [results] : [notStored, results];
}

/** A record made from input items (one, or an order's several), or why it could not be made. */
export interface ItemsRecord {
	itemIndexes: number[];
	/** The record as given, for its key. */
	values?: IDataObject;
	record?: IDataObject;
	/** Thrown making the record: an InputProblem names its field. */
	error?: unknown;
}

/** The record of input item `itemIndex`, read by `recordOf`, or why not. */
export function itemRecord(
	itemIndex: number,
	recordOf: (itemIndex: number) => IDataObject,
	rawRecord: (itemIndex: number) => IDataObject | undefined,
): ItemsRecord {
	let values: IDataObject | undefined;
	try {
		values = rawRecord(itemIndex);
	} catch {
		// A record that cannot even be read (bad JSON) is named by its item alone.
	}
	try {
		return { itemIndexes: [itemIndex], values, record: recordOf(itemIndex) };
	} catch (error) {
		return { itemIndexes: [itemIndex], values, error };
	}
}

/** Output → Failures and a Summary for input items: their records (or why not) as `records` gives them. */
export async function writeItemsWithSummary(
	session: ExecuteSession,
	route: string,
	records: ItemsRecord[],
	recordsCalled?: string,
): Promise<INodeExecutionData[][]> {
	const { ctx } = session;
	const items = ctx.getInputData();
	const report = new WriteReport(session, route, { records: recordsCalled }, (row) => ({
		item: row.row,
	}));
	report.rowsRead = items.length;
	const ready: Ready[] = [];
	for (const made of records) {
		const [first, ...more] = made.itemIndexes.map(
			(item): ReportedRow => ({ row: item, values: made.values, source: items[item]?.json ?? {} }),
		);
		const row: ReportedRow = { ...first, more };
		if (made.record) {
			ready.push({ ...row, record: made.record });
			continue;
		}
		const { error } = made;
		report.unreadable(row, [
			error instanceof InputProblem
				? { field: error.field, problem: error.problem }
				: { field: '', problem: (error as Error).message },
		]);
	}
	const end = await bulkWriteRows(
		session,
		route,
		[ready],
		{
			recordOf: (row: Ready) => row.record,
			settle: (row, outcome) => report.settled(row, outcome),
		},
		bulkOptions(session, route),
	);
	report.requests += end.requests;
	report.lookedUp = end.lookedUp;
	const everyItem = items.map((_, item) => ({ item }));
	return [report.notStoredItems(), [await report.summaryItem(everyItem, { gaveUp: end.gaveUp })]];
}
