/**
 * The ERP update trigger's memory between polls: which pending updates it has already emitted,
 * and when. Pure data in, data out; the platform's pending/complete/error state stays the truth.
 *
 * - An id is held (not emitted again) until "Redeliver After" has passed since it was emitted;
 *   then it is emitted again if still pending (the workflow that got it may have failed).
 * - An emit time later than now means the clock went back: it counts as now, so the update is
 *   held for at most one window from here instead of until the clock catches up.
 * - An id leaves the ledger once a poll shows it is no longer pending: when it read that kind's
 *   pending list to the end without meeting it. Nothing is assumed of the list's order or page
 *   size, so a read that stopped early proves nothing about the ids it did not meet.
 * - Ids are any JSON text or number, compared as the platform sent them (7 and "7" are two).
 * - An update whose completion the platform refused (Acknowledge on Emit: 409, 404, another 4xx)
 *   is held like an emitted one, marked `refused`, so it is tried again once per window and
 *   reported only the first time.
 * - The ledger holds at most its capacity of ids. When full, new updates wait for the ERP to
 *   complete some (backpressure) rather than evicting ids, which would mean early duplicates.
 * - Each change raises `seq`, so of two copies of the ledger the newer one is known.
 *
 * Stored in static data grouped by emit time, so 10,000 ids cost about 13 bytes each.
 */
import type { IDataObject } from 'n8n-workflow';

export const LEDGER_CAPACITY = 50_000;
export const LEDGER_VERSION = 1;

/** An update's id as the platform sent it. */
export type UpdateId = string | number;

export interface LedgerEntry {
	kind: string;
	at: number;
	/** Held back: the platform refused to mark it complete (it was not emitted). */
	refused?: true;
}

interface StoredGroup {
	kind: string;
	at: number;
	ids: UpdateId[];
	refused?: true;
}

/** The JSON shape kept in static data. `seq` is absent in ledgers written before it existed. */
export interface StoredLedger {
	v: number;
	seq?: number;
	emitted: StoredGroup[];
}

/** An id the platform sent that can be told apart and sent back: text that is not empty, or a finite number. */
export function isUpdateId(value: unknown): value is UpdateId {
	return (
		(typeof value === 'string' && value !== '') ||
		(typeof value === 'number' && Number.isFinite(value))
	);
}

export class Ledger {
	private readonly entries = new Map<UpdateId, LedgerEntry>();
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

	has(id: UpdateId): boolean {
		return this.entries.has(id);
	}

	get(id: UpdateId): LedgerEntry | undefined {
		return this.entries.get(id);
	}

	/** Emitted (or refused) recently enough that emitting it again would be a duplicate inside the window. */
	isHeld(id: UpdateId, now: number, redeliverAfterMs: number): boolean {
		const entry = this.entries.get(id);
		return entry !== undefined && now - entry.at < redeliverAfterMs;
	}

	record(kind: string, id: UpdateId, at: number, refused?: true): void {
		const before = this.entries.get(id);
		if (before?.kind === kind && before.at === at && before.refused === refused) return;
		this.entries.set(id, refused ? { kind, at, refused } : { kind, at });
		this.changed = true;
	}

	/** Emit times in the future (the clock went back) become now; answers how many. */
	clampFuture(now: number): number {
		let clamped = 0;
		for (const [id, entry] of this.entries) {
			if (entry.at > now) {
				this.entries.set(id, { ...entry, at: now });
				clamped++;
			}
		}
		if (clamped > 0) this.changed = true;
		return clamped;
	}

	/** Drops the ids of a kind that a read to the end of its list did not find pending; answers how many. */
	dropUnseen(kind: string, seen: ReadonlySet<UpdateId>): number {
		return this.dropWhere((id, entry) => entry.kind === kind && !seen.has(id));
	}

	/** Drops kinds the trigger no longer watches: their updates would not be emitted anyway. */
	keepKinds(kinds: readonly string[]): number {
		return this.dropWhere((_, entry) => !kinds.includes(entry.kind));
	}

	private dropWhere(drop: (id: UpdateId, entry: LedgerEntry) => boolean): number {
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

	ids(kind?: string): UpdateId[] {
		return [...this.entries]
			.filter(([, entry]) => kind === undefined || entry.kind === kind)
			.map(([id]) => id);
	}

	toJSON(): StoredLedger {
		const groups = new Map<string, StoredGroup>();
		for (const [id, { kind, at, refused }] of this.entries) {
			const key = `${kind}@${at}${refused ? '!' : ''}`;
			let group = groups.get(key);
			if (!group)
				groups.set(key, (group = refused ? { kind, at, ids: [], refused } : { kind, at, ids: [] }));
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
			const entry: LedgerEntry =
				group.refused === true
					? { kind: group.kind, at: group.at, refused: true }
					: { kind: group.kind, at: group.at };
			for (const id of group.ids) if (isUpdateId(id)) ledger.entries.set(id, entry);
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
