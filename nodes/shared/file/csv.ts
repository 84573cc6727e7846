/**
 * CSV as ERPs write it, read as text arrives: records split by line ends (CRLF or LF) outside
 * quotes, cells by the delimiter; a cell in double quotes may hold delimiters, line ends and
 * doubled quotes (""). A quote inside an unquoted cell is taken as it is (12" pipe). The record
 * keeps the line it starts on, for messages.
 *
 * A record that is wrong on its own (text after a closing quote) carries its problem and the file
 * reads on; a quote never closed ends the read, as everything after it would be misread.
 */
import { FileError } from './text';
import { NEWLINE, QUOTE, RETURN } from './chars';

export interface CsvRecord {
	/** The line of the file the record starts on (1: the first). */
	line: number;
	cells: string[];
	/** What is wrong with this record alone. */
	problem?: string;
}

export const DELIMITERS = [',', ';', '\t', '|'] as const;

const DELIMITER_NAMES: Record<string, string> = {
	',': 'comma',
	';': 'semicolon',
	'\t': 'tab',
	'|': 'pipe',
};

/** Longest record kept waiting for its end: past it, a quote was surely never closed. */
const LONGEST_RECORD = 1 << 20;

/** The delimiter of a header line: the candidate found most often outside quotes. */
function detectDelimiter(text: string, final: boolean): string | undefined {
	const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
	let quoted = false;
	let i = 0;
	for (; i < text.length; i++) {
		const c = text[i];
		if (c === '"') quoted = !quoted;
		else if (!quoted && c === '\n') break;
		else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
	}
	if (i === text.length && !final) return undefined;
	const most = Math.max(...counts.values());
	if (most === 0) return ',';
	const tied = DELIMITERS.filter((d) => counts.get(d) === most);
	if (tied.length > 1)
		throw new FileError(
			1,
			`could be split by ${tied.map((d) => DELIMITER_NAMES[d]).join(' or by ')} (${most} of each): choose the Delimiter under File Options`,
		);
	return tied[0];
}

export class CsvParser {
	private buffer = '';
	/** The line the buffer starts on. */
	private line = 1;

	/** `delimiter` undefined: the header line says which (see detectDelimiter). */
	constructor(private delimiter?: string) {}

	/** The delimiter in use, once known. */
	get separator(): string | undefined {
		return this.delimiter;
	}

	/** The records completed by `text`; a record not yet ended waits for the next text. */
	push(text: string): CsvRecord[] {
		this.buffer += text;
		return this.take(false);
	}

	/** The last records, at the end of the file. */
	end(): CsvRecord[] {
		return this.take(true);
	}

	private take(final: boolean): CsvRecord[] {
		const records: CsvRecord[] = [];
		const text = this.buffer;
		this.delimiter ??= detectDelimiter(text, final);
		const delimiter = this.delimiter;
		let at = 0;
		if (delimiter !== undefined) {
			// The next quote in the text, looked for again only once passed (-1: none left).
			let quote = text.indexOf('"');
			while (at < text.length) {
				const newline = text.indexOf('\n', at);
				if (newline === -1 && !final) break;
				const end = newline === -1 ? text.length : newline;
				if (quote !== -1 && quote < at) quote = text.indexOf('"', at);
				if (quote === -1 || quote > end) {
					// No quote on the line: the usual case, split as it is.
					const stop = end > at && text.charCodeAt(end - 1) === RETURN ? end - 1 : end;
					records.push({ line: this.line, cells: text.slice(at, stop).split(delimiter) });
					this.line++;
					at = end + 1;
					continue;
				}
				const record = this.quoted(text, at, delimiter, final);
				if (!record) break;
				records.push(record.record);
				this.line += record.lines;
				at = record.next;
			}
		}
		this.buffer = text.slice(at);
		if (this.buffer.length > LONGEST_RECORD)
			throw new FileError(
				this.line,
				'starts a record that runs on for more than a million characters: a quoted cell is probably never closed (a " too many or too few)',
			);
		return records;
	}

	/**
	 * The record starting at `at` of a line with quotes: its cells, where the next record starts
	 * and how many lines it spans; undefined while its end is not in `text` yet.
	 */
	private quoted(
		text: string,
		at: number,
		delimiter: string,
		final: boolean,
	): { record: CsvRecord; next: number; lines: number } | undefined {
		const cells: string[] = [];
		const separator = delimiter.charCodeAt(0);
		let lines = 1;
		let problem: string | undefined;
		let i = at;
		for (;;) {
			let cell = '';
			if (text.charCodeAt(i) === QUOTE) {
				i++;
				for (;;) {
					const close = text.indexOf('"', i);
					if (close === -1 || (close === text.length - 1 && !final)) {
						if (!final) return undefined;
						throw new FileError(
							this.line,
							`opens a quoted cell (column ${cells.length + 1}) that is never closed: a " is missing or one too many`,
						);
					}
					cell += text.slice(i, close);
					lines += countNewlines(text, i, close);
					if (text.charCodeAt(close + 1) === QUOTE) {
						cell += '"';
						i = close + 2;
						continue;
					}
					i = close + 1;
					break;
				}
				const after = text.charCodeAt(i);
				const ended =
					i >= text.length ||
					after === separator ||
					after === NEWLINE ||
					(after === RETURN && (i + 1 >= text.length || text.charCodeAt(i + 1) === NEWLINE));
				if (!ended) {
					if (i + 1 >= text.length && !final) return undefined;
					problem ??= `has text after the closing quote of column ${cells.length + 1}: quote the whole cell, and double a quote inside it ("")`;
				}
			}
			// The unquoted part: all of an unquoted cell, or what follows a closing quote by mistake.
			let j = i;
			for (; j < text.length; j++) {
				const c = text.charCodeAt(j);
				if (c === separator || c === NEWLINE) break;
			}
			if (j === text.length && !final) return undefined;
			let part = text.slice(i, j);
			if (text.charCodeAt(j) !== separator && part.endsWith('\r')) part = part.slice(0, -1);
			cells.push(cell + part);
			if (j < text.length && text.charCodeAt(j) === separator) {
				i = j + 1;
				continue;
			}
			return { record: { line: this.line, cells, problem }, next: j + 1, lines };
		}
	}
}

function countNewlines(text: string, from: number, to: number): number {
	let count = 0;
	for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
	return count;
}

/** How a delimiter is said in messages. */
export const delimiterName = (delimiter: string): string =>
	DELIMITER_NAMES[delimiter] ?? `"${delimiter}"`;
