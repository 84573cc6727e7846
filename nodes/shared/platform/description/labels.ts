/**
 * Words made from a description's names: a field's label from its name, a dropdown entry from an
 * enum value, a description as n8n words a parameter's.
 */

const ACRONYMS = new Map(
	[
		'id',
		'ids',
		'sku',
		'skus',
		'url',
		'vat',
		'erp',
		'hs',
		'un',
		'abc',
		'ean',
		'gtin',
		'iso',
		'po',
	].map((word): [string, string] => [
		word,
		word.endsWith('s') && word.length > 2
			? `${word.slice(0, -1).toUpperCase()}s`
			: word.toUpperCase(),
	]),
);
const SMALL_WORDS = new Set(['of', 'per', 'and', 'or', 'to', 'in', 'a', 'the', 'for', 'by']);
const UNITS = new Map([
	['kg', '(kg)'],
	['cm', '(cm)'],
	['m3', '(m³)'],
	['days', '(Days)'],
]);

/** "net_quantity_per_unit" → "Net Quantity per Unit", "weight_kg" → "Weight (kg)", "hs_code" → "HS Code". */
export function labelOf(name: string): string {
	const words = name.split(/[_\s-]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
	return words
		.map((word, index) => {
			const lower = word.toLowerCase();
			if (index > 0 && index === words.length - 1 && UNITS.has(lower)) return UNITS.get(lower)!;
			if (ACRONYMS.has(lower)) return ACRONYMS.get(lower)!;
			if (index > 0 && SMALL_WORDS.has(lower)) return lower;
			return lower.charAt(0).toUpperCase() + lower.slice(1);
		})
		.join(' ');
}

/** An enum value as a dropdown entry: "pick_face" → "Pick Face"; codes such as "E1" or "II" stay as they are. */
export function optionNameOf(value: unknown): string {
	const text = String(value);
	if (/[A-Z]/.test(text) || !/[a-z]/.test(text)) return text;
	return text
		.split('_')
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
}

/** A description as n8n words a parameter's: one sentence has no final period. */
export function sentence(text: unknown): string | undefined {
	if (typeof text !== 'string' || text.trim() === '') return undefined;
	const trimmed = text.trim();
	return /^[^.]*\.$/.test(trimmed) ? trimmed.slice(0, -1) : trimmed;
}

/** A description with the description's limits filled in ("up to {maxItems}"), or undefined. */
export function describe(
	text: string | undefined,
	limits: Record<string, number | undefined>,
): string | undefined {
	if (!text) return undefined;
	let out = text;
	for (const [name, value] of Object.entries(limits)) {
		out =
			value === undefined
				? out.replace(new RegExp(`[;,]? *up to \\{${name}\\}`), '')
				: out.split(`{${name}}`).join(String(value));
	}
	return out;
}

/** "/supply_location/add" → "supply location". */
export function nounOf(path: string): string {
	return (path.split('/').filter(Boolean)[0] ?? path).replace(/_/g, ' ');
}
