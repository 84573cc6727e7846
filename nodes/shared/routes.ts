/**
 * The platform routes, in one table generated from contract/openapi.yaml: what kind of call each
 * is, how many records one request may carry, whether repeating it is harmless, its natural key.
 */
import { ROUTES, type RouteInfo, type RoutePath } from './platform';

export { ROUTES, type RouteInfo, type RoutePath };
export type { RouteKind } from './platform';

/** A route the contract does not name is treated as unsafe to repeat. */
export function routeInfo(path: string): RouteInfo {
	return (ROUTES as Record<string, RouteInfo>)[path] ?? { kind: 'action', idempotent: false };
}
