/**
 * One way a description becomes what the nodes know: every POST route as its kind, limits, key,
 * safety to repeat and request fields. Used at build time for the built-in description
 * (contract/openapi.yaml, into ../generated/) and at run time for the platform's own.
 */
import type { ContractField, RouteInfo, Wire } from '../types';
import { bodyFields } from './bodyFields';
import { FieldReader, compact } from './fields';
import { nounOf } from './labels';
import { OverlayReader, type Overlay } from './overlay';
import { DescriptionProblem, pointer, type Note } from './problems';
import { isObject, own, Resolver, type Schema } from './refs';
import { answerLists } from './answerLists';
import { answerStyle } from './answerStyle';
import { requestSchemaOf, successHeadersOf, successSchemaOf } from './media';
import { otherOperations } from './operations';
import { pairReads, readRecordSchema } from './pairReads';
import { referencesOf } from './references';
import { WireReader } from './wire';

export type CompiledRoute = RouteInfo & { body: ContractField[] };

export interface Compiled {
	info: { title?: string; version?: string };
	routes: Record<string, CompiledRoute>;
	/** Each route's area: the first of its tags, or "other". */
	areas: Record<string, string>;
	/** Each route's operationId, where it has one. */
	operationIds: Record<string, string>;
	/** What the package could not take from the description, in words. */
	notes: Note[];
	/** What the overlay got wrong (checked for our own overlay and contract only). */
	problems: string[];
}

export interface CompileOptions {
	overlay?: Overlay;
	/** Report overlay entries that match nothing (our own contract: they are typos there). */
	checkOverlay?: boolean;
	maxSteps?: number;
	/**
	 * Whether a route with a natural key (x-natural-key) is taken as safe to repeat without saying
	 * x-idempotent: our own contract's convention (its adds are upserts by key), kept for the node
	 * versions that rely on it. A platform's description is not read so.
	 */
	keyedUpsertsRepeat?: boolean;
	/**
	 * The key the package knows for a route its description names none for (x-natural-key): the
	 * built-in description's, taken only when every one of its fields is a field of the route's
	 * records.
	 */
	knownKey?: (path: string, operationId: string | undefined) => string[] | undefined;
	/**
	 * Whether the built-in description reads records at this route (or the one the same
	 * operationId names): a route that answers a list is then a read though its path has no
	 * retrieval word and it says no paging or filter object (a vendor's /erp_update/<kind>).
	 */
	knownRead?: (path: string, operationId: string | undefined) => boolean;
}

/** The most routes one description may have. */
const MAX_ROUTES = 5000;

const METHODS = ['post', 'put', 'patch', 'get', 'delete'];

/** An x-natural-key as a list of field names, when it is one. */
function keyList(value: unknown): string[] | undefined {
	if (typeof value === 'string' && value !== '') return [value];
	return Array.isArray(value) && value.length > 0 && value.every((name) => typeof name === 'string')
		? (value as string[])
		: undefined;
}

class Compiler {
	readonly notes: Note[] = [];
	private readonly resolver: Resolver;
	private readonly overlay: OverlayReader;
	private readonly fields: FieldReader;
	private readonly wire: WireReader;
	private readonly operations: Record<string, Schema> = Object.create(null) as Record<
		string,
		Schema
	>;
	private readonly recordSchemas: Record<string, string | undefined> = Object.create(
		null,
	) as Record<string, string | undefined>;
	private readonly problems: string[] = [];

	constructor(
		private readonly doc: Schema,
		private readonly options: CompileOptions,
	) {
		this.resolver = new Resolver(doc, options.maxSteps);
		this.overlay = new OverlayReader(options.overlay);
		this.fields = new FieldReader(this.resolver, this.overlay, this.notes);
		this.wire = new WireReader(this.resolver);
		if (options.checkOverlay) this.problems.push(...this.overlay.problems());
	}

