/** Reference data: courier services and dangerous goods lookups. */
import type { Handler, Sim } from '../kit';
import { activeMatch, bulkUpsert, defaultView, keyMatch, readPage, searchMatch } from '../kit';

export function referenceRoutes(sim: Sim): Record<string, Handler> {
	const t = sim.store.tables;
	return {
		'/courier_service/add': (body) =>
			bulkUpsert(body.items, { table: t.courier_service, keyOf: (c) => c.code }),
		'/courier_service/check': (body) =>
			readPage(
				body,
				t.courier_service,
				(row, f) =>
					keyMatch(row.data.code, f.code, f.codes) &&
					activeMatch(row.data, f.active) &&
					(f.carrier === undefined ||
						String(row.data.carrier).toLowerCase() === String(f.carrier).toLowerCase()) &&
					(f.service_level === undefined || row.data.service_level === f.service_level) &&
					searchMatch(row.data, f.search, ['code', 'name']),
				defaultView,
			),
		'/dangerous_goods_lookup/add': (body) =>
			bulkUpsert(body.items, { table: t.dangerous_goods_lookup, keyOf: (d) => d.un_number }),
		'/dangerous_goods_lookup/check': (body) =>
			readPage(
				body,
				t.dangerous_goods_lookup,
				(row, f) =>
					keyMatch(row.data.un_number, f.un_number, f.un_numbers) &&
					(f.hazard_class === undefined || row.data.hazard_class === f.hazard_class),
				defaultView,
			),
	};
}
