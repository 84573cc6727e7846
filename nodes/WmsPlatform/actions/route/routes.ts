/**
 * A route of the effective description as Call a Route offers it: what its requests carry (the
 * records of a bulk route, the filters of a read, the body of any other), in the route list and
 * in the mapper alike, so what a person maps is what the run checks and sends.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { COLUMNS } from '../../../shared/form/mapper';
import { spoken } from '../../../shared/form/words';
import {
	BUILT_IN,
	describedAs,
	type FieldSpec,
	type Platform,
	type RecordSpec,
	type RouteKind,
} from '../../../shared/platform';
import type { Session } from '../../../shared/session';
import { pathOfRoute } from '../../../shared/transport/target';

/** The route picker's parameter. */
export const ROUTE = 'route';

/** What one route takes, in the mapper and in the run. */
export interface RouteFields {
	kind: RouteKind;
	/** Its records' fields (bulk), its filters (read) or its body's fields (any other). */
	spec: RecordSpec;
	/** The fields that identify one record of a bulk route, where the description names them. */
	key?: string[];
	/** A bulk route's request fields beside its records (the comparison the lines go to). */
	envelope: FieldSpec[];
}

/** What the route's records are called: its own noun, else its path's first part ("inventory batch"). */
function nounOf(platform: Platform, path: string): string {
	const records = platform.recordsRoute(path);
	return (
		platform.route(records ?? path).noun ??
		pathOfRoute(path).split('/').filter(Boolean)[0]?.replace(/_/g, ' ') ??
		'record'
	);
}

/**
 * A read's fields: its filters and, where they sit in a filter object, the parameters its path
 * names beside them (POST /warehouses/{warehouse_id}/stock/search), filled per item as any route's.
 */
function readFields(platform: Platform, path: string): FieldSpec[] {
	const filters = platform.filterFields(path);
	const params = platform.route(path).params;
	if (!params || (platform.wire(path).filter ?? 'filter') === '') return filters;
	const named = new Set(filters.map((field) => field.name));
	const beside = platform
		.bodyFields(path)
		.filter((field) => field.name in params && !named.has(field.name));
	return [...beside, ...filters];
}

/** What a route of this description takes: throws a PlatformGap when it has no such route. */
export function routeFields(platform: Platform, path: string): RouteFields {
	const info = platform.need(path);
	const noun = nounOf(platform, path);
	if (info.kind === 'read')
		return { kind: 'read', spec: { noun, fields: readFields(platform, path) }, envelope: [] };
	if (info.kind !== 'bulk')
		return { kind: 'action', spec: { noun, fields: platform.bodyFields(path) }, envelope: [] };
	const spec = platform.recordSpec(path);
	const container = platform.wire(path).records ?? 'items';
	const names = new Set(spec.fields.map((field) => field.name));
	// A field beside the records that has a record field's name could not be told apart in one form.
	const envelope = platform
		.bodyFields(path)
		.filter((field) => field.name !== container && !names.has(field.name));
	return { kind: 'bulk', spec, key: info.naturalKey, envelope };
}

/** Every field a person maps for a route: a bulk route's fields beside its records, then its record's. */
export function mappedSpec({ spec, envelope }: RouteFields): RecordSpec {
	return envelope.length ? { ...spec, fields: [...envelope, ...spec.fields] } : spec;
}

/** What the mapper shows of a route: its fields, and the key to match on (only a route that writes records has records to match). */
export function mapperRecord(
	platform: Platform,
	path: string,
): { spec: RecordSpec; key?: string[] } {
	const fields = routeFields(platform, path);
	return { spec: mappedSpec(fields), key: fields.kind === 'bulk' ? fields.key : [] };
}

/** A route as the picker lists it. */
export interface ListedRoute {
	/** The route as the node saves it: a POST route's path, any other's method and path. */
	path: string;
	/** Its method and path, as the list shows it: "POST /inventory/add", "GET /orders/{id}". */
	shown: string;
	/** Whether one of the package's other nodes has an operation for it. */
	named: boolean;
	/** What it does, in a person's words. */
	words: string;
}

