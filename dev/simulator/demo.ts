/** Demo data for `npm run simulator`: loaded through the same validation and handlers as requests. */
import type { Rec } from './store';
import type { Work } from './work';

export type Call = (route: string, body: Rec) => unknown;

const address = (line1: string, city: string, postal_code: string, country: string) => ({
	line1,
	city,
	postal_code,
	country,
});

const ITEMS: [string, string, Rec?][] = [
	[
		'BOLT-M8-40',
		'Hex bolt M8x40 zinc plated',
		{
			barcodes: ['4006381333924'],
			pack_sizes: [{ unit_of_measure: 'BOX', quantity: 100 }],
			weight_kg: 0.025,
			hs_code: '731815',
			category: 'fasteners',
		},
	],
	['NUT-M8', 'Hex nut M8 zinc plated', { weight_kg: 0.005, category: 'fasteners' }],
	['WASHER-M8', 'Washer M8 DIN 125', { weight_kg: 0.002, category: 'fasteners' }],
	['SCREW-WOOD-5X50', 'Wood screw 5x50 Torx', { category: 'fasteners' }],
	['DRILL-BIT-6', 'HSS drill bit 6 mm', { category: 'tools' }],
	['GLOVE-NITRILE-L', 'Nitrile gloves size L (box of 100)', { category: 'safety' }],
	['TAPE-PACK-48', 'Packing tape 48 mm x 66 m', { category: 'packaging' }],
	['BOX-CARTON-S', 'Shipping carton small 300x200x150', { category: 'packaging' }],
	['BOX-CARTON-M', 'Shipping carton medium 400x300x250', { category: 'packaging' }],
	['PALLET-EUR', 'EUR pallet 1200x800', { weight_kg: 25, category: 'packaging' }],
	[
		'PAINT-RED-1L',
		'Enamel paint red 1 L',
		{ batch_tracked: true, expiry_tracked: true, shelf_life_days: 730, category: 'paint' },
	],
	['PAINT-THINNER-1L', 'Paint thinner 1 L', { category: 'paint' }],
	[
		'BATTERY-LI-18650',
		'Lithium-ion cell 18650 3.6 V',
		{ batch_tracked: true, category: 'electrical' },
	],
	['CABLE-TIE-200', 'Cable tie 200 mm (bag of 100)', { category: 'electrical' }],
	['LABEL-A6', 'Shipping label A6 (roll of 500)', { category: 'packaging' }],
	['HELMET-WHITE', 'Safety helmet white EN 397', { category: 'safety' }],
	['VEST-HIVIS-L', 'High-visibility vest size L', { category: 'safety' }],
	['LED-LAMP-10W', 'LED lamp E27 10 W', { category: 'electrical' }],
	['EXT-CORD-10M', 'Extension cord 10 m', { category: 'electrical' }],
	['SPRAY-LUBE-400', 'Lubricant spray 400 ml', { category: 'chemicals' }],
	['KIT-FIX-M8', 'Fixing kit M8 (bolts, nuts, washers)', { category: 'kits' }],
];

