/**
 * The outcome of a row that is not stored, and what it says: refused by the platform, or not
 * confirmed (may it hold the row, and is running the node again safe), or never sent. A success
 * answer's rows are worded here too, from what confirm.ts read of each (answeredOutcomes).
 */
import type { INode } from 'n8n-workflow';

import { PlatformError } from '../transport/errors';
import type { AnswerSays, FailedRow, RowOutcome } from './outcomes';

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
