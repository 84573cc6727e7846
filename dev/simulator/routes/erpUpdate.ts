/**
 * ERP updates: retrieval of pending work (oldest first, or as sim.erpUpdateListing says),
 * set_complete and set_error.
 */
import { createHash } from 'node:crypto';

import { ApiError } from '../errors';
import type { ErpUpdateKind, Handler, Sim } from '../kit';
import { bulkUpsert, keyMatch, readPage } from '../kit';
import { stateMessage } from '../machines';
import type { Rec, Row, Table } from '../store';

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
	/** As the retrieval routes list it: without its id when the listing says so. */
	const listed = (row: Row): Rec => {
		const v = view(row);
		if (sim.erpUpdateListing.withoutId.has(row.key)) delete v.id;
		return v;
	};
	const listPage = (
		body: Rec,
		table: Table,
		match: (row: Row, filter: Rec) => boolean,
		rowView: (row: Row) => Rec,
	) => listPageIn(sim, body, table, match, rowView);

	const retrieve =
		(kind: ErpUpdateKind): Handler =>
		(body) => {
			const f = body.filter ?? {};
			const statuses: string[] = f.statuses ?? [f.status ?? 'pending'];
			const since = f.created_since === undefined ? undefined : Date.parse(f.created_since);
			const listing = sim.erpUpdateListing;
			const read =
				listing.order === 'created' && listing.pageSize === undefined ? readPage : listPage;
			return read(
				body,
				table,
				(row) =>
					row.data.kind === kind &&
					statuses.includes(row.state.status) &&
					keyMatch(row.key, f.id, f.ids) &&
					keyMatch(row.data.payload.order_number, f.order_number, undefined) &&
					keyMatch(row.data.payload.warehouse_code, f.warehouse_code, undefined) &&
					(since === undefined || Date.parse(row.createdAt) >= since),
				listed,
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
				check: (i, at, p, existing) => {
					if (exists(i, at, p, existing) && sim.erpUpdateListing.stale.has(existing.key))
						p.conflict(`${at}/id`, `erp update ${i.id} is already complete`);
				},
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

/** Where a row stands in the listing's order: a text that sorts as the listing lists. */
function place(sim: Sim, row: Row): string {
	const seq = String(row.seq).padStart(12, '0');
	if (sim.erpUpdateListing.order === 'newest') return String(1e12 - row.seq).padStart(12, '0');
	if (sim.erpUpdateListing.order === 'scrambled')
		return `${createHash('sha1').update(row.key).digest('hex').slice(0, 8)}${seq}`;
	return seq;
}

/** One page in the listing's order and page size; the cursor names the last place read. */
function listPageIn(
	sim: Sim,
	body: Rec,
	table: Table,
	match: (row: Row, filter: Rec) => boolean,
	view: (row: Row) => Rec,
): Rec {
	const filter: Rec = body.filter ?? {};
	let after = '';
	if (body.cursor !== undefined) {
		const decoded = /^u1:(.+)$/.exec(
			Buffer.from(String(body.cursor), 'base64url').toString('utf8'),
		);
		if (!decoded)
			throw new ApiError(
				422,
				'validation_failed',
				'cursor is not a next_cursor this platform issued',
				[{ path: '/cursor', message: 'unknown cursor' }],
			);
		after = decoded[1];
	}
	const limit = Math.min(Number(body.limit ?? 100), sim.erpUpdateListing.pageSize ?? Infinity);
	const rows = table.order
		.filter((row) => match(row, filter))
		.map((row) => ({ row, at: place(sim, row) }))
		.filter(({ at }) => at > after)
		.sort((a, b) => (a.at < b.at ? -1 : 1));
	const page = rows.slice(0, limit);
	const more = rows.length > limit;
	return {
		items: page.map(({ row }) => view(row)),
		next_cursor: more ? Buffer.from(`u1:${page[page.length - 1].at}`).toString('base64url') : null,
	};
}
