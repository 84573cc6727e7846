/** Bad input to the inventory, dangerous goods and warehouse structure nodes, table-driven. */
import type { IDataObject } from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import { describeBadInput, long, table } from '../support/badInputCases';

const inputItems = (type: string, resource: string, operation: string, route: string) => ({
	type,
	parameters: { resource, operation, fieldsToSend: 'inputItem' },
	route,
});

const item = table({
	...inputItems('wmsInventory', 'item', 'upsert', '/inventory/add'),
	good: (sku) => ({ sku, description: `Item ${sku}`, weight_kg: 0.25 }),
});

const itemCases = [
	item(
		'missing sku',
		() => ({ description: 'No key' }),
		'The 2nd input item ("No key"): sku is required but missing or empty',
	),
	item(
		'empty description',
		(sku) => ({ sku, description: '' }),
		'The 2nd input item: description is required but missing or empty',
	),
	item(
		'over-long sku (65)',
		() => ({ sku: long(65, 'S'), description: 'Long' }),
		'The 2nd input item ("Long"): sku must be at most 64 characters long (got 65)',
	),
	item(
		'negative weight',
		(sku) => ({ sku, description: 'D', weight_kg: -0.5 }),
		'The 2nd input item: weight_kg must be 0 or more (got -0.5)',
	),
	item(
		'decimal comma in a number',
		(sku) => ({ sku, description: 'D', weight_kg: '1,5' }),
		'The 2nd input item: weight_kg has a decimal comma (got "1,5"): write it with a dot, like 1.5',
	),
	item(
		'dimensions without height',
		(sku) => ({ sku, description: 'D', dimensions_cm: { length: 1, width: 2 } }),
		'The 2nd input item: dimensions_cm.height is required but missing or empty',
	),
	item(
		'list for the dimensions object',
		(sku) => ({ sku, description: 'D', dimensions_cm: [10, 5, 2] }),
		'The 2nd input item: dimensions_cm must be an object (got a list)',
	),
	item(
		'object for the pack sizes list',
		(sku) => ({ sku, description: 'D', pack_sizes: { unit_of_measure: 'CASE', quantity: 12 } }),
		'The 2nd input item: pack_sizes must be a list (got an object)',
	),
	item(
		'pack of zero units',
		(sku) => ({ sku, description: 'D', pack_sizes: [{ unit_of_measure: 'CASE', quantity: 0 }] }),
		'The 2nd input item: pack_sizes.1.quantity must be 1 or more (got 0)',
	),
	item(
		'fractional pack quantity',
		(sku) => ({ sku, description: 'D', pack_sizes: [{ unit_of_measure: 'CASE', quantity: 2.5 }] }),
		'The 2nd input item: pack_sizes.1.quantity must be a whole number (got 2.5)',
	),
	item(
		'text entry in the pack sizes list',
		(sku) => ({ sku, description: 'D', pack_sizes: ['CASE of 12'] }),
		'The 2nd input item: pack_sizes.1 must be an object (got string "CASE of 12")',
	),
	item(
		'object among the barcodes',
		(sku) => ({ sku, description: 'D', barcodes: ['4006381333931', { ean: '4006381333932' }] }),
		'The 2nd input item: barcodes entry 2 must be text (got an object)',
	),
	item(
		'shelf life above the maximum',
		(sku) => ({ sku, description: 'D', shelf_life_days: 36501 }),
		'The 2nd input item: shelf_life_days must be 36500 or less (got 36501)',
	),
	item(
		'HS code of 4 digits',
		(sku) => ({ sku, description: 'D', hs_code: '7318' }),
		/^The 2nd input item: hs_code must be a Harmonized System customs code of 6 to 10 digits/,
	),
	item(
		'lower-case country',
		(sku) => ({ sku, description: 'D', country_of_origin: 'de' }),
		/^The 2nd input item: country_of_origin must be a two-letter ISO country code/,
	),
	item(
		'word for a boolean',
		(sku) => ({ sku, description: 'D', batch_tracked: 'ja' }),
		'The 2nd input item: batch_tracked must be yes or no, written as true/false, yes/no, y/n, on/off, 1/0 (in any case) (got "ja")',
	),
	item(
		'unicode description (accepted as sent)',
		(sku) => ({ sku, description: 'Schraube Ø8 × 40 – 六角螺栓 🔩' }),
		undefined,
		(sim, sku) =>
			expect(sim.store.get('inventory_item', sku)?.description).toBe(
				'Schraube Ø8 × 40 – 六角螺栓 🔩',
			),
	),
	item(
		'numbers and lists as text (accepted, normalised)',
		(sku) => ({
			sku,
			description: 'D',
			weight_kg: '0.25',
			barcodes: '4006381333931, 4006381333932',
		}),
		undefined,
		(sim, sku) =>
			expect(sim.store.get('inventory_item', sku)).toMatchObject({
				weight_kg: 0.25,
				barcodes: ['4006381333931', '4006381333932'],
			}),
	),
];

