/** Records of a shape's own routes (OwnRecords): kept by key in creation order, upserted, listed. */
import type { Sim } from '../kit';
import { sameContent, type Rec } from '../store';
import type { OwnRecords } from './types';

interface OwnRow {
	data: Rec;
	createdAt: string;
	updatedAt: string;
}

export class OwnStore {
	private readonly rows = new Map<string, OwnRow>();

	constructor(
		readonly own: OwnRecords,
		private readonly sim: Sim,
	) {}

	keyOf(record: Rec): string {
		return this.own.key.map((k) => String(record[k])).join('|');
	}

	upsert(record: Rec): 'created' | 'updated' | 'unchanged' {
		const key = this.keyOf(record);
		const known = this.rows.get(key);
		if (known && sameContent(known.data, record)) return 'unchanged';
		const at = this.sim.iso();
		if (known) {
			known.data = record;
			known.updatedAt = at;
			return 'updated';
		}
		this.rows.set(key, { data: record, createdAt: at, updatedAt: at });
		return 'created';
	}

	/** Records whose filter fields equal the given values, as the check route answers them. */
	list(filter: Rec): Rec[] {
		const out: Rec[] = [];
		for (const row of this.rows.values()) {
			if (Object.entries(filter).some(([k, v]) => row.data[k] !== v)) continue;
			out.push({ ...row.data, created_at: row.createdAt, updated_at: row.updatedAt });
		}
		return out;
	}

	get size(): number {
		return this.rows.size;
	}
}
