/**
 * Records of a file as rows of values under field names: a CSV file's header line names its
 * columns (Column Mapping renames them), a JSON record is one already. Numbers in CSV cells are
 * read with the file's decimal separator — chosen, or learnt from the first cell that can only be
 * read one way — and what could be read two ways is left to checking's rule (refused, not guessed).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Problem } from '../checking';
import type { CsvRecord } from './csv';
import type { JsonRecord } from './json';
import { FileError } from './text';

/** What a column stands for: its field's path in the record, and whether the field holds a number. */
export interface ColumnField {
	path: string[];
	number: boolean;
}

/** How an operation reads a file's columns as its records' fields. */
export interface RowShape {
	/** The field a column (after Column Mapping) stands for; undefined: no field of the record. */
	field(name: string): ColumnField | undefined;
	/** What is wrong with the file's columns as a whole (a required field without one), or undefined. */
	checkColumns?(columns: Array<{ name: string; field?: ColumnField }>): string | undefined;
}

export type DecimalSeparator = 'detect' | '.' | ',';

export interface FileRow {
	/** 1: the first record of the file (after a CSV file's header). */
	row: number;
	/** The line of the file the row starts on. */
	line: number;
	values: IDataObject;
	/** What was wrong reading it: a cell (by field) or the row as a whole (field ''). */
	problems: Problem[];
	/** The cells as the file has them (CSV), or the record as JSON text, for the file of rows not stored. */
	source: string[];
}

interface Column {
	name: string;
	field?: ColumnField;
}

const ONLY_COMMA = /^[+-]?\d*,(\d{1,2}|\d{4,})$|^[+-]?0?,\d+$/;
const ONLY_DOT = /^[+-]?\d*\.(\d{1,2}|\d{4,})$|^[+-]?0?\.\d+$/;
const COMMA_DECIMAL = /^[+-]?\d*,\d+$/;
/** The problems of a row read without any (one list for all of them: nothing adds to a row's problems once read). */
const NO_PROBLEMS: Problem[] = Object.freeze([]) as unknown as Problem[];

function setAt(values: IDataObject, path: string[], value: unknown): void {
	let target = values;
	for (let i = 0; i < path.length - 1; i++) {
		const key = path[i];
		const next = /^\d+$/.test(path[i + 1]) ? [] : {};
		target = (target[key] ??= next as IDataObject) as IDataObject;
	}
	target[path[path.length - 1]] = value as IDataObject[string];
}

/** Lists filled by column number (barcodes.1, barcodes.3) without the entries whose cells were empty. */
function withoutGaps(values: IDataObject): IDataObject {
	for (const [key, value] of Object.entries(values)) {
		if (Array.isArray(value)) {
			const entries = value.filter((entry) => entry !== undefined);
			values[key] = entries.map((entry) =>
				entry !== null && typeof entry === 'object' ? withoutGaps(entry as IDataObject) : entry,
			) as IDataObject[];
		} else if (value !== null && typeof value === 'object') withoutGaps(value as IDataObject);
	}
	return values;
}

export class RowReader {
	private columns: Column[] = [];
	/** Whether a column fills a list entry (its row may need gaps closed). */
	private listColumns = false;
	/** The line where the decimal separator showed, once learnt. */
	private decimalLine = 0;

	constructor(
		private readonly shape: RowShape,
		private readonly mapping: Map<string, string>,
		private decimal: DecimalSeparator,
	) {}

