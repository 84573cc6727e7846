/**
 * An ERP update's states in the platform's own words. The built-in description calls them pending,
 * complete and error; a platform's description lists its own in the enum of a list route's status
 * filter (NEW, DONE, ERROR). Each word is known by what it says, in any letter case; where the
 * description cannot tell which word is meant, the node stops in words and names the form's
 * option that says it, never picks one in silence.
 */
import { NodeOperationError } from 'n8n-workflow';

import { descriptionName } from './platform';
import type { Session } from './session';

export type UpdateState = 'pending' | 'complete' | 'error';

const SAID_BY: Record<UpdateState, RegExp> = {
	pending: /^(pending|new|open|waiting|ready|queued|unprocessed|unacknowledged|todo|to_do)$/i,
	complete:
		/^(complete|completed|done|processed|success|succeeded|successful|ok|booked|acknowledged|closed)$/i,
	error: /^(error|errored|failed|failure|fail)$/i,
};

/** The route's status filter, where it has one. */
function statusFilter(session: Session, route: string) {
	return session.platform.filterFields(route).find((one) => one.name === 'status');
}

/** The words of `listed` that say `state`. */
export function wordsFor(listed: string[], state: UpdateState): string[] {
	return listed.filter((word) => SAID_BY[state].test(word.trim()));
}

/**
 * The platform's word for `state` on a list route: the built-in word on the built-in description,
 * the one the person chose, else the one word of the route's status enum that says it; otherwise
 * the run stops before anything is read, naming the words and the option.
 */
export function stateWord(
	session: Session,
	route: string,
	state: UpdateState,
	chosen: { value: string; option: string; meaning: string },
): string {
	if (chosen.value.trim() !== '') return chosen.value.trim();
	if (session.platform.builtIn || !session.platform.has(route)) return state;
	const field = statusFilter(session, route);
	// No status filter at all: the check of the route's filters says so, in its words.
	if (!field) return state;
	const words = field.options?.map((option) => option.value);
	const listed = words && words.length > 0 ? words : undefined;
	const found = listed ? wordsFor(listed, state) : [];
	if (found.length === 1) return found[0];
	const node = session.ctx.getNode();
	const path = session.platform.path(route);
	const why = !listed
		? `${path} lists no states for its status filter`
		: found.length === 0
			? `${path} lists ${listed.join(', ')}`
			: `${path} lists ${found.join(' and ')}, which could each be it`;
	throw new NodeOperationError(
		node,
		`${node.name}: ${descriptionName(session.platform.source)} does not say which update state is ${state}: ${why}`,
		{
			description: `Set ${chosen.option} to the word the platform gives ${chosen.meaning}. Nothing was read.`,
		},
	);
}

/** The word a person chose for a mark's answer, and whether a mark the description cannot place stops. */
export interface MarkedWord {
	value: string;
	/** The form's option that says it: "Options → Marked State". */
	option: string;
	stop: boolean;
}

/**
 * The session a mark (Set Complete, Set Error, Acknowledge on Emit) writes with: a row the platform
 * answers with the state it was asked to set (DONE after Set Complete, ERROR after Set Error) is
 * marked, though such a word read alone would say not confirmed or refused. Where the answer's
 * words are not all read as stored and none says the state, every row would come out not
 * confirmed without a reason: with `chosen.stop` the mark stops before sending, naming the words
 * and the option that says which one it is.
 */
export function markingSession<S extends Session>(
	session: S,
	route: string,
	state: UpdateState,
	chosen?: MarkedWord,
): S {
	if (session.platform.builtIn || !session.platform.has(route)) return session;
	const statuses = session.platform.wire(route).statuses;
	const words = [
		...(statuses?.stored ?? []),
		...(statuses?.notStored ?? []),
		...(statuses?.unknown ?? []),
	];
	const given = chosen?.value.trim() ?? '';
	const marked = given !== '' ? [given] : wordsFor(words, state);
	if (marked.length === 0) {
		const unplaced = words.length > (statuses?.stored?.length ?? 0);
		if (unplaced && chosen?.stop) {
			const node = session.ctx.getNode();
			throw new NodeOperationError(
				node,
				`${node.name}: ${descriptionName(session.platform.source)} does not say which word of ${session.platform.path(route)}'s answer means an update is ${state}: it lists ${words.join(', ')}`,
				{
					description: `Set ${chosen.option} to the word the platform answers with once an update is ${state}. Nothing was sent.`,
				},
			);
		}
		return session;
	}
	const others = (list: string[] | undefined) => list?.filter((word) => !marked.includes(word));
	const platform = session.platform.withStatuses(route, {
		stored: [...(others(statuses?.stored) ?? []), ...marked],
		notStored: others(statuses?.notStored),
		unknown: others(statuses?.unknown),
	});
	return { ...session, platform };
}
