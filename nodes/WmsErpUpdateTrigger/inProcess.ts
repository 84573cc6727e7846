/**
 * What one n8n process knows about a trigger's polls that static data cannot tell it.
 *
 * What n8n (2.41) guarantees, and what it does not:
 * - It starts a poll on every tick, even while the previous poll of the same trigger is still
 *   running (it only counts such polls as "overlapped").
 * - It saves a poll's static data only after the poll returned: in the background as the
 *   execution starts (the usual path, one static data object shared by every poll of the
 *   activation), or, with durable poll cursors, together with the execution in one transaction,
 *   each poll working on its own copy taken when the poll started.
 * - It runs a trigger's polls in one process (the main instance, or the leader of several).
 *
 * What this adds, per trigger (workflow id and node id):
 * - Turns: a poll that starts while another runs waits until that one returned; one that starts
 *   while another already waits returns nothing at once, as the waiting poll reads after it.
 *   Two polls therefore never read the same pending updates before either recorded what it emitted.
 * - The pace the platform taught the trigger's requests (after a 429), for its next polls.
 * - The updates without an id it already reported, so the log says each once.
 * - The last ledger a poll of this process left. A poll whose own copy is older (taken before the
 *   last poll's copy was committed) starts from this one, so nothing this process emitted is
 *   forgotten between a poll's return and n8n's save.
 *
 * n8n loads a node type once per process, so the node keeps one of these for its lifetime; a
 * restart starts with none, and static data is then all there is.
 */
import { RequestPace } from '../shared/transport/pace';
import type { StoredLedger } from './ledger';
import { seqOf } from './ledger';

/** Problems reported for one trigger that are remembered, so each is reported once per process. */
const REPORTS_KEPT = 1000;

interface TriggerState {
	running?: Promise<void>;
	waiting: boolean;
	last?: StoredLedger;
	/** Updates without an id already reported, by what they hold. */
	reported: Set<string>;
	/** The pace the platform taught this trigger's polls (a 429's rate holds for the next poll too). */
	pace: RequestPace;
}

export class PollsInProcess {
	private readonly triggers = new Map<string, TriggerState>();

	private state(key: string): TriggerState {
		let state = this.triggers.get(key);
		if (!state)
			this.triggers.set(
				key,
				(state = { waiting: false, pace: new RequestPace(), reported: new Set() }),
			);
		return state;
	}

	/** Runs `poll` in this trigger's turn; undefined, without running it, when another poll already waits. */
	async inTurn<T>(key: string, poll: () => Promise<T>): Promise<T | undefined> {
		const state = this.state(key);
		if (state.running) {
			if (state.waiting) return undefined;
			state.waiting = true;
			while (state.running) await state.running;
			state.waiting = false;
		}
		let done!: () => void;
		state.running = new Promise<void>((resolve) => (done = resolve));
		try {
			return await poll();
		} finally {
			state.running = undefined;
			done();
		}
	}

	/** Of the ledger static data holds and the last one a poll of this process left, the newer. */
	newerLedger(key: string, stored: StoredLedger | undefined): StoredLedger | undefined {
		const last = this.triggers.get(key)?.last;
		return last && seqOf(last) > seqOf(stored) ? last : stored;
	}

	remember(key: string, ledger: StoredLedger): void {
		this.state(key).last = ledger;
	}

	pace(key: string): RequestPace {
		return this.state(key).pace;
	}

	/** Of these problems (as text), those this process has not reported for the trigger yet; they count as reported from now. */
	firstTime(key: string, problems: string[]): Set<string> {
		const { reported } = this.state(key);
		const first = new Set(problems.filter((problem) => !reported.has(problem)));
		for (const problem of first) reported.add(problem);
		while (reported.size > REPORTS_KEPT) reported.delete(reported.values().next().value!);
		return first;
	}
}