// Values that could be read two ways, or that JavaScript would read in a way a person may not mean:
// refused with what to write instead; plain decimals in text and the usual yes/no words are read.
const weight = (weight_kg: unknown) => (sku: string) =>
	({ sku, description: 'D', weight_kg }) as IDataObject;
const stored = (field: string, value: unknown) => (sim: RunningSimulator, sku: string) =>
	expect(sim.store.get('inventory_item', sku)?.[field]).toEqual(value);

const numberCases = [
	item(
		'hexadecimal',
		weight('0x10'),
		'The 2nd input item: weight_kg is written in hexadecimal (got "0x10"): write it in decimal digits, like 16',
	),
	item(
		'octal',
		weight('0o7'),
		'The 2nd input item: weight_kg is written in octal (got "0o7"): write it in decimal digits, like 7',
	),
	item(
		'binary',
		weight('0b1'),
		'The 2nd input item: weight_kg is written in binary (got "0b1"): write it in decimal digits, like 1',
	),
	item(
		'one thousand or one: "1.000"',
		weight('1.000'),
		'The 2nd input item: weight_kg is ambiguous (got "1.000"): 1000 with a thousands separator, or 1 with three decimals? Write it without thousands separators and with a dot for decimals, like 1000 or 1',
	),
	item(
		'"2.500"',
		weight('2.500'),
		/^The 2nd input item: weight_kg is ambiguous \(got "2.500"\): 2500 with a thousands separator, or 2.5 with three decimals\?/,
	),
	item(
		'"1,000"',
		weight('1,000'),
		/^The 2nd input item: weight_kg is ambiguous \(got "1,000"\): 1000 with a thousands separator, or 1 with three decimals\?/,
	),
	item(
		'thousands separated by dots',
		weight('1.000.000'),
		'The 2nd input item: weight_kg has thousands separators (got "1.000.000"): write it without them, like 1000000',
	),
	item(
		'thousands separated by commas',
		weight('1,000,000'),
		'The 2nd input item: weight_kg has thousands separators (got "1,000,000"): write it without them, like 1000000',
	),
	item(
		'thousands separated by a blank',
		weight('1 000'),
		'The 2nd input item: weight_kg has thousands separators (got "1 000"): write it without them, like 1000',
	),
	item(
		'German thousands and decimals',
		weight('1.234,5'),
		'The 2nd input item: weight_kg has thousands separators (got "1.234,5"): write it without them and with a dot for decimals, like 1234.5',
	),
	item(
		'decimal comma',
		weight('12,25'),
		'The 2nd input item: weight_kg has a decimal comma (got "12,25"): write it with a dot, like 12.25',
	),
	item(
		'exponent notation',
		weight('1e3'),
		'The 2nd input item: weight_kg is in exponent notation (got "1e3"): write the number out, like 1000',
	),
	item(
		'Infinity',
		weight('Infinity'),
		'The 2nd input item: weight_kg must be a finite number (got "Infinity")',
	),
	item('NaN', weight('NaN'), 'The 2nd input item: weight_kg must be a finite number (got "NaN")'),
	item(
		'blanks only',
		weight('   '),
		'The 2nd input item: weight_kg is blank: give a number, or leave the field out',
	),
	item(
		'"1.000" for a whole number too',
		(sku) => ({ sku, description: 'D', shelf_life_days: '1.000' }),
		/^The 2nd input item: shelf_life_days is ambiguous \(got "1.000"\)/,
	),
	item(
		'plain decimal in text with blanks around it (accepted)',
		weight(' 12.25 '),
		undefined,
		stored('weight_kg', 12.25),
	),
	item(
		'"1.0000": four decimals, not ambiguous (accepted)',
		weight('1.0000'),
		undefined,
		stored('weight_kg', 1),
	),
	item(
		'"0.500": a leading zero is never a thousands group (accepted)',
		weight('0.500'),
		undefined,
		stored('weight_kg', 0.5),
	),
	item('"1000" (accepted)', weight('1000'), undefined, stored('weight_kg', 1000)),
	item(
		'a JSON number with three decimals (accepted as it is)',
		weight(1.5),
		undefined,
		stored('weight_kg', 1.5),
	),
];

