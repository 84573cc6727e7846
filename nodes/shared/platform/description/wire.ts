/**
 * Where things are in a route's requests and answers, read from the description: the records of a
 * write (`items`, `data`, or the body itself), the filters of a read, how it pages (a cursor, page
 * numbers, an offset, or not at all), where its answer's records are, and how a write's answer
 * tells each row's fate (one result per row, or lists of the rows taken and refused). Names are
 * recognised from what descriptions commonly use; what cannot be told is left unset, and the
 * compiler says so.
 */
import type { Paging, Results, Wire } from '../types';
import { isObject, own, type Resolved, type Resolver, type Schema } from './refs';

const CURSOR_PARAMS = [
	'cursor',
	'page_token',
	'next_token',
	'continuation_token',
	'continuation',
	'starting_after',
	'after',
	'page_cursor',
];
const NEXT_FIELDS = [
	'next_cursor',
	'next_page_token',
	'next_token',
	'continuation_token',
	'continuation',
	'end_cursor',
	'next',
	'cursor',
];
const PAGE_PARAMS = ['page', 'page_number', 'page_no', 'page_index'];
const OFFSET_PARAMS = ['offset', 'skip', 'start'];
const SIZE_PARAMS = ['limit', 'per_page', 'page_size', 'size', 'max_results', 'take', 'count'];
const MORE_FIELDS = ['has_more', 'has_next', 'has_next_page', 'more'];
const TOTAL_PAGES_FIELDS = ['total_pages', 'page_count', 'last_page', 'pages'];
const TOTAL_FIELDS = ['total', 'total_count', 'total_items', 'total_records', 'count'];
/** Objects a page's facts are often kept in, in a request or an answer. */
const PAGING_HOLDERS = [
	'meta',
	'pagination',
	'paging',
	'page_info',
	'page',
	'links',
	'_links',
	'metadata',
];
const FILTER_HOLDERS = ['filter', 'filters', 'where', 'query', 'criteria'];
const RECORDS_NAMES = ['items', 'data', 'records', 'rows', 'entries', 'lines', 'objects'];
const LIST_NAMES = [
	'items',
	'data',
	'results',
	'records',
	'content',
	'entries',
	'rows',
	'list',
	'values',
	'hits',
];
const RESULT_LISTS = [
	'results',
	'items',
	'data',
	'rows',
	'outcomes',
	'statuses',
	'records',
	'responses',
];
const ACCEPTED_LISTS = [
	'accepted',
	'succeeded',
	'successful',
	'success',
	'successes',
	'ok',
	'stored',
	'saved',
	'processed',
	'created',
	'upserted',
	'imported',
];
const REJECTED_LISTS = [
	'rejected',
	'failed',
	'failures',
	'errors',
	'invalid',
	'refused',
	'not_stored',
	'not_imported',
];
const INDEX_FIELDS = [
	'index',
	'row',
	'row_index',
	'position',
	'idx',
	'line',
	'item_index',
	'record_index',
	'offset',
];
const KEY_FIELDS = ['key', 'natural_key', 'record_key', 'id', 'reference'];
const STATUS_FIELDS = ['status', 'result', 'outcome', 'action', 'state', 'operation'];
const MESSAGE_FIELDS = ['message', 'error', 'reason', 'detail', 'error_message', 'description'];
const ERRORS_FIELDS = ['errors', 'details', 'problems', 'violations'];
const RETRIEVAL_WORDS = /^(check|list|search|find|query|lookup|retrieve|export|get_many|get_all)$/;

const STORED_WORDS = new Set([
	'created',
	'updated',
	'unchanged',
	'inserted',
	'upserted',
	'replaced',
	'merged',
	'stored',
	'saved',
	'ok',
	'success',
	'succeeded',
	'successful',
	'accepted',
	'processed',
	'done',
	'complete',
	'completed',
	'no_change',
	'nochange',
	'not_modified',
	'unmodified',
	'modified',
	'new',
	'existing',
	'added',
	'imported',
	'applied',
]);
const NOT_STORED_WORDS = new Set([
	'error',
	'errored',
	'failed',
	'failure',
	'rejected',
	'invalid',
	'refused',
	'conflict',
	'not_found',
	'denied',
	'declined',
	'skipped',
	'ignored',
	'not_stored',
	'not_imported',
]);

