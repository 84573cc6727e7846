import type { Handler, Sim } from '../kit';
import { activeMatch, bulkUpsert, defaultView, keyMatch, readPage, searchMatch } from '../kit';

export function supplierRoutes(sim: Sim): Record<string, Handler> {
	const table = sim.store.table('supplier');
	return {
		'/supplier/add': (body) => bulkUpsert(body.items, { table, keyOf: (s) => s.code }),
		'/supplier/check': (body) =>
			readPage(
				body,
				table,
				(row, f) =>
					keyMatch(row.data.code, f.code, f.codes) &&
					activeMatch(row.data, f.active) &&
					searchMatch(row.data, f.search, ['code', 'name']),
				defaultView,
			),
	};
}
