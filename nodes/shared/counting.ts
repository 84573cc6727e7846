/**
 * How what a person reads counts: from 1, everywhere. n8n's input items, a record's lines and the
 * entries of a list are held from 0 in code; every message, description and (from version 3)
 * output value says them as a person counts them, so "line 1" and the field `lines.1.quantity`
 * are the same line, as in a file's column `pack_sizes.1.quantity`.
 */

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinal(n: number): string {
	const tens = n % 100;
	if (tens >= 11 && tens <= 13) return `${n}th`;
	return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** "the 3rd input item", "the 1st and 3rd input items", from n8n's item indexes (from 0). */
export function inputItems(itemIndexes: number[]): string {
	const said = itemIndexes.map((index) => ordinal(index + 1));
	const list =
		said.length > 1 ? `${said.slice(0, -1).join(', ')} and ${said[said.length - 1]}` : said[0];
	return `the ${list} input item${said.length > 1 ? 's' : ''}`;
}

/** The same, opening a sentence: "The 3rd input item". */
export const InputItems = (itemIndexes: number[]): string => {
	const words = inputItems(itemIndexes);
	return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

/** Where a message that names input items by `InputItems` starts, to put another name there. */
export const INPUT_ITEMS_NAMED = /^The \d+[a-z]{2}(?:(?:, | and )\d+[a-z]{2})* input items?: /;

/**
 * A field's path as a person counts: `lines[0].quantity` → `lines.1.quantity`, `barcodes[2]` →
 * `barcodes.3` (the form of a file's column that reaches into a list).
 */
export function fieldPath(field: string): string {
	return field.replace(/\[(\d+)\]/g, (_, index: string) => `.${Number(index) + 1}`);
}

/** "1 request", "3 requests". */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
	return `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
}

/** A duration as a person reads it: "less than 0.1 s", "0.4 s", "12 s", "3 min 5 s". */
export function seconds(ms: number): string {
	if (ms < 100) return 'less than 0.1 s';
	if (ms < 10000) return `${(Math.round(ms / 100) / 10).toLocaleString('en-US')} s`;
	const s = Math.round(ms / 1000);
	return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rowPaths = new Map<string, RegExp>();

/**
 * The row of a request a path names, and the field within it as the nodes hold one, where the
 * request's records are under `container` ('' for a body that is the list): /items/3/sku,
 * items[3].sku, items.3.sku, a pointer as a fragment (#/items/3/sku), JSONPath ($.items[3].sku),
 * and a validator's "body" first (body.items.3.sku) are each row 3, "sku".
 */
export function rowOfPath(
	path: string,
	container: string,
): { row: number; field: string } | undefined {
	let pattern = rowPaths.get(container);
	if (!pattern) {
		const head = container === '' ? '' : `${escaped(container)}(?:/|\\.|(?=\\[))`;
		// ASP.NET names the list by its C# property (Items[1].Name): the case of its name says nothing.
		pattern = new RegExp(`^(?:#|\\$\\.?)?/?(?:body[/.])?${head}\\[?(\\d+)\\]?(?:[/.]|$)`, 'i');
		rowPaths.set(container, pattern);
	}
	const match = pattern.exec(path);
	if (!match) return undefined;
	return { row: Number(match[1]), field: platformField(path.slice(match[0].length)) };
}

/**
 * A place in a request the platform names in its error details, in words: "/items/2/lines/0/quantity"
 * (or items[2].lines[0].quantity, body.items.2…, any spelling rowOfPath reads, the records under
 * `container`) → "the 3rd record of the request, lines.1.quantity", as a field of a `row` it names
 * apart ({index: 2, field: "lines[0].quantity"}) too. Anything else stays as the platform wrote it.
 */
export function requestPlace(path: string, row?: number, container = 'items'): string {
	const place = rowOfPath(path, container);
	if (!place && row === undefined) return path;
	const [at, within] = place ? [place.row, place.field] : [row!, platformField(path)];
	const record = `the ${ordinal(at + 1)} record of the request`;
	return within ? `${record}, ${fieldPath(within)}` : record;
}

/**
 * A field path however the platform wrote it ("lines/0/quantity", "lines.0.quantity",
 * "lines[0].quantity") as the nodes hold it ("lines[0].quantity").
 */
export function platformField(path: string): string {
	return path
		.replace(/\[(\d+)\]/g, '/$1')
		.split(/[/.]/)
		.filter(Boolean)
		.map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : `${i ? '.' : ''}${part}`))
		.join('');
}

/** A number as a person reads it: "2,500". */
export const amount = (n: number): string => n.toLocaleString('en-US');
