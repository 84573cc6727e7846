/** Dangerous goods lookups: UN numbers with their class, packing group and quantity limits. */
import type { FieldSpec, RecordSpec } from '../fields';
import { changedSince } from './common';

export const UN_NUMBER_PATTERN = '^[0-9]{4}$';

export const unNumber: FieldSpec = {
	name: 'un_number',
	label: 'UN Number',
	type: 'string',
	required: true,
	pattern: UN_NUMBER_PATTERN,
	patternHint: 'a UN number of four digits without "UN", like 1263',
	placeholder: '1263',
};

export const hazardClass: FieldSpec = {
	name: 'hazard_class',
	label: 'Hazard Class',
	type: 'string',
	required: true,
	pattern: '^[1-9](\\.[1-6])?[A-S]?$',
	patternHint: 'a class or division like 3, 2.1, 6.1 or 1.4S',
	placeholder: '3',
};

export const packingGroup: FieldSpec = {
	name: 'packing_group',
	label: 'Packing Group',
	type: 'string',
	options: [
		{ name: 'I (High Danger)', value: 'I' },
		{ name: 'II (Medium Danger)', value: 'II' },
		{ name: 'III (Low Danger)', value: 'III' },
	],
};

export const dangerousGoodsLookupSpec: RecordSpec = {
	noun: 'dangerous goods lookup',
	key: ['un_number'],
	fields: [
		{ ...unNumber, description: 'The lookup\'s key; a lookup with the same UN number is updated' },
		{ name: 'proper_shipping_name', label: 'Proper Shipping Name', type: 'string', required: true, minLength: 1, maxLength: 500, placeholder: 'PAINT' },
		hazardClass,
		{
			name: 'subsidiary_risks',
			label: 'Subsidiary Risks',
			type: 'stringList',
			pattern: hazardClass.pattern,
			patternHint: hazardClass.patternHint,
			description: 'Further hazard classes, comma-separated; up to 5',
		},
		packingGroup,
		{
			name: 'limited_quantity',
			label: 'Limited Quantity',
			type: 'string',
			maxLength: 20,
			description: 'Limited-quantity limit per inner packaging, e.g. "5 L", or "0" when not allowed',
		},
		{
			name: 'excepted_quantity_code',
			label: 'Excepted Quantity Code',
			type: 'string',
			options: ['E0', 'E1', 'E2', 'E3', 'E4', 'E5'].map((code) => ({ name: code, value: code })),
		},
	],
};

export const dangerousGoodsFilters: FieldSpec[] = [
	{
		...unNumber,
		name: 'un_numbers',
		label: 'UN Numbers',
		type: 'stringList',
		required: false,
		placeholder: 'e.g. 1263, 1993',
		description: 'Comma-separated; up to 500',
	},
	{ ...hazardClass, required: false },
	changedSince,
];
