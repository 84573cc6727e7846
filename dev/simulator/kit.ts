/** What every route handler builds on: the shared context, bulk upserts and paged reads. */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { ApiError, Problems } from './errors';
import type { Kind, Rec, Row, Store, Table } from './store';
import type { Stock } from './stock';

export type View = (row: Row) => Rec;

export interface Sim {
	store: Store;
	stock: Stock;
	now(): number;
	iso(): string;
	/** How each kind looks in responses (and in `store.get` for tests). */
	views: Partial<Record<Kind, View>>;
	view(kind: Kind, row: Row): Rec;
	/** Creates an ERP update (pending) and answers its id. */
	createErpUpdate(kind: ErpUpdateKind, payload: Rec): string;
	/** Makes a platform-side id such as SHP-000001. */
	nextId(prefix: string): string;
	/** How the ERP update routes list and complete updates (a platform unlike the contract; tests). */
	erpUpdateListing: ErpUpdateListing;
}

/**
 * ERP update listing the contract does not promise, for tests of a trigger that assumes nothing:
 * another order, fewer records per page than asked, updates listed without their id, updates
 * still listed pending that set_complete refuses (409) because another process completed them.
 */
export interface ErpUpdateListing {
	/** created (the contract's), newest first, or scrambled (a fixed order unrelated to creation). */
	order: 'created' | 'newest' | 'scrambled';
	/** Records per page at most, whatever limit was asked. */
	pageSize?: number;
	/** Updates listed without an `id`. */
	withoutId: Set<string>;
	/** Updates listed pending that set_complete answers 409 for. */
	stale: Set<string>;
}

export type ErpUpdateKind = 'outgoing_consignment' | 'incoming_consignment' | 'move_attempt';

export type Handler = (body: any, sim: Sim) => unknown;

export type BulkStatus = 'created' | 'updated' | 'unchanged';

export interface BulkSpec<T = Rec> {
	table: Table;
	keyOf(item: T): string;
	/** Reference, rule and state checks for one row; `at` is its pointer, e.g. '/items/3'. */
	check?(item: T, at: string, problems: Problems, existing: Row | undefined, index: number): void;
	initialState?(item: T): Rec;
	/** Replaces the plain upsert (e.g. a cancellation request moves a state instead). */
	apply?(item: T, key: string): BulkStatus;
	afterWrite?(row: Row, status: BulkStatus, item: T): void;
}

export function defaultView(row: Row): Rec {
	return { ...row.data, created_at: row.createdAt, updated_at: row.updatedAt };
}

/** Atomic bulk upsert: check every row first, store only when all pass. */
export function bulkUpsert<T extends Rec>(items: T[], spec: BulkSpec<T>): Rec {
	const problems = new Problems();
	const keys = items.map((item) => spec.keyOf(item));
	if (spec.check) {
		for (let i = 0; i < items.length; i++)
			spec.check(items[i], `/items/${i}`, problems, spec.table.get(keys[i]), i);
	}
	problems.throwIfAny();
	const results: Rec[] = new Array(items.length);
	const summary = { created: 0, updated: 0, unchanged: 0 };
	for (let i = 0; i < items.length; i++) {
		let status: BulkStatus;
		if (spec.apply) status = spec.apply(items[i], keys[i]);
		else {
			const { row, status: s } = spec.table.upsert(
				keys[i],
				items[i],
				spec.initialState ? () => spec.initialState!(items[i]) : undefined,
			);
			status = s;
			spec.afterWrite?.(row, s, items[i]);
		}
		summary[status]++;
		results[i] = { index: i, key: keys[i], status };
	}
	return { results, summary };
}

export function encodeCursor(seq: number): string {
	return Buffer.from(`c1:${seq}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number {
	if (cursor === undefined) return 0;
	const m = /^c1:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
	if (!m)
		throw new ApiError(
			422,
			'validation_failed',
			'cursor is not a next_cursor this platform issued',
			[{ path: '/cursor', message: 'unknown cursor' }],
		);
	return Number(m[1]);
}

/** One page of rows that match, in creation order. */
export function readPage(
	body: Rec,
	table: Table,
	match: (row: Row, filter: Rec) => boolean,
	view: View,
): Rec {
	const filter: Rec = body.filter ?? {};
	const limit: number = body.limit ?? 100;
	const since = filter.changed_since === undefined ? undefined : Date.parse(filter.changed_since);
	const items: Rec[] = [];
	let last = 0;
	let more = false;
	for (const row of table.from(decodeCursor(body.cursor))) {
		if (since !== undefined && row.updatedMs < since) continue;
		if (!match(row, filter)) continue;
		if (items.length === limit) {
			more = true;
			break;
		}
		items.push(view(row));
		last = row.seq;
	}
	return { items, next_cursor: more ? encodeCursor(last) : null };
}

/** A key filter given as one value (`code`) or several (`codes`); absent means "any". */
export function keyMatch(value: unknown, one: unknown, many: unknown[] | undefined): boolean {
	if (one !== undefined && value !== one) return false;
	if (many !== undefined && !many.includes(value)) return false;
	return true;
}

/** `active` filter against a record whose `active` defaults to true. */
/** The `search` filter: the text in any of the record's code and name fields, in any case; no search matches all. */
export function searchMatch(data: Rec, search: unknown, fields: string[]): boolean {
	if (typeof search !== 'string' || search === '') return true;
	const wanted = search.toLowerCase();
	return fields.some(
		(field) => typeof data[field] === 'string' && data[field].toLowerCase().includes(wanted),
	);
}

export function activeMatch(data: Rec, active: boolean | undefined): boolean {
	return active === undefined || (data.active ?? true) === active;
}

/** Records a reference_not_found problem unless `key` exists in `table`. */
export function requireRef(
	problems: Problems,
	table: Table,
	key: string,
	path: string,
	what: string,
): boolean {
	if (table.has(key)) return true;
	problems.missing(path, `${what} does not exist`);
	return false;
}

/** Line numbers must be unique within a document. */
export function uniqueLineNumbers(lines: Rec[], at: string, problems: Problems): void {
	const seen = new Set<number>();
	lines.forEach((l, i) => {
		if (seen.has(l.line_number))
			problems.invalid(`${at}/${i}/line_number`, `line_number ${l.line_number} appears twice`);
		seen.add(l.line_number);
	});
}
