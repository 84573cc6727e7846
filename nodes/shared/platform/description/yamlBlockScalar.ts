/**
 * Literal (`|`) and folded (`>`) block scalars: the header (chomping `-`/`+`, an indentation
 * indicator 1-9), the lines that belong to the scalar (blank ones, and those indented more than
 * the block holding it), and their value as the `yaml` library resolves it.
 */
import { blockValue, type BlockLine } from './yamlScalars';
import { Cursor, HASH, NEWLINE, SPACE, TAB, isEnd, GREATER, PLUS } from './yamlCursor';

/** A block scalar whose header is at the cursor, inside a block indented by `n`. */
export function readBlockScalar(c: Cursor, n: number, atRoot: boolean): string {
	const src = c.src;
	const folded = c.at() === GREATER;
	c.i++;
	let chomp: '' | '-' | '+' = '';
	let indicator = 0;
	for (let k = 0; k < 2; k++) {
		const ch = c.at();
		if (!chomp && (ch === PLUS || ch === 45)) chomp = ch === PLUS ? '+' : '-';
		else if (!indicator && ch >= 49 && ch <= 57) indicator = ch - 48;
		else break;
		c.i++;
	}
	const afterHeader = c.i;
	c.skipBlanks();
	const next = c.at();
	if (next === HASH && c.i === afterHeader)
		c.fail('a comment (#) must be separated from the block scalar header by a space');
	if (!isEnd(next) && next !== NEWLINE && next !== HASH)
		c.fail(
			'unexpected text after a block scalar header (| or >, then optionally 1-9 and + or -, then the text on the next lines)',
		);
	const lines: BlockLine[] = [];
	let trimIndent = indicator ? Math.max(n, 0) + indicator : -1;
	let leadingBlank = 0;
	let firstIndent = -1;
	const eol = src.indexOf('\n', c.i);
	let pos = eol === -1 ? src.length : eol + 1;
	while (eol !== -1) {
		if (pos >= src.length) {
			if (lines.length > 0) lines.push(['', '']);
			break;
		}
		let k = pos;
		while (src.charCodeAt(k) === SPACE) k++;
		const lineEnd = src.indexOf('\n', k);
		const end = lineEnd === -1 ? src.length : lineEnd;
		if (k === end) {
			if (trimIndent < 0) leadingBlank = Math.max(leadingBlank, k - pos);
			lines.push([src.slice(pos, k), '']);
		} else {
			const tab = src.charCodeAt(k) === TAB;
			const comment = src.charCodeAt(k) === HASH && k - pos < trimIndent;
			if (k - pos <= n || comment || (k === pos && c.isDocumentMarker(pos))) {
				if (tab) c.fail('a tab indents this line: YAML indents with spaces only', k);
				if (lines.length > 0) lines.push(['', '']);
				break;
			}
			if (firstIndent < 0) firstIndent = k - pos;
			if (trimIndent < 0) {
				trimIndent = k - pos;
				if (leadingBlank > trimIndent)
					c.fail(
						'blank lines before the text of a block scalar are indented more than its first line: give the indentation after | or > (e.g. |2)',
						pos,
					);
			}
			if (k - pos < trimIndent)
				c.fail(
					tab
						? 'a tab indents this line: YAML indents with spaces only'
						: indicator
							? 'a line of this block scalar is indented less than its indentation indicator says'
							: 'a line of this block scalar is indented less than its first line',
					k,
				);
			lines.push([src.slice(pos, k), src.slice(k, end)]);
		}
		if (lineEnd === -1) {
			pos = src.length;
			break;
		}
		pos = lineEnd + 1;
	}
	c.i = pos;
	c.toContent();
	// Blank lines alone, the last without a line end and not indented past the block: that one is not the scalar's.
	const last = lines[lines.length - 1];
	if (firstIndent < 0 && last && pos === src.length && src.charCodeAt(pos - 1) !== NEWLINE)
		if (last[0].length <= n) lines.pop();
	// Trailing blank lines not indented past the first line of text are not the scalar's (yaml's reading).
	if (chomp !== '+')
		while (
			lines.length > 0 &&
			lines[lines.length - 1][1] === '' &&
			lines[lines.length - 1][0].length <= firstIndent
		)
			lines.pop();
	if (trimIndent === 0 && !atRoot) c.fail('a block scalar inside a collection must be indented');
	return blockValue(lines, folded, chomp, trimIndent);
}
