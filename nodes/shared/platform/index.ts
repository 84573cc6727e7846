/**
 * The platform as contract/openapi.yaml describes it, read from the generated data: each route's
 * kind and limits, records, filters and body fields. Node code asks here instead of describing
 * fields itself, so a contract change reaches the forms and the checks with `npm run build` alone.
 */
import { REQUESTS, ROUTES, type RoutePath } from './generated';
import type { ContractField, RecordCheck, RecordSpec, RouteInfo } from './types';

export { ROUTES, type RoutePath };
export type {
	ContractField,
	FieldSpec,
	FieldType,
	KeyFilter,
	RecordCheck,
	RecordSpec,
	RouteInfo,
	RouteKind,
} from './types';

/** A route's kind and limits; one the contract no longer names (a node built against another contract) is unsafe to repeat. */
export function routeInfo(route: RoutePath): RouteInfo {
	return (ROUTES as Record<string, RouteInfo>)[route] ?? { kind: 'action', idempotent: false };
}

export function isRoute(path: string): path is RoutePath {
	return path in ROUTES;
}

/** The bulk route that writes the records a read route reads (their noun, key and result key), when the contract pairs one. */
export function recordsRoute(route: RoutePath): RoutePath | undefined {
	const records = routeInfo(route).records;
	return records !== undefined && isRoute(records) ? records : undefined;
}

/** The read route that finds a bulk route's records by a list of their keys, when the contract has one. */
export function checkRouteOf(route: RoutePath): RoutePath | undefined {
	return (Object.keys(ROUTES) as RoutePath[]).find(
		(read) => recordsRoute(read) === route && routeInfo(read).keyFilter !== undefined,
	);
}

function missing(route: string, what: string): Error {
	return new Error(
		`contract/openapi.yaml has no ${what} on ${route}, which this node needs: restore it, or change the node`,
	);
}

/** A field of a route's request by path from the body: "comparison_id", "items.sku", "filter.code". */
export function requestField(route: RoutePath, path: string): ContractField {
	let fields: ContractField[] | undefined = REQUESTS[route];
	let field: ContractField | undefined;
	for (const name of path.split('.')) {
		field = fields?.find((candidate) => candidate.name === name);
		if (!field) throw missing(route, `field "${name}"`);
		fields = field.fields;
	}
	return field!;
}

/** What one record of a bulk route is: its noun, fields and read-only fields; cross-field checks are the node's. */
export function recordSpec(route: RoutePath, checks?: RecordCheck[]): RecordSpec {
	const items = requestField(route, 'items');
	return {
		noun: routeInfo(route).noun ?? route.split('/')[1].replace(/_/g, ' '),
		fields: items.fields ?? [],
		readOnly: items.readOnly,
		checks,
	};
}

/** One field of a bulk route's records, e.g. the warehouse picked in several forms. */
export function recordField(route: RoutePath, name: string): ContractField {
	return requestField(route, `items.${name}`);
}

/** The filters a read route offers (those the overlay hides are not generated). */
export function filterFields(route: RoutePath): ContractField[] {
	return requestField(route, 'filter').fields ?? [];
}
