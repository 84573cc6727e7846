/**
 * Output items in input order: which input items an item stands for (its pairedItem), and values
 * noted as they come (a bulk write's rows settle out of order) read back in input order.
 */
import type { INodeExecutionData } from 'n8n-workflow';

/** The input item, or the input items, one output item stands for. */
export type Items = number | number[];

/** The input items as a list. */
export const list = (items: Items): number[] => (typeof items === 'number' ? [items] : items);

/** An output item's pairedItem: its one input item, or each of several (an order grouped from them). */
export function pairs(itemIndexes: number[]): INodeExecutionData['pairedItem'] {
	return itemIndexes.length === 1
		? { item: itemIndexes[0] }
		: itemIndexes.map((item) => ({ item }));
}

/**
 * Values noted with the input item each stems from, read in input order; those of one input item in
 * the order they were noted. Kept as two lists, not an object per value: a run of 100,000 items notes
 * 100,000 of them, nearly always in order already.
 */
export class InputOrder<T> {
	private firsts: number[] = [];
	private values: T[] = [];
	private ordered = true;

	push(first: number | undefined, value: T): void {
		first ??= 0;
		if (this.firsts.length > 0 && first < this.firsts[this.firsts.length - 1]) this.ordered = false;
		this.firsts.push(first);
		this.values.push(value);
	}

	/** Every value, in input order (a new list). */
	inOrder(): T[] {
		if (!this.ordered) {
			// Input items are counted from 0: each value's place is known from how many stem from an
			// earlier input item (a counting sort), and what one input item gave keeps its order.
			const { firsts, values } = this;
			let last = 0;
			for (const first of firsts) if (first > last) last = first;
			const start = new Uint32Array(last + 2);
			for (const first of firsts) start[first + 1]++;
			for (let k = 1; k < start.length; k++) start[k] += start[k - 1];
			const sortedFirsts: number[] = new Array(firsts.length);
			const sortedValues: T[] = new Array(values.length);
			for (let k = 0; k < firsts.length; k++) {
				const at = start[firsts[k]]++;
				sortedFirsts[at] = firsts[k];
				sortedValues[at] = values[k];
			}
			this.firsts = sortedFirsts;
			this.values = sortedValues;
			this.ordered = true;
		}
		return this.values.slice();
	}

	/** Every value, in input order, forgotten here. */
	take(): T[] {
		const values = this.inOrder();
		this.firsts = [];
		this.values = [];
		return values;
	}
}
