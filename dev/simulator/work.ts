/** Warehouse work: what the platform does on its own (ship, receive, move), creating ERP updates. */
import { ApiError, notFound } from './errors';
import type { ErpUpdateKind, Sim } from './kit';
import { MACHINES, canMove, isMachine, stateError, type MachineKind } from './machines';
import { round } from './stock';
import type { Kind, Rec, Row } from './store';

export interface ReceiptLine {
	line_number: number;
	quantity: number;
	batch?: string;
	expiry_date?: string;
	bin_code?: string;
}

export interface MoveRequest {
	warehouse_code?: string;
	sku?: string;
	quantity?: number;
	batch?: string;
	from_bin_code?: string;
	to_bin_code?: string;
	reason?: 'replenishment' | 'relocation' | 'adjustment';
}

export interface WorkResult {
	key: string;
	status: string;
	erp_update_id?: string;
}

export class Work {
	private ticks = 0;

	constructor(private readonly sim: Sim) {}

	private row(kind: Kind, key: string): Row {
		const row = this.sim.store.table(kind).get(key);
		if (!row)
			throw notFound(`${isMachine(kind) ? MACHINES[kind].label : kind} ${key} does not exist`);
		return row;
	}

	/** Moves a record's status one step, or answers the 409 naming its state. */
	private step(kind: MachineKind, row: Row, to: string): void {
		const from: string = row.state.status;
		if (!canMove(kind, from, to)) throw stateError(kind, row.key, from, `move to ${to}`);
		row.state.status = to;
		row.state.status_changed_at = this.sim.iso();
		this.sim.store.table(kind).touch(row);
	}

	transition(kind: Kind, key: string, to: string): WorkResult {
		if (!isMachine(kind))
			throw new ApiError(
				422,
				'validation_failed',
				`${kind} has no states; stateful kinds: ${Object.keys(MACHINES).join(', ')}`,
			);
		const row = this.row(kind, key);
		if (kind === 'sales_order' && to === 'shipped') {
			if (row.state.status !== 'picking')
				throw stateError(kind, key, row.state.status, 'move to shipped');
			return this.shipSalesOrder(key);
		}
		if (kind === 'purchase_order' && (to === 'received' || to === 'partially_received')) {
			if (!canMove(kind, row.state.status, to))
				throw stateError(kind, key, row.state.status, `move to ${to}`);
			const lines =
				to === 'received'
					? undefined
					: this.outstanding(row).map((l) => ({
							line_number: l.line_number,
							quantity: round(l.open / 2),
						}));
			return this.receivePurchaseOrder(key, lines);
		}
		this.step(kind, row, to);
		if (kind === 'production_order' && to === 'completed') this.completeProduction(row);
		return { key, status: row.state.status };
	}

	shipSalesOrder(orderNumber: string): WorkResult {
		const row = this.row('sales_order', orderNumber);
		const status: string = row.state.status;
		if (!['open', 'allocated', 'picking'].includes(status))
			throw stateError('sales_order', orderNumber, status, 'ship');
		for (const next of ['allocated', 'picking', 'shipped']) {
			if (row.state.status !== next) {
				if (canMove('sales_order', row.state.status, next)) this.step('sales_order', row, next);
			}
		}
		const o = row.data;
		const lines: Rec[] = [];
		for (const line of o.lines as Rec[]) {
			for (const taken of this.sim.stock.take(
				o.warehouse_code,
				line.sku,
				line.batch,
				line.quantity,
			)) {
				lines.push(
					clean({
						line_number: line.line_number,
						sku: line.sku,
						quantity: taken.quantity,
						batch: taken.batch || undefined,
						from_bin_code: taken.bin_code || undefined,
					}),
				);
			}
			row.state.shipped[line.line_number] = line.quantity;
		}
		const courier = this.courierFor(o.courier_service_code);
		const trackingNumber = this.sim.nextId('TRK').replace('-', '');
		const shipment = clean({
			shipment_id: this.sim.nextId('SHP'),
			shipped_at: this.sim.iso(),
			courier_service_code: courier?.code,
			tracking_numbers: [trackingNumber],
			tracking_url: courier?.tracking_url_template?.replace('{tracking_number}', trackingNumber),
		});
		row.state.shipments.push(shipment);
		const id = this.sim.createErpUpdate(
			'outgoing_consignment',
			clean({
				...shipment,
				order_number: o.order_number,
				customer_code: o.customer_code,
				supply_location_code: o.supply_location_code,
				warehouse_code: o.warehouse_code,
				carrier: courier?.carrier,
				reference: o.reference,
				lines,
			}),
		);
		return { key: orderNumber, status: row.state.status, erp_update_id: id };
	}

