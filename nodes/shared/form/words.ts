/**
 * What an operation needs and takes, said in the form's words: the detail of its description
 * (under the Operation dropdown), while its action — the name a node added from the panel gets —
 * stays short.
 */
import type { FieldSpec } from '../platform/types';

/** A form label as it reads inside a sentence: "Order Number" → "order number", "SKU" and "UN Number" keep their capitals. */
export function spoken(label: string): string {
	return label
		.split(' ')
		.map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()))
		.join(' ');
}

/** "a", "a and b", "a, b and c". */
export function spokenList(words: string[]): string {
	if (words.length <= 1) return words.join('');
	return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** "Needs order number, customer and lines." — the record's required fields. */
export function needsSentence(fields: FieldSpec[]): string {
	const required = fields.filter((field) => field.required).map((field) => spoken(field.label));
	return required.length ? `Needs ${spokenList(required)}.` : '';
}

/** "Filters: order numbers, status and changed since." — what a read can be narrowed by. */
export function filtersSentence(fields: FieldSpec[]): string {
	return fields.length ? `Filters: ${spokenList(fields.map((field) => spoken(field.label)))}.` : '';
}

/** Sentences joined, each ending with a full stop. */
export function sentences(...parts: Array<string | undefined>): string {
	return parts
		.filter((part): part is string => Boolean(part?.trim()))
		.map((part) => (/[.!?]$/.test(part.trim()) ? part.trim() : `${part.trim()}.`))
		.join(' ');
}

/**
 * A field's path in a record in the form's words: "default_bin_code" → "Default Bin",
 * "dimensions.length_cm" → "Dimensions (cm) → Length", "pack_sizes[0].quantity" → "Pack Sizes 1 →
 * Quantity". A path the fields do not know stays as it is.
 */
export function formLabel(fields: FieldSpec[] | undefined, path: string): string {
	const [, name, index, rest] = /^([^.[]+)(?:\[(\d+)\])?(?:\.(.+))?$/.exec(path) ?? [];
	const field = fields?.find((candidate) => candidate.name === name);
	if (!field) return path;
	const here = index === undefined ? field.label : `${field.label} ${Number(index) + 1}`;
	return rest ? `${here} → ${formLabel(field.fields, rest)}` : here;
}

/** How checks name the fields of a record filled in the form: by the form's labels. */
export const inFormWords =
	(fields: FieldSpec[] | undefined) =>
	(path: string): string =>
		formLabel(fields, path);
