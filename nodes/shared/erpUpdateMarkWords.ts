/**
 * A mark's answer (Set Complete, Set Error, Acknowledge on Emit) in the platform's words: which of
 * the words its description lists say the update now has the state set, which may say it, and
 * which say the mark was not made.
 */
import { NodeOperationError } from 'n8n-workflow';

import { ERP_UPDATE_KINDS } from './erpUpdateKinds';
import { statusFilter, STATES, wordsFor, type UpdateState } from './erpUpdateStates';
import { descriptionName } from './platform';
import type { Session } from './session';

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
 * and the option that says which one it is. Where the answer's words are the update's states, a
 * word saying another state and one that may be the state's own (stateAnswers) are read as not
 * confirmed, for MarkAnswers to tell: the first as a refusal, the second as not known.
 */
export function markingSession<S extends Session>(
	session: S,
	route: string,
	state: UpdateState,
	chosen?: MarkedWord,
): S {
	const read = markWords(session, route, state, chosen);
	if (!read) return session;
	const { words, marked, statuses, unsure, notMarked } = read;
	if (marked.length === 0 && read.unplaced && chosen?.stop) {
		const node = session.ctx.getNode();
		throw new NodeOperationError(
			node,
			`${node.name}: ${descriptionName(session.platform.source)} does not say which word of ${session.platform.path(route)}'s answer means an update is ${state}: it lists ${words.join(', ')}`,
			{
				description: `Set ${chosen.option} to the word the platform answers with once an update is ${state}. Nothing was sent.`,
			},
		);
	}
	if (marked.length === 0 && unsure.length === 0 && notMarked.length === 0) return session;
	const moved = new Set([...marked, ...unsure, ...notMarked].map((word) => word.toLowerCase()));
	const others = (list: string[] | undefined) =>
		list?.filter((word) => !moved.has(word.toLowerCase()));
	const platform = session.platform.withStatuses(route, {
		stored: [...(others(statuses?.stored) ?? []), ...marked],
		notStored: others(statuses?.notStored),
		// Not confirmed, so that the mark's outcome hook (MarkAnswers) tells the row in words.
		unknown: [...(others(statuses?.unknown) ?? []), ...unsure, ...notMarked],
	});
	return { ...session, platform };
}

/**
 * Where a mark's answer words are the update's states (areStates), what they say of a mark to
 * `state` beyond the word read as it: a word saying another state is not the mark made (DONE
 * after Set Error: the update is complete); a word saying none, where the description gives no
 * word for `state` (REJECTED after Set Error), may be the platform's word for it, so it is not
 * read as a refusal, only as not confirmed.
 */
function stateAnswers(
	state: UpdateState,
	words: string[],
	marked: string[],
): { unsure: string[]; notMarked: string[] } {
	const isMarked = new Set(marked.map((word) => word.toLowerCase()));
	const rest = words.filter((word) => !isMarked.has(word.toLowerCase()));
	const another = STATES.filter((one) => one !== state);
	const notMarked = rest.filter((word) => another.some((one) => wordsFor([word], one).length > 0));
	const placed = wordsFor(words, state).length > 0;
	const unsure = placed ? [] : rest.filter((word) => !notMarked.includes(word));
	return { unsure, notMarked };
}

/** Whether all of a mark's answer words are the update's states: each listed in a list route's status filter. */
function areStates(session: Session, words: string[]): boolean {
	const states = new Set(
		ERP_UPDATE_KINDS.flatMap(({ route }) =>
			session.platform.has(route)
				? (statusFilter(session, route)?.options ?? []).map((one) => one.value.toLowerCase())
				: [],
		),
	);
	return words.length > 0 && words.every((word) => states.has(word.toLowerCase()));
}

/** Whether an answer's stored words are a write's results: one of them says no update state (updated, unchanged). */
const writeResults = (stored: string[] | undefined) =>
	(stored ?? []).some((word) => STATES.every((state) => wordsFor([word], state).length === 0));

/**
 * A mark's answer words on a platform's description: those it lists (`words`), those read as the
 * state set (`marked`: the person's word, else the listed ones that say it), and whether some
 * listed word is neither stored nor placed (`unplaced`). Undefined on the built-in description.
 */
export function markWords(
	session: Session,
	route: string,
	state: UpdateState,
	chosen?: MarkedWord,
):
	| {
			words: string[];
			marked: string[];
			unplaced: boolean;
			statuses: ReturnType<Session['platform']['wire']>['statuses'];
			/** Listed words that may be the platform's word for the state set: read as not confirmed. */
			unsure: string[];
			/** Listed words that say another state: the mark was not made. */
			notMarked: string[];
	  }
	| undefined {
	if (session.platform.builtIn || !session.platform.has(route)) return undefined;
	const statuses = session.platform.wire(route).statuses;
	const words = [
		...(statuses?.stored ?? []),
		...(statuses?.notStored ?? []),
		...(statuses?.unknown ?? []),
	];
	const given = chosen?.value.trim() ?? '';
	// A write's result words (updated, unchanged, error): a row answered "error" failed, it is not
	// an update marked as error, and "updated" says the mark was made; nothing to place.
	const states = areStates(session, words);
	if (!states && writeResults(statuses?.stored))
		return {
			words,
			marked: given !== '' ? [given] : [],
			unplaced: false,
			statuses,
			unsure: [],
			notMarked: [],
		};
	const marked = given !== '' ? [given] : wordsFor(words, state);
	return {
		words,
		marked,
		unplaced: words.length > (statuses?.stored?.length ?? 0),
		statuses,
		...(states ? stateAnswers(state, words, marked) : { unsure: [], notMarked: [] }),
	};
}
