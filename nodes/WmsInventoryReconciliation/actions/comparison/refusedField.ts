/**
 * The field a comparison request's refusal names, on the item it belongs to. A request of one
 * item (Process Items, Complete…) refused at `/item_numbers/1` gives that item's error the field
 * in the form's words (`skus[1]`), as a field the node refuses before sending is. A request of
 * several items' lines (Set Platform On-Hand's snapshot) refused as a whole at `/items/1/quantity`
 * gives the line's item the platform's words for it and the field; the other items are told the
 * request was refused because of that line, so nothing of theirs was taken.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RowOutcome } from '../../../shared/bulk/outcomes';
import { rowsNamed } from '../../../shared/bulk/request';
import { inputItems } from '../../../shared/counting';
import { recordSource } from '../../../shared/form/records';
import type { ExecuteSession } from '../../../shared/session';
import { PlatformError } from '../../../shared/transport/errors';
import { bodyFieldNamed } from '../../../shared/transport/problem';
import { fromVersion } from '../../../shared/version';
import { theirNames, type LineRoute } from './lineWords';

/** The form's name of a field as the request sent it (the same, unless the node renames it). */
export type FormName = (sentAs: string) => string;

const same: FormName = (sentAs) => sentAs;

/** A field path with its first name in the form's words: `item_numbers[1]` → `skus[1]`. */
function inFormWords(field: string, formName: FormName): string {
	const top = field.split(/[.[]/)[0];
	return `${formName(top)}${field.slice(top.length)}`;
}

/** `error`, its field set where the platform named one of the fields `sent`. */
export function withFieldNamed(error: unknown, sent: IDataObject, formName = same): unknown {
	if (!(error instanceof PlatformError) || error.field) return error;
	const field = bodyFieldNamed(error.body, Object.keys(sent));
	if (field) error.field = inFormWords(field, formName);
	return error;
}

/**
 * A line's outcome written in bulk, its error's field in the form's words: the line's own field
 * the bulk write names (as the platform named it), else the field beside the lines
 * (comparison_id) where the platform refused the request for it (a comparison taking no more).
 */
export function besideLines(outcome: RowOutcome, beside: IDataObject, formName = same): RowOutcome {
	if (outcome.kind !== 'refused' && outcome.kind !== 'notConfirmed') return outcome;
	const { error } = outcome;
	if (error.field) error.field = inFormWords(error.field, formName);
	else withFieldNamed(error, beside);
	return outcome;
}

/**
 * The form's name of a line's field as a run sends it: the form before version 3 has the built-in
 * names (sku, quantity), sent in the platform's (item_number, qty); items as they are and the
 * mapper have the platform's own.
 */
export function lineFormName(session: ExecuteSession, route: LineRoute): FormName {
	if (fromVersion(session.ctx, 3) || recordSource(session).mode !== 'form') return same;
	const ours = new Map(
		Object.entries(theirNames(session, route)).map(([role, theirs]) => [theirs, role]),
	);
	return (sentAs) => ours.get(sentAs) ?? sentAs;
}

/**
 * Each item's error for a request of their lines (one line per item, in `itemIndexes` order, in
 * the `container` of the `sent` body) refused as a whole.
 */
export function linesRefused(
	error: unknown,
	itemIndexes: number[],
	sent: IDataObject,
	container: string,
	formName = same,
): unknown[] {
	const named =
		error instanceof PlatformError ? rowsNamed(error, itemIndexes.length, container) : undefined;
	if (!(error instanceof PlatformError) || !named?.size)
		return itemIndexes.map(() => withFieldNamed(error, sent, formName));
	const lines = named.size > 1 ? 'lines' : 'line';
	const because = inputItems([...named.keys()].map((k) => itemIndexes[k]));
	return itemIndexes.map((_, k) => {
		const line = named.get(k);
		if (line)
			return error.forRow(
				line.messages.join('; '),
				undefined,
				line.field && inFormWords(line.field, formName),
			);
		return error.forRow(
			`not taken: the platform refused the whole request because of the ${lines} of ${because} (${error.platformMessage}); run the node again once the ${lines} ${named.size > 1 ? 'are' : 'is'} put right`,
		);
	});
}
