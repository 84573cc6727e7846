/**
 * One output item is made for every input item of a run: adding an item's result makes the item,
 * its pairing and its key, and no list to hold the one result it was given.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { HandledKeys } from '../../nodes/shared/highlighted';
import { Output } from '../../nodes/shared/output';
import type { ExecuteSession } from '../../nodes/shared/session';

/** The parts of a run's session an Output reads: the route's key and noun, the input items, the handled keys. */
function sessionOf(items: number): ExecuteSession {
	const input = Array.from({ length: items }, (_, k) => ({ json: { sku: `S-${k}` } }));
	return {
		platform: { route: () => ({ naturalKey: ['sku'], noun: 'item' }) },
		ctx: {
			getInputData: () => input,
			continueOnFail: () => false,
		} as unknown as IExecuteFunctions,
		handled: new HandledKeys(),
	} as unknown as ExecuteSession;
}

/** How many times arrays are iterated (for…of, spread) while `work` runs. */
function arraysIterated(work: () => void): number {
	const original = Array.prototype[Symbol.iterator];
	let count = 0;
	Array.prototype[Symbol.iterator] = function (this: unknown[]) {
		count++;
		return original.call(this);
	};
	try {
		work();
	} finally {
		Array.prototype[Symbol.iterator] = original;
	}
	return count;
}

describe('Output.add', () => {
	it('adds one result per item without a list to hold it', () => {
		const output = new Output(sessionOf(1000), { route: '/items' });
		const iterated = arraysIterated(() => {
			for (let k = 0; k < 1000; k++) output.add(k, { status: 'created' }, { sku: `S-${k}` });
		});
		expect(iterated).toBe(0);
		const items = output.items();
		expect(items).toHaveLength(1000);
		expect(items[7]).toEqual({ json: { sku: 'S-7', status: 'created' }, pairedItem: { item: 7 } });
	});

	it('still adds every result of a list, each paired to the items it came from', () => {
		const output = new Output(sessionOf(3), { route: '/items' });
		output.add([0, 2], [{ status: 'a' }, { status: 'b' }], { sku: 'S-0' });
		output.add(1, { status: 'c' });
		expect(output.items()).toEqual([
			{ json: { sku: 'S-0', status: 'a' }, pairedItem: [{ item: 0 }, { item: 2 }] },
			{ json: { sku: 'S-0', status: 'b' }, pairedItem: [{ item: 0 }, { item: 2 }] },
			{ json: { status: 'c' }, pairedItem: { item: 1 } },
		]);
	});
});

describe('Output.readEach', () => {
	/** How many times something is pushed onto an array while `work` runs. */
	function pushes(work: () => void): number {
		const spy = jest.spyOn(Array.prototype, 'push');
		try {
			work();
			return spy.mock.calls.length;
		} finally {
			spy.mockRestore();
		}
	}

	it('holds what it reads in one list sized for every item, not grown item by item', () => {
		const output = new Output(sessionOf(1000), { route: '/items' });
		let rows: number[] = [];
		expect(pushes(() => (rows = output.readEach(1000, (k) => k * 2)))).toBe(0);
		expect(rows).toHaveLength(1000);
		expect(rows[999]).toBe(1998);
	});
});
