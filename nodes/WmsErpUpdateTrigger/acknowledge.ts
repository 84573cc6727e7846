/**
 * Acknowledge on Emit: the chosen updates are marked complete before they are emitted. What the
 * platform answers for each decides what happens to it:
 * - completed, or maybe completed (the answer was lost, or answered with a word the description
 *   cannot place as complete: see Options → Marked State): emitted; the maybe ones are also held,
 *   so they are not emitted twice inside the window, and the log says why;
 * - refused (a 4xx naming it: 409 or 404 when another process completed it or it is gone while the
 *   list still shows it, any other refusal too; or answered with a word saying another state):
 *   not emitted, held back for the window and reported, so one stale update never stops the
 *   others;
 * - turned away (busy, unavailable at every try): left for the next poll.
 * A whole request refused without naming its rows may be refused for one stale update among
 * many: those rows are asked again one at a time.
 */
import type { IPollFunctions } from 'n8n-workflow';

import { counted } from '../shared/counting';
import { MarkAnswers } from '../shared/erpUpdateMarks';
import { markingSession, type MarkedWord } from '../shared/erpUpdateMarkWords';
import { bulkWrite, type RowOutcome } from '../shared/bulk/write';
import type { Session } from '../shared/session';
import type { PlatformError } from '../shared/transport/errors';
import type { RequestOptions } from '../shared/transport/request';
import type { PendingUpdate } from './scan';

const ROUTE = '/erp_update/set_complete';

export interface Acknowledged {
	emitted: PendingUpdate[];
	/** Emitted, but the platform may not have completed them: held for the window. */
	hold: PendingUpdate[];
	/** Not emitted: the platform refused to mark them complete; `stale` when it said the update is done or gone (409, or 404 in its own words). */
	refused: Array<{ update: PendingUpdate; why: string; stale: boolean }>;
	/** Not emitted: turned away, tried again at the next poll. */
	left: Array<{ update: PendingUpdate; why: string }>;
}

export async function acknowledge(
	session: Session<IPollFunctions>,
	updates: PendingUpdate[],
	options: RequestOptions,
	markedState = '',
): Promise<Acknowledged> {
	// Never stops: a saved trigger that emitted such updates before goes on emitting them.
	const chosen: MarkedWord = { value: markedState, option: 'Options → Marked State', stop: false };
	const marking = markingSession(session, ROUTE, 'complete', chosen);
	const answers = MarkAnswers.on(session, ROUTE, 'complete', chosen);
	const sent: RowOutcome[] = await bulkWrite(
		marking,
		ROUTE,
		updates.map((update) => ({ id: update.id })),
		options,
	);
	// A word saying the update has another state (NEW, ERROR) is a refusal to complete it.
	const outcomes = answers ? sent.map((outcome) => answers.reword(outcome)) : sent;
	const unnamed = outcomes.flatMap((outcome, k) =>
		outcome.kind === 'refused' && outcome.withOthers ? [k] : [],
	);
	if (unnamed.length > 0) {
		const alone = await bulkWrite(
			marking,
			ROUTE,
			unnamed.map((k) => ({ id: updates[k].id })),
			{ ...options, batchSize: 1 },
		);
		unnamed.forEach((k, j) => (outcomes[k] = answers ? answers.reword(alone[j]) : alone[j]));
	}
	const done: Acknowledged = { emitted: [], hold: [], refused: [], left: [] };
	/** Why each held update may not be marked: a word the description cannot place, else the outcome's words. */
	const unplaced: Array<{ update: PendingUpdate; word: string }> = [];
	const unsure: string[] = [];
	updates.forEach((update, k) => {
		const outcome = outcomes[k];
		// "unchanged" counts as completed: a retry after a dropped connection answers it for what
		// our own first try completed.
		if (outcome.kind === 'stored') done.emitted.push(update);
		else if (outcome.kind === 'notConfirmed' && outcome.mayBeStored) {
			done.emitted.push(update);
			done.hold.push(update);
			const word = answers?.unplacedWord(outcome);
			if (word !== undefined) unplaced.push({ update, word });
			else unsure.push(whyUnsure(outcome.error));
		} else if (outcome.kind === 'refused') {
			const { status, body } = outcome.error;
			// The platform says the update is done or gone, in its own words, while its list still shows it.
			const stale = status === 409 || (status === 404 && body !== undefined);
			done.refused.push({ update, why: outcome.error.message, stale });
		} else if (outcome.kind === 'notConfirmed')
			done.left.push({ update, why: outcome.error.message });
	});
	const { ctx } = session;
	if (done.left.length > 0 && done.emitted.length > 0)
		ctx.logger.warn(
			`WMS ERP Update Trigger: ${counted(done.left.length, 'update')} not acknowledged, left for the next poll (${done.left[0].why})`,
		);
	if (unplaced.length > 0 && answers) {
		const { word } = unplaced[0];
		const ids = unplaced.map(({ update }) => update.id);
		ctx.logger.warn(
			`WMS ERP Update Trigger: ${counted(ids.length, 'update')} (${listed(ids)}) emitted but not confirmed as marked complete: ${answers.why(word)}. Held for "Redeliver After", so not emitted again before; emitted again after it only if still pending. ${answers.whatToDo(word)}.`,
		);
	}
	if (unsure.length > 0)
		ctx.logger.warn(
			`WMS ERP Update Trigger: ${counted(unsure.length, 'update')} may or may not be marked complete (${unsure[0]}); emitted, and held for "Redeliver After"`,
		);
	return done;
}

/**
 * Why a mark may or may not have been made: the answer was lost, or the platform answered and its
 * answer does not say (the reason, without the advice for records a node's output gives).
 */
function whyUnsure(error: PlatformError): string {
	if (error.status === undefined || error.status >= 300) return 'the answer was lost';
	const said = error.message.replace(/^not confirmed as stored — /, '');
	return said.split(/\. (?=[A-Z])/)[0];
}

/** The first few update IDs, for a log line. */
function listed(ids: Array<string | number>): string {
	const shown = ids.slice(0, 5).join(', ');
	return ids.length > 5 ? `${shown}, …` : shown;
}
