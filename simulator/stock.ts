/** Platform on-hand stock per warehouse, sku, batch and bin ('' = no batch / no bin). */
export interface StockLine {
  warehouse_code: string;
  sku: string;
  batch: string;
  bin_code: string;
  quantity: number;
}

const SEP = '\u0000';

export class Stock {
  private readonly lines = new Map<string, StockLine>();

  add(warehouse: string, sku: string, batch: string | undefined, bin: string | undefined, delta: number): void {
    const id = [warehouse, sku, batch ?? '', bin ?? ''].join(SEP);
    const line = this.lines.get(id);
    if (line) {
      line.quantity = round(line.quantity + delta);
      if (line.quantity === 0) this.lines.delete(id);
    } else if (delta !== 0) {
      this.lines.set(id, { warehouse_code: warehouse, sku, batch: batch ?? '', bin_code: bin ?? '', quantity: round(delta) });
    }
  }

  /** Quantity on hand, summed over bins (and batches when batch is undefined). */
  get(warehouse: string, sku: string, batch?: string): number {
    let total = 0;
    for (const l of this.lines.values()) {
      if (l.warehouse_code === warehouse && l.sku === sku && (batch === undefined || l.batch === batch)) total += l.quantity;
    }
    return round(total);
  }

  all(filter: { warehouse?: string; sku?: string } = {}): StockLine[] {
    const out: StockLine[] = [];
    for (const l of this.lines.values()) {
      if (filter.warehouse !== undefined && l.warehouse_code !== filter.warehouse) continue;
      if (filter.sku !== undefined && l.sku !== filter.sku) continue;
      out.push({ ...l });
    }
    return out;
  }

  /** Takes `quantity` of a sku out of a warehouse, batch-first-found, bin-first-found. */
  take(warehouse: string, sku: string, batch: string | undefined, quantity: number): StockLine[] {
    const taken: StockLine[] = [];
    let left = quantity;
    for (const l of [...this.lines.values()]) {
      if (left <= 0) break;
      if (l.warehouse_code !== warehouse || l.sku !== sku || l.quantity <= 0) continue;
      if (batch !== undefined && l.batch !== batch) continue;
      const q = Math.min(l.quantity, left);
      this.add(warehouse, sku, l.batch, l.bin_code, -q);
      taken.push({ ...l, quantity: q });
      left = round(left - q);
    }
    if (left > 0) {
      this.add(warehouse, sku, batch, undefined, -left);
      taken.push({ warehouse_code: warehouse, sku, batch: batch ?? '', bin_code: '', quantity: left });
    }
    return taken;
  }
}

/** Quantities are decimals in the unit of measure; keep float noise out of the answers. */
export const round = (n: number): number => Math.round(n * 1e6) / 1e6;