/** A name as compared with the lists above: snake_case in lower case ("nextCursor" → "next_cursor"). */
export const plainName = (name: string): string =>
	name
		.replace(/([a-z0-9])([A-Z])/g, '$1_$2')
		.replace(/[-\s]+/g, '_')
		.toLowerCase();

/** How a status word reads: stored, not stored, or not understood. */
export function statusMeaning(status: string): 'stored' | 'notStored' | 'unknown' {
	const word = plainName(status.trim());
	if (STORED_WORDS.has(word)) return 'stored';
	if (NOT_STORED_WORDS.has(word)) return 'notStored';
	return 'unknown';
}

const typeOf = (schema: Resolved): unknown => {
	const type = own(schema, 'type');
	if (Array.isArray(type)) return type.find((one) => one !== 'null');
	return type;
};

export class WireReader {
	constructor(private readonly resolver: Resolver) {}

	private props(schema: Resolved): Schema {
		const properties = own(schema, 'properties');
		return isObject(properties) ? properties : {};
	}

	/** The first property whose plain name is in `names` (in the order of `names`). */
	private named(
		properties: Schema,
		names: string[],
		test?: (schema: Resolved) => boolean,
	): string | undefined {
		const byPlain = new Map(Object.keys(properties).map((name) => [plainName(name), name]));
		for (const wanted of names) {
			const name = byPlain.get(wanted);
			if (name !== undefined && (!test || test(this.resolver.resolve(properties[name], ''))))
				return name;
		}
		return undefined;
	}

	/** The entries' schema of a list of records (an array of objects), or undefined. */
	recordsOf(raw: unknown): Resolved | undefined {
		const schema = this.resolver.resolve(raw, '');
		if (typeOf(schema) !== 'array') return undefined;
		const entry = this.resolver.resolve(own(schema, 'items'), '');
		return typeOf(entry) === 'object' || isObject(own(entry, 'properties')) ? entry : undefined;
	}

	/** Where a write's records go: '' when the body is the list; a property holding a list of records, the required one, else the usual names; undefined when none or unclear. */
	records(request: Resolved): { at: string; required: boolean } | undefined {
		if (typeOf(request) === 'array')
			return this.recordsOf(request) ? { at: '', required: true } : undefined;
		const properties = this.props(request);
		const lists = Object.keys(properties).filter((name) => this.recordsOf(properties[name]));
		if (lists.length === 0) return undefined;
		const requiredList = own(request, 'required');
		const required = new Set(Array.isArray(requiredList) ? requiredList : []);
		const pick = (names: string[]) =>
			names.length === 1
				? names[0]
				: (RECORDS_NAMES.map((wanted) => names.find((name) => plainName(name) === wanted)).find(
						Boolean,
					) as string | undefined);
		const requiredLists = lists.filter((name) => required.has(name));
		const at = pick(requiredLists.length ? requiredLists : lists);
		return at === undefined ? undefined : { at, required: required.has(at) };
	}

	/** Where a read's filters go: a filter object, else the body's own fields. */
	filter(request: Resolved): string {
		const properties = this.props(request);
		return (
			this.named(
				properties,
				FILTER_HOLDERS,
				(schema) => typeOf(schema) === 'object' || isObject(own(schema, 'properties')),
			) ?? ''
		);
	}

