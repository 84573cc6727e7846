/** Warehouse structure: warehouse → area → zone → bin, each checked against its parent. */
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
import { joinKey, type Rec, type Row } from '../store';

export function warehouseRoutes(sim: Sim): Record<string, Handler> {
	const t = sim.store.tables;

	const structure = (warehouse: string): Rec[] => {
		const areas = new Map<string, Rec>();
		for (const a of t.area.order) {
			if (a.data.warehouse_code !== warehouse) continue;
			areas.set(a.data.area_code, {
				area_code: a.data.area_code,
				name: a.data.name,
				area_type: a.data.area_type,
				zones: [],
			});
		}
		const zones = new Map<string, Rec>();
		for (const z of t.zone.order) {
			if (z.data.warehouse_code !== warehouse) continue;
			const node = {
				zone_code: z.data.zone_code,
				name: z.data.name,
				temperature_controlled: z.data.temperature_controlled,
				bins: [] as Rec[],
			};
			zones.set(z.data.zone_code, node);
			areas.get(z.data.area_code)?.zones.push(node);
		}
		for (const b of t.bin.order) {
			if (b.data.warehouse_code !== warehouse) continue;
			const bin = Object.fromEntries(
				Object.entries(b.data).filter(
					([field]) => field !== 'warehouse_code' && field !== 'zone_code',
				),
			);
			zones.get(b.data.zone_code)?.bins.push(bin);
		}
		return [...areas.values()];
	};
	const view = (row: Row, withStructure = true): Rec => {
		const v: Rec = { ...row.data };
		if (withStructure) v.areas = structure(row.key);
		v.created_at = row.createdAt;
		v.updated_at = row.updatedAt;
		return v;
	};
	sim.views.warehouse = (row) => view(row);

	/** The parent chain must exist: a missing warehouse is named before a missing area or zone. */
	const warehouseOf = (r: Rec, at: string, p: Problems): boolean =>
		requireRef(
			p,
			t.warehouse,
			r.warehouse_code,
			`${at}/warehouse_code`,
			`warehouse ${r.warehouse_code}`,
		);

	return {
		'/warehouse/add': (body) =>
			bulkUpsert(body.items, { table: t.warehouse, keyOf: (w) => w.code }),
		'/warehouse/check': (body) =>
			readPage(
				body,
				t.warehouse,
				(row, f) =>
					keyMatch(row.data.code, f.code, f.codes) &&
					activeMatch(row.data, f.active) &&
					searchMatch(row.data, f.search, ['code', 'name']),
				(row) => view(row, body.filter?.include_structure ?? true),
			),
		'/area/add': (body) =>
			bulkUpsert(body.items, {
				table: t.area,
				keyOf: (a) => joinKey(a.warehouse_code, a.area_code),
				check: (a, at, p) => void warehouseOf(a, at, p),
			}),
		'/zone/add': (body) =>
			bulkUpsert(body.items, {
				table: t.zone,
				keyOf: (z) => joinKey(z.warehouse_code, z.zone_code),
				check: (z, at, p) => {
					if (!warehouseOf(z, at, p)) return;
					requireRef(
						p,
						t.area,
						joinKey(z.warehouse_code, z.area_code),
						`${at}/area_code`,
						`area ${z.area_code} in warehouse ${z.warehouse_code}`,
					);
				},
			}),
		'/bin/check': (body) =>
			readPage(
				body,
				t.bin,
				(row, f) =>
					keyMatch(row.data.warehouse_code, f.warehouse_code, undefined) &&
					keyMatch(row.data.zone_code, f.zone_code, undefined) &&
					activeMatch(row.data, f.active) &&
					searchMatch(row.data, f.search, ['bin_code']),
				defaultView,
			),
		'/bin/add': (body) =>
			bulkUpsert(body.items, {
				table: t.bin,
				keyOf: (b) => joinKey(b.warehouse_code, b.bin_code),
				check: (b, at, p) => {
					if (!warehouseOf(b, at, p)) return;
					requireRef(
						p,
						t.zone,
						joinKey(b.warehouse_code, b.zone_code),
						`${at}/zone_code`,
						`zone ${b.zone_code} in warehouse ${b.warehouse_code}`,
					);
				},
			}),
	};
}
