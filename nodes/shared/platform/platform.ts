/**
 * What the platform is for one run: its routes, each with its kind, limits, key and request
 * fields, and where things are on the wire. The built-in description (contract/openapi.yaml,
 * compiled at build time into generated/) builds the forms; the effective one — built-in, or the
 * platform's own compiled at run time — is read once with the credential and travels in the
 * run's session, so everything below the node asks it, never a module-level table.
 */
import type { ContractField, RecordCheck, RecordSpec, RouteInfo, Wire } from './types';

/** Where the description came from, for the words a person reads. */
export interface DescriptionSource {
	kind: 'builtIn' | 'platform' | 'pasted';
	/** "Acme WMS Public API", "2.4.0". */
	title?: string;
	version?: string;
	/** The address it was read from (From the Platform). */
	url?: string;
	/** A hash of its text: the same document is compiled once per process. */
	hash?: string;
}

/** A route or field a node needs that the effective description does not have: said in words, never a crash. */
export class PlatformGap extends Error {
	constructor(
		readonly route: string,
		readonly what: string,
		readonly source: DescriptionSource,
	) {
		super(
			source.kind === 'builtIn'
				? `The built-in description has no ${what} on ${route}, which this node needs: update the package, or set the credential's API Description to the platform's own`
				: `${descriptionName(source).replace(/^t/, 'T')} has no ${what} on ${route}, which this node needs`,
		);
		this.name = 'PlatformGap';
	}
}

/** " (Acme WMS Public API 2.4.0)". */
export function describedAs(source: DescriptionSource): string {
	const name = [source.title, source.version].filter(Boolean).join(' ');
	return name ? ` (${name})` : '';
}

/** What a person calls the description: "the built-in description", "the platform's API description (Acme WMS Public API 2.4.0)". */
export function descriptionName(source: DescriptionSource): string {
	return source.kind === 'builtIn'
		? 'the built-in description'
		: `the platform's API description${describedAs(source)}`;
}

export interface PlatformData {
	routes: Record<string, RouteInfo>;
	requests: Record<string, ContractField[]>;
	/** Routes the built-in description names that this one has under another path (same operationId): built-in path → its path. */
	moved?: Record<string, string>;
}

const UNKNOWN_ROUTE: RouteInfo = { kind: 'action', idempotent: false };

export class Platform {
	private readonly specs = new Map<string, Map<RecordCheck[] | undefined, RecordSpec>>();

	constructor(
		private readonly data: PlatformData,
		readonly source: DescriptionSource,
	) {}

	/** Whether this is the built-in description. */
	get builtIn(): boolean {
		return this.source.kind === 'builtIn';
	}

	/** The path a route the nodes name has on this platform (a route that moved is found by its operationId). */
	path(route: string): string {
		return this.data.moved?.[route] ?? route;
	}

	has(route: string): boolean {
		return this.path(route) in this.data.routes;
	}

	/** Every route of the description. */
	routes(): string[] {
		return Object.keys(this.data.routes);
	}

	/** A route's kind and limits; one the description does not name is unsafe to repeat. */
	route(route: string): RouteInfo {
		return this.data.routes[this.path(route)] ?? UNKNOWN_ROUTE;
	}

	/** Where things are in a route's requests and answers (the built-in's conventions where the description says nothing). */
	wire(route: string): Wire {
		return this.route(route).wire ?? {};
	}

	/** A route the node needs: its table entry, or a PlatformGap. */
	need(route: string): RouteInfo {
		if (!this.has(route)) throw new PlatformGap(route, 'such route', this.source);
		return this.route(route);
	}

	/** A field of a route's request by path from the body: "comparison_id", "items.sku", "filter.code". */
	requestField(route: string, path: string): ContractField {
		let fields: ContractField[] | undefined = this.data.requests[this.path(route)];
		if (!fields) throw new PlatformGap(route, 'such route', this.source);
		let field: ContractField | undefined;
		for (const name of path.split('.')) {
			field = fields?.find((candidate) => candidate.name === name);
			if (!field) throw new PlatformGap(route, `field "${name}"`, this.source);
			fields = field.fields;
		}
		return field!;
	}

