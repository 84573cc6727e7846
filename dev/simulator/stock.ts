/** Platform on-hand stock per warehouse, sku, batch and bin ('' = no batch / no bin), indexed by sku. */
export interface StockLine {
	warehouse_code: string;
	sku: string;
	batch: string;
	bin_code: string;
	quantity: number;
}

const SEP = '\u0000';

export class Stock {
	private readonly bySku = new Map<string, Map<string, StockLine>>();

	/** `changed` hears of every stock change, so the item counts as changed for changed_since. */
	constructor(private readonly changed: (sku: string) => void = () => undefined) {}

	add(
		warehouse: string,
		sku: string,
		batch: string | undefined,
		bin: string | undefined,
		delta: number,
	): void {
		let lines = this.bySku.get(sku);
		if (!lines) {
			lines = new Map();
			this.bySku.set(sku, lines);
		}
		if (delta !== 0) this.changed(sku);
		const id = [warehouse, batch ?? '', bin ?? ''].join(SEP);
		const line = lines.get(id);
		if (line) {
			line.quantity = round(line.quantity + delta);
			if (line.quantity === 0) lines.delete(id);
		} else if (delta !== 0) {
			lines.set(id, {
				warehouse_code: warehouse,
				sku,
				batch: batch ?? '',
				bin_code: bin ?? '',
				quantity: round(delta),
			});
		}
	}

	/** Quantity on hand, summed over bins (and batches when batch is undefined). */
	get(warehouse: string, sku: string, batch?: string): number {
		let total = 0;
		for (const l of this.bySku.get(sku)?.values() ?? []) {
			if (l.warehouse_code === warehouse && (batch === undefined || l.batch === batch))
				total += l.quantity;
		}
		return round(total);
	}

	/** Copies of the stock lines, optionally of one warehouse and/or one sku. */
	all(filter: { warehouse?: string; sku?: string } = {}): StockLine[] {
		const out: StockLine[] = [];
		const groups =
			filter.sku !== undefined ? [this.bySku.get(filter.sku)] : [...this.bySku.values()];
		for (const lines of groups) {
			for (const l of lines?.values() ?? []) {
				if (filter.warehouse !== undefined && l.warehouse_code !== filter.warehouse) continue;
				out.push({ ...l });
			}
		}
		return out;
	}

	/** Takes `quantity` of a sku out of a warehouse, first-found batch and bin; shortfalls go negative in bin ''. */
	take(warehouse: string, sku: string, batch: string | undefined, quantity: number): StockLine[] {
		const taken: StockLine[] = [];
		let left = quantity;
		for (const l of this.all({ warehouse, sku })) {
			if (left <= 0) break;
			if (l.quantity <= 0 || (batch !== undefined && l.batch !== batch)) continue;
			const q = Math.min(l.quantity, left);
			this.add(warehouse, sku, l.batch, l.bin_code, -q);
			taken.push({ ...l, quantity: q });
			left = round(left - q);
		}
		if (left > 0) {
			this.add(warehouse, sku, batch, undefined, -left);
			taken.push({
				warehouse_code: warehouse,
				sku,
				batch: batch ?? '',
				bin_code: '',
				quantity: left,
			});
		}
		return taken;
	}

	/** On-hand per warehouse with batch split, as /inventory/check shows it. */
	onHand(
		sku: string,
		warehouse?: string,
	): {
		warehouse_code: string;
		quantity: number;
		batches: { batch: string; quantity: number }[];
	}[] {
		const byWh = new Map<string, { total: number; batches: Map<string, number> }>();
		for (const l of this.bySku.get(sku)?.values() ?? []) {
			if (warehouse !== undefined && l.warehouse_code !== warehouse) continue;
			let w = byWh.get(l.warehouse_code);
			if (!w) byWh.set(l.warehouse_code, (w = { total: 0, batches: new Map() }));
			w.total += l.quantity;
			if (l.batch) w.batches.set(l.batch, (w.batches.get(l.batch) ?? 0) + l.quantity);
		}
		return [...byWh.entries()].map(([wh, w]) => ({
			warehouse_code: wh,
			quantity: round(w.total),
			batches: [...w.batches.entries()].map(([batch, q]) => ({ batch, quantity: round(q) })),
		}));
	}
}

/** Quantities are decimals in the unit of measure; keep float noise out of the answers. */
export const round = (n: number): number => Math.round(n * 1e6) / 1e6;
