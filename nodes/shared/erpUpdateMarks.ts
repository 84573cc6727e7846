/**
 * A mark (Set Complete, Set Error, Acknowledge on Emit) answered with a state word the package
 * cannot place as the state it set: the row stays not confirmed (the word may say the update was
 * not marked), but it is told as what it is, never as a lost answer or an unread record: the word
 * the platform answered, the words its description gives, and the option that says which word it
 * is.
 */
import type { RowOutcome } from './bulk/outcomes';
import { markWords, type MarkedWord } from './erpUpdateMarkWords';
import { STATES, wordsFor, type UpdateState } from './erpUpdateStates';
import { descriptionName } from './platform';
import type { Session } from './session';

/** "an update once complete", "an update once marked as error" */
const once = (state: UpdateState) =>
	`an update once ${state === 'error' ? 'marked as error' : state}`;

export class MarkAnswers {
	private constructor(
		private readonly session: Session,
		private readonly route: string,
		private readonly state: UpdateState,
		private readonly words: string[],
		private readonly marked: string[],
		private readonly notMarked: string[],
		private readonly chosen: MarkedWord | undefined,
	) {}

	/** How a mark on `route` reads its answer's words; undefined where the built-in description is used. */
	static on(
		session: Session,
		route: string,
		state: UpdateState,
		chosen?: MarkedWord,
	): MarkAnswers | undefined {
		const read = markWords(session, route, state, chosen);
		if (!read) return undefined;
		return new MarkAnswers(session, route, state, read.words, read.marked, read.notMarked, chosen);
	}

	/**
	 * The word a row not confirmed was answered with, where that word is all that stands between
	 * it and marked: not the word read as the state, and saying no other state (DONE after Set
	 * Error is an answer, not a word to place). A word that says the state but that the description
	 * does not list is one to place: the package reads only the description's words as marked.
	 */
	unplacedWord(outcome: RowOutcome): string | undefined {
		if (outcome.kind !== 'notConfirmed' || outcome.answered === undefined) return undefined;
		const word = outcome.answered;
		const same = (one: string) => one.trim().toLowerCase() === word.trim().toLowerCase();
		if (this.marked.some(same)) return undefined;
		const another = STATES.filter((state) => state !== this.state);
		if (another.some((state) => wordsFor([word], state).length > 0)) return undefined;
		return word;
	}

	/** Why a row answered `word` is not confirmed: the word, and what the description and the form say. */
	why(word: string): string {
		const path = this.session.platform.path(this.route);
		const given = this.chosen?.value.trim();
		const listed =
			this.words.length > 0
				? `it lists ${this.words.join(', ')}`
				: 'it lists no words for that answer';
		const against = given
			? `not "${given}", the word ${this.chosen!.option} gives ${once(this.state)}; ${descriptionName(this.session.platform.source)}: ${listed}`
			: `a word ${descriptionName(this.session.platform.source)} does not give ${once(this.state)} (${listed})`;
		return `the platform answered "${word}" on ${path}, ${against}`;
	}

	/** What to do about `word`: the form's option, in the form's words. */
	whatToDo(word: string): string {
		const option = this.chosen?.option ?? 'Options → Marked State';
		return `If "${word}" is the platform's word for ${once(this.state)}, set ${option} to ${word}: the node then reads it as marked`;
	}

	/**
	 * A row answered with a listed word saying another state (DONE after Set Error): the platform
	 * says the update has that state, so the mark was not made: a refusal, in those words.
	 */
	private notMarkedAs(outcome: RowOutcome): RowOutcome | undefined {
		if (outcome.kind !== 'notConfirmed' || outcome.answered === undefined) return undefined;
		const word = outcome.answered.trim();
		if (!this.notMarked.some((one) => one.toLowerCase() === word.toLowerCase())) return undefined;
		const says = STATES.find((state) => wordsFor([word], state).length > 0)!;
		const as = this.state === 'error' ? 'marked as error' : 'marked complete';
		const option = this.chosen?.option ?? 'Options → Marked State';
		const message = `not ${as} — the platform answered "${word}" on ${this.session.platform.path(this.route)}, a word the node reads as ${says === 'pending' ? 'an update still pending' : once(says)} (${descriptionName(this.session.platform.source)} lists ${this.words.join(', ')}), so the update was not ${as}. Check the update on the platform before marking it again; if "${word}" is the platform's word for ${once(this.state)}, set ${option} to ${word}.`;
		return { kind: 'refused', key: outcome.key, error: outcome.error.forRow(message, false) };
	}

	/** A row's outcome, a row answered with a word it cannot place, or one saying another state, told in those words. */
	reword(outcome: RowOutcome): RowOutcome {
		const other = this.notMarkedAs(outcome);
		if (other) return other;
		const word = this.unplacedWord(outcome);
		if (word === undefined || outcome.kind !== 'notConfirmed') return outcome;
		const as = this.state === 'error' ? 'marked as error' : 'marked complete';
		const message = `not confirmed as ${as} — ${this.why(word)}, so whether the update was marked is not known. ${this.whatToDo(word)}; check the update on the platform before marking it again.`;
		return { ...outcome, error: outcome.error.forRow(message) };
	}
}
