/**
 * Check Only's look-ups: the records a row names on the platform (an order's customer, warehouse,
 * courier service, its lines' items), as the route's description declares them (x-references).
 * Each key is read once per write, with the route that reads those records, as many keys per
 * request as its key filter takes. A row naming one the platform does not have is refused as a
 * real run refuses it: the platform's reference_not_found, in the contract's words ("customer
 * CUST-9 does not exist"), turned into the row's error by the same code as a real answer.
 */
import type { IDataObject } from 'n8n-workflow';

import { counted } from '../counting';
import { readAll } from '../paging';
import type { Platform, Reference } from '../platform';
import { foldKey } from '../recordKey';
import type { Session } from '../session';
import { PlatformError } from '../transport/errors';
import type { RequestOptions } from '../transport/request';
import type { RowOutcome } from '../bulk/outcomes';
import { namedRefusals, rowsNamed } from '../bulk/request';

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

const plural = (noun: string) => (/(s|x|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`);

function listOf(words: string[]): string {
	return words.length < 2
		? (words[0] ?? '')
		: `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The values at a dotted path through objects and lists, with where each is ("lines/0/sku"). */
function valuesAt(
	value: unknown,
	parts: string[],
	at: string,
): Array<{ value: string; path: string }> {
	if (Array.isArray(value))
		return value.flatMap((entry, index) => valuesAt(entry, parts, `${at}/${index}`));
	if (parts.length === 0)
		return typeof value === 'string' || typeof value === 'number'
			? [{ value: String(value), path: at.replace(/^\//, '') }]
			: [];
	if (value === null || typeof value !== 'object') return [];
	return valuesAt((value as IDataObject)[parts[0]], parts.slice(1), `${at}/${parts[0]}`);
}

/** Check Only's look-ups for one bulk write: what its rows name, read once per key. */
export class ReferenceCheck {
	private readonly references: Reference[];
	/** By records route: key (folded) → whether the platform has it. */
	private readonly known = new Map<string, Map<string, boolean>>();
	/** By records route: the keys (folded) the rows named and were looked up. */
	private readonly asked = new Map<string, Set<string>>();
	/** By records route: why its records could not be looked up. */
	private readonly notLookedUp = new Map<string, string>();
	private readonly platform: Platform;

	constructor(
		private readonly session: Session,
		private readonly route: string,
		private readonly options: RequestOptions,
	) {
		this.platform = session.platform;
		this.references = this.platform.route(route).references ?? [];
	}

	private noun(records: string): string {
		return (
			this.platform.route(records).noun ?? records.split('/')[1]?.replace(/_/g, ' ') ?? records
		);
	}

	/** How the records a reference names can be read, or why not. */
	private lookup(reference: Reference): Lookup | string {
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

	/** Reads every key of `records` not read before. */
	private async readKeys(records: IDataObject[]): Promise<void> {
		const wanted = new Map<string, { reference: Reference; values: Set<string> }>();
		for (const record of records)
			for (const { reference, value } of this.named(record)) {
				const known = this.known.get(reference.records);
				if (known?.has(foldKey(value)) || this.notLookedUp.has(reference.records)) continue;
				const entry = wanted.get(reference.records) ?? { reference, values: new Set<string>() };
				entry.values.add(value);
				wanted.set(reference.records, entry);
			}
		for (const [records, { reference, values }] of wanted) {
			const lookup = this.lookup(reference);
			if (typeof lookup === 'string') {
				this.notLookedUp.set(records, lookup);
				continue;
			}
			const known = this.known.get(records) ?? new Map<string, boolean>();
			this.known.set(records, known);
			const firsts = reference.key
				? [...new Set([...values].map((value) => value.split('|')[0]))]
				: [...values];
			try {
				for (let start = 0; start < firsts.length; start += lookup.max) {
					const chunk = firsts.slice(start, start + lookup.max);
					const found = await readAll(
						this.session,
						lookup.read,
						{ [lookup.list]: chunk },
						{ retry: this.options.retry },
					);
					for (const record of found)
						known.set(
							foldKey(lookup.key.map((field) => String(record[field] ?? '')).join('|')),
							true,
						);
				}
			} catch (error) {
				// Rows naming its records pass on their other checks; the Summary says this look-up failed.
				this.notLookedUp.set(records, `reading them failed: ${(error as Error).message}`);
				continue;
			}
			const asked = this.asked.get(records) ?? new Set<string>();
			this.asked.set(records, asked);
			for (const value of values) {
				asked.add(foldKey(value));
				if (!known.has(foldKey(value))) known.set(foldKey(value), false);
			}
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

	/** Each row of a batch: refused when it names a record the platform does not have, else checked. */
	async settle<T>(
		batch: T[],
		recordOf: (row: T) => IDataObject,
		keyOf: (row: T) => string | undefined,
		settle: (row: T, outcome: RowOutcome) => void,
	): Promise<void> {
		if (this.references.length) await this.readKeys(batch.map(recordOf));
		const info = this.platform.route(this.route);
		const container = info.wire?.records ?? 'items';
		const at = container === '' ? '' : `/${container}`;
		for (const row of batch) {
			const missing = new Set<string>();
			const details: Array<{ path: string; message: string }> = [];
			for (const named of this.named(recordOf(row))) {
				// A location of a customer that is not there is not looked for, as the platform does not.
				if (named.parts.some((part) => part !== named.reference.field && missing.has(part)))
					continue;
				if (this.known.get(named.reference.records)?.get(foldKey(named.value)) !== false) continue;
				missing.add(named.reference.field);
				details.push({ path: `${at}/0/${named.path}`, message: this.words(named) });
			}
			if (details.length === 0) {
				settle(row, { kind: 'checked', key: keyOf(row) });
				continue;
			}
			const more = details.length > 1 ? ` (and ${details.length - 1} more; see details)` : '';
			const error = new PlatformError(this.session.ctx.getNode(), {
				route: this.route,
				status: 422,
				headers: {},
				message: '',
				body: {
					code: 'reference_not_found',
					message: `${details[0].message}${more}`,
					details,
				},
				attempts: 1,
				mayBeStored: false,
				idempotent: this.options.idempotent ?? info.idempotent,
			});
			const outcome = namedRefusals(error, rowsNamed(error, 1, container), [keyOf(row)]).get(0);
			settle(row, outcome ?? { kind: 'checked', key: keyOf(row) });
		}
	}

	/** Which look-ups ran and which could not, for the Summary; undefined when the route names no other records. */
	account(): string | undefined {
		if (this.references.length === 0)
			return this.platform.builtIn ||
				this.platform.routes().some((route) => this.platform.route(route).references)
				? undefined
				: `Not looked up: whether what each ${this.noun(this.route)} names (an order's customer, its lines' items) is on the platform, as the platform's API description does not say which fields name other records (x-references).`;
		const looked: string[] = [];
		const gone: string[] = [];
		for (const [records, asked] of this.asked) {
			const noun = this.noun(records);
			looked.push(counted(asked.size, noun, plural(noun)));
			const known = this.known.get(records);
			const missing = [...asked].filter((key) => known?.get(key) === false).length;
			if (missing) gone.push(counted(missing, noun, plural(noun)));
		}
		const ran = looked.length
			? `Looked up on the platform: ${listOf(looked)}; ${gone.length ? `not there: ${listOf(gone)}` : 'all there'}.`
			: '';
		const notRun = [...this.notLookedUp].map(
			([records, why]) => `${plural(this.noun(records))} (${why})`,
		);
		const skipped = notRun.length ? ` Not looked up: ${listOf(notRun)}.` : '';
		return `${ran}${skipped}`.trim() || undefined;
	}
}
