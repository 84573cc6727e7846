/**
 * JSON files read as text arrives, one record at a time: JSON Lines (one object per line) and a
 * JSON array, whose elements are found by their brackets (outside strings) and parsed one by one,
 * so the whole array is never held. A record that is not a JSON object, or not valid JSON,
 * carries its problem and the file reads on; a file that is not what its format says (the first
 * record already, an array never closed, text after its end) ends the read.
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../objects';
import { FileError } from './text';
import {
	BACKSLASH,
	CLOSE_BRACE,
	CLOSE_BRACKET,
	COMMA,
	isBlank,
	NEWLINE,
	OPEN_BRACE,
	OPEN_BRACKET,
	QUOTE,
} from './chars';

export interface JsonRecord {
	/** The line of the file the record starts on (1: the first). */
	line: number;
	value?: IDataObject;
	/** What is wrong with this record alone. */
	problem?: string;
	/** The record's text, when it is not a JSON object. */
	text?: string;
}

function record(line: number, text: string): JsonRecord {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		return { line, problem: `is not valid JSON (${(error as Error).message})`, text };
	}
	if (isObject(value)) return { line, value };
	const got = Array.isArray(value) ? 'a list' : value === null ? 'null' : typeof value;
	return { line, problem: `is not a JSON object with the record's fields (got ${got})`, text };
}

export class JsonLinesParser {
	private buffer = '';
	private line = 1;
	private first = true;

	push(text: string): JsonRecord[] {
		this.buffer += text;
		return this.take(false);
	}

	end(): JsonRecord[] {
		return this.take(true);
	}

	private take(final: boolean): JsonRecord[] {
		const records: JsonRecord[] = [];
		const text = this.buffer;
		let at = 0;
		while (at < text.length) {
			const newline = text.indexOf('\n', at);
			if (newline === -1 && !final) break;
			const end = newline === -1 ? text.length : newline;
			const line = text.slice(at, end).trim();
			if (line !== '') {
				const found = record(this.line, line);
				if (found.problem && this.first)
					throw new FileError(
						this.line,
						`${found.problem}, so the file is not JSON Lines (one JSON object per line)${line.startsWith('[') ? ': for a JSON array choose File Format → JSON Array' : ''}`,
					);
				this.first = false;
				records.push(found);
			}
			this.line++;
			at = end + 1;
		}
		this.buffer = text.slice(at);
		return records;
	}
}

export class JsonArrayParser {
	private buffer = '';
	/** Where scanning goes on in the buffer. */
	private at = 0;
	/** The line of `at`. */
	private line = 1;
	/** Before the array, in it, after it. */
	private stage: 'before' | 'in' | 'after' = 'before';
	/** Depth of brackets inside the current element (0: between elements). */
	private depth = 0;
	/** Where the current element starts in the buffer, and on which line; -1: none. */
	private start = -1;
	private startLine = 0;
	private inString = false;

	push(text: string): JsonRecord[] {
		this.buffer += text;
		return this.take();
	}

	end(): JsonRecord[] {
		const records = this.take();
		if (this.stage === 'before')
			throw new FileError(undefined, 'is empty: there is no JSON array in it');
		if (this.stage === 'in')
			throw new FileError(
				this.start === -1 ? this.line : this.startLine,
				'is inside the JSON array when the file ends: the file is cut off (or a bracket is missing)',
			);
		return records;
	}

	private take(): JsonRecord[] {
		const records: JsonRecord[] = [];
		const text = this.buffer;
		let i = this.at;
		for (; i < text.length; i++) {
			const c = text.charCodeAt(i);
			if (this.inString) {
				// Jump to the quote that ends the string (one not escaped by an odd run of backslashes).
				const close = text.indexOf('"', i);
				if (close === -1) {
					this.line += countNewlines(text, i, text.length);
					i = text.length;
					break;
				}
				let backslashes = 0;
				while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++;
				this.line += countNewlines(text, i, close);
				i = close;
				if (backslashes % 2 === 0) this.inString = false;
				continue;
			}
			if (c === NEWLINE) this.line++;
			if (isBlank(c)) continue;
			if (this.stage === 'before') {
				if (c !== OPEN_BRACKET)
					throw new FileError(
						this.line,
						`does not start a JSON array (it starts with "${text[i]}")${c === OPEN_BRACE ? ': for one JSON object per line choose File Format → JSON Lines' : ''}`,
					);
				this.stage = 'in';
				continue;
			}
			if (this.stage === 'after')
				throw new FileError(this.line, 'has more after the end of the JSON array');
			if (this.depth === 0 && (c === COMMA || c === CLOSE_BRACKET)) {
				if (this.start !== -1) {
					records.push(record(this.startLine, text.slice(this.start, i)));
					this.start = -1;
				}
				if (c === CLOSE_BRACKET) this.stage = 'after';
				continue;
			}
			if (this.start === -1) {
				this.start = i;
				this.startLine = this.line;
			}
			if (c === QUOTE) this.inString = true;
			else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth++;
			else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
				if (this.depth === 0)
					throw new FileError(
						this.line,
						'has a "}" without its "{": the JSON array is broken here',
					);
				this.depth--;
				if (this.depth === 0) {
					records.push(record(this.startLine, text.slice(this.start, i + 1)));
					this.start = -1;
				}
			}
		}
		// Keep only the element in progress.
		const keep = this.start === -1 ? i : this.start;
		this.buffer = text.slice(keep);
		this.at = i - keep;
		if (this.start !== -1) this.start = 0;
		return records;
	}
}

function countNewlines(text: string, from: number, to: number): number {
	let count = 0;
	for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
	return count;
}