	private outstanding(row: Row): (Rec & { open: number })[] {
		return (row.data.lines as Rec[])
			.map((l) => ({ ...l, open: round(l.quantity - (row.state.received[l.line_number] ?? 0)) }))
			.filter((l) => l.open > 0);
	}

	receivePurchaseOrder(orderNumber: string, lines?: ReceiptLine[]): WorkResult {
		const row = this.row('purchase_order', orderNumber);
		const status: string = row.state.status;
		if (status !== 'open' && status !== 'partially_received')
			throw stateError('purchase_order', orderNumber, status, 'receive');
		const open = this.outstanding(row);
		const wanted: ReceiptLine[] =
			lines ?? open.map((l) => ({ line_number: l.line_number, quantity: l.open }));
		const o = row.data;
		const received: Rec[] = [];
		for (const w of wanted) {
			const line = open.find((l) => l.line_number === w.line_number);
			if (!line)
				throw new ApiError(
					422,
					'validation_failed',
					`purchase order ${orderNumber} has no open line ${w.line_number}`,
				);
			if (!(w.quantity > 0) || w.quantity > line.open) {
				throw new ApiError(
					422,
					'validation_failed',
					`line ${w.line_number}: quantity must be > 0 and at most the open ${line.open}`,
				);
			}
			const bin = w.bin_code ?? this.defaultBin(o.warehouse_code, line.sku);
			this.sim.stock.add(o.warehouse_code, line.sku, w.batch, bin, w.quantity);
			row.state.received[w.line_number] = round(
				(row.state.received[w.line_number] ?? 0) + w.quantity,
			);
			received.push(
				clean({
					line_number: w.line_number,
					sku: line.sku,
					quantity: w.quantity,
					batch: w.batch,
					expiry_date: w.expiry_date,
					bin_code: bin,
				}),
			);
		}
		const done = this.outstanding(row).length === 0;
		this.step('purchase_order', row, done ? 'received' : 'partially_received');
		const receipt = {
			receipt_id: this.sim.nextId('RCP'),
			received_at: this.sim.iso(),
			lines: received,
		};
		row.state.receipts.push(receipt);
		const id = this.sim.createErpUpdate(
			'incoming_consignment',
			clean({
				...receipt,
				order_number: o.order_number,
				supplier_code: o.supplier_code,
				warehouse_code: o.warehouse_code,
				reference: o.reference,
			}),
		);
		return { key: orderNumber, status: row.state.status, erp_update_id: id };
	}

	moveStock(move: MoveRequest = {}): WorkResult {
		const pick = this.sim.stock
			.all({ warehouse: move.warehouse_code, sku: move.sku })
			.find(
				(l) =>
					l.quantity > 0 &&
					(move.batch === undefined || l.batch === move.batch) &&
					(move.from_bin_code === undefined || l.bin_code === move.from_bin_code),
			);
		if (!pick) throw new ApiError(422, 'validation_failed', 'no stock to move matches the request');
		const quantity = move.quantity ?? Math.max(1, Math.floor(pick.quantity / 2));
		if (quantity > pick.quantity)
			throw new ApiError(
				422,
				'validation_failed',
				`only ${pick.quantity} on hand in the source bin`,
			);
		const to = move.to_bin_code ?? this.otherBin(pick.warehouse_code, pick.bin_code);
		this.sim.stock.add(pick.warehouse_code, pick.sku, pick.batch, pick.bin_code, -quantity);
		this.sim.stock.add(pick.warehouse_code, pick.sku, pick.batch, to, quantity);
		const moveId = this.sim.nextId('MOV');
		const id = this.sim.createErpUpdate('move_attempt', {
			move_id: moveId,
			warehouse_code: pick.warehouse_code,
			moved_at: this.sim.iso(),
			reason: move.reason ?? 'relocation',
			lines: [
				clean({
					sku: pick.sku,
					batch: pick.batch || undefined,
					quantity,
					from_bin_code: pick.bin_code || undefined,
					to_bin_code: to || undefined,
				}),
			],
		});
		return { key: moveId, status: 'moved', erp_update_id: id };
	}

	/** Puts stock on hand without an ERP update (demo data and tests). */
	seedStock(
		warehouse: string,
		sku: string,
		batch: string | undefined,
		bin: string | undefined,
		quantity: number,
	): void {
		this.sim.stock.add(warehouse, sku, batch, bin, quantity);
	}

