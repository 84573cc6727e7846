/**
 * What one poll learns about one kind's pending list while reading it page by page, and which of
 * the updates it met go out. Nothing is assumed of the list's order or page size: whether an id the
 * ledger holds is still pending is known only once the read met it, or read the list to its end.
 */
import type { IDataObject } from 'n8n-workflow';

import { isUpdateId, type Ledger, type UpdateId } from './ledger';

/** One pending update as the platform lists it (id, kind, status, created_at, payload...). */
export interface PendingUpdate {
	id: UpdateId;
	kind: string;
	created_at?: string;
	[field: string]: unknown;
}

export class KindScan {
	readonly seen = new Set<UpdateId>();
	readonly candidates: Array<{ update: PendingUpdate; fresh: boolean }> = [];
	/** Listed without an id the trigger could mark it complete by: reported, never emitted. */
	readonly withoutId: IDataObject[] = [];
	/** The read reached the last page: every pending update of the kind was met. */
	conclusive = false;
	/** Ids the ledger holds for this kind that the read has not met yet. */
	private readonly heldUnmet: Set<UpdateId>;

	constructor(
		readonly kind: string,
		private readonly ledger: Ledger,
		private readonly redeliverAfterMs: number,
		private readonly want: number,
		/** The platform's word for pending (the built-in description's is pending). */
		private readonly pending = 'pending',
	) {
		this.heldUnmet = new Set(ledger.ids(kind));
	}

	/**
	 * An update as listed pending at `now` (when its page came); one whose status says otherwise is
	 * passed over, in any letter case. Its kind is the one watched (the
	 * route it was read from); a platform that writes the kind otherwise keeps its own word in
	 * `platform_kind`.
	 */
	offer(listed: Readonly<Record<string, unknown>>, now: number): void {
		// Asked for pending updates only; a platform that ignores the filter lists others too.
		if (
			typeof listed.status === 'string' &&
			listed.status.toLowerCase() !== this.pending.toLowerCase()
		)
			return;
		if (!isUpdateId(listed.id)) {
			this.withoutId.push(listed as IDataObject);
			return;
		}
		const update: PendingUpdate = { ...listed, id: listed.id, kind: this.kind };
		if (listed.kind !== undefined && listed.kind !== this.kind) update.platform_kind = listed.kind;
		if (this.seen.has(update.id)) return;
		this.seen.add(update.id);
		this.heldUnmet.delete(update.id);
		if (this.ledger.isHeld(update.id, now, this.redeliverAfterMs)) return;
		const fresh = !this.ledger.has(update.id);
		if (this.candidates.length >= this.want) {
			// A redelivery due goes before updates never delivered: listed after them (newest first), it would wait for ever.
			const lastFresh = this.candidates.map((candidate) => candidate.fresh).lastIndexOf(true);
			if (fresh || lastFresh === -1) return;
			this.candidates.splice(lastFresh, 1);
		}
		this.candidates.push({ update, fresh });
	}

	/**
	 * Whether reading on can still tell something: more updates wanted, or held ids not met yet
	 * (only the end of the list can say they are no longer pending, and so let the ledger forget them).
	 */
	get wantsMore(): boolean {
		return this.candidates.length < this.want || this.heldUnmet.size > 0;
	}

	reachedEnd(): void {
		this.conclusive = true;
	}
}

function createdMs(update: PendingUpdate): number {
	const ms = Date.parse(String(update.created_at ?? ''));
	return Number.isNaN(ms) ? 0 : ms;
}

/**
 * Picks at most `max` updates over all kinds, the earliest created first, keeping each kind's own
 * order as the platform listed it (so what is emitted is always a prefix of each kind's
 * candidates). Updates the ledger never held need room in it; once it is full only redeliveries
 * go out.
 */
export function chooseInOrder(scans: KindScan[], max: number, room: number): PendingUpdate[] {
	const heads = scans.map(() => 0);
	const blocked = new Set<number>();
	const chosen: PendingUpdate[] = [];
	let roomLeft = room;
	while (chosen.length < max) {
		let best = -1;
		for (let i = 0; i < scans.length; i++) {
			if (blocked.has(i) || heads[i] >= scans[i].candidates.length) continue;
			if (
				best === -1 ||
				createdMs(scans[i].candidates[heads[i]].update) <
					createdMs(scans[best].candidates[heads[best]].update)
			)
				best = i;
		}
		if (best === -1) break;
		const { update, fresh } = scans[best].candidates[heads[best]];
		if (fresh && roomLeft === 0) {
			blocked.add(best);
			continue;
		}
		if (fresh) roomLeft--;
		chosen.push(update);
		heads[best]++;
	}
	return chosen;
}