	/** The request's own fields (besides the records or the filters). */
	bodyFields(route: string): ContractField[] {
		return this.data.requests[this.path(route)] ?? [];
	}

	/** The bulk route that writes the records a read route reads, when the description pairs one. */
	recordsRoute(route: string): string | undefined {
		const records = this.route(route).records;
		return records !== undefined && records in this.data.routes ? records : undefined;
	}

	/** The read route that finds a bulk route's records by a list of their keys, when the description has one. */
	checkRouteOf(route: string): string | undefined {
		const path = this.path(route);
		return Object.keys(this.data.routes).find(
			(read) => this.recordsRoute(read) === path && this.route(read).keyFilter !== undefined,
		);
	}

	/** The records container of a bulk route: the field that holds them. */
	private recordsField(route: string): ContractField {
		return this.requestField(route, this.wire(route).records ?? 'items');
	}

	/** What one record of a bulk route is: its noun, fields and read-only fields; cross-field checks are the node's. Made once per route and checks. */
	recordSpec(route: string, checks?: RecordCheck[]): RecordSpec {
		let byChecks = this.specs.get(route);
		if (!byChecks) this.specs.set(route, (byChecks = new Map()));
		let spec = byChecks.get(checks);
		if (!spec) {
			const records = this.recordsField(route);
			spec = {
				noun: this.route(route).noun ?? route.split('/')[1].replace(/_/g, ' '),
				fields: records.fields ?? [],
				readOnly: records.readOnly,
				shapes: records.shapes,
				shapeBy: records.shapeBy,
				checks,
			};
			byChecks.set(checks, spec);
		}
		return spec;
	}

	/** One field of a bulk route's records, e.g. the warehouse picked in several forms. */
	recordField(route: string, name: string): ContractField {
		const field = this.recordsField(route).fields?.find((candidate) => candidate.name === name);
		if (!field) throw new PlatformGap(route, `record field "${name}"`, this.source);
		return field;
	}

	/**
	 * This platform with the key a person chose for a route's records (the mapper's matching
	 * columns): its results are paired by it, one key is never in two requests at once, and a
	 * lost answer is read back by it where the route's read has a list filter of it.
	 */
	withKey(route: string, key: string[]): Platform {
		const path = this.path(route);
		const routes = { ...this.data.routes };
		routes[path] = { ...routes[path], naturalKey: key, resultKey: key, keyFrom: 'chosen' };
		const read = Object.keys(routes).find((other) => routes[other].records === path);
		if (read && key.length === 1) {
			const list = this.filterFields(read).find(
				(field) =>
					field.type === 'stringList' &&
					[`${key[0]}s`, `${key[0]}es`, `${key[0]}_list`].includes(field.name),
			);
			const { keyFilter, ...rest } = routes[read];
			routes[read] =
				keyFilter?.key === key[0]
					? routes[read]
					: list
						? { ...rest, keyFilter: { list: list.name, key: key[0], max: list.maxItems ?? 100 } }
						: rest;
		}
		return new Platform({ ...this.data, routes }, this.source);
	}

	/** This platform reading a write's answer with these status words (an ERP update's state, which the node knows the meaning of for the route it calls). */
	withStatuses(route: string, statuses: NonNullable<Wire['statuses']>): Platform {
		const path = this.path(route);
		const routes = { ...this.data.routes };
		routes[path] = { ...routes[path], wire: { ...routes[path]?.wire, statuses } };
		return new Platform({ ...this.data, routes }, this.source);
	}

	/** The filters a read route offers: its filter object's fields, or its body's own fields but the paging ones. */
	filterFields(route: string): ContractField[] {
		const wire = this.wire(route);
		const holder = wire.filter ?? 'filter';
		if (holder !== '') {
			if (!this.bodyFields(route).some((field) => field.name === holder)) return [];
			return this.requestField(route, holder).fields ?? [];
		}
		const paging = wire.paging;
		const pagingFields = new Set(
			paging && paging.by !== 'none'
				? Object.entries(paging)
						.filter(([name]) => ['cursor', 'page', 'offset', 'size'].includes(name))
						.map(([, value]) => String(value).split('.')[0])
				: [],
		);
		return this.bodyFields(route).filter((field) => !pagingFields.has(field.name));
	}
}
