-- A small ERP, as the examples in examples/erp-database/ read and write it: items, stock by
-- warehouse, customers, sales orders released to the warehouse and marked sent, suppliers,
-- purchase orders, and the shipments and receipts the warehouse reports back. Applied once to a
-- fresh database by dev/n8n-host/lib/erp.mjs; the integration logs in as its own role,
-- wms_integration, with only the rights it needs (at the end of this file).
create schema erp;
set search_path = erp;

create table warehouses (
	code text primary key,
	name text not null
);

create table items (
	sku text primary key,
	description text not null,
	unit_of_measure text not null default 'EA',
	weight_kg numeric(12, 3),
	barcode text,
	category text,
	changed_at timestamptz not null default clock_timestamp()
);

create table stock (
	warehouse_code text not null references warehouses,
	sku text not null references items,
	quantity numeric(14, 3) not null default 0,
	primary key (warehouse_code, sku)
);

create table customers (
	code text primary key,
	name text not null,
	country text
);

-- A sales order goes to the warehouse once released; it is `sent` only when the warehouse
-- confirmed it. While it is released and the warehouse has not taken it, wms_message says why
-- (and the integration holds it until it is retried from the error inbox or changed).
create table sales_orders (
	order_number text primary key,
	customer_code text not null references customers,
	warehouse_code text not null references warehouses,
	order_date date not null default current_date,
	required_date date,
	reference text,
	status text not null default 'draft'
		check (status in ('draft', 'released', 'sent', 'shipped', 'cancelled')),
	wms_message text,
	wms_message_at timestamptz,
	sent_at timestamptz,
	sent_by_execution text,
	changed_at timestamptz not null default clock_timestamp()
);

create table sales_order_lines (
	order_number text not null references sales_orders on delete cascade,
	line_number integer not null,
	sku text not null references items,
	quantity numeric(14, 3) not null check (quantity > 0),
	primary key (order_number, line_number)
);

create table suppliers (
	code text primary key,
	name text not null
);

create table purchase_orders (
	order_number text primary key,
	supplier_code text not null references suppliers,
	warehouse_code text not null references warehouses,
	status text not null default 'open'
		check (status in ('open', 'partially_received', 'received', 'cancelled')),
	changed_at timestamptz not null default clock_timestamp()
);

create table purchase_order_lines (
	order_number text not null references purchase_orders on delete cascade,
	line_number integer not null,
	sku text not null references items,
	quantity numeric(14, 3) not null check (quantity > 0),
	received_quantity numeric(14, 3) not null default 0,
	primary key (order_number, line_number)
);

-- What the warehouse reported back, one row per ERP update: its id is the key, so booking an
-- update a second time (the platform or n8n delivered it again) books nothing more.
create table shipments (
	update_id text primary key,
	shipment_id text not null,
	order_number text not null references sales_orders,
	warehouse_code text not null,
	shipped_at timestamptz,
	tracking_numbers text[],
	booked_at timestamptz not null default clock_timestamp(),
	booked_by_execution text
);

create table shipment_lines (
	update_id text not null references shipments on delete cascade,
	position integer not null,
	line_number integer not null,
	sku text not null references items,
	quantity numeric(14, 3) not null,
	batch text,
	primary key (update_id, position)
);

create table receipts (
	update_id text primary key,
	receipt_id text not null,
	order_number text not null references purchase_orders,
	warehouse_code text not null,
	received_at timestamptz,
	booked_at timestamptz not null default clock_timestamp(),
	booked_by_execution text
);

create table receipt_lines (
	update_id text not null references receipts on delete cascade,
	position integer not null,
	line_number integer not null,
	sku text not null references items,
	quantity numeric(14, 3) not null,
	batch text,
	primary key (update_id, position)
);

-- Items the warehouse refused, for the ERP team to fix (the fix changes the item, so the next
-- incremental run sends it again).
create table wms_refused_items (
	id bigserial primary key,
	sku text,
	message text not null,
	field text,
	refused_at timestamptz not null default clock_timestamp(),
	refused_in_execution text
);

