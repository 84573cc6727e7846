/**
 * The platform as contract/openapi.yaml describes it (the built-in description, compiled at build
 * time into generated/), for what is made when the nodes load: their forms. What a run does asks
 * the effective description in its session (session.platform), which may be the platform's own.
 */
import { REQUESTS, ROUTES, type RoutePath } from './generated';
import { Platform } from './platform';
import type { ContractField, RecordCheck, RecordSpec, RouteInfo } from './types';

export { ROUTES, type RoutePath };
export {
	Platform,
	PlatformGap,
	describedAs,
	descriptionName,
	type DescriptionSource,
} from './platform';
export type {
	ContractField,
	FieldSpec,
	FieldType,
	KeyFilter,
	Paging,
	RecordCheck,
	RecordSpec,
	Reference,
	Results,
	RouteInfo,
	RouteKind,
	Wire,
} from './types';

/** The built-in description: what the forms are made of, and what a run uses unless the credential names the platform's own. */
export const BUILT_IN = new Platform(
	{ routes: ROUTES as Record<string, RouteInfo>, requests: REQUESTS },
	{ kind: 'builtIn' },
);

/** A route's kind and limits in the built-in description (forms). */
export function routeInfo(route: RoutePath): RouteInfo {
	return BUILT_IN.route(route);
}

export function isRoute(path: string): path is RoutePath {
	return path in ROUTES;
}

/** The bulk route that writes the records a read route reads, in the built-in description (forms). */
export function recordsRoute(route: RoutePath): RoutePath | undefined {
	return BUILT_IN.recordsRoute(route) as RoutePath | undefined;
}

/** The read route that finds a bulk route's records by their keys, in the built-in description (forms). */
export function checkRouteOf(route: RoutePath): RoutePath | undefined {
	return BUILT_IN.checkRouteOf(route) as RoutePath | undefined;
}

/** A field of a route's request in the built-in description (forms): "comparison_id", "items.sku", "filter.code". */
export function requestField(route: RoutePath, path: string): ContractField {
	return BUILT_IN.requestField(route, path);
}

/** What one record of a bulk route is in the built-in description (forms). */
export function recordSpec(route: RoutePath, checks?: RecordCheck[]): RecordSpec {
	return BUILT_IN.recordSpec(route, checks);
}

/** One field of a bulk route's records in the built-in description (forms). */
export function recordField(route: RoutePath, name: string): ContractField {
	return BUILT_IN.recordField(route, name);
}

/** The filters a read route offers in the built-in description (forms). */
export function filterFields(route: RoutePath): ContractField[] {
	return BUILT_IN.filterFields(route);
}
