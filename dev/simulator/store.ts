/** In-memory tables keyed by natural key, kept in creation order for stable paging. */
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Rec = Record<string, any>;

export const KINDS = [
	'supplier',
	'inventory_item',
	'stocking_factor',
	'warehouse_info',
	'item_dangerous_goods',
	'customer',
	'supply_location',
	'sales_order',
	'purchase_order',
	'production_order',
	'warehouse',
	'area',
	'zone',
	'bin',
	'courier_service',
	'dangerous_goods_lookup',
	'erp_update',
	'comparison',
] as const;
export type Kind = (typeof KINDS)[number];

export interface Row {
	seq: number;
	key: string;
	/** The record as the ERP sent it (read-only fields removed, defaults applied). */
	data: Rec;
	/** Platform-owned state: status, shipped quantities, receipts... */
	state: Rec;
	createdAt: string;
	updatedAt: string;
	updatedMs: number;
}

/**
 * Same content, whatever the field order: a re-send in the same order (the common case) is
 * settled by the fast native stringify, only a reordered one pays for the canonical form.
 */
export function sameContent(a: unknown, b: unknown): boolean {
	return JSON.stringify(a) === JSON.stringify(b) || canonical(a) === canonical(b);
}

/** Canonical JSON (object keys sorted) so that field order never makes a record "updated". */
export function canonical(value: unknown): string {
	if (value === null || typeof value !== 'object') return JSON.stringify(value);
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	const obj = value as Rec;
	const keys = Object.keys(obj).sort();
	let out = '{';
	for (let i = 0; i < keys.length; i++) {
		const v = obj[keys[i]];
		if (v === undefined) continue;
		if (out.length > 1) out += ',';
		out += JSON.stringify(keys[i]) + ':' + canonical(v);
	}
	return out + '}';
}

export class Table {
	readonly rows = new Map<string, Row>();
	readonly order: Row[] = [];

	constructor(
		readonly kind: Kind,
		private readonly clock: Clock,
	) {}

	get(key: string): Row | undefined {
		return this.rows.get(key);
	}

	has(key: string): boolean {
		return this.rows.has(key);
	}

	get size(): number {
		return this.rows.size;
	}

	/** Insert or replace by key; answers what happened, for the bulk result. */
	upsert(
		key: string,
		data: Rec,
		initialState: () => Rec = () => ({}),
	): { row: Row; status: 'created' | 'updated' | 'unchanged' } {
		const existing = this.rows.get(key);
		if (existing) {
			if (sameContent(existing.data, data)) return { row: existing, status: 'unchanged' };
			existing.data = data;
			this.touch(existing);
			return { row: existing, status: 'updated' };
		}
		const at = this.clock.iso();
		const row: Row = {
			seq: this.clock.nextSeq(),
			key,
			data,
			state: initialState(),
			createdAt: at,
			updatedAt: at,
			updatedMs: this.clock.now(),
		};
		this.rows.set(key, row);
		this.order.push(row);
		return { row, status: 'created' };
	}

	/** Marks a row changed by the platform (state moves count as changes for changed_since). */
	touch(row: Row): void {
		row.updatedAt = this.clock.iso();
		row.updatedMs = this.clock.now();
	}

	/** Rows with seq greater than `afterSeq`, in creation order (binary search on seq). */
	*from(afterSeq: number): Generator<Row> {
		let lo = 0;
		let hi = this.order.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (this.order[mid].seq <= afterSeq) lo = mid + 1;
			else hi = mid;
		}
		for (let i = lo; i < this.order.length; i++) yield this.order[i];
	}
}

export interface Clock {
	now(): number;
	iso(): string;
	nextSeq(): number;
}

export class Store {
	readonly tables: Record<Kind, Table>;
	private seq = 0;
	readonly clock: Clock;

	constructor(now: () => number) {
		this.clock = { now, iso: () => new Date(now()).toISOString(), nextSeq: () => ++this.seq };
		this.tables = Object.fromEntries(KINDS.map((k) => [k, new Table(k, this.clock)])) as Record<
			Kind,
			Table
		>;
	}

	table(kind: Kind): Table {
		const t = this.tables[kind];
		if (!t) throw new Error(`unknown record kind ${kind}; known: ${KINDS.join(', ')}`);
		return t;
	}
}

/** Joins the parts of a compound natural key the way results report it. */
export const joinKey = (...parts: string[]): string => parts.join('|');
