/**
 * The ERP update trigger's memory between polls: which pending updates it has already emitted,
 * and when. Pure data in, data out; the platform's pending/complete/error state stays the truth.
 *
 * - An id is held (not emitted again) until "Redeliver After" has passed since it was emitted;
 *   then it is emitted again if still pending (the workflow that got it may have failed).
 * - An emit time later than now means the clock went back: it counts as now, so the update is
 *   held for at most one window from here instead of until the clock catches up.
 * - An id leaves the ledger once a poll shows it is no longer pending. A poll only knows that
 *   for a kind when it read that kind's pending list to the end, or far enough to meet an update
 *   the ledger does not hold: the platform lists updates in creation order and the trigger emits
 *   them in that order, so every still-pending held id of the kind lies before that point.
 * - The ledger holds at most its capacity of ids. When full, new updates wait for the ERP to
 *   complete some (backpressure) rather than evicting ids, which would mean early duplicates.
 * - Each change raises `seq`, so of two copies of the ledger the newer one is known.
 *
 * Stored in static data grouped by emit time, so 10,000 ids cost about 13 bytes each.
 */
import type { IDataObject } from 'n8n-workflow';

export const LEDGER_CAPACITY = 50_000;
export const LEDGER_VERSION = 1;

export interface LedgerEntry {
	kind: string;
	at: number;
}

/** The JSON shape kept in static data. `seq` is absent in ledgers written before it existed. */
export interface StoredLedger {
	v: number;
	seq?: number;
	emitted: Array<{ kind: string; at: number; ids: string[] }>;
}

export class Ledger {
	private readonly entries = new Map<string, LedgerEntry>();
	private changed = false;

	constructor(
		readonly capacity = LEDGER_CAPACITY,
		/** The version this ledger was read from; the next save writes seq + 1 if anything changed. */
		readonly seq = 0,
	) {}

	get size(): number {
		return this.entries.size;
	}

	get room(): number {
		return Math.max(0, this.capacity - this.entries.size);
	}

	has(id: string): boolean {
		return this.entries.has(id);
	}

	get(id: string): LedgerEntry | undefined {
		return this.entries.get(id);
	}

	/** Emitted recently enough that emitting it again would be a duplicate inside the window. */
	isHeld(id: string, now: number, redeliverAfterMs: number): boolean {
		const entry = this.entries.get(id);
		return entry !== undefined && now - entry.at < redeliverAfterMs;
	}

	record(kind: string, id: string, at: number): void {
		const before = this.entries.get(id);
		if (before?.kind === kind && before.at === at) return;
		this.entries.set(id, { kind, at });
		this.changed = true;
	}

	/** Emit times in the future (the clock went back) become now; answers how many. */
	clampFuture(now: number): number {
		let clamped = 0;
		for (const [id, entry] of this.entries) {
			if (entry.at > now) {
				this.entries.set(id, { kind: entry.kind, at: now });
				clamped++;
			}
		}
		if (clamped > 0) this.changed = true;
		return clamped;
	}

	/** Drops the ids of a kind that a conclusive read did not find pending; answers how many. */
	dropUnseen(kind: string, seen: ReadonlySet<string>): number {
		return this.dropWhere((id, entry) => entry.kind === kind && !seen.has(id));
	}

	/** Drops kinds the trigger no longer watches: their updates would not be emitted anyway. */
	keepKinds(kinds: readonly string[]): number {
		return this.dropWhere((_, entry) => !kinds.includes(entry.kind));
	}

	private dropWhere(drop: (id: string, entry: LedgerEntry) => boolean): number {
		let dropped = 0;
		for (const [id, entry] of this.entries) {
			if (drop(id, entry)) {
				this.entries.delete(id);
				dropped++;
			}
		}
		if (dropped > 0) this.changed = true;
		return dropped;
	}

	ids(kind?: string): string[] {
		return [...this.entries]
			.filter(([, entry]) => kind === undefined || entry.kind === kind)
			.map(([id]) => id);
	}

	toJSON(): StoredLedger {
		const groups = new Map<string, { kind: string; at: number; ids: string[] }>();
		for (const [id, { kind, at }] of this.entries) {
			const key = `${kind}@${at}`;
			let group = groups.get(key);
			if (!group) groups.set(key, (group = { kind, at, ids: [] }));
			group.ids.push(id);
		}
		return {
			v: LEDGER_VERSION,
			seq: this.changed ? this.seq + 1 : this.seq,
			emitted: [...groups.values()].sort((a, b) => a.at - b.at),
		};
	}

