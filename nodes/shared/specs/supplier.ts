import type { FieldSpec, RecordSpec } from '../fields';
import { active, address, changedSince, code, codeList, currency, email, notes, phone } from './common';

export const supplierSpec: RecordSpec = {
	noun: 'supplier',
	key: ['code'],
	fields: [
		code('Supplier Code', 'The supplier\'s code in the ERP; records with the same code are updated'),
		{ name: 'name', label: 'Name', type: 'string', required: true, minLength: 1, maxLength: 200 },
		email,
		phone,
		{ name: 'contact_name', label: 'Contact Name', type: 'string', maxLength: 200 },
		{ name: 'vat_number', label: 'VAT Number', type: 'string', maxLength: 30 },
		currency,
		{ name: 'payment_terms_days', label: 'Payment Terms (Days)', type: 'integer', minimum: 0, maximum: 3650 },
		{ name: 'lead_time_days', label: 'Lead Time (Days)', type: 'integer', minimum: 0, maximum: 3650 },
		active,
		address,
		notes,
	],
};

export const supplierFilters: FieldSpec[] = [
	codeList('codes', 'Supplier Codes'),
	{ name: 'active', label: 'Active', type: 'boolean', default: true },
	changedSince,
];
