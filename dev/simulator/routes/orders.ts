/** Sales, purchase and production orders: one upsert-with-states pattern, three sets of references. */
import type { Handler, Sim } from '../kit';
import { bulkUpsert, keyMatch, readPage, requireRef, uniqueLineNumbers } from '../kit';
import type { Problems } from '../errors';
import { MACHINES, stateMessage } from '../machines';
import { sameContent, type Rec, type Row, type Table } from '../store';

type OrderKind = 'sales_order' | 'purchase_order' | 'production_order';

interface OrderSpec {
	kind: OrderKind;
	/** States in which the ERP may change the order by re-sending it. */
	editable: string[];
	/** States from which `cancel: true` cancels it. */
	cancellable: string[];
	references(o: Rec, at: string, p: Problems): void;
	initialState(): Rec;
	view(row: Row): Rec;
	match(row: Row, f: Rec): boolean;
}

function orderHandlers(sim: Sim, spec: OrderSpec): { add: Handler; check: Handler } {
	const table: Table = sim.store.table(spec.kind);
	const label = MACHINES[spec.kind].label;
	sim.views[spec.kind] = spec.view;
	const add: Handler = (body) =>
		bulkUpsert(body.items, {
			table,
			keyOf: (o) => o.order_number,
			check: (o, at, p, existing) => {
				spec.references(o, at, p);
				const key = o.order_number;
				if (o.cancel === true) {
					if (!existing)
						p.missing(`${at}/order_number`, `${label} ${key} does not exist; cannot cancel`);
					else if (
						existing.state.status !== 'cancelled' &&
						!spec.cancellable.includes(existing.state.status)
					) {
						p.conflict(
							`${at}/cancel`,
							stateMessage(spec.kind, key, existing.state.status, 'cancel'),
						);
					}
					return;
				}
				if (!existing || spec.editable.includes(existing.state.status)) return;
				const data = Object.fromEntries(Object.entries(o).filter(([field]) => field !== 'cancel'));
				// Re-sending the very same order is a harmless retry in any state.
				if (!sameContent(data, existing.data))
					p.conflict(
						`${at}/order_number`,
						stateMessage(spec.kind, key, existing.state.status, 'update'),
					);
			},
			apply: (o, key) => {
				const { cancel, ...data } = o;
				if (cancel === true) {
					const row = table.get(key)!;
					if (row.state.status === 'cancelled') return 'unchanged';
					row.state.status = 'cancelled';
					row.state.status_changed_at = sim.iso();
					table.touch(row);
					return 'updated';
				}
				return table.upsert(key, data, () => ({
					...spec.initialState(),
					status_changed_at: sim.iso(),
				})).status;
			},
		});
	const check: Handler = (body) =>
		readPage(
			body,
			table,
			(row, f) =>
				keyMatch(row.key, f.order_number, f.order_numbers) &&
				keyMatch(row.state.status, f.status, f.statuses) &&
				keyMatch(row.data.warehouse_code, f.warehouse_code, undefined) &&
				spec.match(row, f),
			spec.view,
		);
	return { add, check };
}

const base = (row: Row): Rec => ({
	status: row.state.status,
	status_changed_at: row.state.status_changed_at,
});
const stamps = (row: Row): Rec => ({ created_at: row.createdAt, updated_at: row.updatedAt });