export function loadDemoData(call: Call, work: Work): void {
	call('/courier_service/add', {
		items: [
			{
				code: 'DHL-STD',
				name: 'DHL Paket',
				carrier: 'DHL',
				service_level: 'standard',
				tracking_url_template: 'https://www.dhl.com/track?tracking-id={tracking_number}',
				max_weight_kg: 31.5,
			},
			{
				code: 'DHL-EXP',
				name: 'DHL Express',
				carrier: 'DHL',
				service_level: 'express',
				tracking_url_template: 'https://www.dhl.com/track?tracking-id={tracking_number}',
			},
			{
				code: 'UPS-NDA',
				name: 'UPS Next Day Air',
				carrier: 'UPS',
				service_level: 'next_day',
				tracking_url_template: 'https://www.ups.com/track?tracknum={tracking_number}',
			},
		],
	});
	call('/warehouse/add', {
		items: [
			{
				code: 'WH1',
				name: 'Central Warehouse Hamburg',
				address: address('Am Sandtorkai 50', 'Hamburg', '20457', 'DE'),
				timezone: 'Europe/Berlin',
			},
			{
				code: 'WH2',
				name: 'Regional Warehouse Lyon',
				address: address('Rue de Gerland 120', 'Lyon', '69007', 'FR'),
				timezone: 'Europe/Paris',
			},
		],
	});
	const areas: Rec[] = [];
	const zones: Rec[] = [];
	const bins: Rec[] = [];
	for (const wh of ['WH1', 'WH2']) {
		areas.push(
			{ warehouse_code: wh, area_code: 'RCV', name: 'Receiving', area_type: 'receiving' },
			{ warehouse_code: wh, area_code: 'STO', name: 'Storage', area_type: 'storage' },
		);
		zones.push(
			{ warehouse_code: wh, area_code: 'RCV', zone_code: 'Z-RCV', name: 'Goods-in' },
			{ warehouse_code: wh, area_code: 'STO', zone_code: 'Z-A', name: 'Pallet racking A' },
		);
		bins.push({ warehouse_code: wh, bin_code: 'RCV-01', zone_code: 'Z-RCV', bin_type: 'staging' });
		for (let i = 1; i <= 4; i++)
			bins.push({
				warehouse_code: wh,
				bin_code: `A-01-0${i}`,
				zone_code: 'Z-A',
				bin_type: 'pallet',
				aisle: 'A',
				level: '01',
				position: `0${i}`,
			});
	}
	areas.push(
		{ warehouse_code: 'WH1', area_code: 'PCK', name: 'Picking', area_type: 'picking' },
		{ warehouse_code: 'WH1', area_code: 'SHP', name: 'Shipping', area_type: 'shipping' },
	);
	zones.push(
		{ warehouse_code: 'WH1', area_code: 'PCK', zone_code: 'Z-PF', name: 'Pick faces' },
		{ warehouse_code: 'WH1', area_code: 'SHP', zone_code: 'Z-SHP', name: 'Dispatch' },
	);
	for (let i = 1; i <= 4; i++)
		bins.push({
			warehouse_code: 'WH1',
			bin_code: `PF-0${i}`,
			zone_code: 'Z-PF',
			bin_type: 'pick_face',
		});
	bins.push({
		warehouse_code: 'WH1',
		bin_code: 'SHP-01',
		zone_code: 'Z-SHP',
		bin_type: 'dock',
		pickable: false,
	});
	call('/area/add', { items: areas });
	call('/zone/add', { items: zones });
	call('/bin/add', { items: bins });

	call('/inventory/add', {
		items: ITEMS.map(([sku, description, extra]) => ({
			sku,
			description,
			unit_of_measure: 'EA',
			country_of_origin: 'DE',
			...extra,
		})),
	});
	call('/dangerous_goods_lookup/add', {
		items: [
			{
				un_number: '1263',
				proper_shipping_name: 'PAINT',
				hazard_class: '3',
				packing_group: 'III',
				limited_quantity: '5 L',
				excepted_quantity_code: 'E1',
			},
			{
				un_number: '1993',
				proper_shipping_name: 'FLAMMABLE LIQUID, N.O.S.',
				hazard_class: '3',
				packing_group: 'III',
				limited_quantity: '5 L',
				excepted_quantity_code: 'E1',
			},
			{
				un_number: '3480',
				proper_shipping_name: 'LITHIUM ION BATTERIES',
				hazard_class: '9',
				limited_quantity: '0',
				excepted_quantity_code: 'E0',
			},
			{
				un_number: '1950',
				proper_shipping_name: 'AEROSOLS',
				hazard_class: '2.1',
				limited_quantity: '1 L',
				excepted_quantity_code: 'E0',
			},
		],
	});
	call('/inventory_dangerous_goods/add', {
		items: [
			{ sku: 'PAINT-RED-1L', un_number: '1263', limited_quantity: true },
			{ sku: 'PAINT-THINNER-1L', un_number: '1993', limited_quantity: true },
			{ sku: 'BATTERY-LI-18650', un_number: '3480' },
			{ sku: 'SPRAY-LUBE-400', un_number: '1950', limited_quantity: true },
		],
	});
	call('/inventory_warehouse_info/add', {
		items: [
			{
				sku: 'BOLT-M8-40',
				warehouse_code: 'WH1',
				default_bin_code: 'A-01-01',
				pick_face_bin_code: 'PF-01',
				replenishment_quantity: 500,
				abc_class: 'A',
			},
			{
				sku: 'NUT-M8',
				warehouse_code: 'WH1',
				default_bin_code: 'A-01-02',
				pick_face_bin_code: 'PF-02',
				replenishment_quantity: 500,
				abc_class: 'A',
			},
		],
	});
	call('/inventory_stocking_factor/add', {
		items: [
			{ sku: 'BOLT-M8-40', warehouse_code: 'WH1', min_quantity: 200, max_quantity: 2000 },
			{ sku: 'NUT-M8', warehouse_code: 'WH1', min_quantity: 200, max_quantity: 2000 },
		],
	});
	// Stock: every item in WH1 (bins round-robin), half of them in WH2; paint and cells by batch.
	ITEMS.forEach(([sku, , extra], i) => {
		const bin = `A-01-0${(i % 4) + 1}`;
		if (extra?.batch_tracked) {
			work.seedStock('WH1', sku, 'B2026-01', bin, 120);
			work.seedStock('WH1', sku, 'B2026-02', bin, 80);
		} else work.seedStock('WH1', sku, undefined, bin, 1200 - i * 40);
		if (i % 2 === 0 && !extra?.batch_tracked) work.seedStock('WH2', sku, undefined, 'A-01-01', 300);
	});
	work.seedStock('WH1', 'BOLT-M8-40', undefined, 'PF-01', 150);

	call('/customer/add', {
		items: [
			{
				code: 'CUST-1',
				name: 'Hanseatic Hardware GmbH',
				currency: 'EUR',
				email: 'einkauf@hanseatic-hardware.example',
				addresses: [
					{ type: 'billing', ...address('Spitalerstrasse 10', 'Hamburg', '20095', 'DE') },
				],
				default_courier_service_code: 'DHL-STD',
			},
			{
				code: 'CUST-2',
				name: 'Lyon Bricolage SARL',
				currency: 'EUR',
				addresses: [
					{ type: 'billing', ...address('Rue de la République 5', 'Lyon', '69002', 'FR') },
				],
			},
			{
				code: 'CUST-3',
				name: 'Nordic Build AS',
				currency: 'NOK',
				addresses: [{ type: 'billing', ...address('Karl Johans gate 20', 'Oslo', '0159', 'NO') }],
				default_courier_service_code: 'UPS-NDA',
			},
		],
	});
	call('/supply_location/add', {
		items: [
			{
				customer_code: 'CUST-1',
				location_code: 'MAIN',
				name: 'Hanseatic Hardware Central',
				address: address('Spitalerstrasse 10', 'Hamburg', '20095', 'DE'),
				delivery_instructions: 'Goods-in at the rear, ramp 1',
			},
			{
				customer_code: 'CUST-1',
				location_code: 'STORE-2',
				name: 'Hanseatic Hardware Harburg',
				address: address('Lüneburger Strasse 30', 'Hamburg', '21073', 'DE'),
			},
			{
				customer_code: 'CUST-2',
				location_code: 'MAIN',
				name: 'Lyon Bricolage Gerland',
				address: address('Avenue Jean Jaurès 200', 'Lyon', '69007', 'FR'),
			},
			{
				customer_code: 'CUST-3',
				location_code: 'MAIN',
				name: 'Nordic Build Oslo',
				address: address('Drammensveien 100', 'Oslo', '0273', 'NO'),
				opening_hours: 'Mon-Fri 07:00-15:00',
			},
		],
	});
	call('/supplier/add', {
		items: [
			{
				code: 'SUP-1',
				name: 'Nordic Fasteners AB',
				currency: 'SEK',
				payment_terms_days: 30,
				lead_time_days: 7,
				address: address('Hamngatan 4', 'Göteborg', '411 06', 'SE'),
			},
			{
				code: 'SUP-2',
				name: 'Rheinland Packaging GmbH',
				currency: 'EUR',
				payment_terms_days: 14,
				lead_time_days: 3,
			},
		],
	});

	// Some finished work waiting for the ERP, and some open orders for autoWork to move.
	const today = new Date().toISOString().slice(0, 10);
	call('/sales_order/add', {
		items: [
			{
				order_number: 'SO-DEMO-1',
				customer_code: 'CUST-1',
				supply_location_code: 'MAIN',
				warehouse_code: 'WH1',
				order_date: today,
				courier_service_code: 'DHL-STD',
				lines: [
					{ line_number: 1, sku: 'BOLT-M8-40', quantity: 50 },
					{ line_number: 2, sku: 'NUT-M8', quantity: 50 },
				],
			},
			{
				order_number: 'SO-DEMO-2',
				customer_code: 'CUST-2',
				supply_location_code: 'MAIN',
				warehouse_code: 'WH1',
				order_date: today,
				lines: [{ line_number: 1, sku: 'PAINT-RED-1L', quantity: 6, batch: 'B2026-01' }],
			},
		],
	});
	call('/purchase_order/add', {
		items: [
			{
				order_number: 'PO-DEMO-1',
				supplier_code: 'SUP-1',
				warehouse_code: 'WH1',
				order_date: today,
				lines: [{ line_number: 1, sku: 'NUT-M8', quantity: 1000 }],
			},
			{
				order_number: 'PO-DEMO-2',
				supplier_code: 'SUP-2',
				warehouse_code: 'WH1',
				order_date: today,
				lines: [
					{ line_number: 1, sku: 'BOX-CARTON-S', quantity: 500 },
					{ line_number: 2, sku: 'TAPE-PACK-48', quantity: 200 },
				],
			},
		],
	});
	call('/production_order/add', {
		items: [
			{
				order_number: 'MO-DEMO-1',
				warehouse_code: 'WH1',
				output_sku: 'KIT-FIX-M8',
				output_quantity: 20,
				due_date: today,
				components: [
					{ line_number: 1, sku: 'BOLT-M8-40', quantity: 80 },
					{ line_number: 2, sku: 'NUT-M8', quantity: 80 },
					{ line_number: 3, sku: 'WASHER-M8', quantity: 80 },
				],
			},
		],
	});
	work.shipSalesOrder('SO-DEMO-1');
	work.receivePurchaseOrder('PO-DEMO-1');
	work.moveStock({
		warehouse_code: 'WH1',
		sku: 'BOLT-M8-40',
		from_bin_code: 'A-01-01',
		to_bin_code: 'PF-01',
		quantity: 100,
		reason: 'replenishment',
	});
}
