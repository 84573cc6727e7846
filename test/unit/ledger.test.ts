import {
	Ledger,
	loadLedger,
	saveLedger,
	storedLedger,
} from '../../nodes/WmsErpUpdateTrigger/ledger';
import { chooseInOrder, KindScan, type PendingUpdate } from '../../nodes/WmsErpUpdateTrigger/scan';

const MIN = 60_000;
const update = (
	kind: string,
	n: number,
	createdAt = `2026-11-21T09:00:${String(n % 60).padStart(2, '0')}.000Z`,
): PendingUpdate => ({
	id: `UPD-${String(n).padStart(6, '0')}`,
	kind,
	created_at: createdAt,
});

function scan(
	ledger: Ledger,
	kind: string,
	updates: PendingUpdate[],
	{ at = 0, want = 100, end = true } = {},
) {
	const s = new KindScan(kind, ledger, 30 * MIN, want);
	for (const u of updates) s.offer(u, at);
	if (end) s.reachedEnd();
	return s;
}

describe('ledger', () => {
	it('holds an emitted id until the redelivery window has passed, then lets it go again', () => {
		const ledger = new Ledger();
		ledger.record('outgoing_consignment', 'UPD-1', 1000);
		expect(ledger.isHeld('UPD-1', 1000 + 30 * MIN - 1, 30 * MIN)).toBe(true);
		expect(ledger.isHeld('UPD-1', 1000 + 30 * MIN, 30 * MIN)).toBe(false);
		expect(ledger.isHeld('UPD-2', 1000, 30 * MIN)).toBe(false);
	});

	it('survives a round trip through static data as JSON, grouped by emit time', () => {
		const ledger = new Ledger();
		for (let i = 0; i < 3; i++) ledger.record('move_attempt', `M-${i}`, 5000);
		ledger.record('outgoing_consignment', 'O-1', 7000);
		const staticData: Record<string, unknown> = {};
		expect(saveLedger(staticData as never, ledger)).toMatchObject({ seq: 1 });
		const copy = loadLedger(JSON.parse(JSON.stringify(staticData)));
		expect(copy.size).toBe(4);
		expect(copy.get('M-2')).toEqual({ kind: 'move_attempt', at: 5000 });
		expect((staticData.ledger as { emitted: unknown[] }).emitted).toHaveLength(2);
		const before = staticData.ledger;
		expect(saveLedger(staticData as never, copy)).toEqual(before);
		expect(staticData.ledger).toBe(before);
	});

	it('counts its versions: each save that changed something raises seq by one, an unchanged one keeps it', () => {
		const staticData: Record<string, unknown> = {};
		const first = new Ledger();
		first.record('k', 'A', 1000);
		expect(saveLedger(staticData as never, first).seq).toBe(1);
		const second = loadLedger(staticData as never);
		expect(second.seq).toBe(1);
		second.record('k', 'A', 1000);
		expect(saveLedger(staticData as never, second).seq).toBe(1);
		second.record('k', 'B', 2000);
		expect(saveLedger(staticData as never, second).seq).toBe(2);
		expect(storedLedger(staticData as never)?.seq).toBe(2);
		// Written before seq existed: version 0, still read.
		expect(
			loadLedger({ ledger: { v: 1, emitted: [{ kind: 'k', at: 1, ids: ['A'] }] } } as never),
		).toMatchObject({ seq: 0, size: 1 });
	});

	it('an emit time in the future (the clock went back) holds for one window from now, not until the clock catches up', () => {
		const ledger = new Ledger();
		ledger.record('k', 'A', 10 * 24 * 60 * MIN);
		const now = 1000;
		expect(ledger.clampFuture(now)).toBe(1);
		expect(ledger.get('A')).toEqual({ kind: 'k', at: now });
		expect(ledger.isHeld('A', now + 30 * MIN - 1, 30 * MIN)).toBe(true);
		expect(ledger.isHeld('A', now + 30 * MIN, 30 * MIN)).toBe(false);
		expect(ledger.clampFuture(now + MIN)).toBe(0);
		expect(ledger.toJSON().seq).toBe(1);
	});

	it('reads garbage as an empty ledger (a duplicate is better than a lost update)', () => {
		for (const junk of [
			undefined,
			'x',
			{ v: 99, emitted: [] },
			{ v: 1, emitted: 'no' },
			{ v: 1, emitted: [{ kind: 1 }] },
		]) {
			expect(loadLedger({ ledger: junk } as never).size).toBe(0);
		}
	});

	it('keeps numeric ids as numbers and refused ones marked, through static data', () => {
		const ledger = new Ledger();
		ledger.record('k', 7, 1000);
		ledger.record('k', '7', 1000);
		ledger.record('k', 8, 1000, true);
		const copy = loadLedger(JSON.parse(JSON.stringify({ ledger: ledger.toJSON() })));
		expect(copy.ids().sort()).toEqual([7, 8, '7'].sort());
		expect(copy.get(7)).toEqual({ kind: 'k', at: 1000 });
		expect(copy.get('7')).toEqual({ kind: 'k', at: 1000 });
		expect(copy.get(8)).toEqual({ kind: 'k', at: 1000, refused: true });
	});

	it('removes its key from static data when empty', () => {
		const staticData: Record<string, unknown> = {
			ledger: { v: 1, seq: 4, emitted: [{ kind: 'k', at: 1, ids: ['a'] }] },
		};
		const ledger = loadLedger(staticData as never);
		ledger.dropUnseen('k', new Set());
		expect(saveLedger(staticData as never, ledger)).toEqual({ v: 1, seq: 5, emitted: [] });
		expect(staticData).toEqual({});
	});

	it('keeps 10,000 ids under 1 MB', () => {
		const ledger = new Ledger();
		for (let i = 0; i < 10_000; i++)
			ledger.record(
				'outgoing_consignment',
				`UPD-${String(i).padStart(6, '0')}`,
				1_763_700_000_000 + Math.floor(i / 500) * MIN,
			);
		expect(JSON.stringify(ledger.toJSON()).length).toBeLessThan(200_000);
	});
});

