/** ERP updates: retrieval of pending work (oldest first), set_complete and set_error. */
import type { ErpUpdateKind, Handler, Sim } from '../kit';
import { bulkUpsert, keyMatch, readPage } from '../kit';
import { stateMessage } from '../machines';
import type { Rec, Row } from '../store';

export function erpUpdateRoutes(sim: Sim): Record<string, Handler> {
	const table = sim.store.tables.erp_update;
	const view = (row: Row): Rec => {
		const v: Rec = {
			id: row.key,
			kind: row.data.kind,
			status: row.state.status,
			created_at: row.createdAt,
			updated_at: row.updatedAt,
		};
		if (row.state.completed_at) v.completed_at = row.state.completed_at;
		if (row.state.erp_reference) v.erp_reference = row.state.erp_reference;
		if (row.state.error) v.error = row.state.error;
		v.payload = row.data.payload;
		return v;
	};
	sim.views.erp_update = view;

	const retrieve =
		(kind: ErpUpdateKind): Handler =>
		(body) => {
			const f = body.filter ?? {};
			const statuses: string[] = f.statuses ?? [f.status ?? 'pending'];
			const since = f.created_since === undefined ? undefined : Date.parse(f.created_since);
			return readPage(
				body,
				table,
				(row) =>
					row.data.kind === kind &&
					statuses.includes(row.state.status) &&
					keyMatch(row.key, f.id, f.ids) &&
					keyMatch(row.data.payload.order_number, f.order_number, undefined) &&
					keyMatch(row.data.payload.warehouse_code, f.warehouse_code, undefined) &&
					(since === undefined || Date.parse(row.createdAt) >= since),
				view,
			);
		};

	const exists = (
		i: Rec,
		at: string,
		p: import('../errors').Problems,
		existing: Row | undefined,
	): existing is Row => {
		if (!existing) p.unknown(`${at}/id`, `erp update ${i.id} does not exist`);
		return existing !== undefined;
	};

	return {
		'/erp_update/outgoing_consignment': retrieve('outgoing_consignment'),
		'/erp_update/incoming_consignment': retrieve('incoming_consignment'),
		'/erp_update/move_attempt': retrieve('move_attempt'),

		'/erp_update/set_complete': (body) =>
			bulkUpsert(body.items, {
				table,
				keyOf: (i) => i.id,
				check: (i, at, p, existing) => void exists(i, at, p, existing),
				apply: (i, key) => {
					const row = table.get(key)!;
					if (row.state.status === 'complete') return 'unchanged';
					row.state.status = 'complete';
					row.state.completed_at = sim.iso();
					if (i.erp_reference !== undefined) row.state.erp_reference = i.erp_reference;
					table.touch(row);
					return 'updated';
				},
			}),

		'/erp_update/set_error': (body) =>
			bulkUpsert(body.items, {
				table,
				keyOf: (i) => i.id,
				check: (i, at, p, existing) => {
					if (exists(i, at, p, existing) && existing.state.status === 'complete') {
						p.conflict(`${at}/id`, stateMessage('erp_update', i.id, 'complete', 'set error'));
					}
				},
				apply: (i, key) => {
					const row = table.get(key)!;
					const prev = row.state.error;
					if (row.state.status === 'error' && prev?.message === i.message && prev?.code === i.code)
						return 'unchanged';
					row.state.status = 'error';
					row.state.error = {
						message: i.message,
						...(i.code === undefined ? {} : { code: i.code }),
						recorded_at: sim.iso(),
					};
					table.touch(row);
					return 'updated';
				},
			}),
	};
}