const booleanCases = [
	item(
		'"Y" (accepted as true)',
		(sku) => ({ sku, description: 'D', batch_tracked: 'Y' }),
		undefined,
		stored('batch_tracked', true),
	),
	item(
		'"off" (accepted as false)',
		(sku) => ({ sku, description: 'D', batch_tracked: 'off' }),
		undefined,
		stored('batch_tracked', false),
	),
	item(
		'a list holding "true"',
		(sku) => ({ sku, description: 'D', batch_tracked: ['true'] }),
		'The 2nd input item: batch_tracked must be yes or no, written as true/false, yes/no, y/n, on/off, 1/0 (in any case) (got ["true"])',
	),
	item(
		'"X"',
		(sku) => ({ sku, description: 'D', batch_tracked: 'X' }),
		'The 2nd input item: batch_tracked must be yes or no, written as true/false, yes/no, y/n, on/off, 1/0 (in any case) (got "X")',
	),
];

const textCases = [
	item(
		'a 20-digit barcode given as a number, its last digits already lost',
		(sku) => ({ sku, description: 'D', barcodes: [Number('40063813339310000001')] }),
		'The 2nd input item: barcodes entry 1 is a number too large to be exact (got 40063813339310000000): give it as text, in quotes, as the ERP has it',
	),
	item(
		'a category given as a number (accepted as its text)',
		(sku) => ({ sku, description: 'D', category: 42 }),
		undefined,
		stored('category', '42'),
	),
];

const goodSkus = ['BOLT-M8-40', 'NUT-M8', 'WASHER-M8'];
const stockingFactor = table({
	...inputItems('wmsInventory', 'stockingFactor', 'set', '/inventory_stocking_factor/add'),
	good: (key) => ({
		sku: key.endsWith('-0') ? goodSkus[0] : goodSkus[2],
		warehouse_code: 'WH1',
		min_quantity: 10,
		max_quantity: 100,
	}),
});

const stockingFactorCases = [
	stockingFactor(
		'minimum above maximum',
		() => ({ sku: 'NUT-M8', warehouse_code: 'WH1', min_quantity: 50, max_quantity: 10 }),
		'The 2nd input item: min_quantity must not be more than the maximum quantity (got minimum 50, maximum 10)',
	),
	stockingFactor(
		'negative minimum',
		() => ({ sku: 'NUT-M8', warehouse_code: 'WH1', min_quantity: -1, max_quantity: 10 }),
		'The 2nd input item: min_quantity must be 0 or more (got -1)',
	),
	stockingFactor(
		'missing warehouse',
		() => ({ sku: 'NUT-M8', min_quantity: 1, max_quantity: 10 }),
		'The 2nd input item: warehouse_code is required but missing or empty',
	),
	stockingFactor(
		'word for the maximum',
		() => ({ sku: 'NUT-M8', warehouse_code: 'WH1', min_quantity: 1, max_quantity: 'lots' }),
		'The 2nd input item: max_quantity must be a number (got "lots")',
	),
	stockingFactor(
		'fractional quantities (accepted: kg, m)',
		() => ({ sku: 'NUT-M8', warehouse_code: 'WH1', min_quantity: 0.5, max_quantity: 12.75 }),
		undefined,
		(sim) =>
			expect(sim.store.get('stocking_factor', 'NUT-M8|WH1')).toMatchObject({
				min_quantity: 0.5,
				max_quantity: 12.75,
			}),
	),
];

const warehouseInfo = table({
	...inputItems('wmsInventory', 'warehouseInfo', 'set', '/inventory_warehouse_info/add'),
	good: (key) => ({
		sku: key.endsWith('-0') ? goodSkus[0] : goodSkus[2],
		warehouse_code: 'WH1',
		abc_class: 'B',
	}),
});

const warehouseInfoCases = [
	warehouseInfo(
		'unknown ABC class',
		() => ({ sku: 'NUT-M8', warehouse_code: 'WH1', abc_class: 'D' }),
		'The 2nd input item: abc_class must be one of A, B, C (got "D")',
	),
	warehouseInfo(
		'negative replenishment quantity',
		() => ({ sku: 'NUT-M8', warehouse_code: 'WH1', replenishment_quantity: -5 }),
		'The 2nd input item: replenishment_quantity must be 0 or more (got -5)',
	),
];