	/** Everything the package knows of one route: its table entry and its request body as fields. */
	route(path: string, operation: Schema, at: string): CompiledRoute {
		const requestRaw = requestSchemaOf(this.resolver, operation, at);
		const requestPointer = requestRaw.at;
		const request = this.resolver.resolve(requestRaw.schema, requestPointer);
		const answerRaw = successSchemaOf(this.resolver, operation, at);
		const answer = this.resolver.resolve(answerRaw.schema, answerRaw.at);
		const headers = successHeadersOf(this.resolver, operation, at);
		this.sayNotJson(path, at, requestRaw.notJson, 'takes');
		this.sayNotJson(path, at, answerRaw.notJson, 'answers with');
		const properties = isObject(own(request, 'properties'))
			? (own(request, 'properties') as Schema)
			: {};
		const requiredList = own(request, 'required');
		const required = new Set(Array.isArray(requiredList) ? requiredList : []);
		const records = this.wire.records(request);
		const recordsRaw =
			records === undefined
				? undefined
				: records.at === ''
					? requestRaw.schema
					: own(properties, records.at);
		const recordsList =
			recordsRaw === undefined ? undefined : this.resolver.resolve(recordsRaw, requestPointer);
		const filter = this.wire.filter(request);
		const paging = records?.required
			? ({ by: 'none' } as const)
			: this.wire.paging(request, answer, headers);
		const list = records?.required ? undefined : this.wire.list(answer);
		const isBulk = records !== undefined && records.required;
		const isRead =
			!isBulk &&
			(paging.by !== 'none' ||
				filter !== '' ||
				(list !== undefined &&
					(WireReader.readsByName(path) ||
						this.options.knownRead?.(path, operation.operationId as string | undefined) === true)));
		const maxItems =
			(operation['x-max-items'] as number | undefined) ??
			(recordsList ? (own(recordsList, 'maxItems') as number | undefined) : undefined);
		const stated = keyList(operation['x-natural-key']);
		const body = bodyFields(this.fields, {
			route: path,
			properties,
			required,
			pointer: requestPointer,
			records: records?.at,
			recordsRaw,
			filter: isRead ? filter : undefined,
			paging,
		});
		const overlay = this.overlay.route(path) ?? {};
		const recordFields = new Set(
			(body.find((field) => field.name === records?.at)?.fields ?? []).map((field) => field.name),
		);
		const known =
			stated === undefined && isBulk
				? this.options.knownKey?.(path, operation.operationId as string | undefined)
				: undefined;
		const keyFromBuiltIn = known?.every((name) => recordFields.has(name)) ? known : undefined;
		const naturalKey = stated ?? keyFromBuiltIn;
		if (isBulk && naturalKey === undefined)
			this.notes.push({
				route: path,
				pointer: at,
				words: `${path}: the description names no key for its records${known ? ` (the built-in ${known.join(' + ')} is not one of its fields)` : ''}; records are told apart by their place in the answer, and a lost answer is not checked by reading the records back`,
			});
		const statedRepeat = operation['x-idempotent'];
		const idempotent =
			typeof statedRepeat === 'boolean'
				? statedRepeat
				: isRead || (this.options.keyedUpsertsRepeat === true && naturalKey !== undefined);
		// A bulk result's `key` is the row's natural key, unless the platform reports an id of its own making.
		const resultKey = operation['x-result-key'] === 'assigned' ? undefined : naturalKey;
		// Which records the route writes or reads (a component name), to pair each read with its write route.
		this.recordSchemas[path] = records
			? this.resolver.refName(recordsList ? own(recordsList, 'items') : undefined)
			: isRead
				? readRecordSchema(this.resolver, answer, list)
				: undefined;
		const wire: Wire = records
			? {
					records: records.at,
					...(isBulk
						? answerStyle(this.wire.results(answer), this.resolver, operation, answer, at)
						: {}),
				}
			: isRead
				? compact({ filter, paging, list })
				: answerLists(this.resolver, answer, answerRaw.at);
		const references = isBulk
			? referencesOf(operation['x-references'], (field) =>
					this.notes.push({
						route: path,
						pointer: at,
						words: `${path}: x-references names ${field} but not the route that writes the records it names, so Check Only does not look it up`,
					}),
				)
			: undefined;
		return compact({
			kind: isRead ? 'read' : isBulk ? 'bulk' : 'action',
			maxItems,
			idempotent,
			idempotentStated: typeof statedRepeat === 'boolean' ? true : undefined,
			naturalKey,
			keyFrom: keyFromBuiltIn ? 'builtIn' : undefined,
			resultKey,
			noun: overlay.noun ?? (records ? nounOf(path) : undefined),
			wire: Object.keys(wire).length ? wire : undefined,
			references,
			headers: headers.length ? headers : undefined,
			body,
		}) as CompiledRoute;
	}

