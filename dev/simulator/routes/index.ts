import type { TokenAuthority } from '../auth';
import type { Handler, Sim } from '../kit';
import { comparisonRoutes } from './comparison';
import { customerRoutes } from './customer';
import { erpUpdateRoutes } from './erpUpdate';
import { inventoryRoutes } from './inventory';
import { orderRoutes } from './orders';
import { referenceRoutes } from './reference';
import { supplierRoutes } from './supplier';
import { warehouseRoutes } from './warehouse';

/** Every contract route's handler, by path. */
export function allHandlers(sim: Sim, auth: TokenAuthority): Map<string, Handler> {
	const map: Record<string, Handler> = {
		'/oauth/token': (body) => auth.issue(body.client_id, body.client_secret),
		...inventoryRoutes(sim),
		...orderRoutes(sim),
		...customerRoutes(sim),
		...supplierRoutes(sim),
		...warehouseRoutes(sim),
		...erpUpdateRoutes(sim),
		...comparisonRoutes(sim),
		...referenceRoutes(sim),
	};
	return new Map(Object.entries(map));
}
