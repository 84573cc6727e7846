/**
 * Check Only's look-ups: the records a row names on the platform (an order's customer, warehouse,
 * courier service, its lines' items), as the route's description declares them (x-references).
 * Each key is read once per write, with the route that reads those records, as many keys per
 * request as its key filter takes: a row waits (up to a bound) until a read of its keys is full. A row
 * naming one the platform does not have is refused as a real run refuses it: the platform's
 * reference_not_found, in the contract's words ("customer CUST-9 does not exist"), turned into the
 * row's error by the same code as a real answer.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RowOutcome } from '../bulk/outcomes';
import { readByKeys } from '../paging';
import type { Platform, Reference } from '../platform';
import { foldKey } from '../recordKey';
import type { Session } from '../session';
import type { RequestOptions } from '../transport/request';
import { lookedUpSentence, refusedAsThePlatformWould, valuesAt } from './referenceWords';

/** Rows held at most while their look-ups wait to fill a read. */
const HELD_ROWS = 10_000;

/** How the records a reference names are read: a list filter of their key (or of its first part). */
interface Lookup {
	read: string;
	list: string;
	max: number;
	/** The read records' key fields, in the order the reference's values give them. */
	key: string[];
}

/** One place in a record that names another record. */
interface Named {
	reference: Reference;
	/** The key as the platform joins it ("CUST-1|STORE-2"). */
	value: string;
	/** Where in the record, as the platform's error details put it ("lines/3/sku"). */
	path: string;
	/** The record fields it is made of (a part of a key that is missing makes it moot). */
	parts: string[];
}

/** Check Only's look-ups for one bulk write: what its rows name, read once per key. */
export class ReferenceCheck {
	private readonly references: Reference[];
	private readonly platform: Platform;
	/** By records route: how they are read, or why they cannot be. */
	private readonly lookups = new Map<string, Lookup | string>();
	/** By records route: key (folded) → whether the platform has it. */
	private readonly known = new Map<string, Map<string, boolean>>();
	/** By records route: the keys (folded) the rows named and were looked up. */
	private readonly asked = new Map<string, Set<string>>();
	/** By records route: why its records could not be looked up. */
	private readonly notLookedUp = new Map<string, string>();
	/** By records route: keys named by held rows, not read yet. */
	private readonly wanted = new Map<string, { reference: Reference; values: Set<string> }>();

	constructor(
		private readonly session: Session,
		private readonly route: string,
		private readonly options: RequestOptions,
	) {
		this.platform = session.platform;
		this.references = this.platform.route(route).references ?? [];
	}

	/** Every row of `batches`, each settled as checked or refused once what it names is read. */
	async run<T>(
		batches: AsyncIterable<T[]>,
		recordOf: (row: T) => IDataObject,
		keyOf: (row: T) => string | undefined,
		settle: (row: T, outcome: RowOutcome) => void,
	): Promise<void> {
		let held: T[] = [];
		// Rows settle in their order, as far as what they name is known.
		const settleKnown = () => {
			let next = 0;
			while (next < held.length && this.resolved(recordOf(held[next]))) {
				settle(held[next], this.outcome(recordOf(held[next]), keyOf(held[next])));
				next++;
			}
			held = next === 0 ? held : held.slice(next);
		};
		for await (const batch of batches) {
			for (const row of batch) {
				held.push(row);
				this.want(recordOf(row));
			}
			await this.readWanted(held.length >= HELD_ROWS);
			settleKnown();
		}
		await this.readWanted(true);
		settleKnown();
	}

	private noun(records: string): string {
		return (
			this.platform.route(records).noun ?? records.split('/')[1]?.replace(/_/g, ' ') ?? records
		);
	}

	/** How the records a reference names can be read, or why not (asked once per records route). */
	private lookup(reference: Reference): Lookup | string {
		let lookup = this.lookups.get(reference.records);
		if (lookup === undefined) {
			lookup = this.findLookup(reference);
			this.lookups.set(reference.records, lookup);
		}
		return lookup;
	}

	private findLookup(reference: Reference): Lookup | string {
		const path = this.platform.path(reference.records);
		const read =
			this.platform.checkRouteOf(reference.records) ??
			this.platform.routes().find((route) => this.platform.recordsRoute(route) === path);
		if (!read) return `the description has no route that reads them`;
		const filter = this.platform.route(read).keyFilter;
		if (!reference.key)
			return filter
				? { read, list: filter.list, max: filter.max, key: [filter.key] }
				: `${read} takes no list of their keys`;
		// A key of several fields: read by a list of its first part, and match every part.
		const key = this.platform.route(reference.records).naturalKey;
		if (key?.length !== reference.key.length)
			return `their key is not ${reference.key.join(' + ')}`;
		const list = this.platform
			.filterFields(read)
			.find(
				(field) =>
					field.type === 'stringList' &&
					[`${key[0]}s`, `${key[0]}es`, `${key[0]}_list`].includes(field.name),
			);
		return list
			? { read, list: list.name, max: list.maxItems ?? 100, key }
			: `${read} takes no list of their ${key[0]}`;
	}