export function orderRoutes(sim: Sim): Record<string, Handler> {
	const t = sim.store.tables;
	const skus = (lines: Rec[], at: string, p: Problems, batchCheck = false) => {
		uniqueLineNumbers(lines, at, p);
		lines.forEach((l, i) => {
			const item = t.inventory_item.get(l.sku);
			if (!item) p.missing(`${at}/${i}/sku`, `inventory item ${l.sku} does not exist`);
			else if (batchCheck && l.batch !== undefined && !item.data.batch_tracked) {
				p.invalid(`${at}/${i}/batch`, `inventory item ${l.sku} is not batch tracked; remove batch`);
			}
		});
	};
	const warehouse = (o: Rec, at: string, p: Problems) =>
		requireRef(
			p,
			t.warehouse,
			o.warehouse_code,
			`${at}/warehouse_code`,
			`warehouse ${o.warehouse_code}`,
		);
	const notBefore = (o: Rec, at: string, p: Problems, early: string, late: string) => {
		if (o[early] !== undefined && o[late] !== undefined && o[late] < o[early])
			p.invalid(`${at}/${late}`, `${late} ${o[late]} is before ${early} ${o[early]}`);
	};

	const sales = orderHandlers(sim, {
		kind: 'sales_order',
		editable: ['open'],
		cancellable: ['open', 'allocated'],
		initialState: () => ({ status: 'open', shipped: {}, shipments: [] }),
		references: (o, at, p) => {
			if (
				requireRef(
					p,
					t.customer,
					o.customer_code,
					`${at}/customer_code`,
					`customer ${o.customer_code}`,
				) &&
				o.supply_location_code !== undefined
			) {
				requireRef(
					p,
					t.supply_location,
					`${o.customer_code}|${o.supply_location_code}`,
					`${at}/supply_location_code`,
					`supply location ${o.supply_location_code} of customer ${o.customer_code}`,
				);
			}
			warehouse(o, at, p);
			if (o.courier_service_code !== undefined) {
				requireRef(
					p,
					t.courier_service,
					o.courier_service_code,
					`${at}/courier_service_code`,
					`courier service ${o.courier_service_code}`,
				);
			}
			notBefore(o, at, p, 'order_date', 'required_date');
			skus(o.lines, `${at}/lines`, p, true);
		},
		view: (row) => ({
			...row.data,
			lines: row.data.lines.map((l: Rec) => ({
				...l,
				quantity_shipped: row.state.shipped[l.line_number] ?? 0,
			})),
			...base(row),
			shipments: row.state.shipments,
			...stamps(row),
		}),
		match: (row, f) =>
			keyMatch(row.data.customer_code, f.customer_code, undefined) &&
			keyMatch(row.data.reference, f.reference, undefined),
	});

	const purchase = orderHandlers(sim, {
		kind: 'purchase_order',
		editable: ['open'],
		cancellable: ['open'],
		initialState: () => ({ status: 'open', received: {}, receipts: [] }),
		references: (o, at, p) => {
			requireRef(
				p,
				t.supplier,
				o.supplier_code,
				`${at}/supplier_code`,
				`supplier ${o.supplier_code}`,
			);
			warehouse(o, at, p);
			notBefore(o, at, p, 'order_date', 'expected_date');
			skus(o.lines, `${at}/lines`, p);
		},
		view: (row) => ({
			...row.data,
			lines: row.data.lines.map((l: Rec) => ({
				...l,
				quantity_received: row.state.received[l.line_number] ?? 0,
			})),
			...base(row),
			receipts: row.state.receipts,
			...stamps(row),
		}),
		match: (row, f) => keyMatch(row.data.supplier_code, f.supplier_code, undefined),
	});

	const production = orderHandlers(sim, {
		kind: 'production_order',
		editable: ['planned'],
		cancellable: ['planned', 'released'],
		initialState: () => ({ status: 'planned', quantity_produced: 0 }),
		references: (o, at, p) => {
			warehouse(o, at, p);
			requireRef(
				p,
				t.inventory_item,
				o.output_sku,
				`${at}/output_sku`,
				`inventory item ${o.output_sku}`,
			);
			notBefore(o, at, p, 'start_date', 'due_date');
			skus(o.components, `${at}/components`, p);
		},
		view: (row) => ({
			...row.data,
			...base(row),
			quantity_produced: row.state.quantity_produced,
			...stamps(row),
		}),
		match: (row, f) => keyMatch(row.data.output_sku, f.output_sku, undefined),
	});

	return {
		'/sales_order/add': sales.add,
		'/sales_order/check': sales.check,
		'/purchase_order/add': purchase.add,
		'/purchase_order/check': purchase.check,
		'/production_order/add': production.add,
		'/production_order/check': production.check,
	};
}
