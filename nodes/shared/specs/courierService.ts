/** Courier services: the carriers' products the warehouse ships with. */
import type { FieldSpec, RecordSpec } from '../fields';
import { active, changedSince, code, codeList, codeRules } from './common';

const serviceLevels = ['economy', 'standard', 'express', 'next_day', 'same_day', 'freight'].map((value) => ({
	name: value.replace(/_/g, ' ').replace(/\b./g, (c) => c.toUpperCase()),
	value,
}));

const serviceLevel: FieldSpec = { name: 'service_level', label: 'Service Level', type: 'string', options: serviceLevels };

/** A courier service picked from the platform's list, or given by an expression. */
export const courierServiceRef = (name: string, label = 'Courier Service'): FieldSpec => ({
	name,
	label,
	type: 'string',
	...codeRules,
	loadOptionsMethod: 'getCourierServices',
});

export const courierServiceSpec: RecordSpec = {
	noun: 'courier service',
	key: ['code'],
	fields: [
		code('Courier Service Code', 'The service\'s code; a service with the same code is updated'),
		{ name: 'name', label: 'Name', type: 'string', required: true, minLength: 1, maxLength: 200 },
		{ name: 'carrier', label: 'Carrier', type: 'string', required: true, minLength: 1, maxLength: 100, placeholder: 'DHL' },
		{ ...serviceLevel, required: true, default: 'standard' },
		{
			name: 'tracking_url_template',
			label: 'Tracking URL Template',
			type: 'string',
			maxLength: 500,
			pattern: '^https?://\\S*\\{tracking_number\\}\\S*$',
			patternHint: 'a web address containing {tracking_number}, like https://track.example/?id={tracking_number}',
			placeholder: 'https://track.example/?id={tracking_number}',
		},
		{ name: 'max_weight_kg', label: 'Max Weight (Kg)', type: 'number', minimum: 0 },
		{
			name: 'countries',
			label: 'Countries',
			type: 'stringList',
			pattern: '^[A-Z]{2}$',
			patternHint: 'two-letter ISO country codes in capitals, like DE',
			description: 'Destination countries served, comma-separated (empty = all)',
		},
		{ name: 'account_number', label: 'Account Number', type: 'string', maxLength: 50 },
		active,
	],
};

export const courierServiceFilters: FieldSpec[] = [
	codeList('codes', 'Courier Service Codes'),
	{ name: 'carrier', label: 'Carrier', type: 'string', maxLength: 100 },
	serviceLevel,
	{ name: 'active', label: 'Active', type: 'boolean', default: true },
	changedSince,
];
