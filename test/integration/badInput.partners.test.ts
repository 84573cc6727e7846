/** Bad input to the partner nodes (supplier, customer, supply location, courier service), table-driven. */
import { describeBadInput, long, table } from '../support/badInputCases';

const inputItems = (resource: string, operation = 'upsert') => ({
	resource,
	operation,
	fieldsToSend: 'inputItem',
});

const supplier = table({
	type: 'wmsSupplier',
	parameters: inputItems('supplier'),
	route: '/supplier/add',
	good: (code) => ({ code, name: `Supplier ${code}` }),
});
const address = { line1: 'Hamngatan 4', city: 'Göteborg', country: 'SE' };

const supplierCases = [
	supplier(
		'missing required name',
		(code) => ({ code }),
		'The 2nd input item: name is required but missing or empty',
	),
	supplier(
		'null name',
		(code) => ({ code, name: null }),
		'The 2nd input item: name is required but missing or empty',
	),
	supplier(
		'empty-string name',
		(code) => ({ code, name: '' }),
		'The 2nd input item: name is required but missing or empty',
	),
	supplier(
		'code of blanks only',
		() => ({ code: '   ', name: 'Blank' }),
		'The 2nd input item ("Blank"): code must be a code without blanks at either end and without "|" (got "   ")',
	),
	supplier(
		'code with "|"',
		(code) => ({ code: `${code}|X`, name: 'Pipe' }),
		/^The 2nd input item \("Pipe"\): code must be a code without blanks at either end and without "\|"/,
	),
	supplier(
		'over-long code (51)',
		() => ({ code: long(51, 'C'), name: 'Long' }),
		'The 2nd input item ("Long"): code must be at most 50 characters long (got 51)',
	),
	supplier(
		'over-long notes (2001)',
		(code) => ({ code, name: 'N', notes: long(2001) }),
		'The 2nd input item: notes must be at most 2000 characters long (got 2001)',
	),
	supplier(
		'word for a number',
		(code) => ({ code, name: 'N', payment_terms_days: 'thirty' }),
		'The 2nd input item: payment_terms_days must be a number (got "thirty")',
	),
	supplier(
		'fractional whole-number field',
		(code) => ({ code, name: 'N', payment_terms_days: 2.5 }),
		'The 2nd input item: payment_terms_days must be a whole number (got 2.5)',
	),
	supplier(
		'negative days',
		(code) => ({ code, name: 'N', lead_time_days: -1 }),
		'The 2nd input item: lead_time_days must be 0 or more (got -1)',
	),
	supplier(
		'days above the maximum',
		(code) => ({ code, name: 'N', lead_time_days: 3651 }),
		'The 2nd input item: lead_time_days must be 3650 or less (got 3651)',
	),
	supplier(
		'boolean for a number',
		(code) => ({ code, name: 'N', lead_time_days: true }),
		'The 2nd input item: lead_time_days must be a number (got true)',
	),
	supplier(
		'malformed email',
		(code) => ({ code, name: 'N', email: 'orders at example' }),
		/^The 2nd input item: email must be an email address like orders@example.com/,
	),
	supplier(
		'object for a text',
		(code) => ({ code, name: { first: 'Nordic' } }),
		'The 2nd input item: name must be text (got an object)',
	),
	supplier(
		'list for a text',
		(code) => ({ code, name: ['Nordic', 'Timber'] }),
		'The 2nd input item: name must be text (got a list)',
	),
	supplier(
		'text for the address object',
		(code) => ({ code, name: 'N', address: 'Hamngatan 4, Göteborg' }),
		'The 2nd input item: address must be an object (got string "Hamngatan 4, Göteborg")',
	),
	supplier(
		'address without its city',
		(code) => ({ code, name: 'N', address: { line1: 'Hamngatan 4', country: 'SE' } }),
		'The 2nd input item: address.city is required but missing or empty',
	),
	supplier(
		'country name for a code',
		(code) => ({ code, name: 'N', address: { ...address, country: 'Sweden' } }),
		/^The 2nd input item: address.country must be a two-letter ISO country code/,
	),
	supplier(
		'nested junk in the address',
		(code) => ({ code, name: 'N', address: { ...address, geo: { lat: [57.7] } } }),
		/^The 2nd input item: address.geo is not a field the platform knows/,
	),
	supplier(
		'unknown field',
		(code) => ({ code, name: 'N', nmae: 'typo' }),
		/^The 2nd input item: nmae is not a field the platform knows/,
	),
	supplier(
		'word for a boolean',
		(code) => ({ code, name: 'N', active: 'maybe' }),
		'The 2nd input item: active must be yes or no, written as true/false, yes/no, y/n, on/off, 1/0 (in any case) (got "maybe")',
	),
	supplier(
		'lower-case currency',
		(code) => ({ code, name: 'N', currency: 'eur' }),
		/^The 2nd input item: currency must be a three-letter ISO currency code/,
	),
	supplier(
		'unicode name and address (accepted as sent)',
		(code) => ({
			code,
			name: 'Łódź Wärme & Søn — 東京支店 🚚',
			address: { ...address, city: 'Göteborg' },
		}),
		undefined,
		(sim, code) =>
			expect(sim.store.get('supplier', code)).toMatchObject({
				name: 'Łódź Wärme & Søn — 東京支店 🚚',
				address: { city: 'Göteborg' },
			}),
	),
	supplier(
		'name of 150 emoji (accepted: 150 characters as the contract counts them, not 300 UTF-16 units)',
		(code) => ({ code, name: long(150, '🚚') }),
		undefined,
		(sim, code) => expect(sim.store.get('supplier', code)?.name).toBe(long(150, '🚚')),
	),
	supplier(
		'name of 201 emoji, counted in characters',
		(code) => ({ code, name: long(201, '🚚') }),
		'The 2nd input item: name must be at most 200 characters long (got 201)',
	),
	supplier(
		'unicode code (accepted)',
		(code) => ({ code: `MÜLLER-Ø-${code}`, name: 'Müller' }),
		undefined,
		(sim, code) => expect(sim.store.get('supplier', `MÜLLER-Ø-${code}`)).toBeDefined(),
	),
	supplier(
		'numbers as text and a number as code (accepted, normalised)',
		() => ({ code: 4711, name: 'Numeric', payment_terms_days: ' 30 ', active: 'yes' }),
		undefined,
		(sim) =>
			expect(sim.store.get('supplier', '4711')).toMatchObject({
				payment_terms_days: 30,
				active: true,
			}),
	),
];

