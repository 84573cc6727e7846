/**
 * Where a YAML reader stands in the text, and what every step of it needs: the line a block is
 * on, the end of a line, a problem named by line and column, and the counts that bound a document
 * from outside (nesting, nodes, what aliases expand to).
 */

export interface YamlLimits {
	/** Longest text read, in UTF-8 bytes. */
	maxBytes?: number;
	/** Deepest nesting of mappings and sequences, aliases counted as what they stand for. */
	maxDepth?: number;
	/** Most nodes that aliases may stand for in all, counted before any is copied. */
	maxAliasExpansion?: number;
	/** Most nodes (scalars, mappings, sequences) in the value read, aliases included. */
	maxNodes?: number;
}

/** Why a text is not read: where (1-based line and column) and what this reader found there. */
export class YamlProblem extends Error {
	constructor(
		readonly line: number,
		readonly column: number,
		readonly problem: string,
	) {
		super(`YAML line ${line}, column ${column}: ${problem}`);
		this.name = 'YamlProblem';
	}
}

export const SPACE = 32;
export const TAB = 9;
export const NEWLINE = 10;
export const HASH = 35;
export const COLON = 58;
export const DASH = 45;
export const DOT = 46;
export const QUESTION = 63;
export const ASTERISK = 42;
export const AMPERSAND = 38;
export const EXCLAMATION = 33;
export const PIPE = 124;
export const GREATER = 62;
export const PLUS = 43;
export const PERCENT = 37;
export const COMMA = 44;
export const OPEN_BRACKET = 91;
export const CLOSE_BRACKET = 93;
export const OPEN_BRACE = 123;
export const CLOSE_BRACE = 125;
export const DOUBLE_QUOTE = 34;
export const SINGLE_QUOTE = 39;
export const BACKSLASH = 92;

/** Past the end of the text (charCodeAt gives NaN there). */
export const isEnd = (c: number) => Number.isNaN(c);
/** A space or a tab. */
export const isBlank = (c: number) => c === SPACE || c === TAB;
/** What may follow an indicator (`-`, `:`, `?`): a blank, a line end, the end of the text. */
export const isBreakOrEnd = (c: number) => c === SPACE || c === TAB || c === NEWLINE || isEnd(c);

/** A node an anchor names: its value, how many nodes it holds and how deep it goes. */
export interface Anchored {
	value: unknown;
	size: number;
	height: number;
}

export class Cursor {
	i = 0;
	/** Indentation of the line the cursor is on; -1 at the end of the text or a `---` / `...` line. */
	indent = -1;
	depth = 0;
	/** How many [ ] or { } collections the cursor is inside. */
	flowLevel = 0;
	/** Deepest nesting reached so far. */
	deepest = 0;
	nodes = 0;
	expanded = 0;
	/** Whether an alias has shared a node (the value read is then copied into a tree). */
	aliased = false;
	/** Whether tabs stand between the indentation of this line and its content. */
	tabbed = false;
	/** The fewest spaces before the tab of a blank line holding one, skipped by the last toContent. */
	tabbedBlank = Infinity;
	tabbedBlankAt = 0;
	/** Anchors by name; `null` while its node is still being read. */
	readonly anchors = new Map<string, Anchored | null>();

	constructor(
		readonly src: string,
		readonly limits: Required<YamlLimits>,
	) {}

	at(offset = 0): number {
		return this.src.charCodeAt(this.i + offset);
	}

	fail(problem: string, at = this.i): never {
		let line = 1;
		let start = 0;
		for (let k = this.src.indexOf('\n'); k !== -1 && k < at; k = this.src.indexOf('\n', k + 1)) {
			line++;
			start = k + 1;
		}
		throw new YamlProblem(line, at - start + 1, problem);
	}

	/** Tabs in the indentation of a line that starts a key or a list item. */
	checkNotTabbed(): void {
		if (this.tabbed) this.fail('a tab indents this line: YAML indents with spaces only');
	}

	skipBlanks(): void {
		while (isBlank(this.at())) this.i++;
	}

	/** A `---` or `...` line starts at `pos`. */
	isDocumentMarker(pos: number): boolean {
		const marker = this.src.substr(pos, 3);
		return (
			(marker === '---' || marker === '...') &&
			(pos === 0 || this.src.charCodeAt(pos - 1) === NEWLINE) &&
			isBreakOrEnd(this.src.charCodeAt(pos + 3))
		);
	}

	/**
	 * Past the rest of this line and any blank or comment-only lines, to the first content of the
	 * next line; `indent` is its indentation (-1 at the end of the text or a document marker).
	 */
	nextLine(): void {
		const end = this.src.indexOf('\n', this.i);
		this.i = end === -1 ? this.src.length : end + 1;
		this.toContent();
	}

	/**
	 * From the start of a line, to its first content (skipping blank and comment-only lines). Tabs
	 * after the indentation's spaces are allowed before a scalar, never before a key or a "-".
	 */
	toContent(): void {
		const src = this.src;
		this.tabbedBlank = Infinity;
		this.tabbed = false;
		for (;;) {
			if (this.i >= src.length) {
				this.indent = -1;
				return;
			}
			const start = this.i;
			let k = start;
			while (src.charCodeAt(k) === SPACE) k++;
			let c = src.charCodeAt(k);
			if (c === TAB) {
				let after = k;
				while (isBlank(src.charCodeAt(after))) after++;
				c = src.charCodeAt(after);
				if (c === NEWLINE || isEnd(c)) {
					if (k - start < this.tabbedBlank) {
						this.tabbedBlank = k - start;
						this.tabbedBlankAt = k;
					}
				} else if (c !== HASH) {
					if (k === start) this.fail('a tab indents this line: YAML indents with spaces only', k);
					this.i = after;
					this.indent = k - start;
					this.tabbed = true;
					return;
				}
				k = after;
			}
			if (c === NEWLINE || c === HASH) {
				const end = src.indexOf('\n', k);
				this.i = end === -1 ? src.length : end + 1;
				continue;
			}
			if (isEnd(c)) {
				this.i = src.length;
				this.indent = -1;
				return;
			}
			this.i = k;
			this.indent = k === start && this.isDocumentMarker(k) ? -1 : k - start;
			return;
		}
	}

	/** After a value that ends its line: only blanks and a comment may follow it there. */
	endLine(what: string): void {
		const after = this.i;
		this.skipBlanks();
		const c = this.at();
		if (c === HASH && this.i === after)
			this.fail('a comment (#) must be separated from the value before it by a space');
		if (c !== HASH && c !== NEWLINE && !isEnd(c))
			this.fail(
				c === COLON
					? `${what} cannot be a key here (only plain or quoted text on one line can)`
					: `unexpected text after ${what}`,
			);
		this.nextLine();
	}

	/** The column (0-based) of a position. */
	column(pos = this.i): number {
		return pos - (this.src.lastIndexOf('\n', pos - 1) + 1);
	}

	enter(): void {
		this.depth++;
		if (this.depth > this.deepest) this.deepest = this.depth;
		if (this.depth > this.limits.maxDepth)
			this.fail(`mappings and lists are nested deeper than ${this.limits.maxDepth} levels`);
	}

	leave(): void {
		this.depth--;
	}

	/** One more node (or `size` more, for an alias). */
	count(size = 1): void {
		this.nodes += size;
		if (this.nodes > this.limits.maxNodes)
			this.fail(`the document holds more than ${this.limits.maxNodes} values`);
	}
}
