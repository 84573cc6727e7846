/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The file readers (nodes/shared/file) held to a well-kept parser: random CSV files — cells with
 * quotes, delimiters, line ends and non-ASCII text, a BOM or none, CRLF or LF — cut into byte
 * chunks anywhere (inside a quoted cell, between CR and LF, inside a UTF-8 character) read as
 * csv-parse reads them, each record on the line it starts on; random JSON arrays and JSON Lines,
 * however indented and cut, as JSON.parse reads them. Then what a file that is not what it says
 * looks like: each stops the read with the line and what to do.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { CsvParser, type CsvRecord } from '../../nodes/shared/file/csv';
import { JsonArrayParser, JsonLinesParser, type JsonRecord } from '../../nodes/shared/file/json';
import { JsonListReader } from '../../nodes/shared/file/jsonList';
import { FileError, fileText, type FileEncoding } from '../../nodes/shared/file/text';

const SEED = Number(process.env.FILE_READER_SEED ?? 2_511_2026);
const RUNS = Number(process.env.FILE_READER_RUNS ?? 300);

async function* chunked(bytes: Uint8Array, cuts: number[]): AsyncGenerator<Uint8Array> {
	let at = 0;
	for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
		if (cut > at) yield bytes.subarray(at, cut);
		at = Math.max(at, cut);
	}
	if (at < bytes.length) yield bytes.subarray(at);
}

/** Every record the parser gives for the bytes, read through the text layer as the node reads them. */
async function readAll<R>(
	parser: { push(text: string): R[]; end(): R[] },
	bytes: Uint8Array,
	cuts: number[],
	encoding: FileEncoding = 'utf-8',
): Promise<R[]> {
	const records: R[] = [];
	for await (const text of fileText(chunked(bytes, cuts), encoding))
		records.push(...parser.push(text));
	records.push(...parser.end());
	return records;
}

async function failure(work: Promise<unknown>): Promise<FileError> {
	try {
		await work;
	} catch (error) {
		if (error instanceof FileError) return error;
		throw error;
	}
	throw new Error('the read did not stop');
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('CSV, held to csv-parse', () => {
	const cellChar = fc.constantFrom(
		'a',
		'B',
		'7',
		' ',
		'"',
		',',
		';',
		'\t',
		'|',
		'\n',
		'é',
		'€',
		'😀',
	);
	const cell = fc.string({ unit: cellChar, maxLength: 8 });
	const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), {
		minLength: 1,
		maxLength: 12,
	});

	/** A cell as an ERP writes it: quoted when it must be (and sometimes when it need not). */
	function written(value: string, delimiter: string, quoteAnyway: boolean): string {
		const must =
			value.includes(delimiter) ||
			value.includes('\n') ||
			value.includes('\r') ||
			value.startsWith('"') ||
			value === '' ||
			value.endsWith('\r');
		return must || quoteAnyway ? `"${value.replace(/"/g, '""')}"` : value;
	}

	it('reads every record and cell as csv-parse does, on the line it starts, wherever the chunks are cut', async () => {
		await fc.assert(
			fc.asyncProperty(
				table,
				fc.constantFrom(',', ';', '\t', '|'),
				fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
				fc.array(fc.nat(), { maxLength: 12 }),
				fc.boolean(),
				fc.boolean(),
				fc.boolean(),
				async (rows, delimiter, flags, cuts, bom, crlf, finalNewline) => {
					const lineEnd = crlf ? '\r\n' : '\n';
					let flag = 0;
					const lines = rows.map((row) =>
						row
							.map((value) => written(value, delimiter, flags[flag++ % flags.length]))
							.join(delimiter),
					);
					const text = `${bom ? '\ufeff' : ''}${lines.join(lineEnd)}${finalNewline ? lineEnd : ''}`;
					const expected = parse(text, {
						delimiter,
						bom: true,
						relax_quotes: true,
						relax_column_count: true,
						skip_empty_lines: false,
						record_delimiter: ['\r\n', '\n'],
					}) as string[][];
					const records = await readAll<CsvRecord>(new CsvParser(delimiter), utf8(text), cuts);
					expect(records.map((record) => record.cells)).toEqual(expected);
					expect(records.every((record) => record.problem === undefined)).toBe(true);
					// Each record starts on the line after the line ends of the records before it.
					let line = 1;
					records.forEach((record, i) => {
						expect(record.line).toBe(line);
						line += 1 + (lines[i].match(/\n/g)?.length ?? 0);
					});
				},
			),
			{ seed: SEED, numRuns: RUNS },
		);
	});

	it('finds the delimiter in the header line, whatever the cells hold', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(',', ';', '\t', '|'),
				fc.array(fc.string({ unit: fc.constantFrom('a', 'b', ',', ';', '|', ' '), maxLength: 6 }), {
					minLength: 2,
					maxLength: 6,
				}),
				async (delimiter, names) => {
					const header = names.map((name, i) => `"${name}${i}"`).join(delimiter);
					const parser = new CsvParser();
					const records = await readAll<CsvRecord>(parser, utf8(`${header}\nx\n`), []);
					expect(parser.separator).toBe(delimiter);
					expect(records[0].cells).toEqual(names.map((name, i) => `${name}${i}`));
				},
			),
			{ seed: SEED, numRuns: 100 },
		);
	});

	it('takes a quote inside an unquoted cell as it is, as ERPs write inches', async () => {
		const records = await readAll<CsvRecord>(
			new CsvParser(';'),
			utf8('sku;description\nP-1;Pipe 12" long\n'),
			[20],
		);
		expect(records[1].cells).toEqual(['P-1', 'Pipe 12" long']);
	});

	it('reports text after a closing quote on that record alone, and reads on', async () => {
		const records = await readAll<CsvRecord>(
			new CsvParser(','),
			utf8('sku,description\nA,"Bolt"M8\nB,Nut\n'),
			[],
		);
		expect(records[1].problem).toMatch(/text after the closing quote of column 2/);
		expect(records[2]).toEqual({ line: 3, cells: ['B', 'Nut'], problem: undefined });
	});

	it('stops at a quote never closed, naming the line where the cell opens', async () => {
		const error = await failure(
			readAll(new CsvParser(','), utf8('sku,description\nA,ok\nB,"never closed\nC,x\n'), [7]),
		);
		expect(error.line).toBe(3);
		expect(error.message).toMatch(
			/^Line 3 of the file opens a quoted cell \(column 2\) that is never closed/,
		);
	});

	it('asks for the delimiter when the header could be split two ways', async () => {
		const error = await failure(readAll(new CsvParser(), utf8('sku;qty,unit\n'), []));
		expect(error.message).toMatch(/could be split by comma or by semicolon .*choose the Delimiter/);
	});
});

