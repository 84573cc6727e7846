/** The ERP update trigger's turns and memory inside one n8n process (nodes/WmsErpUpdateTrigger/inProcess.ts). */
import { PollsInProcess } from '../../nodes/WmsErpUpdateTrigger/inProcess';

function gate() {
	let open!: () => void;
	const opened = new Promise<void>((resolve) => (open = resolve));
	return { open, opened };
}

describe('polls of one trigger in one process', () => {
	it('take turns: a poll started while another runs waits for it; a third one started meanwhile returns nothing at once', async () => {
		const turns = new PollsInProcess();
		const log: string[] = [];
		const first = gate();
		const a = turns.inTurn('wf:node', async () => {
			log.push('A reads');
			await first.opened;
			log.push('A returns');
			return 'A';
		});
		const b = turns.inTurn('wf:node', async () => {
			log.push('B reads');
			return 'B';
		});
		const c = turns.inTurn('wf:node', async () => {
			log.push('C reads');
			return 'C';
		});
		await expect(c).resolves.toBeUndefined();
		expect(log).toEqual(['A reads']);
		first.open();
		await expect(Promise.all([a, b])).resolves.toEqual(['A', 'B']);
		expect(log).toEqual(['A reads', 'A returns', 'B reads']);
	});

	it('a poll that throws still hands the turn on', async () => {
		const turns = new PollsInProcess();
		const failing = turns.inTurn('k', async () => {
			throw new Error('platform down');
		});
		const next = turns.inTurn('k', async () => 'read');
		await expect(failing).rejects.toThrow('platform down');
		await expect(next).resolves.toBe('read');
	});

	it('triggers do not wait for each other', async () => {
		const turns = new PollsInProcess();
		const held = gate();
		const slow = turns.inTurn('wf-1:node', async () => await held.opened);
		await expect(turns.inTurn('wf-2:node', async () => 'other workflow')).resolves.toBe(
			'other workflow',
		);
		held.open();
		await slow;
	});

	it('starts from the newer of the stored ledger and the last one this process left', () => {
		const turns = new PollsInProcess();
		const older = { v: 1, seq: 3, emitted: [{ kind: 'k', at: 1, ids: ['A'] }] };
		const newer = {
			v: 1,
			seq: 4,
			emitted: [
				{ kind: 'k', at: 1, ids: ['A'] },
				{ kind: 'k', at: 2, ids: ['B'] },
			],
		};
		expect(turns.newerLedger('k', older)).toBe(older);
		turns.remember('k', newer);
		expect(turns.newerLedger('k', older)).toBe(newer);
		expect(turns.newerLedger('k', undefined)).toBe(newer);
		expect(turns.newerLedger('k', newer)).toBe(newer);
		const later = { ...newer, seq: 9 };
		expect(turns.newerLedger('k', later)).toBe(later);
		expect(turns.newerLedger('other', older)).toBe(older);
	});
});
