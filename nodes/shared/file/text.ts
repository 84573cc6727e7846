/**
 * A file's bytes as text, chunk by chunk, in the encoding the user chose (a byte-order mark
 * overrides it). What cannot be text stops the read at once, naming the line: an archive or PDF
 * given by mistake, bytes that are not valid in the encoding, NUL characters of binary data.
 */
export type FileEncoding = 'utf-8' | 'windows-1252' | 'utf-16le';

/**
 * Why a file cannot be read on: the line where it shows (none: the file as a whole), and what is
 * wrong there, said to follow "Line 5 of the file" (or "The file").
 */
export class FileError extends Error {
	constructor(
		readonly line: number | undefined,
		readonly problem: string,
	) {
		super(`${line === undefined ? 'The file' : `Line ${line} of the file`} ${problem}`);
	}
}

const SIGNATURES: Array<{ bytes: number[]; what: string }> = [
	{
		bytes: [0x50, 0x4b, 0x03, 0x04],
		what: 'is a ZIP archive (an Excel workbook is one): export the list as CSV, or unpack the archive first with the Compression node',
	},
	{
		bytes: [0x1f, 0x8b],
		what: 'is GZIP-compressed: unpack it first with the Compression node',
	},
	{ bytes: [0x25, 0x50, 0x44, 0x46], what: 'is a PDF document, not a list of records' },
];

const BOMS: Array<{ bytes: number[]; encoding: string }> = [
	{ bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
	{ bytes: [0xff, 0xfe], encoding: 'utf-16le' },
	{ bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

const startsWith = (head: Uint8Array, bytes: number[]) =>
	head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);

function countLines(text: string, end = text.length): number {
	let lines = 0;
	for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) lines++;
	return lines;
}

/** The first bytes of a stream, at least `count` of them unless it is shorter, and the stream's rest. */
async function head(
	chunks: AsyncIterator<Uint8Array>,
	count: number,
): Promise<{ first: Uint8Array; done: boolean }> {
	const parts: Uint8Array[] = [];
	let length = 0;
	while (length < count) {
		const next = await chunks.next();
		if (next.done) return { first: join(parts, length), done: true };
		parts.push(next.value);
		length += next.value.length;
	}
	return { first: join(parts, length), done: false };
}

function join(parts: Uint8Array[], length: number): Uint8Array {
	if (parts.length === 1) return parts[0];
	const out = new Uint8Array(length);
	let at = 0;
	for (const part of parts) {
		out.set(part, at);
		at += part.length;
	}
	return out;
}

/**
 * The text of `bytes`, decoded chunk by chunk (a character split between chunks is joined). A
 * byte-order mark at the start is dropped and says the encoding.
 */
export async function* fileText(
	bytes: AsyncIterable<Uint8Array>,
	encoding: FileEncoding,
): AsyncGenerator<string> {
	const chunks = bytes[Symbol.asyncIterator]();
	try {
		const { first, done } = await head(chunks, 4);
		const signature = SIGNATURES.find((candidate) => startsWith(first, candidate.bytes));
		if (signature) throw new FileError(undefined, signature.what);
		const bom = BOMS.find((candidate) => startsWith(first, candidate.bytes));
		const decoder = new TextDecoder(bom?.encoding ?? encoding);
		const named = bom?.encoding ?? encoding;
		let line = 1;
		const decode = (chunk: Uint8Array | undefined): string => {
			const text = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
			const nul = text.indexOf('\u0000');
			if (nul !== -1)
				throw new FileError(
					line + countLines(text, nul),
					'holds binary data (a NUL character), not text: is it the right file? The ERP list must be CSV, JSON Lines or a JSON array',
				);
			const invalid = text.indexOf('\ufffd');
			if (invalid !== -1)
				throw new FileError(
					line + countLines(text, invalid),
					`is not valid ${named.toUpperCase()} text: choose the file's encoding under File Options → Encoding (ERP exports are often Windows-1252), or export it as UTF-8`,
				);
			line += countLines(text);
			return text;
		};
		let text = decode(first);
		if (text) yield text;
		if (done) {
			text = decode(undefined);
			if (text) yield text;
			return;
		}
		for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
			text = decode(next.value);
			if (text) yield text;
		}
		text = decode(undefined);
		if (text) yield text;
	} finally {
		// Stops the read of the file (n8n's stream) when the reader stops early.
		await chunks.return?.();
	}
}
