/* eslint-disable @n8n/community-nodes/require-node-api-error -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * Serving a shape's document with our handlers: each of their routes is validated against THEIR
 * document, its request mapped to ours, our handler run, and the answer (or the error's JSON
 * pointers) mapped back. Bulk writes become non-atomic: a row our handler refuses is rejected and
 * the others are stored. Reads are paged by number over our cursor reads.
 */
import { pointerGet, type Contract, type ContractRoute } from '../contract';
import { ApiError } from '../errors';
import type { Handler, Sim } from '../kit';
import { admit, runRoute } from '../server';
import type { ServedRoute } from '../served';
import { resolve, type OurRoute } from './classify';
import type { Mapping } from './mapping';
import { OwnStore } from './ownStore';
import type { Json } from './types';
import { dotted, joinPointer, splitPointer } from './walk';

/** Our read limit at most: the pages of ours a page of theirs is read from. */
const OUR_PAGE = 500;

export interface ShapeParts {
	mapping: Mapping;
	/** Their document, compiled (validators, read-only stripping). */
	theirs: Contract;
	/** Ours, compiled: our handlers run behind our own validation. */
	ours: Contract;
	handlers: Map<string, Handler>;
	sim: Sim;
	/** The stores of their own routes, by record schema name (kept when the description changes). */
	stores: Map<string, OwnStore>;
}

const length = (value: unknown) => (Array.isArray(value) ? value.length : 0);
/** A read's records: under data, under a list of another name, or the answer itself. */
const listed = (answer: Json) =>
	Array.isArray(answer)
		? answer.length
		: length(answer?.data ?? Object.values(answer ?? {}).find(Array.isArray));

/** The records list's limit in their document (a tweak may have lowered it). */
function limitOf(theirs: Contract, route: ContractRoute, container: string): number | undefined {
	const schema = resolve(theirs.doc, pointerGet(theirs.doc, route.requestSchemaPointer));
	const list = resolve(theirs.doc, schema?.properties?.[container]);
	return typeof list?.maxItems === 'number' ? list.maxItems : undefined;
}

/** {data, meta} for page `page` of `perPage` records. */
export function paged(all: Json[], body: Json, defaultPerPage: number): Json {
	const page: number = body.page ?? 1;
	const perPage: number = body.per_page ?? defaultPerPage;
	const total = all.length;
	return {
		data: all.slice((page - 1) * perPage, page * perPage),
		meta: { page, per_page: perPage, total_pages: Math.ceil(total / perPage), total },
	};
}

/** Details that each name a row of ours (`/items/3/...`), by row; undefined when any does not. */
function rowsNamed(
	err: unknown,
): Map<number, { segments: string[]; message: string }[]> | undefined {
	if (!(err instanceof ApiError) || ![404, 409, 422].includes(err.status)) return undefined;
	if (!err.details?.length) return undefined;
	const out = new Map<number, { segments: string[]; message: string }[]>();
	for (const d of err.details) {
		const [first, index, ...segments] = splitPointer(d.path);
		if (first !== 'items' || !/^\d+$/.test(index ?? '')) return undefined;
		const row = Number(index);
		out.set(row, [...(out.get(row) ?? []), { segments, message: d.message }]);
	}
	return out;
}