describe('KindScan', () => {
	it('offers what the ledger does not hold, in order, up to what the poll wants', () => {
		const ledger = new Ledger();
		ledger.record('k', update('k', 2).id, 0);
		const s = scan(
			ledger,
			'k',
			[1, 2, 3, 4].map((n) => update('k', n)),
			{ want: 2 },
		);
		expect(s.candidates.map((c) => c.update.id)).toEqual(['UPD-000001', 'UPD-000003']);
		expect(s.wantsMore).toBe(false);
		expect([...s.seen]).toHaveLength(4);
	});

	it('offers a held id again once its window has passed, marked as not fresh', () => {
		const ledger = new Ledger();
		ledger.record('k', 'UPD-000001', 0);
		const s = scan(ledger, 'k', [update('k', 1)], { at: 30 * MIN });
		expect(s.candidates).toEqual([{ update: update('k', 1), fresh: false }]);
	});

	it('lets a redelivery due displace an update never delivered when the poll has enough (a list newest first)', () => {
		const ledger = new Ledger();
		ledger.record('k', 'UPD-000001', 0);
		const s = scan(ledger, 'k', [update('k', 3), update('k', 2), update('k', 1)], {
			at: 30 * MIN,
			want: 2,
		});
		expect(s.candidates.map((c) => [c.update.id, c.fresh])).toEqual([
			['UPD-000003', true],
			['UPD-000001', false],
		]);
	});

	it('is conclusive only at the last page: the list may come in any order', () => {
		const ledger = new Ledger();
		ledger.record('k', 'UPD-000001', 0);
		// Newest first: meeting an id the ledger never held says nothing of the held one.
		expect(scan(ledger, 'k', [update('k', 2)], { end: false }).conclusive).toBe(false);
		expect(scan(ledger, 'k', [], { end: true }).conclusive).toBe(true);
	});

	it('wants to read on while an id the ledger holds for the kind has not been met, even with enough updates', () => {
		const ledger = new Ledger();
		ledger.record('k', 'UPD-000009', 0);
		ledger.record('other', 'UPD-000008', 0);
		const s = scan(ledger, 'k', [update('k', 1), update('k', 2)], { want: 1, end: false });
		expect(s.wantsMore).toBe(true);
		s.offer(update('k', 9), 0);
		expect(s.wantsMore).toBe(false);
	});

	it('takes ids that are numbers as they came (7 and "7" are two), and sets aside updates without one', () => {
		const s = scan(new Ledger(), 'k', [
			{ id: 7, kind: 'k' },
			{ id: '7', kind: 'k' },
			{ kind: 'k', created_at: 'x' } as unknown as PendingUpdate,
			{ id: '', kind: 'k' },
			{ id: null, kind: 'k' } as unknown as PendingUpdate,
			{ id: { n: 1 }, kind: 'k' } as unknown as PendingUpdate,
		]);
		expect(s.candidates.map((c) => c.update.id)).toEqual([7, '7']);
		expect(s.withoutId).toHaveLength(4);
	});

	it('passes over an update whose status is not pending (a platform that ignores the filter), in any case', () => {
		const s = scan(new Ledger(), 'k', [
			{ id: 'A', kind: 'k', status: 'complete' },
			{ id: 'B', kind: 'k', status: 'PENDING' },
			{ id: 'C', kind: 'k' },
			{ id: 'D', kind: 'k', status: 'error' },
		]);
		expect(s.candidates.map((c) => c.update.id)).toEqual(['B', 'C']);
		expect([...s.seen]).toEqual(['B', 'C']);
	});

	it("gives each update the watched kind, keeping a platform's other word for it", () => {
		const s = scan(new Ledger(), 'outgoing_consignment', [
			{ id: 'A', kind: 'OUTGOING_CONSIGNMENT' },
			{ id: 'B', kind: 'outgoing_consignment' },
		]);
		expect(s.candidates.map((c) => c.update)).toEqual([
			{ id: 'A', kind: 'outgoing_consignment', platform_kind: 'OUTGOING_CONSIGNMENT' },
			{ id: 'B', kind: 'outgoing_consignment' },
		]);
	});
});