const classification = table({
	...inputItems(
		'wmsInventory',
		'dangerousGoodsClassification',
		'set',
		'/inventory_dangerous_goods/add',
	),
	good: (key) => ({
		sku: key.endsWith('-0') ? 'PAINT-RED-1L' : 'SPRAY-LUBE-400',
		un_number: key.endsWith('-0') ? '1263' : '1950',
	}),
});

const classificationCases = [
	classification(
		'UN number of 3 digits',
		() => ({ sku: 'PAINT-THINNER-1L', un_number: '199' }),
		'The 2nd input item: un_number must be a UN number of four digits without "UN", like 1263 (got "199")',
	),
	classification(
		'UN number of 5 digits',
		() => ({ sku: 'PAINT-THINNER-1L', un_number: '19930' }),
		'The 2nd input item: un_number must be a UN number of four digits without "UN", like 1263 (got "19930")',
	),
	classification(
		'UN number with the "UN" prefix',
		() => ({ sku: 'PAINT-THINNER-1L', un_number: 'UN1993' }),
		/^The 2nd input item: un_number must be a UN number of four digits .*\(got "UN1993"\)/,
	),
	classification(
		'fractional UN number',
		() => ({ sku: 'PAINT-THINNER-1L', un_number: 1993.5 }),
		/^The 2nd input item: un_number must be a UN number of four digits .*\(got "1993.5"\)/,
	),
	classification(
		'unknown packing group',
		() => ({ sku: 'PAINT-THINNER-1L', un_number: '1993', packing_group: 'IV' }),
		'The 2nd input item: packing_group must be one of I, II, III (got "IV")',
	),
	classification(
		'4 digits the platform has no lookup for (refused by the platform, alone)',
		() => ({ sku: 'PAINT-THINNER-1L', un_number: '9999' }),
		/^The 2nd input item: field "un_number" .*9999/,
	),
	classification(
		'4-digit UN number given as a number (accepted as text)',
		() => ({ sku: 'PAINT-THINNER-1L', un_number: 1993 }),
		undefined,
		(sim) =>
			expect(sim.store.get('item_dangerous_goods', 'PAINT-THINNER-1L')?.un_number).toBe('1993'),
	),
];

const lookup = table({
	...inputItems('wmsDangerousGoods', 'lookup', 'add', '/dangerous_goods_lookup/add'),
	good: (key) => ({
		un_number: key.endsWith('-0') ? '1090' : '1203',
		proper_shipping_name: 'ACETONE',
		hazard_class: '3',
	}),
});

const lookupCases = [
	lookup(
		'UN number of 2 digits',
		() => ({ un_number: '12', proper_shipping_name: 'X', hazard_class: '3' }),
		/^The 2nd input item \("X"\): un_number must be a UN number of four digits .*\(got "12"\)/,
	),
	lookup(
		'UN number of 5 digits',
		() => ({ un_number: '12345', proper_shipping_name: 'X', hazard_class: '3' }),
		/^The 2nd input item \("X"\): un_number must be a UN number of four digits .*\(got "12345"\)/,
	),
	lookup(
		'4 characters, not digits',
		() => ({ un_number: '12a4', proper_shipping_name: 'X', hazard_class: '3' }),
		/^The 2nd input item \("X"\): un_number must be a UN number of four digits .*\(got "12a4"\)/,
	),
	lookup(
		'hazard class 10',
		() => ({ un_number: '1300', proper_shipping_name: 'X', hazard_class: '10' }),
		/^The 2nd input item: hazard_class must be a class or division like 3, 2.1, 6.1 or 1.4S \(got "10"\)/,
	),
	lookup(
		'bad entry among subsidiary risks',
		() => ({
			un_number: '1300',
			proper_shipping_name: 'X',
			hazard_class: '3',
			subsidiary_risks: '6.1, poison',
		}),
		/^The 2nd input item: subsidiary_risks entry 2 must be a class or division/,
	),
	lookup(
		'unknown excepted quantity code',
		() => ({
			un_number: '1300',
			proper_shipping_name: 'X',
			hazard_class: '3',
			excepted_quantity_code: 'E9',
		}),
		'The 2nd input item: excepted_quantity_code must be one of E0, E1, E2, E3, E4, E5 (got "E9")',
	),
	lookup(
		'over-long shipping name (501)',
		() => ({ un_number: '1300', proper_shipping_name: long(501, 'N'), hazard_class: '3' }),
		'The 2nd input item: proper_shipping_name must be at most 500 characters long (got 501)',
	),
	lookup(
		'UN number with leading zeros (accepted as 4 digits)',
		() => ({ un_number: '0004', proper_shipping_name: 'AMMONIUM PICRATE', hazard_class: '1.1D' }),
		undefined,
		(sim) =>
			expect(sim.store.get('dangerous_goods_lookup', '0004')).toMatchObject({
				hazard_class: '1.1D',
			}),
	),
];

