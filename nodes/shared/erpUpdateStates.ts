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

export const STATES: readonly UpdateState[] = ['pending', 'complete', 'error'];

const SAID_BY: Record<UpdateState, RegExp> = {
	pending: /^(pending|new|open|waiting|ready|queued|unprocessed|unacknowledged|todo|to_do)$/i,
	complete:
		/^(complete|completed|done|processed|success|succeeded|successful|ok|booked|acknowledged|closed)$/i,
	error: /^(error|errored|failed|failure|fail)$/i,
};

/** The route's status filter, where it has one. */
export function statusFilter(session: Session, route: string) {
	return session.platform.filterFields(route).find((one) => one.name === 'status');
}

/** The words of `listed` that say `state`. */
export function wordsFor(listed: string[], state: UpdateState): string[] {
	return listed.filter((word) => SAID_BY[state].test(word.trim()));
}

/**
 * The platform's word for `state` on a list route, read from the route's status enum: the
 * built-in word on the built-in description (or where the route has no status filter, which the
 * check of the route's filters reports in its words), else the one listed word that says it;
 * otherwise why the description cannot tell.
 */
export function platformStateWord(
	session: Session,
	route: string,
	state: UpdateState,
): { word: string } | { why: string } {
	if (session.platform.builtIn || !session.platform.has(route)) return { word: state };
	const field = statusFilter(session, route);
	if (!field) return { word: state };
	const words = field.options?.map((option) => option.value);
	const listed = words && words.length > 0 ? words : undefined;
	const found = listed ? wordsFor(listed, state) : [];
	if (found.length === 1) return { word: found[0] };
	const path = session.platform.path(route);
	return {
		why: !listed
			? `${path} lists no states for its status filter`
			: found.length === 0
				? `${path} lists ${listed.join(', ')}`
				: `${path} lists ${found.join(' and ')}, which could each be it`,
	};
}

/** The stop where the description cannot tell a state's word: what it lists, and what to do. */
export function unclearStateError(
	session: Session,
	state: UpdateState,
	why: string,
	whatToDo: string,
	itemIndex?: number,
): NodeOperationError {
	const node = session.ctx.getNode();
	// An item's stop is told as the item's (n8n's run names the item); the node's alone by its name.
	const who = itemIndex === undefined ? `${node.name}: ` : '';
	return new NodeOperationError(
		node,
		`${who}${descriptionName(session.platform.source)} does not say which update state is ${state}: ${why}`,
		{ description: whatToDo, itemIndex },
	);
}

/**
 * The platform's word for `state` on a list route: the one the person chose, else the
 * description's (platformStateWord); otherwise the run stops before anything is read, naming the
 * words and the option.
 */
export function stateWord(
	session: Session,
	route: string,
	state: UpdateState,
	chosen: { value: string; option: string; meaning: string },
): string {
	if (chosen.value.trim() !== '') return chosen.value.trim();
	const found = platformStateWord(session, route, state);
	if ('word' in found) return found.word;
	throw unclearStateError(
		session,
		state,
		found.why,
		`Set ${chosen.option} to the word the platform gives ${chosen.meaning}. Nothing was read.`,
	);
}