const customer = table({
	type: 'wmsCustomer',
	parameters: inputItems('customer'),
	route: '/customer/add',
	good: (code) => ({ code, name: `Customer ${code}` }),
});
const billing = { type: 'billing', line1: 'Spitalerstrasse 10', city: 'Hamburg', country: 'DE' };

const customerCases = [
	customer(
		'unknown address type',
		(code) => ({ code, name: 'N', addresses: [{ ...billing, type: 'home' }] }),
		'The 2nd input item: addresses.1.type must be one of billing, shipping, other (got "home")',
	),
	customer(
		'address entry without line 1',
		(code) => ({
			code,
			name: 'N',
			addresses: [billing, { type: 'shipping', city: 'Kiel', country: 'DE' }],
		}),
		'The 2nd input item: addresses.2.line1 is required but missing or empty',
	),
	customer(
		'text for the address list',
		(code) => ({ code, name: 'N', addresses: 'Spitalerstrasse 10' }),
		'The 2nd input item: addresses must be a list (got string "Spitalerstrasse 10")',
	),
	customer(
		'null entry in the address list',
		(code) => ({ code, name: 'N', addresses: [null] }),
		'The 2nd input item: addresses.1 must be an object (got null)',
	),
	customer(
		'courier code with "|"',
		(code) => ({ code, name: 'N', default_courier_service_code: 'DHL|EXP' }),
		/^The 2nd input item: default_courier_service_code must be a code without blanks/,
	),
	customer(
		'unicode customer (accepted)',
		(code) => ({
			code,
			name: 'Ærø Bådebyggeri ApS',
			addresses: [{ ...billing, city: 'Ærøskøbing', country: 'DK' }],
		}),
		undefined,
		(sim, code) => expect(sim.store.get('customer', code)?.addresses[0].city).toBe('Ærøskøbing'),
	),
];

const supplyLocation = table({
	type: 'wmsCustomer',
	parameters: inputItems('supplyLocation'),
	route: '/supply_location/add',
	good: (location_code) => ({
		customer_code: 'CUST-1',
		location_code,
		name: `Location ${location_code}`,
		address: { line1: 'Kai 1', city: 'Hamburg', country: 'DE' },
	}),
});

const supplyLocationCases = [
	supplyLocation(
		'missing required address',
		(location_code) => ({ customer_code: 'CUST-1', location_code, name: 'N' }),
		'The 2nd input item: address is required but missing or empty',
	),
	supplyLocation(
		'over-long postal code',
		(location_code) => ({
			customer_code: 'CUST-1',
			location_code,
			name: 'N',
			address: { line1: 'Kai 1', city: 'Hamburg', country: 'DE', postal_code: long(21, '9') },
		}),
		'The 2nd input item: address.postal_code must be at most 20 characters long (got 21)',
	),
	supplyLocation(
		'missing customer',
		(location_code) => ({
			location_code,
			name: 'N',
			address: { line1: 'Kai 1', city: 'Hamburg', country: 'DE' },
		}),
		'The 2nd input item ("N"): customer_code is required but missing or empty',
	),
];

const courier = table({
	type: 'wmsCourierService',
	parameters: inputItems('courierService'),
	route: '/courier_service/add',
	good: (code) => ({ code, name: `Service ${code}`, carrier: 'DHL', service_level: 'standard' }),
});

const courierCases = [
	courier(
		'unknown service level',
		(code) => ({ code, name: 'N', carrier: 'DHL', service_level: 'warp' }),
		/^The 2nd input item: service_level must be one of economy, standard, express, next_day, same_day, freight \(got "warp"\)/,
	),
	courier(
		'service level in the wrong case',
		(code) => ({ code, name: 'N', carrier: 'DHL', service_level: 'Express' }),
		/^The 2nd input item: service_level must be one of .* \(got "Express"\)/,
	),
	courier(
		'missing carrier',
		(code) => ({ code, name: 'N', service_level: 'standard' }),
		'The 2nd input item: carrier is required but missing or empty',
	),
	courier(
		'negative max weight',
		(code) => ({
			code,
			name: 'N',
			carrier: 'DHL',
			service_level: 'standard',
			max_weight_kg: -31.5,
		}),
		'The 2nd input item: max_weight_kg must be 0 or more (got -31.5)',
	),
];

describeBadInput('bad input to the partner nodes, each beside good items under continue-on-fail', [
	['WMS Supplier', supplierCases],
	['WMS Customer: Customer', customerCases],
	['WMS Customer: Supply Location', supplyLocationCases],
	['WMS Courier Service', courierCases],
]);