	private named(record: IDataObject): Named[] {
		return this.references.flatMap((reference): Named[] => {
			if (!reference.key)
				return valuesAt(record, reference.field.split('.'), '').map(({ value, path }) => ({
					reference,
					value,
					path,
					parts: [reference.field],
				}));
			const parts = reference.key.map((field) => record[field]);
			if (parts.some((part) => typeof part !== 'string' && typeof part !== 'number')) return [];
			return [
				{
					reference,
					value: parts.map(String).join('|'),
					path: reference.field.replace(/\./g, '/'),
					parts: reference.key,
				},
			];
		});
	}

	/** Notes the keys a record names that are not known yet. */
	private want(record: IDataObject): void {
		for (const { reference, value } of this.named(record)) {
			const { records } = reference;
			if (this.known.get(records)?.has(foldKey(value)) || this.notLookedUp.has(records)) continue;
			const entry = this.wanted.get(records) ?? { reference, values: new Set<string>() };
			entry.values.add(value);
			this.wanted.set(records, entry);
		}
	}

	/** Whether every record a row names has been looked up (or cannot be). */
	private resolved(record: IDataObject): boolean {
		return this.named(record).every(
			({ reference, value }) =>
				this.notLookedUp.has(reference.records) ||
				this.known.get(reference.records)?.has(foldKey(value)) === true,
		);
	}

	/** Reads the keys waiting: only full requests, unless `all`. */
	private async readWanted(all: boolean): Promise<void> {
		for (const [records, { reference, values }] of this.wanted) {
			const lookup = this.lookup(reference);
			if (typeof lookup === 'string') {
				this.notLookedUp.set(records, lookup);
				this.wanted.delete(records);
				continue;
			}
			const firstOf = (value: string) => (reference.key ? value.split('|')[0] : value);
			const firsts = [...new Set([...values].map(firstOf))];
			const reading = all ? firsts : firsts.slice(0, firsts.length - (firsts.length % lookup.max));
			if (reading.length === 0) continue;
			const known = this.known.get(records) ?? new Map<string, boolean>();
			this.known.set(records, known);
			try {
				const found = await readByKeys(
					this.session,
					lookup.read,
					lookup.list,
					reading,
					lookup.max,
					{ retry: this.options.retry },
				);
				for (const record of found)
					known.set(
						foldKey(lookup.key.map((field) => String(record[field] ?? '')).join('|')),
						true,
					);
			} catch (error) {
				// Rows naming its records pass on their other checks; the Summary says this look-up failed.
				this.notLookedUp.set(records, `reading them failed: ${(error as Error).message}`);
				this.wanted.delete(records);
				continue;
			}
			const read = new Set(reading);
			const asked = this.asked.get(records) ?? new Set<string>();
			this.asked.set(records, asked);
			for (const value of values) {
				if (!read.has(firstOf(value))) continue;
				asked.add(foldKey(value));
				if (!known.has(foldKey(value))) known.set(foldKey(value), false);
				values.delete(value);
			}
			if (values.size === 0) this.wanted.delete(records);
		}
	}

	/** The words a platform gives for one it does not have: "supply location STORE-9 of customer CUST-1". */
	private words(named: Named): string {
		const { reference, value } = named;
		if (!reference.key) return `${this.noun(reference.records)} ${value} does not exist`;
		const parts = value.split('|');
		const of = reference.key
			.slice(0, -1)
			.map((field, k) => {
				const own = this.references.find((other) => other.field === field && !other.key);
				return ` of ${own ? this.noun(own.records) : field} ${parts[k]}`;
			})
			.join('');
		return `${this.noun(reference.records)} ${parts[parts.length - 1]}${of} does not exist`;
	}

	/** A row's outcome: refused when it names a record the platform does not have, else checked. */
	private outcome(record: IDataObject, key: string | undefined): RowOutcome {
		const missing = new Set<string>();
		const details: Array<{ path: string; message: string }> = [];
		for (const named of this.named(record)) {
			// A location of a customer that is not there is not looked for, as the platform does not.
			if (named.parts.some((part) => part !== named.reference.field && missing.has(part))) continue;
			if (this.known.get(named.reference.records)?.get(foldKey(named.value)) !== false) continue;
			missing.add(named.reference.field);
			details.push({ path: named.path, message: this.words(named) });
		}
		if (details.length === 0) return { kind: 'checked', key };
		const info = this.platform.route(this.route);
		return (
			refusedAsThePlatformWould(
				this.session.ctx.getNode(),
				this.route,
				info.wire?.records ?? 'items',
				details,
				key,
				this.options.idempotent ?? info.idempotent,
			) ?? { kind: 'checked', key }
		);
	}

	/** Which look-ups ran and which could not, for the Summary; undefined when the route names no other records. */
	account(): string | undefined {
		if (this.references.length === 0)
			return this.platform.builtIn ||
				this.platform.routes().some((route) => this.platform.route(route).references)
				? undefined
				: `Not looked up: whether what each ${this.noun(this.route)} names (an order's customer, its lines' items) is on the platform, as the platform's API description does not say which fields name other records (x-references).`;
		// In the order the description names them.
		const place = (records: string) =>
			this.references.findIndex((reference) => reference.records === records);
		const counts = [...this.asked]
			.sort(([one], [other]) => place(one) - place(other))
			.map(([records, asked]) => ({
				noun: this.noun(records),
				asked: asked.size,
				missing: [...asked].filter((key) => this.known.get(records)?.get(key) === false).length,
			}));
		const notRun = [...this.notLookedUp].map(([records, why]) => ({
			noun: this.noun(records),
			why,
		}));
		return lookedUpSentence(counts, notRun);
	}
}
