/** Customers and their supply (delivery) locations. */
import type { Handler, Sim } from '../kit';
import {
	activeMatch,
	bulkUpsert,
	defaultView,
	keyMatch,
	readPage,
	requireRef,
	searchMatch,
} from '../kit';
import type { Problems } from '../errors';
import { joinKey, type Rec } from '../store';

export function customerRoutes(sim: Sim): Record<string, Handler> {
	const t = sim.store.tables;
	const courier = (r: Rec, at: string, p: Problems) => {
		const code = r.default_courier_service_code;
		if (code !== undefined)
			requireRef(
				p,
				t.courier_service,
				code,
				`${at}/default_courier_service_code`,
				`courier service ${code}`,
			);
	};
	return {
		'/customer/add': (body) =>
			bulkUpsert(body.items, { table: t.customer, keyOf: (c) => c.code, check: courier }),
		'/customer/check': (body) =>
			readPage(
				body,
				t.customer,
				(row, f) =>
					keyMatch(row.data.code, f.code, f.codes) &&
					activeMatch(row.data, f.active) &&
					searchMatch(row.data, f.search, ['code', 'name']),
				defaultView,
			),
		'/supply_location/add': (body) =>
			bulkUpsert(body.items, {
				table: t.supply_location,
				keyOf: (l) => joinKey(l.customer_code, l.location_code),
				check: (l, at, p) => {
					requireRef(
						p,
						t.customer,
						l.customer_code,
						`${at}/customer_code`,
						`customer ${l.customer_code}`,
					);
					courier(l, at, p);
				},
			}),
		'/supply_location/check': (body) =>
			readPage(
				body,
				t.supply_location,
				(row, f) =>
					keyMatch(row.data.customer_code, f.customer_code, f.customer_codes) &&
					keyMatch(row.data.location_code, f.location_code, undefined) &&
					activeMatch(row.data, f.active) &&
					(f.country === undefined || row.data.address?.country === f.country) &&
					searchMatch(row.data, f.search, ['location_code', 'name']),
				defaultView,
			),
	};
}