/** What a route does, in a person's words: "writes inventory batch records, up to 500 at a time". */
function routeWords(platform: Platform, path: string): string {
	const info = platform.route(path);
	const noun = spoken(nounOf(platform, path));
	if (info.kind === 'bulk') {
		const limit = info.maxItems === undefined ? '' : `, up to ${info.maxItems} at a time`;
		const key = info.naturalKey ? ` by ${info.naturalKey.join(' + ')}` : '';
		return `writes ${noun} records${key}${limit}`;
	}
	if (info.kind === 'read') return `reads ${noun} records, page after page`;
	if (info.method === 'get') return 'reads one answer per input item';
	if (info.method === 'delete') return 'deletes, one request per input item';
	return 'one request per input item';
}

/**
 * Every route of the description: first those no other node of the package names (the nodes are
 * made for the built-in description's routes, found on this platform where they moved), then the
 * others, each group in the description's order.
 */
export function listedRoutes(platform: Platform): ListedRoute[] {
	const named = new Set(
		BUILT_IN.routes()
			.filter((route) => platform.has(route))
			.map((route) => platform.path(route)),
	);
	const all = platform.routes().map((path) => ({
		path,
		shown: platform.route(path).method ? path : `POST ${path}`,
		named: named.has(path),
		words: routeWords(platform, path),
	}));
	return [...all.filter((route) => !route.named), ...all.filter((route) => route.named)];
}

/**
 * A route as typed or picked: "inventory_batch/add" gets its first "/", as does "get orders/{id}"
 * (→ "GET /orders/{id}"); "POST /x" is "/x", the name a POST route has; nothing chosen is "".
 */
export function routePath(chosen: unknown): string {
	const typed = String(chosen ?? '').trim();
	const parts = /^(get|put|patch|delete|post)\s+(.*)$/i.exec(typed);
	const method = parts?.[1] ?? '';
	const path = (parts?.[2] ?? typed).trim();
	const slashed = path === '' || path.startsWith('/') ? path : `/${path}`;
	const upper = method.toUpperCase();
	return upper === '' || upper === 'POST' || slashed === '' ? slashed : `${upper} ${slashed}`;
}

/** The route the node is set to, as a path. */
export function chosenRoute(ctx: IExecuteFunctions): string {
	const path = routePath(ctx.getNodeParameter(ROUTE, 0, '', { extractValue: true }));
	if (path === '')
		throw new NodeOperationError(ctx.getNode(), 'No route is chosen', {
			description: 'Pick a route from the list, or type its path (e.g. /inventory_batch/add)',
		});
	return path;
}

/**
 * What the chosen route takes on this run's platform, or the node's error naming the route when
 * the effective description does not have it (the platform removed or moved it since the node was
 * set up). Nothing is sent before this.
 */
export function needRoute(session: Session, path: string): RouteFields {
	const { platform, ctx } = session;
	if (platform.has(path)) return routeFields(platform, path);
	const node = ctx.getNode();
	const where = platform.builtIn
		? 'The built-in description'
		: `The platform's description${describedAs(platform.source)}`;
	throw new NodeOperationError(node, `${node.name}: ${where} has no route ${path}`, {
		description: platform.builtIn
			? "Pick a route from the list. A route of the platform's own needs the credential's API Description set to From the Platform or Pasted. Nothing was sent."
			: 'The platform may have removed or moved it. Open the node and pick the route again from the list. Nothing was sent.',
	});
}

/** The run with no key to match on in its mapper: for a route that writes no records, whatever the editor saved. */
export function withoutKey<S extends Session>(session: S): S {
	const mapper = session.parameters[COLUMNS] as IDataObject | undefined;
	if (!mapper?.matchingColumns) return session;
	return {
		...session,
		parameters: { ...session.parameters, [COLUMNS]: { ...mapper, matchingColumns: [] } },
	};
}