describe('chooseInOrder', () => {
	it('merges kinds oldest first and stops at the per-poll maximum', () => {
		const ledger = new Ledger();
		const a = scan(ledger, 'a', [
			update('a', 1, '2026-01-01T00:00:01Z'),
			update('a', 3, '2026-01-01T00:00:03Z'),
		]);
		const b = scan(ledger, 'b', [
			update('b', 2, '2026-01-01T00:00:02Z'),
			update('b', 4, '2026-01-01T00:00:04Z'),
		]);
		expect(chooseInOrder([a, b], 3, 100).map((u) => u.id)).toEqual([
			'UPD-000001',
			'UPD-000002',
			'UPD-000003',
		]);
	});

	it('keeps each kind in its own order even when timestamps disagree', () => {
		const ledger = new Ledger();
		const a = scan(ledger, 'a', [
			update('a', 1, '2026-01-01T00:00:05Z'),
			update('a', 2, '2026-01-01T00:00:01Z'),
		]);
		expect(chooseInOrder([a], 10, 100).map((u) => u.id)).toEqual(['UPD-000001', 'UPD-000002']);
	});

	it('when the ledger is full, still redelivers but holds new updates back', () => {
		const ledger = new Ledger(1);
		ledger.record('a', 'UPD-000001', 0);
		const a = scan(ledger, 'a', [update('a', 1), update('a', 2)], { at: 30 * MIN });
		expect(chooseInOrder([a], 10, ledger.room).map((u) => u.id)).toEqual(['UPD-000001']);
	});
});

describe('dropping ids that are no longer pending', () => {
	it('drops only unseen ids of the kind read, and kinds no longer watched', () => {
		const ledger = new Ledger();
		ledger.record('a', 'A1', 0);
		ledger.record('a', 'A2', 0);
		ledger.record('b', 'B1', 0);
		expect(ledger.dropUnseen('a', new Set(['A2']))).toBe(1);
		expect(ledger.ids().sort()).toEqual(['A2', 'B1']);
		expect(ledger.keepKinds(['a'])).toBe(1);
		expect(ledger.ids()).toEqual(['A2']);
	});
});
