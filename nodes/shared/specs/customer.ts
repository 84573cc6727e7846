/** Customers and their supply (delivery) locations. */
import type { FieldSpec, RecordSpec } from '../fields';
import { active, addressFields, address, changedSince, code, codeList, codeRules, currency, email, notes, phone } from './common';
import { courierServiceRef } from './courierService';

/** A customer picked from the platform's list, or given by an expression. */
export const customerRef = (required: boolean): FieldSpec => ({
	name: 'customer_code',
	label: 'Customer',
	type: 'string',
	required: required || undefined,
	...codeRules,
	loadOptionsMethod: 'getCustomers',
});

/** A supply location of the customer chosen in the same form, or given by an expression. */
export const supplyLocationRef: FieldSpec = {
	name: 'supply_location_code',
	label: 'Supply Location',
	type: 'string',
	...codeRules,
	loadOptionsMethod: 'getSupplyLocations',
	loadOptionsDependsOn: ['customerCode'],
};

const customerAddress: FieldSpec = {
	name: 'addresses',
	label: 'Addresses',
	type: 'list',
	fields: [
		{
			name: 'type',
			label: 'Type',
			type: 'string',
			required: true,
			options: [
				{ name: 'Billing', value: 'billing' },
				{ name: 'Shipping', value: 'shipping' },
				{ name: 'Other', value: 'other' },
			],
		},
		...addressFields,
	],
};

export const customerSpec: RecordSpec = {
	noun: 'customer',
	key: ['code'],
	fields: [
		code('Customer Code', 'The customer\'s code in the ERP; a customer with the same code is updated'),
		{ name: 'name', label: 'Name', type: 'string', required: true, minLength: 1, maxLength: 200 },
		{ name: 'contact_name', label: 'Contact Name', type: 'string', maxLength: 200 },
		email,
		phone,
		{ name: 'vat_number', label: 'VAT Number', type: 'string', maxLength: 30 },
		currency,
		customerAddress,
		courierServiceRef('default_courier_service_code', 'Default Courier Service'),
		active,
		notes,
	],
};

export const customerFilters: FieldSpec[] = [
	codeList('codes', 'Customer Codes'),
	{ name: 'active', label: 'Active', type: 'boolean', default: true },
	changedSince,
];

export const supplyLocationSpec: RecordSpec = {
	noun: 'supply location',
	key: ['customer_code', 'location_code'],
	fields: [
		customerRef(true),
		code('Location Code', 'The location\'s code, unique per customer; a location with the same customer and code is updated', 'location_code'),
		{ name: 'name', label: 'Name', type: 'string', required: true, minLength: 1, maxLength: 200 },
		{ ...address, required: true },
		{ name: 'contact_name', label: 'Contact Name', type: 'string', maxLength: 200 },
		phone,
		email,
		{ name: 'delivery_instructions', label: 'Delivery Instructions', type: 'string', maxLength: 1000 },
		{ name: 'opening_hours', label: 'Opening Hours', type: 'string', maxLength: 200, placeholder: 'Mon-Fri 07:00-16:00' },
		courierServiceRef('default_courier_service_code', 'Default Courier Service'),
		{ ...active, description: 'Whether orders can be delivered to this location' },
	],
};

export const supplyLocationFilters: FieldSpec[] = [
	codeList('customer_codes', 'Customer Codes'),
	{ ...code('Location Code', undefined, 'location_code'), required: undefined },
	{ name: 'active', label: 'Active', type: 'boolean', default: true },
	{ name: 'country', label: 'Country', type: 'string', pattern: '^[A-Z]{2}$', patternHint: 'a two-letter ISO country code in capitals, like DE' },
	changedSince,
];
