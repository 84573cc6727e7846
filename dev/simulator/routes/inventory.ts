/** Inventory items and their per-warehouse settings: stocking factors, warehouse info, dangerous goods. */
import type { Handler, Sim } from '../kit';
import { activeMatch, bulkUpsert, keyMatch, readPage, requireRef } from '../kit';
import { joinKey, type Rec, type Row } from '../store';

export function inventoryRoutes(sim: Sim): Record<string, Handler> {
	const t = sim.store.tables;
	const items = t.inventory_item;
	const stamp = (row: Row) => ({
		...row.data,
		created_at: row.createdAt,
		updated_at: row.updatedAt,
	});

	/** The item as /inventory/check shows it, optionally limited to one warehouse. */
	const itemView = (row: Row, warehouse?: string): Rec => {
		const sku = row.key;
		const onHand = sim.stock.onHand(sku, warehouse);
		const perWarehouse = (table: typeof t.stocking_factor) => {
			const out: Rec[] = [];
			for (const wh of warehouse === undefined
				? t.warehouse.order.map((w) => w.key)
				: [warehouse]) {
				const r = table.get(joinKey(sku, wh));
				if (r) out.push(stamp(r));
			}
			return out;
		};
		const dg = t.item_dangerous_goods.get(sku);
		const view: Rec = {
			...row.data,
			on_hand: onHand,
			total_on_hand: onHand.reduce((s, w) => s + w.quantity, 0),
			stocking_factors: perWarehouse(t.stocking_factor),
			warehouse_info: perWarehouse(t.warehouse_info),
		};
		if (dg) view.dangerous_goods = stamp(dg);
		view.created_at = row.createdAt;
		view.updated_at = row.updatedAt;
		return view;
	};
	sim.views.inventory_item = (row) => itemView(row);

	const itemAndWarehouse = (item: Rec, at: string, p: Parameters<typeof requireRef>[0]) => {
		requireRef(p, items, item.sku, `${at}/sku`, `inventory item ${item.sku}`);
		requireRef(
			p,
			t.warehouse,
			item.warehouse_code,
			`${at}/warehouse_code`,
			`warehouse ${item.warehouse_code}`,
		);
	};

	return {
		'/inventory/add': (body) => bulkUpsert(body.items, { table: items, keyOf: (i) => i.sku }),

		'/inventory/check': (body) => {
			const wh: string | undefined = body.filter?.warehouse_code;
			return readPage(
				body,
				items,
				(row, f) => {
					const d = row.data;
					if (!keyMatch(d.sku, f.sku, f.skus) || !activeMatch(d, f.active)) return false;
					if (f.barcode !== undefined && !(d.barcodes ?? []).includes(f.barcode)) return false;
					if (f.category !== undefined && d.category !== f.category) return false;
					if (f.in_stock !== undefined) {
						const qty =
							wh === undefined
								? sim.stock.onHand(row.key).reduce((s, w) => s + w.quantity, 0)
								: sim.stock.get(wh, row.key);
						if (qty > 0 !== f.in_stock) return false;
					}
					return true;
				},
				(row) => itemView(row, wh),
			);
		},

		'/inventory_stocking_factor/add': (body) =>
			bulkUpsert(body.items, {
				table: t.stocking_factor,
				keyOf: (i) => joinKey(i.sku, i.warehouse_code),
				check: (i, at, p) => {
					itemAndWarehouse(i, at, p);
					if (i.min_quantity > i.max_quantity) {
						p.invalid(
							`${at}/min_quantity`,
							`min_quantity ${i.min_quantity} is greater than max_quantity ${i.max_quantity}`,
						);
					}
				},
			}),

		'/inventory_warehouse_info/add': (body) =>
			bulkUpsert(body.items, {
				table: t.warehouse_info,
				keyOf: (i) => joinKey(i.sku, i.warehouse_code),
				check: (i, at, p) => {
					itemAndWarehouse(i, at, p);
					for (const field of ['default_bin_code', 'pick_face_bin_code']) {
						const bin = i[field];
						if (bin !== undefined && t.warehouse.has(i.warehouse_code)) {
							requireRef(
								p,
								t.bin,
								joinKey(i.warehouse_code, bin),
								`${at}/${field}`,
								`bin ${bin} in warehouse ${i.warehouse_code}`,
							);
						}
					}
				},
			}),

		'/inventory_dangerous_goods/add': (body) =>
			bulkUpsert(body.items, {
				table: t.item_dangerous_goods,
				keyOf: (i) => i.sku,
				check: (i, at, p) => {
					requireRef(p, items, i.sku, `${at}/sku`, `inventory item ${i.sku}`);
					const lookup = t.dangerous_goods_lookup.get(i.un_number)?.data;
					if (!lookup) {
						p.missing(`${at}/un_number`, `dangerous goods lookup UN${i.un_number} does not exist`);
						return;
					}
					if (i.hazard_class !== undefined && i.hazard_class !== lookup.hazard_class) {
						p.invalid(
							`${at}/hazard_class`,
							`hazard_class ${i.hazard_class} does not match UN${i.un_number}'s class ${lookup.hazard_class}`,
						);
					}
					if (
						i.packing_group !== undefined &&
						lookup.packing_group !== undefined &&
						i.packing_group !== lookup.packing_group
					) {
						p.invalid(
							`${at}/packing_group`,
							`packing_group ${i.packing_group} does not match UN${i.un_number}'s packing group ${lookup.packing_group}`,
						);
					}
				},
			}),
	};
}
