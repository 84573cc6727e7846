/**
 * Values an ERP export may give that could be read two ways, or that JavaScript would read in a
 * way a person may not mean: each is refused before anything is sent, naming the item and the
 * field and saying what to write instead, beside good items that are stored. Plain decimals in
 * text, and the usual yes/no words, are read.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningSimulator } from '../../simulator';
import { describeBadInput, table } from './badInput.cases';

const inputItems = (type: string, resource: string, operation: string, route: string) => ({
	type,
	parameters: { resource, operation, fieldsToSend: 'inputItem' },
	route,
});

const item = table({
	...inputItems('wmsInventory', 'item', 'upsert', '/inventory/add'),
	good: (sku) => ({ sku, description: `Item ${sku}`, weight_kg: 0.25 }),
});
const weight = (weight_kg: unknown) => (sku: string) => ({ sku, description: 'D', weight_kg }) as IDataObject;
const stored = (field: string, value: unknown) => (sim: RunningSimulator, sku: string) =>
	expect(sim.store.get('inventory_item', sku)?.[field]).toEqual(value);

const numberCases = [
	item('hexadecimal', weight('0x10'), 'Item 1: field "weight_kg" is written in hexadecimal (got "0x10"): write it in decimal digits, like 16'),
	item('octal', weight('0o7'), 'Item 1: field "weight_kg" is written in octal (got "0o7"): write it in decimal digits, like 7'),
	item('binary', weight('0b1'), 'Item 1: field "weight_kg" is written in binary (got "0b1"): write it in decimal digits, like 1'),
	item(
		'one thousand or one: "1.000"',
		weight('1.000'),
		'Item 1: field "weight_kg" is ambiguous (got "1.000"): 1000 with a thousands separator, or 1 with three decimals? Write it without thousands separators and with a dot for decimals, like 1000 or 1',
	),
	item('"2.500"', weight('2.500'), /^Item 1: field "weight_kg" is ambiguous \(got "2.500"\): 2500 with a thousands separator, or 2.5 with three decimals\?/),
	item('"1,000"', weight('1,000'), /^Item 1: field "weight_kg" is ambiguous \(got "1,000"\): 1000 with a thousands separator, or 1 with three decimals\?/),
	item('thousands separated by dots', weight('1.000.000'), 'Item 1: field "weight_kg" has thousands separators (got "1.000.000"): write it without them, like 1000000'),
	item('thousands separated by commas', weight('1,000,000'), 'Item 1: field "weight_kg" has thousands separators (got "1,000,000"): write it without them, like 1000000'),
	item('thousands separated by a blank', weight('1 000'), 'Item 1: field "weight_kg" has thousands separators (got "1 000"): write it without them, like 1000'),
	item('German thousands and decimals', weight('1.234,5'), 'Item 1: field "weight_kg" has thousands separators (got "1.234,5"): write it without them and with a dot for decimals, like 1234.5'),
	item('decimal comma', weight('12,25'), 'Item 1: field "weight_kg" has a decimal comma (got "12,25"): write it with a dot, like 12.25'),
	item('exponent notation', weight('1e3'), 'Item 1: field "weight_kg" is in exponent notation (got "1e3"): write the number out, like 1000'),
	item('Infinity', weight('Infinity'), 'Item 1: field "weight_kg" must be a finite number (got "Infinity")'),
	item('NaN', weight('NaN'), 'Item 1: field "weight_kg" must be a finite number (got "NaN")'),
	item('blanks only', weight('   '), 'Item 1: field "weight_kg" is blank: give a number, or leave the field out'),
	item('"1.000" for a whole number too', (sku) => ({ sku, description: 'D', shelf_life_days: '1.000' }), /^Item 1: field "shelf_life_days" is ambiguous \(got "1.000"\)/),
	item('plain decimal in text with blanks around it (accepted)', weight(' 12.25 '), undefined, stored('weight_kg', 12.25)),
	item('"1.0000": four decimals, not ambiguous (accepted)', weight('1.0000'), undefined, stored('weight_kg', 1)),
	item('"0.500": a leading zero is never a thousands group (accepted)', weight('0.500'), undefined, stored('weight_kg', 0.5)),
	item('"1000" (accepted)', weight('1000'), undefined, stored('weight_kg', 1000)),
	item('a JSON number with three decimals (accepted as it is)', weight(1.5), undefined, stored('weight_kg', 1.5)),
];

const booleanCases = [
	item('"Y" (accepted as true)', (sku) => ({ sku, description: 'D', batch_tracked: 'Y' }), undefined, stored('batch_tracked', true)),
	item('"off" (accepted as false)', (sku) => ({ sku, description: 'D', batch_tracked: 'off' }), undefined, stored('batch_tracked', false)),
	item('a list holding "true"', (sku) => ({ sku, description: 'D', batch_tracked: ['true'] }), 'Item 1: field "batch_tracked" must be true or false (got ["true"])'),
	item('"X"', (sku) => ({ sku, description: 'D', batch_tracked: 'X' }), 'Item 1: field "batch_tracked" must be true or false (got "X")'),
];

const textCases = [
	item(
		'a 20-digit barcode given as a number, its last digits already lost',
		(sku) => ({ sku, description: 'D', barcodes: [40063813339310000001] }),
		'Item 1: field "barcodes" entry 0 is a number too large to be exact (got 40063813339310000000): give it as text, in quotes, as the ERP has it',
	),
	item('a category given as a number (accepted as its text)', (sku) => ({ sku, description: 'D', category: 42 }), undefined, stored('category', '42')),
];

const salesOrder = table({
	...inputItems('wmsSalesOrder', 'salesOrder', 'add', '/sales_order/add'),
	good: (order_number) => ({ order_number, customer_code: 'CUST-1', warehouse_code: 'WH1', order_date: '2026-11-21', lines: [{ line_number: 1, sku: 'NUT-M8', quantity: 2 }] }),
});
const order = (extra: IDataObject, line: IDataObject = {}) => (order_number: string) => ({
	order_number,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines: [{ sku: 'NUT-M8', quantity: 1, ...line }],
	...extra,
});

const orderCases = [
	salesOrder('"1.000" pieces on a line', order({}, { quantity: '1.000' }), /^Item 1: field "lines\[0\].quantity" is ambiguous \(got "1.000"\): 1000 with a thousands separator, or 1 with three decimals\?/),
	salesOrder('hexadecimal line number', order({}, { line_number: '0x10' }), 'Item 1: field "lines[0].line_number" is written in hexadecimal (got "0x10"): write it in decimal digits, like 16'),
	salesOrder('day.month.year', order({ order_date: '21.11.2026' }), 'Item 1: field "order_date" must be a date like 2026-11-21 (got "21.11.2026"): write it as 2026-11-21'),
	salesOrder('month/day/year', order({ order_date: '11/21/2026' }), 'Item 1: field "order_date" must be a date like 2026-11-21 (got "11/21/2026"): write it as 2026-11-21'),
	salesOrder('03/04/2026: March or April?', order({ order_date: '03/04/2026' }), 'Item 1: field "order_date" must be a date like 2026-11-21 (got "03/04/2026"): could be 2026-04-03 or 2026-03-04: write it as YYYY-MM-DD'),
	salesOrder('"cancel": "N" (accepted as false)', order({ cancel: 'N' }), undefined, (sim, key) => expect(sim.store.get('sales_order', key)?.status).toBe('open')),
];

describeBadInput('values that could be misread, each refused beside good items that are stored', [
	['WMS Inventory: numbers', numberCases],
	['WMS Inventory: yes and no', booleanCases],
	['WMS Inventory: texts given as numbers', textCases],
	['WMS Sales Order: quantities and dates', orderCases],
]);