	/** A field of a request or answer by name, at its top or inside one of the usual holders: its dotted path and schema. */
	private find(
		schema: Resolved,
		names: string[],
		test?: (schema: Resolved) => boolean,
	): { path: string; schema: Resolved } | undefined {
		const properties = this.props(schema);
		const top = this.named(properties, names, test);
		if (top !== undefined) return { path: top, schema: this.resolver.resolve(properties[top], '') };
		for (const holder of Object.keys(properties)) {
			if (!PAGING_HOLDERS.includes(plainName(holder))) continue;
			const inner = this.resolver.resolve(properties[holder], '');
			const name = this.named(this.props(inner), names, test);
			if (name !== undefined)
				return {
					path: `${holder}.${name}`,
					schema: this.resolver.resolve(this.props(inner)[name], ''),
				};
		}
		return undefined;
	}

	private maxOf(schema: Resolved | undefined): number | undefined {
		const max = schema && own(schema, 'maximum');
		return typeof max === 'number' ? max : undefined;
	}

	/** How a read pages, from its request's fields and its answer's. */
	paging(request: Resolved, answer: Resolved): Paging {
		const scalar = (schema: Resolved) =>
			['string', 'integer', 'number', undefined].includes(typeOf(schema) as string | undefined) &&
			!isObject(own(schema, 'properties'));
		const number = (schema: Resolved) =>
			typeOf(schema) === 'integer' || typeOf(schema) === 'number';
		const size = this.find(request, SIZE_PARAMS, number);
		const more = this.find(answer, MORE_FIELDS, (schema) => typeOf(schema) === 'boolean');
		const cursor = this.find(request, CURSOR_PARAMS, scalar);
		const next = this.find(answer, NEXT_FIELDS, scalar);
		if (cursor && next)
			return compactPaging({
				by: 'cursor',
				cursor: cursor.path,
				size: size?.path,
				maxSize: this.maxOf(size?.schema),
				next: next.path,
				more: more?.path,
			});
		const page = this.find(request, PAGE_PARAMS, number);
		if (page) {
			const minimum = own(page.schema, 'minimum');
			const fallback = own(page.schema, 'default');
			return compactPaging({
				by: 'page',
				page: page.path,
				first: minimum === 0 || (minimum === undefined && fallback === 0) ? 0 : 1,
				size: size?.path,
				maxSize: this.maxOf(size?.schema),
				more: more?.path,
				totalPages: this.find(answer, TOTAL_PAGES_FIELDS, number)?.path,
				total: this.find(answer, TOTAL_FIELDS, number)?.path,
			});
		}
		const offset = this.find(request, OFFSET_PARAMS, number);
		if (offset)
			return compactPaging({
				by: 'offset',
				offset: offset.path,
				size: size?.path,
				maxSize: this.maxOf(size?.schema),
				more: more?.path,
				total: this.find(answer, TOTAL_FIELDS, number)?.path,
			});
		return { by: 'none' };
	}

	/** Where an answer's records are: '' when it is the list; a list of records at its top or one level in; undefined when none or unclear. */
	list(answer: Resolved, records?: string): string | undefined {
		if (typeOf(answer) === 'array') return this.recordsOf(answer) ? '' : undefined;
		const pick = (schema: Resolved): string | undefined => {
			const properties = this.props(schema);
			const lists = Object.keys(properties).filter((name) => this.recordsOf(properties[name]));
			if (lists.length === 1) return lists[0];
			if (records) {
				const same = lists.filter(
					(name) =>
						this.resolver.refName(own(this.resolver.resolve(properties[name], ''), 'items')) ===
						records,
				);
				if (same.length === 1) return same[0];
			}
			return LIST_NAMES.map((wanted) => lists.find((name) => plainName(name) === wanted)).find(
				Boolean,
			);
		};
		const top = pick(answer);
		if (top !== undefined) return top;
		const properties = this.props(answer);
		for (const name of Object.keys(properties)) {
			const inner = this.resolver.resolve(properties[name], '');
			if (typeOf(inner) !== 'object' && !isObject(own(inner, 'properties'))) continue;
			const found = pick(inner);
			if (found !== undefined) return `${name}.${found}`;
		}
		return undefined;
	}

