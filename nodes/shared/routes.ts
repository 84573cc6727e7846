/**
 * The platform routes this package calls, in one table: path, what kind of call it is,
 * how many records one request may carry, and whether repeating it is harmless.
 * A test holds this table against contract/openapi.yaml (x-max-items, paths).
 */
export type RouteKind = 'bulk' | 'read' | 'action';

export interface RouteInfo {
	kind: RouteKind;
	/** Most records per request (bulk routes). */
	maxItems?: number;
	/** Repeating the same request leaves the platform as one request would (natural-key upserts). */
	idempotent: boolean;
}

const bulk = (maxItems: number, idempotent = true): RouteInfo => ({ kind: 'bulk', maxItems, idempotent });
const read: RouteInfo = { kind: 'read', idempotent: true };
const action = (idempotent: boolean): RouteInfo => ({ kind: 'action', idempotent });

export const ROUTES = {
	'/inventory/add': bulk(1000),
	'/inventory/check': read,
	'/inventory_stocking_factor/add': bulk(1000),
	'/inventory_warehouse_info/add': bulk(1000),
	'/inventory_dangerous_goods/add': bulk(1000),
	'/sales_order/add': bulk(100),
	'/sales_order/check': read,
	'/purchase_order/add': bulk(100),
	'/purchase_order/check': read,
	'/customer/add': bulk(1000),
	'/customer/check': read,
	'/supply_location/add': bulk(1000),
	'/supply_location/check': read,
	'/supplier/add': bulk(1000),
	'/supplier/check': read,
	'/warehouse/add': bulk(1000),
	'/warehouse/check': read,
	'/area/add': bulk(1000),
	'/zone/add': bulk(1000),
	'/bin/add': bulk(1000),
	'/erp_update/outgoing_consignment': read,
	'/erp_update/incoming_consignment': read,
	'/erp_update/move_attempt': read,
	'/erp_update/set_complete': bulk(1000),
	'/erp_update/set_error': bulk(1000),
	// Creates a new comparison unless a reference is given: not safe to repeat blindly.
	'/comparison/add': bulk(100, false),
	'/comparison_erp_on_hand/add': bulk(1000),
	'/comparison_platform_on_hand/set': { kind: 'action', maxItems: 1000, idempotent: true },
	'/comparison_adjustment_item/add': bulk(1000),
	'/comparison_item/process': action(true),
	'/comparison_move_attempt/create': action(false),
	'/comparison/complete': action(true),
	'/comparison/check_status': read,
	'/courier_service/add': bulk(1000),
	'/courier_service/check': read,
	'/production_order/add': bulk(100),
	'/production_order/check': read,
	'/dangerous_goods_lookup/add': bulk(1000),
	'/dangerous_goods_lookup/check': read,
} satisfies Record<string, RouteInfo>;

export type RoutePath = keyof typeof ROUTES;

/** Routes not in the table (the user's own, through "API Request") are treated as unsafe to repeat. */
export function routeInfo(path: string): RouteInfo {
	return (ROUTES as Record<string, RouteInfo>)[path] ?? action(false);
}
