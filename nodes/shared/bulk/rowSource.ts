/**
 * A bulk write's rows as they come, batch by batch: a row is taken only when a request has room
 * for it, and the source is awaited only when the batch at hand is used up, not for every row.
 */

/** A bulk write's rows, batch by batch as they become known. */
export type RowBatches<T> = AsyncIterable<T[]> | Iterable<T[]>;

/** The batches' iterator, asynchronous whatever they are. */
export function batchesOf<T>(batches: RowBatches<T>): AsyncIterator<T[]> {
	if (Symbol.asyncIterator in batches) return batches[Symbol.asyncIterator]();
	const sync = batches[Symbol.iterator]();
	return {
		next: async () => sync.next(),
		return: async () => sync.return?.() ?? { done: true, value: undefined },
	};
}

export class RowSource<T> {
	private readonly source: AsyncIterator<T[]>;
	private queue: T[] = [];
	private head = 0;
	private exhausted = false;

	constructor(batches: RowBatches<T>) {
		this.source = batchesOf(batches);
	}

	/** Whether a row is left, taking the source's next batch when the one at hand is used up. */
	private async more(): Promise<boolean> {
		while (this.head >= this.queue.length && !this.exhausted) {
			const next = await this.source.next();
			if (next.done) this.exhausted = true;
			else [this.queue, this.head] = [next.value, 0];
		}
		return this.head < this.queue.length;
	}

	/**
	 * Up to `size` rows in order with their keys, stopping before a row whose key is `busy` (in a
	 * request in flight) or when `sending` turns false after awaiting the source.
	 */
	async take(
		size: number,
		keyOf: (row: T) => string | undefined,
		busy: (key: string) => boolean,
		sending: () => boolean,
	): Promise<{ taken: T[]; keys: Array<string | undefined> }> {
		const taken: T[] = [];
		const keys: Array<string | undefined> = [];
		// Nothing can stop the write between two rows of the batch at hand: asked again only after awaiting the source.
		while (taken.length < size) {
			if (this.head >= this.queue.length && (!(await this.more()) || !sending())) break;
			const row = this.queue[this.head];
			const key = keyOf(row);
			if (key !== undefined && busy(key)) break;
			taken.push(row);
			keys.push(key);
			this.head++;
		}
		return { taken, keys };
	}

	/** The rows of the batch at hand not taken, each taken now. */
	*rest(): Generator<T> {
		for (; this.head < this.queue.length; this.head++) yield this.queue[this.head];
	}

	async close(): Promise<void> {
		await this.source.return?.();
	}
}