	/** The fields of one result entry that name its row, its key, its status and its words. */
	private entryFields(entry: Resolved) {
		const properties = this.props(entry);
		return {
			index: this.named(
				properties,
				INDEX_FIELDS,
				(schema) => typeOf(schema) === 'integer' || typeOf(schema) === 'number',
			),
			key: this.named(properties, KEY_FIELDS),
			status: this.named(
				properties,
				STATUS_FIELDS,
				(schema) => typeOf(schema) === 'string' || typeOf(schema) === undefined,
			),
			message: this.named(properties, MESSAGE_FIELDS, (schema) => typeOf(schema) === 'string'),
			errors: this.named(properties, ERRORS_FIELDS, (schema) => typeOf(schema) === 'array'),
		};
	}

	/** How a write's answer tells each row's fate, and what its statuses mean. */
	results(answer: Resolved): Pick<Wire, 'results' | 'statuses'> {
		const properties = this.props(answer);
		const listNamed = (names: string[]) =>
			names
				.map((wanted) =>
					Object.keys(properties).find(
						(name) => plainName(name) === wanted && this.recordsOf(properties[name]),
					),
				)
				.find(Boolean);
		const accepted = listNamed(ACCEPTED_LISTS);
		const rejected = listNamed(REJECTED_LISTS);
		if (accepted && rejected) {
			const taken = this.entryFields(this.recordsOf(properties[accepted])!);
			const refused = this.entryFields(this.recordsOf(properties[rejected])!);
			const results: Results = compactResults({
				by: 'split',
				accepted,
				rejected,
				index: taken.index ?? refused.index,
				key: taken.key ?? refused.key,
				status: taken.status,
				message: refused.message,
				errors: refused.errors,
			});
			return {
				results,
				statuses: this.statuses(this.recordsOf(properties[accepted])!, taken.status),
			};
		}
		const list =
			listNamed(RESULT_LISTS) ??
			(Object.keys(properties).filter((name) => this.recordsOf(properties[name])).length === 1
				? Object.keys(properties).find((name) => this.recordsOf(properties[name]))
				: undefined);
		if (list) {
			const entry = this.recordsOf(properties[list])!;
			const fields = this.entryFields(entry);
			if (fields.index !== undefined || fields.status !== undefined || fields.key !== undefined)
				return {
					results: compactResults({
						by: 'perRow',
						list,
						index: fields.index,
						key: fields.key,
						status: fields.status,
						message: fields.message,
					}),
					statuses: this.statuses(entry, fields.status),
				};
		}
		return { results: { by: 'none' } };
	}

	/** A result's statuses as the description lists them (an enum), each read as stored or not. */
	private statuses(entry: Resolved, status: string | undefined): Wire['statuses'] {
		if (status === undefined) return undefined;
		const values = own(this.resolver.resolve(this.props(entry)[status], ''), 'enum');
		if (!Array.isArray(values)) return undefined;
		const read: Record<'stored' | 'notStored' | 'unknown', string[]> = {
			stored: [],
			notStored: [],
			unknown: [],
		};
		for (const value of values)
			if (typeof value === 'string') read[statusMeaning(value)].push(value);
		return Object.fromEntries(
			Object.entries(read).filter(([, words]) => words.length > 0),
		) as NonNullable<Wire['statuses']>;
	}

	/** Whether a route reads records by its name (the interface's convention: reads end in /check or a retrieval word). */
	static readsByName(path: string): boolean {
		const last = path.split('/').filter(Boolean).pop() ?? '';
		return RETRIEVAL_WORDS.test(plainName(last));
	}
}

const compactPaging = (paging: Paging): Paging =>
	Object.fromEntries(Object.entries(paging).filter(([, value]) => value !== undefined)) as Paging;
const compactResults = (results: Results): Results =>
	Object.fromEntries(Object.entries(results).filter(([, value]) => value !== undefined)) as Results;