describe('JSON, held to JSON.parse', () => {
	const record = fc.dictionary(
		fc.string({
			unit: fc.constantFrom('a', 'b', '_', '"', '\\', '\n', 'é'),
			minLength: 1,
			maxLength: 4,
		}),
		fc.oneof(
			fc.string({
				unit: fc.constantFrom('x', '"', '\\', '{', '}', '[', ']', ',', '\n', '😀'),
				maxLength: 6,
			}),
			fc.double({ noNaN: true, noDefaultInfinity: true }),
			fc.boolean(),
			fc.constant(null),
			fc.array(fc.integer(), { maxLength: 3 }),
			fc.dictionary(fc.constantFrom('k', 'l'), fc.string({ maxLength: 3 })),
		),
		{ maxKeys: 5 },
	);
	const records = fc.array(record, { maxLength: 15 });
	const plain = (values: IDataObject[]) => JSON.parse(JSON.stringify(values)) as IDataObject[];

	it('reads a JSON array element by element, however it is indented and cut', async () => {
		await fc.assert(
			fc.asyncProperty(
				records,
				fc.constantFrom(0, 1, 2, '\t'),
				fc.array(fc.nat(), { maxLength: 12 }),
				async (values, indent, cuts) => {
					const text = JSON.stringify(values, null, indent);
					const read = await readAll<JsonRecord>(new JsonArrayParser(), utf8(text), cuts);
					expect(read.map((r) => r.value)).toEqual(plain(values));
					// Each element starts on its own line when indented.
					if (indent !== 0 && values.length) expect(read[0].line).toBe(2);
				},
			),
			{ seed: SEED, numRuns: RUNS },
		);
	});

	it('reads JSON Lines line by line, each record on its line, blank lines skipped', async () => {
		await fc.assert(
			fc.asyncProperty(
				records,
				fc.array(fc.nat(), { maxLength: 12 }),
				fc.boolean(),
				async (values, cuts, crlf) => {
					const end = crlf ? '\r\n' : '\n';
					const text = values.map((value) => JSON.stringify(value)).join(`${end}${end}`);
					const read = await readAll<JsonRecord>(new JsonLinesParser(), utf8(text), cuts);
					expect(read.map((r) => r.value)).toEqual(plain(values));
					expect(read.map((r) => r.line)).toEqual(values.map((_, i) => 1 + 2 * i));
				},
			),
			{ seed: SEED, numRuns: RUNS },
		);
	});

	it('reports an element that is not an object or not valid JSON on its line, and reads on', async () => {
		const text = '[\n{"sku": "A"},\n42,\n{"sku": tru},\n{"sku": "B"}\n]';
		const read = await readAll<JsonRecord>(new JsonArrayParser(), utf8(text), [9]);
		expect(read.map((r) => [r.line, r.value?.sku ?? r.problem])).toEqual([
			[2, 'A'],
			[3, "is not a JSON object with the record's fields (got number)"],
			[4, expect.stringMatching(/^is not valid JSON/)],
			[5, 'B'],
		]);
	});

	it('stops when the array is cut off, when more follows it, and when it is no array', async () => {
		expect(
			(await failure(readAll(new JsonArrayParser(), utf8('[\n{"a":1},\n{"a":'), []))).message,
		).toMatch(
			/^Line 3 of the file is inside the JSON array when the file ends: the file is cut off/,
		);
		expect((await failure(readAll(new JsonArrayParser(), utf8('[{"a":1}]\n[]'), []))).line).toBe(2);
		expect((await failure(readAll(new JsonArrayParser(), utf8('{"a":1}\n'), []))).message).toMatch(
			/does not start a JSON array.*choose File Format → JSON Lines/,
		);
		expect(
			(await failure(readAll(new JsonLinesParser(), utf8('[\n{"a":1}\n]'), []))).message,
		).toMatch(/^Line 1 of the file is not valid JSON.*not JSON Lines.*JSON Array/);
	});
});

