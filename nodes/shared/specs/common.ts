/** Field specs used by several records: codes, addresses, contact details, activity flag. */
import type { FieldSpec } from '../fields';

/** The contract's Code: what an ERP uses as an identifier (no blanks at the ends, no "|"). */
export const codeRules = {
	minLength: 1,
	maxLength: 50,
	pattern: '^[^|\\s]([^|]*[^|\\s])?$',
	patternHint: 'a code without blanks at either end and without "|"',
} as const;

export const skuRules = { ...codeRules, maxLength: 64 } as const;

export const code = (label: string, description?: string, name = 'code'): FieldSpec => ({
	name,
	label,
	type: 'string',
	required: true,
	...codeRules,
	description,
});

/** A key filter taking several codes, comma-separated in the form. */
export const codeList = (name: string, label: string, rules: typeof codeRules | typeof skuRules = codeRules): FieldSpec => ({
	name,
	label,
	type: 'stringList',
	...rules,
	description: 'Comma-separated; up to 500',
});

export const addressFields: FieldSpec[] = [
	{ name: 'line1', label: 'Address Line 1', type: 'string', required: true, minLength: 1, maxLength: 200 },
	{ name: 'line2', label: 'Address Line 2', type: 'string', maxLength: 200 },
	{ name: 'city', label: 'City', type: 'string', required: true, minLength: 1, maxLength: 100 },
	{ name: 'region', label: 'Region', type: 'string', maxLength: 100 },
	{ name: 'postal_code', label: 'Postal Code', type: 'string', maxLength: 20 },
	{
		name: 'country',
		label: 'Country',
		type: 'string',
		required: true,
		pattern: '^[A-Z]{2}$',
		patternHint: 'a two-letter ISO country code in capitals, like DE or US',
	},
];

export const address: FieldSpec = { name: 'address', label: 'Address', type: 'object', fields: addressFields };

export const email: FieldSpec = {
	name: 'email',
	label: 'Email',
	type: 'string',
	maxLength: 254,
	pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
	patternHint: 'an email address like orders@example.com',
	placeholder: 'name@email.com',
};

export const phone: FieldSpec = { name: 'phone', label: 'Phone', type: 'string', minLength: 1, maxLength: 40 };

export const active: FieldSpec = {
	name: 'active',
	label: 'Active',
	type: 'boolean',
	default: true,
	description: 'Whether the record can be used in new orders',
};

export const notes: FieldSpec = { name: 'notes', label: 'Notes', type: 'string', maxLength: 2000 };

export const currency: FieldSpec = {
	name: 'currency',
	label: 'Currency',
	type: 'string',
	pattern: '^[A-Z]{3}$',
	patternHint: 'a three-letter ISO currency code in capitals, like EUR',
};

/** Filters every read route accepts. */
export const changedSince: FieldSpec = {
	name: 'changed_since',
	label: 'Changed Since',
	type: 'dateTime',
	description: 'Only records created or changed after this moment',
};
