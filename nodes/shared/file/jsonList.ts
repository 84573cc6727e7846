/**
 * A JSON object too large to hold, read as it streams: the elements of one of its lists are
 * handed over one at a time, its other fields kept when they are plain values (text, numbers,
 * true/false, null) and passed over, unparsed, when they are lists or objects. A platform's
 * answer that lists a whole warehouse is read this way.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	BACKSLASH,
	CLOSE_BRACE,
	CLOSE_BRACKET,
	COLON,
	COMMA,
	OPEN_BRACE,
	OPEN_BRACKET,
	QUOTE,
	isBlank,
} from './chars';

/** Where the reader is in the object's own fields (inside a field's list or object it only counts brackets). */
type Field = 'key' | 'colon' | 'value' | 'plain' | 'after' | 'done';

export class JsonListReader {
	private buffer = '';
	private at = 0;
	private started = false;
	/** 1: in the object's own fields; more: inside a field's value. */
	private depth = 1;
	private inString = false;
	private field: Field = 'key';
	private key = '';
	/** Where the text being kept starts in the buffer (a key, a plain value, a list element); -1: none. */
	private start = -1;
	/** Whether the value being read is the list whose elements are handed over. */
	private inList = false;
	/** Whether the object had the list at all (an empty one too). */
	private listMet = false;
	private readonly fields: IDataObject = {};

	constructor(
		private readonly list: string,
		private readonly each: (element: unknown) => void,
	) {}

	push(text: string): void {
		this.buffer += text;
		const buffer = this.buffer;
		let i = this.at;
		for (; i < buffer.length; i++) {
			const c = buffer.charCodeAt(i);
			if (this.inString) {
				const close = buffer.indexOf('"', i);
				if (close === -1) {
					// Backslashes at the end stay: they may escape a quote of the next chunk.
					let backslashes = 0;
					while (buffer.charCodeAt(buffer.length - 1 - backslashes) === BACKSLASH) backslashes++;
					i = Math.max(i, buffer.length - backslashes);
					break;
				}
				let backslashes = 0;
				while (buffer.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++;
				i = close;
				if (backslashes % 2 === 1) continue;
				this.inString = false;
				if (this.depth === 1) {
					const value = JSON.parse(buffer.slice(this.start, i + 1)) as string;
					this.start = -1;
					if (this.field === 'key') [this.key, this.field] = [value, 'colon'];
					else [this.fields[this.key], this.field] = [value, 'after'];
				}
				continue;
			}
			if (!this.started) {
				if (isBlank(c)) continue;
				if (c !== OPEN_BRACE) throw new Error(`not a JSON object (it starts with "${buffer[i]}")`);
				this.started = true;
				continue;
			}
			if (this.depth === 1) this.ownField(buffer, i, c);
			else this.inValue(buffer, i, c);
		}
		const keep = this.start === -1 ? i : this.start;
		this.buffer = buffer.slice(keep);
		this.at = i - keep;
		if (this.start !== -1) this.start = 0;
	}

	/** Whether the object had the list (read so far). */
	get metList(): boolean {
		return this.listMet;
	}

	/** The object's plain fields, once it is read to its end. */
	end(): IDataObject {
		if (this.field !== 'done') throw new Error('the JSON object ends too early (it was cut off)');
		return this.fields;
	}

	/** A character among the object's own fields. */
	private ownField(buffer: string, i: number, c: number) {
		if (this.field === 'plain') {
			if (c !== COMMA && c !== CLOSE_BRACE && !isBlank(c)) return;
			this.fields[this.key] = JSON.parse(buffer.slice(this.start, i)) as IDataObject[string];
			this.start = -1;
			this.field = 'after';
		}
		if (isBlank(c)) return;
		if (this.field === 'done') throw new Error('more text after the end of the JSON object');
		if (this.field === 'key' || this.field === 'after') {
			if (c === CLOSE_BRACE) this.field = 'done';
			else if (c === COMMA) this.field = 'key';
			else if (c === QUOTE && this.field === 'key') [this.start, this.inString] = [i, true];
			else throw new Error(`unexpected "${buffer[i]}" in the JSON object`);
		} else if (this.field === 'colon') {
			if (c !== COLON) throw new Error(`unexpected "${buffer[i]}" where ":" belongs`);
			this.field = 'value';
		} else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
			this.inList = this.key === this.list && c === OPEN_BRACKET;
			this.listMet ||= this.inList;
			this.depth = 2;
		} else {
			this.start = i;
			if (c === QUOTE) this.inString = true;
			else this.field = 'plain';
		}
	}

	/** A character inside a field's list or object: brackets counted, the list's elements cut out. */
	private inValue(buffer: string, i: number, c: number) {
		const element = this.inList && this.depth === 2;
		if (element && this.start === -1 && !isBlank(c) && c !== COMMA && c !== CLOSE_BRACKET)
			this.start = i;
		if (c === QUOTE) this.inString = true;
		else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth++;
		else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
			if (element && this.start !== -1) this.handOver(buffer.slice(this.start, i));
			this.depth--;
			if (this.depth === 1) [this.field, this.inList] = ['after', false];
			else if (this.inList && this.depth === 2 && this.start !== -1)
				this.handOver(buffer.slice(this.start, i + 1));
		} else if (c === COMMA && element && this.start !== -1)
			this.handOver(buffer.slice(this.start, i));
	}

	private handOver(text: string) {
		this.start = -1;
		this.each(JSON.parse(text));
	}
}

/** A streamed JSON answer read to its end: each element of `list` handed to `each`; answers the plain fields, and says in `met` whether the list was there at all. */
export async function readJsonList(
	chunks: AsyncIterable<Uint8Array>,
	list: string,
	each: (element: unknown) => void,
	met?: { list: boolean },
): Promise<IDataObject> {
	const reader = new JsonListReader(list, each);
	const decoder = new TextDecoder();
	for await (const chunk of chunks) reader.push(decoder.decode(chunk, { stream: true }));
	reader.push(decoder.decode());
	const fields = reader.end();
	if (met) met.list = reader.metList;
	return fields;
}