describe('a large JSON answer, one list of it handed over element by element', () => {
	const value = fc.jsonValue({ maxDepth: 2 });
	const plainValue = fc.oneof(
		fc.string({ maxLength: 5 }),
		fc.integer(),
		fc.double({ noNaN: true, noDefaultInfinity: true }),
		fc.boolean(),
		fc.constant(null),
	);

	it('hands over every element of the list and keeps the plain fields, however the answer is cut', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(value, { maxLength: 12 }),
				fc.dictionary(fc.constantFrom('status', 'comparison_id', 'k"ey', 'n'), plainValue),
				fc.dictionary(
					fc.constantFrom('erp_lines', 'other', 'nested'),
					fc.oneof(
						fc.array(value, { maxLength: 4 }),
						fc.dictionary(fc.string({ maxLength: 3 }), value),
					),
				),
				fc.constantFrom(0, 2),
				fc.array(fc.nat(), { maxLength: 10 }),
				async (list, plain, bulky, indent, cuts) => {
					const answer = { ...plain, ...bulky, items: list };
					const text = JSON.stringify(answer, null, indent);
					const seen: unknown[] = [];
					const reader = new JsonListReader('items', (element) => seen.push(element));
					for await (const chunk of fileText(chunked(utf8(text), cuts), 'utf-8'))
						reader.push(chunk);
					expect(seen).toEqual(JSON.parse(JSON.stringify(list)));
					expect(reader.end()).toEqual(JSON.parse(JSON.stringify(plain)));
				},
			),
			{ seed: SEED, numRuns: RUNS },
		);
	});

	it('says when the answer is cut off', () => {
		const reader = new JsonListReader('items', () => undefined);
		reader.push('{"status": "compared", "items": [{"sku": "A"},');
		expect(() => reader.end()).toThrow(/ends too early/);
	});
});

describe('text that is not what it says', () => {
	it('stops at bytes that are not UTF-8, naming the line and the encoding option', async () => {
		const bytes = new Uint8Array([...utf8('sku;description\nA;ok\nB;M'), 0xfc, ...utf8('ller\n')]);
		const error = await failure(readAll(new CsvParser(';'), bytes, [30]));
		expect(error.line).toBe(3);
		expect(error.message).toMatch(
			/is not valid UTF-8 text: choose the file's encoding under File Options → Encoding/,
		);
	});

	it('reads the same bytes as Windows-1252 when told so', async () => {
		const bytes = new Uint8Array([...utf8('sku;description\nB;M'), 0xfc, ...utf8('ller\n')]);
		const records = await readAll<CsvRecord>(new CsvParser(';'), bytes, [], 'windows-1252');
		expect(records[1].cells).toEqual(['B', 'Müller']);
	});

	it('follows a byte-order mark: UTF-16 as UTF-16, a UTF-8 BOM over a Windows-1252 choice', async () => {
		const utf16 = Buffer.from('\ufeffsku,description\nA,Straße\n', 'utf16le');
		expect((await readAll<CsvRecord>(new CsvParser(), utf16, [3, 7]))[1].cells).toEqual([
			'A',
			'Straße',
		]);
		const bom8 = utf8('\ufeffsku,description\nA,Straße\n');
		const read = await readAll<CsvRecord>(new CsvParser(), bom8, [1], 'windows-1252');
		expect(read.map((r) => r.cells)).toEqual([
			['sku', 'description'],
			['A', 'Straße'],
		]);
	});

	it('stops at binary data and at archives, before reading a row', async () => {
		expect(
			(await failure(readAll(new CsvParser(), new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]), [2])))
				.message,
		).toMatch(/^The file is a ZIP archive \(an Excel workbook is one\)/);
		const nul = new Uint8Array([...utf8('sku\nA\n'), 0, 1, 2]);
		expect((await failure(readAll(new CsvParser(), nul, []))).message).toMatch(
			/^Line 3 of the file holds binary data/,
		);
	});
});
