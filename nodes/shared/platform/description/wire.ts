/**
 * Where things are in a route's requests and answers, read from the description: the records of a
 * write (`items`, `data`, or the body itself), the filters of a read, how it pages (wirePaging.ts),
 * where its answer's records are, and how a write's answer tells each row's fate (wireResults.ts).
 * Names are recognised from what descriptions commonly use (wireWords.ts); what cannot be told is
 * left unset, and the compiler says so.
 */
import type { Paging, Wire } from '../types';
import { isObject, own, type Resolved, type Resolver } from './refs';
import { typeOf, WireLook } from './wireLook';
import { pagingOf } from './wirePaging';
import { resultsOf } from './wireResults';
import { FILTER_HOLDERS, LIST_NAMES, plainName, RECORDS_NAMES, RETRIEVAL_WORDS } from './wireWords';

export { plainName, statusMeaning } from './wireWords';

export class WireReader {
	private readonly look: WireLook;

	constructor(private readonly resolver: Resolver) {
		this.look = new WireLook(resolver);
	}

	/** The entries' schema of a list of records (an array of objects), or undefined. */
	recordsOf(raw: unknown): Resolved | undefined {
		return this.look.recordsOf(raw);
	}

	/** Where a write's records go: '' when the body is the list; a property holding a list of records, the required one, else the usual names; undefined when none or unclear. */
	records(request: Resolved): { at: string; required: boolean } | undefined {
		if (typeOf(request) === 'array')
			return this.recordsOf(request) ? { at: '', required: true } : undefined;
		const properties = this.look.props(request);
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
		const properties = this.look.props(request);
		return (
			this.look.named(
				properties,
				FILTER_HOLDERS,
				(schema) => typeOf(schema) === 'object' || isObject(own(schema, 'properties')),
			) ?? ''
		);
	}

	/** How a read pages, from its request's fields and its answer's (the first paging style that fits). */
	paging(request: Resolved, answer: Resolved, headers: string[] = []): Paging {
		return pagingOf(this.look, request, answer, headers);
	}

	/** Where an answer's records are: '' when it is the list; a list of records at its top or one level in; undefined when none or unclear. */
	list(answer: Resolved, records?: string): string | undefined {
		if (typeOf(answer) === 'array') return this.recordsOf(answer) ? '' : undefined;
		const pick = (schema: Resolved): string | undefined => {
			const properties = this.look.props(schema);
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
		const properties = this.look.props(answer);
		for (const name of Object.keys(properties)) {
			const inner = this.resolver.resolve(properties[name], '');
			if (typeOf(inner) !== 'object' && !isObject(own(inner, 'properties'))) continue;
			const found = pick(inner);
			if (found !== undefined) return `${name}.${found}`;
		}
		return undefined;
	}

	/** How a write's answer tells each row's fate, and what its statuses mean (the first answer style that fits). */
	results(answer: Resolved): Pick<Wire, 'results' | 'statuses'> {
		return resultsOf(this.look, answer);
	}

	/** Whether a route reads records by its name (the interface's convention: reads end in /check or a retrieval word). */
	static readsByName(path: string): boolean {
		const last = path.split('/').filter(Boolean).pop() ?? '';
		return RETRIEVAL_WORDS.test(plainName(last));
	}
}
