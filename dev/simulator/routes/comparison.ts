/** Inventory reconciliation: a comparison walks open → loading → compared → adjusting → processed → completed. */
import type { Handler, Sim } from '../kit';
import { requireRef } from '../kit';
import { ApiError, Problems, notFound } from '../errors';
import { canMove, stateError } from '../machines';
import { round } from '../stock';
import { sameContent, type Rec, type Row } from '../store';
import { clean } from '../work';

type Status = 'created' | 'updated' | 'unchanged';

const lineKey = (sku: string, batch?: string): string => (batch ? `${sku}|${batch}` : sku);
// Built without the absent batch rather than cleaned: deleting a key slows every later read of 200,000 lines.
const line = (sku: string, batch: string | undefined, quantity: number): Rec =>
	batch ? { sku, batch, quantity } : { sku, quantity };

export function comparisonRoutes(sim: Sim): Record<string, Handler> {
	const table = sim.store.tables.comparison;
	const byReference = new Map<string, string>();

	const view = (row: Row): Rec => {
		const s = row.state;
		return clean({
			...row.data,
			status: s.status,
			created_at: row.createdAt,
			updated_at: row.updatedAt,
			completed_at: s.completed_at,
			erp_lines: Object.values(s.erp),
			platform_lines: Object.values(s.platform),
			items: Object.values(s.items),
			adjustments: Object.values(s.adjustments),
			move_attempts: s.move_attempts,
		});
	};
	sim.views.comparison = view;

	/** The comparison of the body, in one of the allowed states (404 / 409 otherwise). */
	const open = (body: Rec, allowed: string[], action: string): Row => {
		const row = table.get(body.comparison_id);
		if (!row) throw notFound(`comparison ${body.comparison_id} does not exist`);
		if (!allowed.includes(row.state.status))
			throw stateError('comparison', row.key, row.state.status, action, '/comparison_id');
		return row;
	};
	const move = (row: Row, to: string): void => {
		if (row.state.status !== to && canMove('comparison', row.state.status, to))
			row.state.status = to;
		table.touch(row);
	};
	const upsertLine = (map: Rec, key: string, value: Rec): Status => {
		const before = map[key];
		map[key] = value;
		if (!before) return 'created';
		return sameContent(before, value) ? 'unchanged' : 'updated';
	};
	const bulkResult = (keys: string[], statuses: Status[]): Rec => {
		const summary = { created: 0, updated: 0, unchanged: 0 };
		for (const s of statuses) summary[s]++;
		return {
			results: keys.map((key, index) => ({ index, key, status: statuses[index] })),
			summary,
		};
	};

	return {
		'/comparison/add': (body) => {
			const p = new Problems();
			body.items.forEach((c: Rec, i: number) =>
				requireRef(
					p,
					sim.store.tables.warehouse,
					c.warehouse_code,
					`/items/${i}/warehouse_code`,
					`warehouse ${c.warehouse_code}`,
				),
			);
			p.throwIfAny();
			const summary = { created: 0, updated: 0, unchanged: 0 };
			const results = body.items.map((c: Rec, index: number) => {
				const ref = c.reference === undefined ? undefined : `${c.warehouse_code}|${c.reference}`;
				const known = ref === undefined ? undefined : byReference.get(ref);
				let status: Status;
				let id: string;
				if (known) {
					id = known;
					status = table.upsert(known, { ...c, comparison_id: known }).status;
				} else {
					id = sim.nextId('CMP');
					status = table.upsert(id, { comparison_id: id, ...c }, () => ({
						status: 'open',
						erp: {},
						platform: {},
						items: {},
						adjustments: {},
						move_attempts: [],
					})).status;
					if (ref !== undefined) byReference.set(ref, id);
				}
				summary[status]++;
				return { index, key: id, comparison_id: id, status };
			});
			return { results, summary };
		},

		'/comparison_erp_on_hand/add': (body) => {
			const row = open(body, ['open', 'loading'], 'add ERP on-hand lines');
			const p = new Problems();
			body.items.forEach((l: Rec, i: number) => {
				requireRef(
					p,
					sim.store.tables.inventory_item,
					l.sku,
					`/items/${i}/sku`,
					`inventory item ${l.sku}`,
				);
				if (l.warehouse_code !== undefined && l.warehouse_code !== row.data.warehouse_code) {
					p.invalid(
						`/items/${i}/warehouse_code`,
						`comparison ${row.key} is for warehouse ${row.data.warehouse_code}, not ${l.warehouse_code}`,
					);
				}
			});
			p.throwIfAny();
			const keys = body.items.map((l: Rec) => lineKey(l.sku, l.batch));
			const statuses = body.items.map((l: Rec, i: number) =>
				upsertLine(row.state.erp, keys[i], line(l.sku, l.batch, l.quantity)),
			);
			move(row, 'loading');
			return bulkResult(keys, statuses);
		},

		'/comparison_platform_on_hand/set': (body) => {
			const row = open(body, ['open', 'loading', 'compared'], 'set platform on-hand');
			const s = row.state;
			const platform: Rec = {};
			if (body.items) {
				for (const l of body.items)
					platform[lineKey(l.sku, l.batch)] = line(l.sku, l.batch, l.quantity);
			} else {
				for (const l of sim.stock.all({ warehouse: row.data.warehouse_code })) {
					const key = lineKey(l.sku, l.batch);
					platform[key] = line(l.sku, l.batch, round((platform[key]?.quantity ?? 0) + l.quantity));
				}
			}
			s.platform = platform;
			s.items = {};
			for (const key of new Set([...Object.keys(s.erp), ...Object.keys(platform)])) {
				const ref = s.erp[key] ?? platform[key];
				const erpQ = s.erp[key]?.quantity ?? 0;
				const platQ = platform[key]?.quantity ?? 0;
				const difference = round(platQ - erpQ);
				s.items[key] = ref.batch
					? {
							sku: ref.sku,
							batch: ref.batch,
							erp_quantity: erpQ,
							platform_quantity: platQ,
							difference,
							processed: false,
						}
					: {
							sku: ref.sku,
							erp_quantity: erpQ,
							platform_quantity: platQ,
							difference,
							processed: false,
						};
			}
			move(row, 'compared');
			const items = Object.values<Rec>(s.items);
			return {
				comparison_id: row.key,
				status: s.status,
				platform_lines: Object.keys(platform).length,
				items: items.length,
				differences: items.filter((i) => i.difference !== 0).length,
			};
		},

		'/comparison_adjustment_item/add': (body) => {
			const row = open(body, ['compared', 'adjusting'], 'add adjustment items');
			const s = row.state;
			const p = new Problems();
			const keys: string[] = body.items.map((a: Rec) => lineKey(a.sku, a.batch));
			keys.forEach((key, i) => {
				const item = s.items[key];
				if (!item) p.missing(`/items/${i}/sku`, `${key} is not an item of comparison ${row.key}`);
				else if (item.processed)
					p.conflict(
						`/items/${i}/sku`,
						`comparison item ${key} of comparison ${row.key} is processed; cannot adjust`,
					);
			});
			p.throwIfAny();
			const statuses = body.items.map((a: Rec, i: number) =>
				upsertLine(
					s.adjustments,
					keys[i],
					clean({
						sku: a.sku,
						batch: a.batch,
						quantity_delta: a.quantity_delta,
						reason: a.reason,
						processed: false,
					}),
				),
			);
			move(row, 'adjusting');
			return bulkResult(keys, statuses);
		},

		'/comparison_item/process': (body) => {
			const row = open(body, ['compared', 'adjusting', 'processed'], 'process items');
			const s = row.state;
			const wanted: Set<string> | undefined = body.skus ? new Set(body.skus) : undefined;
			if (wanted) {
				const known = new Set(Object.values<Rec>(s.items).map((i) => i.sku));
				const missing = [...wanted].filter((sku) => !known.has(sku));
				if (missing.length > 0) {
					throw new ApiError(
						422,
						'reference_not_found',
						`sku ${missing[0]} is not an item of comparison ${row.key}`,
						missing.map((sku) => ({
							path: `/skus/${body.skus.indexOf(sku)}`,
							message: `sku ${sku} is not an item of comparison ${row.key}`,
						})),
					);
				}
			}
			let processed = 0;
			for (const [key, item] of Object.entries<Rec>(s.items)) {
				if (item.processed || (wanted && !wanted.has(item.sku))) continue;
				const adj = s.adjustments[key];
				if (adj && !adj.processed) {
					if (adj.quantity_delta > 0)
						sim.stock.add(
							row.data.warehouse_code,
							adj.sku,
							adj.batch,
							undefined,
							adj.quantity_delta,
						);
					else sim.stock.take(row.data.warehouse_code, adj.sku, adj.batch, -adj.quantity_delta);
					adj.processed = true;
				}
				item.processed = true;
				processed++;
			}
			const remaining = Object.values<Rec>(s.items).filter((i) => !i.processed).length;
			if (remaining === 0) move(row, 'processed');
			else if (processed > 0) table.touch(row);
			return { comparison_id: row.key, status: s.status, processed, remaining };
		},

		'/comparison_move_attempt/create': (body) => {
			const row = open(body, ['processed'], 'create move attempts');
			const s = row.state;
			const fresh = Object.values<Rec>(s.adjustments).filter(
				(a) => a.processed && !a.erp_update_id,
			);
			if (fresh.length > 0) {
				const id = sim.createErpUpdate('move_attempt', {
					move_id: sim.nextId('MOV'),
					warehouse_code: row.data.warehouse_code,
					moved_at: sim.iso(),
					reason: 'comparison_adjustment',
					comparison_id: row.key,
					lines: fresh.map((a) =>
						clean({
							sku: a.sku,
							batch: a.batch,
							quantity_delta: a.quantity_delta,
							reason: a.reason,
						}),
					),
				});
				for (const a of fresh) a.erp_update_id = id;
				s.move_attempts.push(id);
				table.touch(row);
			}
			return {
				comparison_id: row.key,
				status: s.status,
				created: fresh.length > 0 ? 1 : 0,
				erp_update_ids: [...s.move_attempts],
			};
		},

		'/comparison/complete': (body) => {
			const row = open(body, ['compared', 'processed'], 'complete');
			row.state.status = 'completed';
			row.state.completed_at = sim.iso();
			table.touch(row);
			return { comparison_id: row.key, status: 'completed', completed_at: row.state.completed_at };
		},

		'/comparison/check_status': (body) => {
			const row = table.get(body.comparison_id);
			if (!row) throw notFound(`comparison ${body.comparison_id} does not exist`);
			return view(row);
		},
	};
}
