/**
 * The outcome of a row that is not stored, and what it says: refused by the platform, or not
 * confirmed (may it hold the row, and is running the node again safe), or never sent. Every
 * failed row of a write is worded here: a success answer's, from what confirm.ts read of each
 * (answeredOutcomes), and a refused request's (refusedRows). A platform that rejects a whole
 * request when any row is bad (400/422/409, or 404 for an unknown id) names the rows in its error
 * details by their place in the request (/items/<n>/..., data[n].field, in our envelope or a
 * problem document); those rows are refused and the rest are to be sent again without them, so
 * one bad row never sinks its neighbours.
 */
import type { INode } from 'n8n-workflow';

import { fieldPath, platformField, rowOfPath } from '../counting';
import { PlatformError } from '../transport/errors';
import type { AnswerSays, FailedRow, RowOutcome } from './outcomes';
import { recordField } from './recordField';

/** What to tell the user about running the node again for a row the platform may or may not hold. */
function rerunAdvice(cause: PlatformError, mayBeStored: boolean): string {
	// Only a route that matches records by their key makes a re-run harmless; elsewhere (a new comparison per call) a second run may add another.
	if (cause.idempotent) return 'Running the node again is safe: records are matched by their key.';
	if (!mayBeStored) return 'The platform did not take it: running the node again is safe.';
	const how =
		cause.status !== undefined && cause.status < 300
			? 'The platform may have stored it without confirming it'
			: 'The platform may have stored it before the connection dropped';
	// The description says a second one would be added: say so. Otherwise it depends on the
	// platform: say on what, and, where the node has the option, what to choose if it does.
	if (cause.saysUnsafe)
		return `${how}, and a second run would add another: check the platform before running the node again.`;
	const depends = `${how}; a second run adds another unless the platform keeps one record per key: check the platform before running the node again`;
	return cause.resendOption
		? `${depends}, or, if it does keep one, set Options → Re-Send After a Lost Answer to Re-Send.`
		: `${depends}.`;
}

/**
 * A row that never reached the platform: its request failed before it left (`cause.notSent`), or
 * the write stopped at `cause` before this row's turn.
 */
export function notSent(cause: PlatformError, key?: string): FailedRow {
	const why = cause.notSent
		? cause.message
		: `the write stopped before this record's turn, when a request failed: ${cause.message}`;
	return {
		kind: 'notConfirmed',
		key,
		error: cause.forRow(
			`nothing was sent — ${why.replace(/\.\s*$/, '')}. It is safe to run the node again once that is put right.`,
			false,
		),
		mayBeStored: false,
		rerunSafe: true,
		notSent: true,
	};
}

/** A row the platform did not confirm: `why` finishes "not confirmed as stored — …". */
export function notConfirmed(
	cause: PlatformError,
	why: string,
	mayBeStored: boolean,
	key?: string,
	field?: string,
): FailedRow {
	// A request that never reached the platform: say so, not what it may hold.
	if (cause.notSent && !mayBeStored) return notSent(cause, key);
	const advice = rerunAdvice(cause, mayBeStored);
	return {
		kind: 'notConfirmed',
		key,
		error: cause.forRow(`not confirmed as stored — ${why}. ${advice}`, mayBeStored, field),
		mayBeStored,
		rerunSafe: cause.idempotent || !mayBeStored,
	};
}

/** A row the platform refused; when an earlier try of its request may have been stored, it is only not confirmed. */
export function refused(
	cause: PlatformError,
	message: string,
	key?: string,
	withOthers?: true,
	field?: string,
): FailedRow {
	if (cause.mayBeStored)
		return notConfirmed(cause, `${cause.platformMessage}: ${message}`, true, key, field);
	const row: FailedRow = { kind: 'refused', key, error: cause.forRow(message, undefined, field) };
	return withOthers ? { ...row, withOthers } : row;
}

/** The request a success answer came to, as its rows' failures are worded. */
export interface Answered {
	node: INode;
	route: string;
	status: number;
	idempotent: boolean;
}

/** The answer as the cause of its rows' failures: it stands for the request. */
const causeOf = (answered: Answered, mayBeStored: boolean) =>
	new PlatformError(answered.node, {
		route: answered.route,
		status: answered.status,
		headers: {},
		message: '',
		attempts: 1,
		mayBeStored,
		idempotent: answered.idempotent,
	});

