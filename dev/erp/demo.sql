-- Demo data of the ERP: the simulator's warehouses, items, customers and suppliers as the ERP
-- knows them, a few things the warehouse does not know yet, and orders to send.
set search_path = erp;

insert into warehouses values
	('WH1', 'Central Warehouse Hamburg'),
	('WH2', 'Regional Warehouse Lyon');

insert into items (sku, description, unit_of_measure, weight_kg, barcode, category) values
	('BOLT-M8-40', 'Hex bolt M8x40 zinc plated', 'EA', 0.025, '4006381333924', 'fasteners'),
	('NUT-M8', 'Hex nut M8 zinc plated', 'EA', 0.005, null, 'fasteners'),
	('WASHER-M8', 'Washer M8 DIN 125', 'EA', 0.002, null, 'fasteners'),
	('SCREW-WOOD-5X50', 'Wood screw 5x50 Torx', 'EA', null, null, 'fasteners'),
	('DRILL-BIT-6', 'HSS drill bit 6 mm', 'EA', null, null, 'tools'),
	('GLOVE-NITRILE-L', 'Nitrile gloves size L (box of 100)', 'EA', null, null, 'safety'),
	('TAPE-PACK-48', 'Packing tape 48 mm x 66 m', 'EA', null, null, 'packaging'),
	('BOX-CARTON-S', 'Shipping carton small 300x200x150', 'EA', null, null, 'packaging'),
	('BOX-CARTON-M', 'Shipping carton medium 400x300x250', 'EA', null, null, 'packaging'),
	('PALLET-EUR', 'EUR pallet 1200x800', 'EA', 25, null, 'packaging'),
	('CABLE-TIE-200', 'Cable tie 200 mm (bag of 100)', 'EA', null, null, 'electrical'),
	('LABEL-A6', 'Shipping label A6 (roll of 500)', 'EA', null, null, 'packaging'),
	('HELMET-WHITE', 'Safety helmet white EN 397', 'EA', null, null, 'safety'),
	('VEST-HIVIS-L', 'High-visibility vest size L', 'EA', null, null, 'safety'),
	('LED-LAMP-10W', 'LED lamp E27 10 W', 'EA', null, null, 'electrical'),
	('EXT-CORD-10M', 'Extension cord 10 m', 'EA', null, null, 'electrical'),
	-- New in the ERP: the item master sync brings it to the warehouse.
	('HOOK-S-60', 'S-hook 60 mm galvanised', 'EA', 0.04, null, 'fasteners'),
	-- Typed wrong in the ERP: the warehouse refuses it, the ERP team sees why.
	('SHELF-BRACKET-200', 'Shelf bracket 200 mm', 'EA', -0.3, null, 'fasteners');

insert into stock (warehouse_code, sku, quantity)
	select 'WH1', sku, 500 from items where sku <> 'SHELF-BRACKET-200';

insert into customers values
	('CUST-1', 'Hanseatic Hardware GmbH', 'DE'),
	('CUST-2', 'Lyon Bricolage SARL', 'FR'),
	('CUST-3', 'Nordic Build AS', 'NO'),
	-- Won in the ERP, not yet set up in the warehouse: its orders are refused until it is.
	('CUST-9', 'Baltic Tools OÜ', 'EE');

insert into suppliers values
	('SUP-1', 'Nordic Fasteners AB'),
	('SUP-2', 'Rheinland Packaging GmbH');

insert into sales_orders (order_number, customer_code, warehouse_code, reference, status) values
	('SO-1001', 'CUST-1', 'WH1', 'PO 4711', 'released'),
	('SO-1002', 'CUST-2', 'WH1', null, 'released'),
	('SO-1003', 'CUST-3', 'WH1', 'Oslo store opening', 'released'),
	('SO-1004', 'CUST-9', 'WH1', null, 'released'),
	('SO-1005', 'CUST-1', 'WH1', null, 'draft');
insert into sales_order_lines values
	('SO-1001', 1, 'BOLT-M8-40', 100),
	('SO-1001', 2, 'NUT-M8', 100),
	('SO-1002', 1, 'GLOVE-NITRILE-L', 5),
	('SO-1003', 1, 'HELMET-WHITE', 12),
	('SO-1003', 2, 'VEST-HIVIS-L', 12),
	('SO-1004', 1, 'DRILL-BIT-6', 20),
	('SO-1005', 1, 'TAPE-PACK-48', 36);

insert into purchase_orders (order_number, supplier_code, warehouse_code) values
	('PO-2001', 'SUP-1', 'WH1'),
	('PO-2002', 'SUP-2', 'WH1');
insert into purchase_order_lines (order_number, line_number, sku, quantity) values
	('PO-2001', 1, 'BOLT-M8-40', 1000),
	('PO-2001', 2, 'WASHER-M8', 2000),
	('PO-2002', 1, 'BOX-CARTON-S', 400);

-- The item master sync starts from the beginning of time.
insert into integration_watermarks (name, changed_at) values ('items_to_wms', '-infinity');