	/**
	 * Reads what static data holds. Anything unreadable counts as "not emitted": the worst case
	 * is a duplicate, never a lost update.
	 */
	static fromJSON(value: unknown, capacity = LEDGER_CAPACITY): Ledger {
		const stored = readable(value);
		const ledger = new Ledger(capacity, stored ? seqOf(stored) : 0);
		for (const group of stored?.emitted ?? []) {
			if (
				!group ||
				typeof group.kind !== 'string' ||
				typeof group.at !== 'number' ||
				!Array.isArray(group.ids)
			)
				continue;
			for (const id of group.ids)
				if (typeof id === 'string') ledger.entries.set(id, { kind: group.kind, at: group.at });
		}
		return ledger;
	}
}

function readable(value: unknown): StoredLedger | undefined {
	const stored = value as Partial<StoredLedger> | undefined;
	if (
		!stored ||
		typeof stored !== 'object' ||
		stored.v !== LEDGER_VERSION ||
		!Array.isArray(stored.emitted)
	)
		return undefined;
	return stored as StoredLedger;
}

export function seqOf(stored: StoredLedger | undefined): number {
	return typeof stored?.seq === 'number' && Number.isFinite(stored.seq) ? stored.seq : 0;
}

const STATIC_KEY = 'ledger';

/** The ledger as static data holds it, if it holds a readable one. */
export function storedLedger(staticData: IDataObject): StoredLedger | undefined {
	return readable(staticData[STATIC_KEY]);
}

export function loadLedger(staticData: IDataObject, capacity = LEDGER_CAPACITY): Ledger {
	return Ledger.fromJSON(staticData[STATIC_KEY], capacity);
}

/**
 * Writes the ledger into static data when static data holds something else, so an idle poll
 * leaves it as it was; an empty ledger removes the key. Answers what was written (or kept).
 */
export function saveLedger(staticData: IDataObject, ledger: Ledger): StoredLedger {
	const next = ledger.toJSON();
	const wanted = next.emitted.length > 0 ? next : undefined;
	if (JSON.stringify(staticData[STATIC_KEY] ?? null) === JSON.stringify(wanted ?? null))
		return next;
	if (wanted) staticData[STATIC_KEY] = wanted as unknown as IDataObject;
	else delete staticData[STATIC_KEY];
	return next;
}

/** One pending update as the platform lists it (id, kind, status, created_at, payload...). */
export interface PendingUpdate {
	id: string;
	kind: string;
	created_at?: string;
	[field: string]: unknown;
}

/**
 * What one poll learns about one kind's pending list while reading it page by page: the ids it
 * saw, the updates it may emit (not held, in platform order, at most `want`), and whether the
 * read was conclusive enough to drop unseen ids from the ledger.
 */
export class KindScan {
	readonly seen = new Set<string>();
	readonly candidates: Array<{ update: PendingUpdate; fresh: boolean }> = [];
	conclusive = false;

	constructor(
		readonly kind: string,
		private readonly ledger: Ledger,
		private readonly redeliverAfterMs: number,
		private readonly want: number,
	) {}

	/** An update as listed pending at `now` (when its page came). */
	offer(update: PendingUpdate, now: number): void {
		this.seen.add(update.id);
		const fresh = !this.ledger.has(update.id);
		// Every still-pending id the ledger holds was listed before the first one it never held.
		if (fresh) this.conclusive = true;
		if (this.ledger.isHeld(update.id, now, this.redeliverAfterMs)) return;
		if (this.candidates.length < this.want) this.candidates.push({ update, fresh });
	}

	get full(): boolean {
		return this.candidates.length >= this.want;
	}

	/** The read reached the last page: every pending update of the kind was seen. */
	reachedEnd(): void {
		this.conclusive = true;
	}
}

function createdMs(update: PendingUpdate): number {
	const ms = Date.parse(String(update.created_at ?? ''));
	return Number.isNaN(ms) ? 0 : ms;
}

/**
 * Picks at most `max` updates over all kinds, oldest first, keeping each kind's own order (so
 * what is emitted is always a prefix of each kind's candidates). Updates the ledger never held
 * need room in it; once it is full only redeliveries go out.
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
