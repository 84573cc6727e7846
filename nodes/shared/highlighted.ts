/**
 * The keys a run handled (order numbers, SKUs…), saved as the execution's highlighted data — n8n's
 * custom execution data — so that n8n's Executions list, filtered by key "sales_order" and value
 * "SO-1003", finds the run that sent SO-1003. One entry per kind of record (n8n keeps few entries
 * per execution, with short values): the first keys that fit and how many more. n8n's list filters
 * by them with a registered Community Edition or a paid plan; saving works everywhere.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** What n8n shows in full and stores without a warning. */
const VALUE_LIMIT = 255;
const SEPARATOR = ', ';

export const autoSaveHighlightedDataOption: INodeProperties = {
	displayName: 'Auto-Save Highlighted Data',
	name: 'autoSaveHighlightedData',
	type: 'boolean',
	default: true,
	description:
		"Whether to save the keys this node handled (order numbers, SKUs: the first ones and how many) as the execution's highlighted data, so Executions → Filters → Highlighted data finds the run by a key. Filtering by it needs a registered Community Edition (free) or a paid plan.",
};

/** "sales order" → "sales_order": an entry's key, in the letters n8n allows there. */
export const entryName = (noun: string): string =>
	noun
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, '_')
		.replace(/^_+|_+$/g, '');

/** The keys of one kind as an entry's value: as many as fit in full, then "and N more". */
export function entryValue(keys: Iterable<string>, total?: number): string {
	total ??= [...keys].length;
	const shown: string[] = [];
	let length = 0;
	for (const key of keys) {
		const more = total - shown.length - 1;
		const tail = more > 0 ? ` and ${more} more` : '';
		const next = length + (shown.length ? SEPARATOR.length : 0) + key.length;
		if (next + tail.length > VALUE_LIMIT) break;
		shown.push(key);
		length = next;
	}
	const more = total - shown.length;
	return `${shown.join(SEPARATOR)}${more > 0 ? `${shown.length ? ' and ' : ''}${more} more` : ''}`;
}

/** An entry's value read back: the keys shown and how many in all. */
export function parseEntryValue(value: string): { keys: string[]; total: number } {
	const match = /^(.*?)(?:(?:^| and )(\d+) more)?$/s.exec(value);
	const keys = match?.[1] ? match[1].split(SEPARATOR) : [];
	return { keys, total: keys.length + Number(match?.[2] ?? 0) };
}

/** The keys one run handled, per kind of record, in the order it met them. */
export class HandledKeys {
	private readonly byKind = new Map<string, Set<string>>();
	/** Each noun's set of keys (nouns are few, records many: a noun's entry name is worked out once). */
	private readonly byNoun = new Map<string, Set<string> | undefined>();

	/** One record of this kind (`noun`), by its key ({order_number: "SO-1003"}). */
	add(noun: string, key: IDataObject | undefined): void {
		if (!key) return;
		let text: string | undefined;
		for (const field in key)
			text = text === undefined ? String(key[field]) : `${text}|${String(key[field])}`;
		if (!text) return;
		let keys = this.byNoun.get(noun);
		if (keys === undefined && !this.byNoun.has(noun)) {
			const kind = entryName(noun);
			keys = kind ? this.byKind.get(kind) : undefined;
			if (kind && !keys) this.byKind.set(kind, (keys = new Set()));
			this.byNoun.set(noun, keys);
		}
		keys?.add(text);
	}

	/**
	 * Adds them to the execution's highlighted data, after what other nodes (or earlier runs of this
	 * one) saved there for the same kind.
	 */
	save(ctx: IExecuteFunctions): void {
		for (const [kind, keys] of this.byKind) {
			const before = ctx.customData.get(kind);
			if (!before) {
				ctx.customData.set(kind, entryValue(keys, keys.size));
				continue;
			}
			const earlier = parseEntryValue(before);
			const known = new Set(earlier.keys);
			const added = [...keys].filter((key) => !known.has(key));
			ctx.customData.set(
				kind,
				entryValue([...earlier.keys, ...added], earlier.total + added.length),
			);
		}
	}
}