	createUpdate(kind: ErpUpdateKind, payload: Rec): string {
		const id = this.sim.nextId('UPD');
		this.sim.store
			.table('erp_update')
			.upsert(id, { id, kind, payload }, () => ({ status: 'pending' }));
		return id;
	}

	createPendingUpdates(kind: ErpUpdateKind, n: number): string[] {
		const ids: string[] = [];
		for (let i = 0; i < n; i++) ids.push(this.createUpdate(kind, samplePayload(kind, this.sim, i)));
		return ids;
	}

	tick(): { shipped: string[]; received: string[]; moved: string[] } {
		this.ticks++;
		const out = { shipped: [] as string[], received: [] as string[], moved: [] as string[] };
		for (const row of this.sim.store.tables.sales_order.order) {
			if (['open', 'allocated', 'picking'].includes(row.state.status) && this.inStock(row))
				out.shipped.push(this.shipSalesOrder(row.key).key);
		}
		for (const row of this.sim.store.tables.purchase_order.order) {
			if (['open', 'partially_received'].includes(row.state.status))
				out.received.push(this.receivePurchaseOrder(row.key).key);
		}
		if (this.ticks % 3 === 0 && this.sim.stock.all().some((l) => l.quantity > 1))
			out.moved.push(this.moveStock({}).key);
		return out;
	}

	/** Automatic work ships only what the shelves hold (an explicit ship may take stock below zero). */
	private inStock(row: Row): boolean {
		const o = row.data;
		return (o.lines as Rec[]).every(
			(l) => this.sim.stock.get(o.warehouse_code, l.sku, l.batch) >= l.quantity,
		);
	}

	private completeProduction(row: Row): void {
		const o = row.data;
		for (const c of (o.components ?? []) as Rec[])
			this.sim.stock.take(o.warehouse_code, c.sku, c.batch, c.quantity);
		this.sim.stock.add(
			o.warehouse_code,
			o.output_sku,
			o.output_batch,
			undefined,
			o.output_quantity,
		);
		row.state.quantity_produced = o.output_quantity;
	}

	private courierFor(code: string | undefined): Rec | undefined {
		const t = this.sim.store.tables.courier_service;
		const row = code ? t.get(code) : t.order[0];
		return row?.data;
	}

	private defaultBin(warehouse: string, sku: string): string | undefined {
		return this.sim.store.tables.warehouse_info.get(`${sku}|${warehouse}`)?.data.default_bin_code;
	}

	private otherBin(warehouse: string, current: string): string {
		for (const row of this.sim.store.tables.bin.order) {
			if (row.data.warehouse_code === warehouse && row.data.bin_code !== current)
				return row.data.bin_code;
		}
		return current === 'STAGING' ? 'OVERFLOW' : 'STAGING';
	}
}

/** Drops undefined fields so payloads carry only what is known. */
export function clean<T extends Rec>(obj: T): T {
	for (const k of Object.keys(obj)) if (obj[k] === undefined) delete obj[k];
	return obj;
}

function samplePayload(kind: ErpUpdateKind, sim: Sim, i: number): Rec {
	const at = sim.iso();
	const sku =
		sim.store.tables.inventory_item.order[i % Math.max(1, sim.store.tables.inventory_item.size)]
			?.key ?? `SKU-${1000 + i}`;
	const wh = sim.store.tables.warehouse.order[0]?.key ?? 'WH1';
	if (kind === 'outgoing_consignment') {
		const t = `TRK${700000000 + i}`;
		return {
			shipment_id: sim.nextId('SHP'),
			order_number: `SO-SAMPLE-${i + 1}`,
			customer_code: 'CUST-1',
			warehouse_code: wh,
			shipped_at: at,
			tracking_numbers: [t],
			lines: [{ line_number: 1, sku, quantity: 1 }],
		};
	}
	if (kind === 'incoming_consignment') {
		return {
			receipt_id: sim.nextId('RCP'),
			order_number: `PO-SAMPLE-${i + 1}`,
			supplier_code: 'SUP-1',
			warehouse_code: wh,
			received_at: at,
			lines: [{ line_number: 1, sku, quantity: 5 }],
		};
	}
	return {
		move_id: sim.nextId('MOV'),
		warehouse_code: wh,
		moved_at: at,
		reason: 'relocation',
		lines: [{ sku, quantity: 1, from_bin_code: 'A-01-01', to_bin_code: 'A-01-02' }],
	};
}