-- Where an incremental read got to: the last change it handed on, as (time, key), so rows
-- changed in the same instant are neither skipped nor read twice.
create table integration_watermarks (
	name text primary key,
	changed_at timestamptz not null,
	last_key text not null default '',
	moved_at timestamptz not null default clock_timestamp()
);

-- Bookings into a warehouse stop while it is blocked (a stocktake): they fail with a message
-- that says to try again, and go through once the block is lifted.
create table booking_blocks (
	warehouse_code text primary key references warehouses,
	reason text not null
);

-- Every change to an item or an order moves its changed_at (what the incremental read and the
-- error inbox's "changed since it failed" look at).
create function touch() returns trigger language plpgsql set search_path = erp as $$
begin
	new.changed_at := clock_timestamp();
	return new;
end $$;
create trigger items_touch before update on items for each row
	when (old.* is distinct from new.*) execute function touch();
create function touch_order() returns trigger language plpgsql set search_path = erp as $$
begin
	update sales_orders set changed_at = clock_timestamp()
		where order_number = coalesce(new.order_number, old.order_number);
	return null;
end $$;
create trigger order_lines_touch after insert or update or delete on sales_order_lines
	for each row execute function touch_order();
-- The integration's own bookkeeping (status, message, sent) is not a change to the order.
create function touch_sales_order() returns trigger language plpgsql set search_path = erp as $$
begin
	if (old.customer_code, old.warehouse_code, old.order_date, old.required_date, old.reference)
		is distinct from (new.customer_code, new.warehouse_code, new.order_date, new.required_date, new.reference)
		or (old.status <> 'released' and new.status = 'released') then
		new.changed_at := clock_timestamp();
	end if;
	return new;
end $$;
create trigger sales_orders_touch before update on sales_orders for each row
	execute function touch_sales_order();

-- Books one ERP update (the trigger's item: id, kind, payload) into the ERP in one transaction:
-- the shipment or receipt with its lines, the order's state, the stock. Idempotent on the update
-- id (booked false: it was booked before). Errors say what is wrong in words a person can act on;
-- a block that lifts by itself says "try again later" and uses SQLSTATE class 55 (object not in
-- prerequisite state).
create function book_update(update_item jsonb, execution text)
returns table (update_id text, kind text, document text, booked boolean)
language plpgsql set search_path = erp as $$
declare
	p jsonb := update_item -> 'payload';
	id text := update_item ->> 'id';
	k text := update_item ->> 'kind';
	wh text := p ->> 'warehouse_code';
	blocked text;
	line jsonb;
	pos integer := 0;
begin
	if id is null or p is null then
		raise exception 'not an ERP update: an item with "id", "kind" and "payload" is needed'
			using errcode = '22023';
	end if;
	select reason into blocked from booking_blocks where warehouse_code = wh;
	if found then
		raise exception 'warehouse % is blocked for bookings (%); try again later', wh, blocked
			using errcode = '55000';
	end if;
	if k = 'outgoing_consignment' then
		if not exists (select 1 from sales_orders o where o.order_number = p ->> 'order_number') then
			raise exception 'sales order % is not in the ERP (shipment %)',
				p ->> 'order_number', p ->> 'shipment_id' using errcode = '23503';
		end if;
		insert into shipments (update_id, shipment_id, order_number, warehouse_code, shipped_at,
			tracking_numbers, booked_by_execution)
		values (id, p ->> 'shipment_id', p ->> 'order_number', wh, (p ->> 'shipped_at')::timestamptz,
			array(select jsonb_array_elements_text(coalesce(p -> 'tracking_numbers', '[]'))), execution)
		on conflict on constraint shipments_pkey do nothing;
		if not found then
			return query select id, k, p ->> 'shipment_id', false;
			return;
		end if;
		for line in select * from jsonb_array_elements(p -> 'lines') loop
			pos := pos + 1;
			insert into shipment_lines values (id, pos, (line ->> 'line_number')::integer,
				line ->> 'sku', (line ->> 'quantity')::numeric, line ->> 'batch');
			insert into stock (warehouse_code, sku, quantity)
				values (wh, line ->> 'sku', -(line ->> 'quantity')::numeric)
				on conflict on constraint stock_pkey
				do update set quantity = stock.quantity + excluded.quantity;
		end loop;
		update sales_orders set status = 'shipped' where order_number = p ->> 'order_number';
		return query select id, k, p ->> 'shipment_id', true;
	elsif k = 'incoming_consignment' then
		if not exists (select 1 from purchase_orders o where o.order_number = p ->> 'order_number') then
			raise exception 'purchase order % is not in the ERP (receipt %)',
				p ->> 'order_number', p ->> 'receipt_id' using errcode = '23503';
		end if;
		insert into receipts (update_id, receipt_id, order_number, warehouse_code, received_at,
			booked_by_execution)
		values (id, p ->> 'receipt_id', p ->> 'order_number', wh, (p ->> 'received_at')::timestamptz,
			execution)
		on conflict on constraint receipts_pkey do nothing;
		if not found then
			return query select id, k, p ->> 'receipt_id', false;
			return;
		end if;
		for line in select * from jsonb_array_elements(p -> 'lines') loop
			pos := pos + 1;
			insert into receipt_lines values (id, pos, (line ->> 'line_number')::integer,
				line ->> 'sku', (line ->> 'quantity')::numeric, line ->> 'batch');
			update purchase_order_lines l
				set received_quantity = l.received_quantity + (line ->> 'quantity')::numeric
				where l.order_number = p ->> 'order_number'
					and l.line_number = (line ->> 'line_number')::integer;
			insert into stock (warehouse_code, sku, quantity)
				values (wh, line ->> 'sku', (line ->> 'quantity')::numeric)
				on conflict on constraint stock_pkey
				do update set quantity = stock.quantity + excluded.quantity;
		end loop;
		update purchase_orders o set status = case
				when (select bool_and(l.received_quantity >= l.quantity) from purchase_order_lines l
					where l.order_number = o.order_number) then 'received'
				else 'partially_received' end
			where o.order_number = p ->> 'order_number';
		return query select id, k, p ->> 'receipt_id', true;
	else
		raise exception 'this ERP books shipments and receipts, not %', coalesce(k, 'updates without a kind')
			using errcode = '22023';
	end if;
end $$;

-- book_update, with a database error answered as a row (error_code: its SQLSTATE,
-- error_message: the database's words) and everything it did undone: n8n's Postgres node keeps
-- neither the words nor the code of an error in its error output items.
create function book_warehouse_update(update_item jsonb, execution text default null)
returns table (update_id text, kind text, document text, booked boolean, error_code text,
	error_message text)
language plpgsql set search_path = erp as $$
begin
	return query select b.*, null::text, null::text from book_update(update_item, execution) b;
exception when others then
	return query select update_item ->> 'id', update_item ->> 'kind', null::text, false, sqlstate,
		sqlerrm;
end $$;

-- The integration's own login: it reads and writes what the examples need, nothing more.
grant usage on schema erp to wms_integration;
grant select on all tables in schema erp to wms_integration;
grant update (status, wms_message, wms_message_at, sent_at, sent_by_execution) on sales_orders
	to wms_integration;
grant insert on shipments, shipment_lines, receipts, receipt_lines, wms_refused_items
	to wms_integration;
grant update on purchase_order_lines, purchase_orders, integration_watermarks to wms_integration;
grant update (status) on sales_orders to wms_integration;
grant insert, update on stock to wms_integration;
grant usage on all sequences in schema erp to wms_integration;
grant execute on all functions in schema erp to wms_integration;
