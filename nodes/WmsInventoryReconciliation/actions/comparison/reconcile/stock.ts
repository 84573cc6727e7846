/**
 * The ERP's on-hand of one warehouse as Reconcile holds it: quantities summed per SKU and batch,
 * and where each line came from (its input items, or the file row it first appears on). Lines
 * become ERP on-hand records one at a time, as they are sent. A file's lines are kept compact —
 * one text key and a few numbers per line — so the whole stock of a large warehouse fits beside n8n.
 */
import type { IDataObject } from 'n8n-workflow';

import { roundQuantity, stockKey, type ErpOnHand } from './variance';

/** Where a line came from: the input item, and (in a file) the row and line of the file. */
export interface LineSource {
	item: number;
	row?: number;
	line?: number;
}

export interface WarehouseStock {
	readonly warehouse: string;
	readonly size: number;
	/** Each line as the ERP on-hand record to send, with its index. */
	records(): Iterable<{ index: number; record: IDataObject }>;
	/** Whether the input had a line for this SKU and batch ('' for none). */
	has(sku: string, batch: string): boolean;
	/** Whether the input had this SKU at all. */
	hasSku(sku: string): boolean;
	/** Where line `index` came from. */
	sourcesOf(index: number): LineSource[];
}

const SEP = '\u0000';

const recordOf = (warehouse: string, sku: string, batch: string, quantity: number): IDataObject =>
	batch
		? { sku, batch, warehouse_code: warehouse, quantity }
		: { sku, warehouse_code: warehouse, quantity };

/** Lines read from input items (ERP lines summed already), each with its input items. */
export class ItemStock implements WarehouseStock {
	private keys?: Set<string>;
	private skus?: Set<string>;

	constructor(
		readonly warehouse: string,
		readonly lines: ErpOnHand[],
	) {}

	get size(): number {
		return this.lines.length;
	}

	*records() {
		for (let index = 0; index < this.lines.length; index++) {
			const { sku, batch, quantity } = this.lines[index];
			yield { index, record: recordOf(this.warehouse, sku, batch ?? '', quantity) };
		}
	}

	has(sku: string, batch: string): boolean {
		this.keys ??= new Set(this.lines.map(stockKey));
		return this.keys.has(stockKey({ warehouse_code: this.warehouse, sku, batch }));
	}

	hasSku(sku: string): boolean {
		this.skus ??= new Set(this.lines.map((line) => line.sku));
		return this.skus.has(sku);
	}

	sourcesOf(index: number): LineSource[] {
		return this.lines[index].itemIndexes.map((item) => ({ item }));
	}
}

/** Lines read from files, summed as they come: a key per line, its quantity and first row in typed arrays. */
export class FileStock implements WarehouseStock {
	private readonly slots = new Map<string, number>();
	private quantities = new Float64Array(1024);
	private items = new Int32Array(1024);
	private rows = new Int32Array(1024);
	private lineNumbers = new Int32Array(1024);
	private skus?: Set<string>;

	constructor(readonly warehouse: string) {}

	get size(): number {
		return this.slots.size;
	}

	add(sku: string, batch: string, quantity: number, from: Required<LineSource>): void {
		// Built by joining, so the key is a text of its own, not a view keeping the file's chunk alive.
		const key = `${sku}${SEP}${batch}`;
		const known = this.slots.get(key);
		if (known !== undefined) {
			this.quantities[known] = roundQuantity(this.quantities[known] + quantity);
			return;
		}
		const index = this.slots.size;
		if (index === this.quantities.length) this.grow();
		this.slots.set(key, index);
		this.quantities[index] = quantity;
		this.items[index] = from.item;
		this.rows[index] = from.row;
		this.lineNumbers[index] = from.line;
		this.skus = undefined;
	}

	private grow() {
		const grown = <T extends Float64Array | Int32Array>(array: T): T => {
			const bigger = new (array.constructor as new (n: number) => T)(array.length * 2);
			bigger.set(array);
			return bigger;
		};
		this.quantities = grown(this.quantities);
		this.items = grown(this.items);
		this.rows = grown(this.rows);
		this.lineNumbers = grown(this.lineNumbers);
	}

	*records() {
		for (const [key, index] of this.slots) {
			const at = key.indexOf(SEP);
			yield {
				index,
				record: recordOf(
					this.warehouse,
					key.slice(0, at),
					key.slice(at + 1),
					this.quantities[index],
				),
			};
		}
	}

	has(sku: string, batch: string): boolean {
		return this.slots.has(`${sku}${SEP}${batch}`);
	}

	hasSku(sku: string): boolean {
		this.skus ??= new Set([...this.slots.keys()].map((key) => key.slice(0, key.indexOf(SEP))));
		return this.skus.has(sku);
	}

	sourcesOf(index: number): LineSource[] {
		return [{ item: this.items[index], row: this.rows[index], line: this.lineNumbers[index] }];
	}
}