const warehouse = table({
	...inputItems('wmsWarehouseStructure', 'warehouse', 'upsert', '/warehouse/add'),
	good: (code) => ({ code, name: `Warehouse ${code}` }),
});
const area = table({
	...inputItems('wmsWarehouseStructure', 'area', 'add', '/area/add'),
	good: (area_code) => ({
		warehouse_code: 'WH1',
		area_code,
		name: `Area ${area_code}`,
		area_type: 'storage',
	}),
});
const zone = table({
	...inputItems('wmsWarehouseStructure', 'zone', 'add', '/zone/add'),
	good: (zone_code) => ({
		warehouse_code: 'WH1',
		area_code: 'STO',
		zone_code,
		name: `Zone ${zone_code}`,
	}),
});
const bin = table({
	...inputItems('wmsWarehouseStructure', 'bin', 'add', '/bin/add'),
	good: (bin_code) => ({ warehouse_code: 'WH1', zone_code: 'Z-A', bin_code, bin_type: 'pallet' }),
});

const structureCases = [
	warehouse(
		'empty warehouse name',
		(code) => ({ code, name: '' }),
		'The 2nd input item: name is required but missing or empty',
	),
	area(
		'unknown area type',
		(area_code) => ({ warehouse_code: 'WH1', area_code, name: 'Attic', area_type: 'attic' }),
		/^The 2nd input item: area_type must be one of receiving, storage, .* \(got "attic"\)/,
	),
	zone(
		'word for a boolean',
		(zone_code) => ({
			warehouse_code: 'WH1',
			area_code: 'STO',
			zone_code,
			name: 'Z',
			temperature_controlled: 'cold',
		}),
		'The 2nd input item: temperature_controlled must be yes or no, written as true/false, yes/no, y/n, on/off, 1/0 (in any case) (got "cold")',
	),
	zone(
		'missing area',
		(zone_code) => ({ warehouse_code: 'WH1', zone_code, name: 'Z' }),
		'The 2nd input item: area_code is required but missing or empty',
	),
	bin(
		'fractional max units',
		(bin_code) => ({
			warehouse_code: 'WH1',
			zone_code: 'Z-A',
			bin_code,
			bin_type: 'pallet',
			capacity: { max_units: 1.5 },
		}),
		'The 2nd input item: capacity.max_units must be a whole number (got 1.5)',
	),
	bin(
		'negative max weight',
		(bin_code) => ({
			warehouse_code: 'WH1',
			zone_code: 'Z-A',
			bin_code,
			bin_type: 'pallet',
			capacity: { max_weight_kg: -1 },
		}),
		'The 2nd input item: capacity.max_weight_kg must be 0 or more (got -1)',
	),
	bin(
		'nested junk in the capacity',
		(bin_code) => ({
			warehouse_code: 'WH1',
			zone_code: 'Z-A',
			bin_code,
			bin_type: 'pallet',
			capacity: { max_units: 10, extra: { a: [1, { b: null }] } },
		}),
		/^The 2nd input item: capacity.extra is not a field the platform knows/,
	),
];

describeBadInput(
	'bad input to the inventory, dangerous goods and warehouse structure nodes, each beside good items',
	[
		['WMS Inventory: Item', itemCases],
		['WMS Inventory: Item, numbers', numberCases],
		['WMS Inventory: Item, yes and no', booleanCases],
		['WMS Inventory: Item, texts given as numbers', textCases],
		['WMS Inventory: Stocking Factor', stockingFactorCases],
		['WMS Inventory: Warehouse Info', warehouseInfoCases],
		['WMS Inventory: Dangerous Goods Classification', classificationCases],
		['WMS Dangerous Goods: Lookup', lookupCases],
		['WMS Warehouse Structure', structureCases],
	],
);