	/** A body given only in media types that are not JSON: the package cannot send or read it, and says so. */
	private sayNotJson(path: string, at: string, types: string[] | undefined, verb: string): void {
		if (types)
			this.notes.push({
				route: path,
				pointer: at,
				words: `${path} ${verb} ${types.join(', ')} only, not JSON: the package cannot use that body`,
			});
	}

	run(): Compiled {
		const routes: Record<string, CompiledRoute> = {};
		const areas: Record<string, string> = {};
		const operationIds: Record<string, string> = {};
		if (own(this.doc, 'swagger') !== undefined)
			throw new DescriptionProblem(
				'#/swagger',
				'a Swagger 2.0 description: the package reads OpenAPI 3.0 and 3.1; ask the platform for its OpenAPI 3 description, or convert this one (for example with swagger2openapi)',
			);
		const version = own(this.doc, 'openapi');
		if (typeof version !== 'string' || !/^3\./.test(version))
			throw new DescriptionProblem(
				'#/openapi',
				typeof version === 'string'
					? `OpenAPI ${version.slice(0, 20)}: the package reads OpenAPI 3.0 and 3.1`
					: 'not an OpenAPI description: it says no "openapi" version',
			);
		const paths = own(this.doc, 'paths');
		if (!isObject(paths))
			throw new DescriptionProblem('#/paths', 'the description has no paths (routes)');
		if (Object.keys(paths).length > MAX_ROUTES)
			throw new DescriptionProblem(
				'#/paths',
				`the description has more than ${MAX_ROUTES} paths: it is not read`,
			);
		for (const path of Object.keys(paths)) {
			const item = paths[path];
			if (!isObject(item)) continue;
			for (const method of METHODS) {
				const operation = own(item, method);
				if (!isObject(operation)) continue;
				if (method !== 'post') continue;
				// The token route belongs to the credential, not to the nodes.
				if (Array.isArray(operation.security) && operation.security.length === 0) continue;
				this.operations[path] = operation;
				routes[path] = this.route(path, operation, pointer('paths', path, 'post'));
				const tags = operation.tags;
				areas[path] = Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : 'other';
				if (typeof operation.operationId === 'string') operationIds[path] = operation.operationId;
			}
		}
		pairReads(this.resolver, routes, {
			operations: this.operations,
			recordSchemas: this.recordSchemas,
			problems: this.problems,
		});
		otherOperations(this.doc, (route, op, at) => this.route(route, op, at), this.notes, {
			routes,
			areas,
		});
		if (this.options.checkOverlay) this.problems.push(...this.overlay.unmatched(routes));
		const info = isObject(this.doc.info) ? this.doc.info : {};
		return {
			info: compact({
				title: typeof info.title === 'string' ? info.title : undefined,
				version: typeof info.version === 'string' ? info.version : undefined,
			}),
			routes,
			areas,
			operationIds,
			notes: this.notes,
			problems: this.problems,
		};
	}
}

/** The package's view of a description: per route its table entry, request fields and area, and what it could not take from it. */
export function compileDescription(doc: unknown, options: CompileOptions = {}): Compiled {
	if (!isObject(doc))
		throw new DescriptionProblem('#', 'the description is not a JSON or YAML object');
	return new Compiler(doc, options).run();
}