export function shapeRoutes(parts: ShapeParts): Map<string, ServedRoute> {
	const { mapping, theirs, ours, handlers, sim } = parts;
	const { spec } = mapping;
	const container = spec.container;
	const out = new Map<string, ServedRoute>();

	/** Their words for a problem of ours on their route `path` (the shape's own names last). */
	const inTheirWords = (route: OurRoute, path: string, pointer: string, text: string) => {
		const generic = {
			pointer: mapping.pointerToTheirs(route, splitPointer(pointer)),
			message: text,
		};
		const theirs = spec.adjust?.problem?.(path, generic.pointer, text) ?? generic;
		return { path: joinPointer(theirs.pointer), message: theirs.message };
	};

	/** An error of our handler, its pointers (and the messages quoting them) in their words. */
	const translated = (route: OurRoute, path: string, err: unknown): unknown => {
		if (!(err instanceof ApiError) || !err.details) return err;
		let message = err.message;
		const details = err.details.map((d) => {
			const theirs = inTheirWords(route, path, d.path, d.message);
			message = message.split(`${d.path}: ${d.message}`).join(`${theirs.path}: ${theirs.message}`);
			message = message.split(`${d.path}:`).join(`${theirs.path}:`);
			if (message.startsWith(d.message)) message = theirs.message + message.slice(d.message.length);
			return theirs;
		});
		return new ApiError(err.status, err.code, message, details, err.headers);
	};

	const run = (ourRoute: ContractRoute, body: Json) => runRoute(ourRoute, handlers, sim, body);

	const bulk = (route: OurRoute, ourRoute: ContractRoute) => (body: Json) => {
		const ourBody = mapping.requestToOurs(route, body);
		const rows: Json[] = ourBody.items;
		const rejected = new Map<number, Json[]>();
		let pending = rows.map((_, i) => i);
		let results: Json[] = [];
		// Our handlers are atomic: a refused row is set aside and the rest sent again.
		while (pending.length > 0) {
			try {
				results = (run(ourRoute, { ...ourBody, items: pending.map((i) => rows[i]) }) as Json)
					.results;
				break;
			} catch (err) {
				const named = rowsNamed(err);
				if (!named) throw err;
				for (const [k, problems] of named)
					rejected.set(
						pending[k],
						problems.map((p) => ({
							field: dotted(mapping.renamer.segmentsToTheirs(route.record, p.segments)),
							message: p.message,
						})),
					);
				pending = pending.filter((i) => !rejected.has(i));
			}
		}
		return {
			accepted: mapping.acceptedRows(results, pending),
			rejected: [...rejected].sort(([a], [b]) => a - b).map(([row, errors]) => ({ row, errors })),
		};
	};

	const read = (route: OurRoute, ourRoute: ContractRoute) => (body: Json) => {
		const filter = mapping.readFilter(route, body);
		const all: Json[] = [];
		let cursor: string | undefined;
		do {
			const answer = run(ourRoute, {
				filter: structuredClone(filter),
				limit: OUR_PAGE,
				...(cursor === undefined ? {} : { cursor }),
			}) as Json;
			all.push(...answer.items);
			cursor = answer.next_cursor ?? undefined;
		} while (cursor !== undefined);
		const page = paged(all, body, spec.paging.defaultPerPage);
		page.data = page.data.map((r: Json) => mapping.listedToTheirs(route, r));
		return page;
	};

	for (const route of mapping.routes.values()) {
		const path = mapping.theirPath(route.path);
		const theirRoute = theirs.routes.get(path);
		const ourRoute = ours.routes.get(route.path);
		if (!theirRoute || !ourRoute) continue;
		const handle =
			route.kind === 'bulk'
				? bulk(route, ourRoute)
				: route.kind === 'read'
					? read(route, ourRoute)
					: (body: Json) =>
							mapping.answerToTheirs(route, run(ourRoute, mapping.requestToOurs(route, body)));
		const records = route.kind === 'bulk' || route.kind === 'container';
		const list = spec.adjust?.list?.(path) ?? container;
		out.set(path, {
			path,
			needsToken: theirRoute.needsToken,
			rows: (body) => (records ? length(body?.[list]) : 0),
			run: (body) => {
				admit(theirRoute, body, list, limitOf(theirs, theirRoute, list));
				try {
					if (!spec.adjust) return handle(body);
					return spec.adjust.answer(path, handle(spec.adjust.request(path, body)), body);
				} catch (err) {
					throw translated(route, path, err);
				}
			},
			records: (result) => listed(result),
			counted: (body, result) => {
				if (route.kind === 'bulk') return length(result?.accepted);
				if (route.kind === 'read') return listed(result);
				return records ? length(body?.[list]) : path === '/oauth/token' ? 0 : 1;
			},
		});
	}
	for (const own of spec.own) ownRoutes(parts, own.schemaName, out);
	return out;
}

function ownRoutes(parts: ShapeParts, name: string, out: Map<string, ServedRoute>): void {
	const { mapping, theirs, stores, sim } = parts;
	const { spec } = mapping;
	const own = spec.own.find((o) => o.schemaName === name)!;
	if (!stores.has(name)) stores.set(name, new OwnStore(own, sim));
	const store = stores.get(name)!;
	const add = theirs.routes.get(own.add.path);
	const check = theirs.routes.get(own.check.path);
	if (add)
		out.set(add.path, {
			path: add.path,
			needsToken: add.needsToken,
			rows: (body) => length(body?.[spec.container]),
			run: (body) => {
				admit(add, body, spec.container, limitOf(theirs, add, spec.container));
				const records: Json[] = body[spec.container];
				return {
					accepted: records.map((r, row) => ({ row, status: store.upsert(r) })),
					rejected: [],
				};
			},
			records: () => 0,
			counted: (_body, result) => length(result?.accepted),
		});
	if (check)
		out.set(check.path, {
			path: check.path,
			needsToken: check.needsToken,
			rows: () => 0,
			run: (body) => {
				admit(check, body);
				const filter = Object.fromEntries(
					own.check.filters.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]),
				);
				return paged(store.list(filter), body, spec.paging.defaultPerPage);
			},
			records: (result) => length(result?.data),
			counted: (_body, result) => length(result?.data),
		});
}
