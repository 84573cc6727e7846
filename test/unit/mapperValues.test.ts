/**
 * What version 3's mapper offers for a Yes/No or JSON field and what it sends of a value left
 * alone (issue 39): a boolean is a dropdown whose unset choice sends nothing, an optional list or
 * object starts as empty JSON, and an empty value of any kind is not sent.
 */
import { mapperFields, notSent } from '../../nodes/shared/form/mapper';
import { jsonField } from '../../nodes/shared/form/mapperValues';
import type { RecordSpec } from '../../nodes/shared/platform';

const spec: RecordSpec = {
	noun: 'item',
	fields: [
		{ name: 'sku', label: 'SKU', type: 'string', required: true },
		{ name: 'active', label: 'Active', type: 'boolean', default: true },
		{ name: 'confirmed', label: 'Confirmed', type: 'boolean', required: true },
		{ name: 'pack_sizes', label: 'Pack Sizes', type: 'list' },
		{ name: 'dimensions_cm', label: 'Dimensions (cm)', type: 'object' },
		{ name: 'lines', label: 'Lines', type: 'list', required: true },
		{ name: 'weight_kg', label: 'Weight (kg)', type: 'number' },
	],
};

const byId = (fields: ReturnType<typeof mapperFields>) =>
	Object.fromEntries(fields.map((field) => [field.id, field]));

describe("the mapper's fields", () => {
	it('a Yes/No field is Yes / No / Leave As Is, Leave As Is sending nothing; a required one has no third choice', () => {
		const fields = byId(mapperFields(spec, ['sku']));
		expect(fields.active.type).toBe('options');
		expect(fields.active.options?.map(({ name, value }) => [name, value])).toEqual([
			['Yes', true],
			['No', false],
			['Leave As Is', ''],
		]);
		expect(fields.active.options?.[2].description).toMatch(
			/^Not sent: whether a record the platform already has keeps its value depends on the platform/,
		);
		expect(fields.active.defaultValue).toBeUndefined();
		expect(fields.confirmed.options?.map(({ name }) => name)).toEqual(['Yes', 'No']);
	});

	it("a read's Yes/No filter can be left out as Either", () => {
		const fields = byId(mapperFields(spec, undefined, false));
		expect(fields.active.options?.map(({ name, value }) => [name, value])).toEqual([
			['Yes', true],
			['No', false],
			['Either', ''],
		]);
	});

	it('an optional list or object starts as empty JSON; a required one, a number and a text start empty', () => {
		const fields = byId(mapperFields(spec, ['sku']));
		expect(fields.pack_sizes).toMatchObject({ type: 'array', defaultValue: '[]' });
		expect(fields.dimensions_cm).toMatchObject({ type: 'object', defaultValue: '{}' });
		expect(fields.lines.defaultValue).toBeUndefined();
		expect(fields.weight_kg.defaultValue).toBeUndefined();
		expect(fields.sku.defaultValue).toBeUndefined();
	});
});

describe('a mapped value left alone is not sent', () => {
	it.each([
		[null, undefined],
		[undefined, 'string'],
		['', 'options'],
		['', 'number'],
		['{}', 'object'],
		[' [ ] ', 'array'],
		['{ }', undefined],
		[[], 'array'],
		[{}, 'object'],
	] as const)('%j (%s)', (given, type) => {
		expect(notSent(given, type)).toBe(true);
	});

	it.each([
		[false, 'options'],
		[0, 'number'],
		[' ', 'string'],
		['{}', 'string'],
		['[1]', 'array'],
		[{ length: 1 }, 'object'],
	] as const)('%j (%s) is sent', (given, type) => {
		expect(notSent(given, type)).toBe(false);
	});

	it('JSON typed into a list or object field is sent as JSON; anything else as typed, for the checks to name', () => {
		expect(jsonField('{"length": 5}', 'object')).toEqual({ length: 5 });
		expect(jsonField('[{"quantity": 2}]', 'array')).toEqual([{ quantity: 2 }]);
		expect(jsonField('{length: 5}', 'object')).toBe('{length: 5}');
		expect(jsonField('"text"', 'object')).toBe('"text"');
		expect(jsonField('[1]', 'string')).toBe('[1]');
	});
});