	/** The CSV header line: each column's field, or the error that stops the read. */
	header(record: CsvRecord): void {
		const names = [...record.cells];
		while (names.length > 1 && names[names.length - 1].trim() === '') names.pop();
		const unnamed = names.findIndex((name) => name.trim() === '');
		if (unnamed !== -1)
			throw new FileError(
				record.line,
				`(the header) has no name for column ${unnamed + 1}: every column needs one`,
			);
		const trimmed = new Set(names.map((name) => name.trim()));
		const missing = [...this.mapping.keys()].filter((column) => !trimmed.has(column));
		if (missing.length)
			throw new FileError(
				record.line,
				`(the header) has no column ${missing.map((m) => `"${m}"`).join(', ')}, which Column Mapping names. Its columns: ${names.map((n) => `"${n}"`).join(', ')}`,
			);
		this.columns = names.map((name) => ({
			name,
			field: this.shape.field(this.mapping.get(name.trim()) ?? name.trim()),
		}));
		this.listColumns = this.columns.some((column) =>
			column.field?.path.some((part) => /^\d+$/.test(part)),
		);
		const byPath = new Map<string, string>();
		for (const { name, field } of this.columns) {
			if (!field) continue;
			const path = field.path.join('.');
			const other = byPath.get(path);
			if (other !== undefined)
				throw new FileError(
					record.line,
					`(the header) has two columns for the field ${path}: "${other}" and "${name}". Keep one, or map one to another field in Column Mapping`,
				);
			byPath.set(path, name);
		}
		const problem = this.shape.checkColumns?.(this.columns);
		if (problem) throw new FileError(record.line, `(the header) ${problem}`);
	}

	/** A CSV record as a row. */
	csvRow(record: CsvRecord, row: number): FileRow {
		const { cells, line } = record;
		const values: IDataObject = {};
		const problems: Problem[] = [];
		if (record.problem) problems.push({ field: '', problem: record.problem });
		const width = this.columns.length;
		let extra = false;
		for (let i = width; i < cells.length && !extra; i++) extra = cells[i] !== '';
		if (extra || cells.length < width)
			problems.push({
				field: '',
				problem: `has ${cells.length} cells, the header has ${width} columns: a delimiter is missing, or a cell holds one without quotes`,
			});
		for (let i = 0; i < width && i < cells.length; i++) {
			const cell = cells[i];
			if (cell === '') continue;
			const { name, field } = this.columns[i];
			if (!field) {
				values[name] = cell;
				continue;
			}
			let value: unknown = cell;
			if (field.number) {
				const read = this.number(cell, line);
				if (typeof read === 'object') {
					problems.push({ field: field.path.join('.'), problem: read.problem });
					continue;
				}
				value = read;
			}
			setAt(values, field.path, value);
		}
		return {
			row,
			line,
			values: this.listColumns ? withoutGaps(values) : values,
			problems: problems.length ? problems : NO_PROBLEMS,
			source: cells,
		};
	}

	/** A JSON record as a row: its keys renamed by Column Mapping. */
	jsonRow(record: JsonRecord, row: number): FileRow {
		const problems: Problem[] = record.problem ? [{ field: '', problem: record.problem }] : [];
		let values = record.value ?? {};
		if (this.mapping.size && record.value) {
			values = {};
			for (const [key, value] of Object.entries(record.value)) {
				const target = this.mapping.get(key);
				if (target === undefined) values[key] = value;
				else setAt(values, this.shape.field(target)?.path ?? [target], value);
			}
		}
		const source = record.value ? JSON.stringify(record.value) : (record.text ?? '');
		return { row, line: record.line, values, problems, source: [source] };
	}

	/** A number cell, read with the file's decimal separator; text when that cannot settle it (checking refuses what is ambiguous). */
	private number(cell: string, line: number): number | string | { problem: string } {
		const text = cell.trim();
		if (this.decimal === 'detect') {
			if (ONLY_COMMA.test(text)) this.learn(',', line);
			else if (ONLY_DOT.test(text)) this.learn('.', line);
			else return text;
		}
		if (this.decimal !== ',') return text;
		if (COMMA_DECIMAL.test(text)) return Number(text.replace(',', '.'));
		if (text.includes('.'))
			return {
				problem: `has a "." (got ${JSON.stringify(cell)}), but this file writes decimals with a comma${this.decimalLine ? ` (as line ${this.decimalLine} shows)` : ''}: write it without thousands separators, like 1234,5`,
			};
		return text;
	}

	private learn(separator: ',' | '.', line: number) {
		this.decimal = separator;
		this.decimalLine = line;
	}
}
