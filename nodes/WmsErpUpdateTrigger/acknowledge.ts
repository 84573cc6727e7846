/**
 * Acknowledge on Emit: the chosen updates are marked complete before they are emitted. What the
 * platform answers for each decides what happens to it:
 * - completed, or maybe completed (the answer was lost): emitted; the maybe ones are also held,
 *   so they are not emitted twice inside the window;
 * - refused (a 4xx naming it: 409 or 404 when another process completed it or it is gone while the
 *   list still shows it, any other refusal too): not emitted, held back for the window and
 *   reported, so one stale update never stops the others;
 * - turned away (busy, unavailable at every try): left for the next poll.
 * A whole request refused without naming its rows may be refused for one stale update among
 * many: those rows are asked again one at a time.
 */
import type { IPollFunctions } from 'n8n-workflow';

import { counted } from '../shared/counting';
import { markingSession } from '../shared/erpUpdateStates';
import { bulkWrite, type RowOutcome } from '../shared/bulk/write';
import type { Session } from '../shared/session';
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
	chosen: PendingUpdate[],
	options: RequestOptions,
): Promise<Acknowledged> {
	const marking = markingSession(session, ROUTE, 'complete');
	const outcomes: RowOutcome[] = await bulkWrite(
		marking,
		ROUTE,
		chosen.map((update) => ({ id: update.id })),
		options,
	);
	const unnamed = outcomes.flatMap((outcome, k) =>
		outcome.kind === 'refused' && outcome.withOthers ? [k] : [],
	);
	if (unnamed.length > 0) {
		const alone = await bulkWrite(
			marking,
			ROUTE,
			unnamed.map((k) => ({ id: chosen[k].id })),
			{ ...options, batchSize: 1 },
		);
		unnamed.forEach((k, j) => (outcomes[k] = alone[j]));
	}
	const done: Acknowledged = { emitted: [], hold: [], refused: [], left: [] };
	chosen.forEach((update, k) => {
		const outcome = outcomes[k];
		// "unchanged" counts as completed: a retry after a dropped connection answers it for what
		// our own first try completed.
		if (outcome.kind === 'stored') done.emitted.push(update);
		else if (outcome.kind === 'notConfirmed' && outcome.mayBeStored) {
			done.emitted.push(update);
			done.hold.push(update);
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
	if (done.hold.length > 0)
		ctx.logger.warn(
			`WMS ERP Update Trigger: ${counted(done.hold.length, 'update')} may or may not be marked complete (the answer was lost); emitted, and held for "Redeliver After"`,
		);
	return done;
}
