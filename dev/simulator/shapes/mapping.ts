/**
 * How one of our routes' requests, answers and error pointers read in a shape's words (and
 * back). The document transformation uses it for examples, the simulator for every request.
 */
import { classify, resolve, type OurRoute } from './classify';
import type { Json, ShapeSpec } from './types';
import { Renamer } from './walk';

export class Mapping {
	readonly routes: Map<string, OurRoute>;
	readonly renamer: Renamer;
	/** Per our read route: our filter key → theirs. */
	private readonly filters = new Map<string, Map<string, string>>();

	constructor(
		readonly spec: ShapeSpec,
		readonly ours: Json,
	) {
		this.routes = classify(ours);
		const bySchema = new Map<string, Map<string, string>>();
		const add = (schema: string, from: string, to: string) => {
			if (!bySchema.has(schema)) bySchema.set(schema, new Map());
			bySchema.get(schema)!.set(from, to);
		};
		for (const r of spec.renames) {
			if ('schemas' in r) for (const s of r.schemas) add(s, r.from, r.to);
			else {
				if (!this.filters.has(r.route)) this.filters.set(r.route, new Map());
				this.filters.get(r.route)!.set(r.from, r.to);
			}
		}
		for (const f of spec.newFields) add(f.schema, f.carriedAs, f.name);
		this.renamer = new Renamer(ours, bySchema);
	}

	theirPath(ourPath: string): string {
		return this.spec.moves[ourPath] ?? ourPath;
	}

	filterKey(route: OurRoute, ours: string): string {
		return this.filters.get(route.path)?.get(ours) ?? ours;
	}

	private filterKeyToOurs(route: OurRoute, theirs: string): string {
		for (const [ours, t] of this.filters.get(route.path) ?? []) if (t === theirs) return ours;
		return theirs;
	}

	/** Their body → ours (a read's paging aside: see readFilter). */
	requestToOurs(route: OurRoute, body: Json): Json {
		if (route.kind === 'bulk' || route.kind === 'container') {
			const { [this.spec.container]: records, ...rest } = body;
			const out = this.renamer.toOurs(route.request, rest);
			if (records !== undefined)
				out.items = records.map((r: Json) => this.renamer.toOurs(route.record, r));
			return out;
		}
		return this.renamer.toOurs(route.request, body);
	}

	/** A read's filters from their body (its top-level properties other than the page's). */
	readFilter(route: OurRoute, body: Json): Json {
		const filter: Json = {};
		for (const [key, value] of Object.entries<Json>(body)) {
			if (key === 'page' || key === 'per_page') continue;
			filter[this.filterKeyToOurs(route, key)] = value;
		}
		return this.renamer.toOurs(route.filter, filter);
	}

	/** Our body → theirs (the examples of their document). */
	requestToTheirs(route: OurRoute, body: Json): Json {
		if (body === undefined) return undefined;
		if (route.kind === 'bulk' || route.kind === 'container') {
			const { items, ...rest } = body;
			const out = this.renamer.toTheirs(route.request, rest);
			if (items !== undefined)
				out[this.spec.container] = items.map((r: Json) => this.renamer.toTheirs(route.record, r));
			return out;
		}
		if (route.kind === 'read') {
			const out: Json = {};
			const filter = this.renamer.toTheirs(route.filter, body.filter ?? {});
			for (const [key, value] of Object.entries<Json>(filter))
				out[this.filterKey(route, key)] = value;
			if (body.limit !== undefined)
				out.per_page = Math.min(body.limit, this.spec.paging.maxPerPage);
			return out;
		}
		return this.renamer.toTheirs(route.request, body);
	}

	/** One listed record of a read → theirs. */
	listedToTheirs(route: OurRoute, record: Json): Json {
		return this.renamer.toTheirs(route.listed, record);
	}

	/** Our bulk answer (all rows stored) → their accepted rows; extra result fields (an assigned id) kept. */
	acceptedRows(results: Json[], rows: number[] = results.map((_, i) => i)): Json[] {
		return results.map(({ index, status, ...extra }: Json) => {
			delete extra.key;
			return { row: rows[index], status, ...extra };
		});
	}

	/** A plain or container answer → theirs. */
	answerToTheirs(route: OurRoute, answer: Json): Json {
		return this.renamer.toTheirs(route.response, answer);
	}

	/** A pointer into our request body → into theirs. */
	pointerToTheirs(route: OurRoute, segments: string[]): string[] {
		const [first, ...rest] = segments;
		if ((route.kind === 'bulk' || route.kind === 'container') && first === 'items') {
			const [index, ...inside] = rest;
			if (index === undefined) return [this.spec.container];
			return [this.spec.container, index, ...this.renamer.segmentsToTheirs(route.record, inside)];
		}
		if (route.kind === 'read') {
			if (first === 'filter' && rest.length > 0)
				return [
					this.filterKey(route, rest[0]),
					...this.renamer.segmentsToTheirs(
						resolve(this.ours, route.filter)?.properties?.[rest[0]],
						rest.slice(1),
					),
				];
			if (first === 'limit') return ['per_page'];
			if (first === 'cursor') return ['page'];
		}
		return this.renamer.segmentsToTheirs(route.request, segments);
	}
}
