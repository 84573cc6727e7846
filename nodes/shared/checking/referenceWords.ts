/**
 * What Check Only's look-ups say: a row refused for a record the platform does not have, built as
 * the platform's own refusal (reference_not_found, one detail per field) and worded by the same
 * code as a real answer; and the Summary's sentence of what was looked up and what was not.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import type { RowOutcome } from '../bulk/outcomes';
import { namedRefusals, rowsNamed } from '../bulk/failedRows';
import { counted } from '../counting';
import { PlatformError } from '../transport/errors';

export const plural = (noun: string) => (/(s|x|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`);

export function listOf(words: string[]): string {
	return words.length < 2
		? (words[0] ?? '')
		: `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The values at a dotted path through objects and lists, with where each is ("lines/0/sku"). */
export function valuesAt(
	value: unknown,
	parts: string[],
	at: string,
): Array<{ value: string; path: string }> {
	if (Array.isArray(value))
		return value.flatMap((entry, index) => valuesAt(entry, parts, `${at}/${index}`));
	if (parts.length === 0)
		return typeof value === 'string' || typeof value === 'number'
			? [{ value: String(value), path: at.replace(/^\//, '') }]
			: [];
	if (value === null || typeof value !== 'object') return [];
	return valuesAt((value as IDataObject)[parts[0]], parts.slice(1), `${at}/${parts[0]}`);
}

/** A row refused as the platform refuses it alone in a request: `details` name its fields under `container`. */
export function refusedAsThePlatformWould(
	node: INode,
	route: string,
	container: string,
	details: Array<{ path: string; message: string }>,
	key: string | undefined,
	idempotent: boolean,
): RowOutcome | undefined {
	const at = container === '' ? '' : `/${container}`;
	const placed = details.map(({ path, message }) => ({ path: `${at}/0/${path}`, message }));
	const more = placed.length > 1 ? ` (and ${placed.length - 1} more; see details)` : '';
	const error = new PlatformError(node, {
		route,
		status: 422,
		headers: {},
		message: '',
		body: { code: 'reference_not_found', message: `${placed[0].message}${more}`, details: placed },
		attempts: 1,
		mayBeStored: false,
		idempotent,
	});
	return namedRefusals(error, rowsNamed(error, 1, container), [key]).get(0);
}

/** "Looked up on the platform: 2 customers and 40 inventory items; not there: 1 customer. Not looked up: …". */
export function lookedUpSentence(
	counts: Array<{ noun: string; asked: number; missing: number }>,
	notRun: Array<{ noun: string; why: string }>,
): string | undefined {
	const looked = counts.map(({ noun, asked }) => counted(asked, noun, plural(noun)));
	const gone = counts
		.filter(({ missing }) => missing > 0)
		.map(({ noun, missing }) => counted(missing, noun, plural(noun)));
	const ran = looked.length
		? `Looked up on the platform: ${listOf(looked)}; ${gone.length ? `not there: ${listOf(gone)}` : 'all there'}.`
		: '';
	const skipped = notRun.length
		? ` Not looked up: ${listOf(notRun.map(({ noun, why }) => `${plural(noun)} (${why})`))}.`
		: '';
	return `${ran}${skipped}`.trim() || undefined;
}
