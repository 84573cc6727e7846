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
	/**
	 * The row fields whose values, joined with "|", make the `key` a bulk result reports (the
	 * route's x-natural-key). Absent when the platform reports a key of its own making.
	 */
	resultKey?: string[];
}

const bulk = (maxItems: number, resultKey: string[] | undefined, idempotent = true): RouteInfo => ({ kind: 'bulk', maxItems, idempotent, resultKey });
const read: RouteInfo = { kind: 'read', idempotent: true };
const action = (idempotent: boolean): RouteInfo => ({ kind: 'action', idempotent });

export const ROUTES = {
	'/inventory/add': bulk(1000, ['sku']),
	'/inventory/check': read,
	'/inventory_stocking_factor/add': bulk(1000, ['sku', 'warehouse_code']),
	'/inventory_warehouse_info/add': bulk(1000, ['sku', 'warehouse_code']),
	'/inventory_dangerous_goods/add': bulk(1000, ['sku']),
	'/sales_order/add': bulk(100, ['order_number']),
	'/sales_order/check': read,
	'/purchase_order/add': bulk(100, ['order_number']),
	'/purchase_order/check': read,
	'/customer/add': bulk(1000, ['code']),
	'/customer/check': read,
	'/supply_location/add': bulk(1000, ['customer_code', 'location_code']),
	'/supply_location/check': read,
	'/supplier/add': bulk(1000, ['code']),
	'/supplier/check': read,
	'/warehouse/add': bulk(1000, ['code']),
	'/warehouse/check': read,
	'/area/add': bulk(1000, ['warehouse_code', 'area_code']),
	'/zone/add': bulk(1000, ['warehouse_code', 'zone_code']),
	'/bin/add': bulk(1000, ['warehouse_code', 'bin_code']),
	'/erp_update/outgoing_consignment': read,
	'/erp_update/incoming_consignment': read,
	'/erp_update/move_attempt': read,
	'/erp_update/set_complete': bulk(1000, ['id']),
	'/erp_update/set_error': bulk(1000, ['id']),
	// Creates a new comparison unless a reference is given: not safe to repeat blindly. Its results'
	// key is the comparison id the platform assigns, so they are matched to rows by index.
	'/comparison/add': bulk(100, undefined, false),
	'/comparison_erp_on_hand/add': bulk(1000, ['sku', 'batch']),
	'/comparison_platform_on_hand/set': { kind: 'action', maxItems: 1000, idempotent: true },
	'/comparison_adjustment_item/add': bulk(1000, ['sku', 'batch']),
	'/comparison_item/process': action(true),
	'/comparison_move_attempt/create': action(false),
	'/comparison/complete': action(true),
	'/comparison/check_status': read,
	'/courier_service/add': bulk(1000, ['code']),
	'/courier_service/check': read,
	'/production_order/add': bulk(100, ['order_number']),
	'/production_order/check': read,
	'/dangerous_goods_lookup/add': bulk(1000, ['un_number']),
	'/dangerous_goods_lookup/check': read,
} satisfies Record<string, RouteInfo>;

export type RoutePath = keyof typeof ROUTES;

/** Routes not in the table (the user's own, through "API Request") are treated as unsafe to repeat. */
export function routeInfo(path: string): RouteInfo {
	return (ROUTES as Record<string, RouteInfo>)[path] ?? action(false);
}
