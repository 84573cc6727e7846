/**
 * Reading an input item's file as rows, as it streams in: n8n's binary stream (or the item's own
 * bytes when n8n keeps binary data in memory), then text, then records of the file's format, then
 * rows. Only the records of the chunk at hand are held; the caller pulls the next batch when it
 * has room, and stopping early closes the file.
 */
import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { counted, InputItems } from '../counting';
import { CsvParser, type CsvRecord } from './csv';
import { JsonArrayParser, JsonLinesParser, type JsonRecord } from './json';
import { RowReader, type DecimalSeparator, type FileRow, type RowShape } from './rows';
import { FileError, fileText, type FileEncoding } from './text';

export type FileFormat = 'detect' | 'csv' | 'jsonLines' | 'jsonArray';

/** How the user said to read the file (File Options, Column Mapping). */
export interface FileSettings {
	binaryProperty: string;
	format: FileFormat;
	/** Undefined: the header line says. */
	delimiter?: string;
	decimal: DecimalSeparator;
	encoding: FileEncoding;
	/** ERP column (or JSON key) → platform field. */
	mapping: Map<string, string>;
}

/**
 * Bytes read from n8n's binary data at a time: small enough that a chunk and its text stay below
 * V8's large-object size (128 KB), so they are collected young with the rows made from them
 * instead of waiting in the old generation for a full collection (n8n main's memory, see
 * docs/performance.md).
 */
const CHUNK_BYTES = 64 * 1024;

type Parser = {
	push(text: string): Array<CsvRecord | JsonRecord>;
	end(): Array<CsvRecord | JsonRecord>;
};

/** One input item's file, read row by row; what it learnt on the way (format, delimiter, columns) stays readable. */
export class FileReader {
	readonly name: string;
	format: Exclude<FileFormat, 'detect'> = 'csv';
	/** The CSV file's delimiter and header, once read. */
	delimiter?: string;
	columns: string[] = [];
	rowsRead = 0;
	/** The last line a row was read from. */
	lastLine = 0;
	private readonly binary: IBinaryData;

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly itemIndex: number,
		private readonly settings: FileSettings,
		private readonly shape: RowShape,
	) {
		// Said here rather than by n8n's assertBinaryData, whose words count items from 0 ("[item 0]").
		const binary = ctx.getInputData()[itemIndex]?.binary?.[settings.binaryProperty];
		if (!binary) {
			const held = Object.keys(ctx.getInputData()[itemIndex]?.binary ?? {});
			throw new NodeOperationError(
				ctx.getNode(),
				`${InputItems([itemIndex])} has no file in its binary field "${settings.binaryProperty}"`,
				{
					itemIndex,
					description: held.length
						? `Its files are in ${held.map((name) => `"${name}"`).join(', ')}: set Input Binary Field to one of them. Nothing was sent for this item.`
						: 'It has no file at all: put a node that reads or downloads the file before this one. Nothing was sent for this item.',
				},
			);
		}
		this.name = binary.fileName ?? settings.binaryProperty;
		this.binary = binary;
	}

	/** The file's rows in batches (a chunk's worth each); a file that is not what it says throws, naming the line. */
	async *rows(): AsyncGenerator<FileRow[]> {
		try {
			yield* this.read();
		} catch (error) {
			throw error instanceof FileError
				? this.failure(error)
				: new NodeOperationError(this.ctx.getNode(), error as Error, {
						itemIndex: this.itemIndex,
					});
		}
	}

	private async *read(): AsyncGenerator<FileRow[]> {
		const reader = new RowReader(this.shape, this.settings.mapping, this.settings.decimal);
		let parser: (Parser & { separator?: string }) | undefined;
		let headerRead = false;
		const rowsOf = (records: Array<CsvRecord | JsonRecord>): FileRow[] => {
			const rows: FileRow[] = [];
			for (const record of records) {
				if ('cells' in record) {
					if (record.cells.every((cell) => cell === '')) continue;
					if (!headerRead) {
						headerRead = true;
						this.delimiter = (parser as CsvParser).separator;
						this.columns = record.cells;
						reader.header(record);
						continue;
					}
					rows.push(reader.csvRow(record, ++this.rowsRead));
				} else {
					rows.push(reader.jsonRow(record, ++this.rowsRead));
				}
				this.lastLine = record.line;
			}
			return rows;
		};
		let pending = '';
		for await (const text of fileText(this.bytes(), this.settings.encoding)) {
			if (!parser) {
				pending += text;
				const first = pending.trimStart();
				if (first === '') continue;
				parser = this.parserFor(first[0]);
				const rows = rowsOf(parser.push(pending));
				pending = '';
				if (rows.length) yield rows;
				continue;
			}
			const rows = rowsOf(parser.push(text));
			if (rows.length) yield rows;
		}
		if (!parser) throw new FileError(undefined, 'is empty');
		const rows = rowsOf(parser.end());
		if (this.format === 'csv' && !headerRead) throw new FileError(undefined, 'is empty');
		if (rows.length) yield rows;
	}

	private parserFor(first: string): Parser & { separator?: string } {
		const { format } = this.settings;
		this.format =
			format !== 'detect'
				? format
				: first === '['
					? 'jsonArray'
					: first === '{'
						? 'jsonLines'
						: 'csv';
		if (this.format === 'jsonArray') return new JsonArrayParser();
		if (this.format === 'jsonLines') return new JsonLinesParser();
		return new CsvParser(this.settings.delimiter);
	}

	private async *bytes(): AsyncGenerator<Uint8Array> {
		if (this.binary.id) {
			const stream = await this.ctx.helpers.getBinaryStream(this.binary.id, CHUNK_BYTES);
			yield* stream as AsyncIterable<Uint8Array>;
			return;
		}
		// n8n keeps the item's binary data in memory (its "default" binary mode): it is held already.
		const buffer = await this.ctx.helpers.getBinaryDataBuffer(
			this.itemIndex,
			this.settings.binaryProperty,
		);
		for (let at = 0; at < buffer.length; at += CHUNK_BYTES)
			yield buffer.subarray(at, at + CHUNK_BYTES);
	}

	/** The error that stops the read, naming the file, the line and what was read before it. */
	private failure(error: FileError): NodeOperationError {
		const where =
			error.line === undefined ? `"${this.name}"` : `Line ${error.line} of "${this.name}"`;
		const read = this.rowsRead
			? `${counted(this.rowsRead, 'row')} before it ${this.rowsRead === 1 ? 'was' : 'were'} read (up to line ${this.lastLine}); nothing after it was.`
			: 'No row of it was read.';
		return new NodeOperationError(this.ctx.getNode(), `${where} ${error.problem}`, {
			itemIndex: this.itemIndex,
			description: `The file is not read on past this point. ${read}`,
		});
	}
}