/** Each row's outcome from what the success answer says of it (confirm.ts), its failures worded in one place. */
export function answeredOutcomes(says: AnswerSays[], answered: Answered): RowOutcome[] {
	// Each cause is made once per request, when a row first needs it.
	let refusedBy: PlatformError | undefined;
	let unconfirmedBy: PlatformError | undefined;
	return says.map((row): RowOutcome => {
		if (row.kind === 'stored') return row;
		if (row.kind === 'refused')
			return refused(
				(refusedBy ??= causeOf(answered, false)),
				row.words,
				row.key,
				undefined,
				row.field,
			);
		const failed = notConfirmed(
			(unconfirmedBy ??= causeOf(answered, true)),
			`the platform answered HTTP ${answered.status} on ${answered.route}, but ${row.why}`,
			true,
			row.key,
		);
		// A node that knows more of the word than the description (a mark's state) says so in its words.
		if (row.answered !== undefined && failed.kind === 'notConfirmed')
			failed.answered = row.answered;
		return failed;
	});
}

/**
 * Rows of a request named by the platform's error details: the messages that name them, and the
 * first field named (as the nodes hold it, "lines[0].quantity"; as the record sent spells it where
 * `records` are given).
 */
export function rowsNamed(
	error: PlatformError,
	rowCount: number,
	container: string,
	records?: unknown[],
): Map<number, { messages: string[]; field?: string }> {
	const named = new Map<number, { messages: string[]; field?: string }>();
	for (const detail of error.body?.details ?? []) {
		// A path naming a row in any spelling (/items/3/sku, items[3].sku, body.items.3.sku…);
		// a row named apart from its field ({index: 1, field: "sku"}) is that row's.
		const place = rowOfPath(detail.path ?? '', container);
		const at = place ? place.row : detail.row;
		if (at === undefined || at >= rowCount) continue;
		const field = recordField(
			place ? place.field : platformField(detail.path ?? ''),
			records?.[at],
		);
		const text = `${field ? `field "${fieldPath(field)}" ` : ''}${detail.message ?? 'rejected'}`;
		const row = named.get(at) ?? { messages: [] };
		row.messages.push(text);
		row.field ??= field || undefined;
		named.set(at, row);
	}
	return named;
}

/** The rows a refusal names (`rowsNamed`), each refused in the platform's words for it. */
export function namedRefusals(
	error: PlatformError,
	named: ReturnType<typeof rowsNamed>,
	keys: Array<string | undefined>,
): Map<number, RowOutcome> {
	const outcomes = new Map<number, RowOutcome>();
	for (const [index, { messages, field }] of named)
		outcomes.set(index, refused(error, messages.join('; '), keys[index], undefined, field));
	return outcomes;
}

/** The rows a refusal settles (by position in the request) and those to send again; undefined when it refuses none: the transport gave up. */
export function refusedRows(
	error: PlatformError,
	keys: Array<string | undefined>,
	container: string,
	records?: unknown[],
): { outcomes: Map<number, RowOutcome>; again: number[] } | undefined {
	const status = error.status ?? 0;
	const named = rowsNamed(error, keys.length, container, records);
	const outcomes = new Map<number, RowOutcome>();
	// A request of several records refused as too large is halved instead (request.ts): here it is one record.
	if (status === 413) {
		const why =
			"the platform refuses this record as too large (HTTP 413) even on its own: shorten it (fewer lines, shorter texts) or ask the platform's operator about its size limit";
		outcomes.set(0, refused(error, why, keys[0]));
		return { outcomes, again: [] };
	}
	if ((status === 400 || status === 422 || status === 409 || status === 404) && named.size > 0)
		return {
			outcomes: namedRefusals(error, named, keys),
			again: keys.map((_, k) => k).filter((k) => !named.has(k)),
		};
	if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
		// The request as a whole was refused: these rows fail, later requests may still pass. With
		// others and none named, each row is told so: it may not be the one at fault.
		const withOthers = keys.length > 1 ? true : undefined;
		const said = withOthers
			? `${error.platformMessage} — refused with the ${keys.length - 1} other record${keys.length > 2 ? 's' : ''} of its request, none of them named, so this one may be fine: find the record at fault (the error's details hold the platform's answer), correct it and send all ${keys.length} again`
			: error.platformMessage;
		keys.forEach((_, k) => outcomes.set(k, refused(error, said, keys[k], withOthers)));
		return { outcomes, again: [] };
	}
	return undefined;
}
