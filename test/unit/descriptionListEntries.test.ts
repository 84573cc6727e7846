/**
 * A list of yes/no values or of enum values in a description (flags: {type: array, items: {type:
 * boolean}}, kinds: {type: array, items: {enum: [...]}}) keeps what its entries are, as a list of
 * numbers does (descriptionNumberLists): "true, NO" typed in a form goes as [true, false], an entry
 * that is no yes/no or not one of the enum's values is a problem naming the values to give, and
 * the differences from the built-in description say when a list's entries changed type or values.
 */
import type { IDataObject } from 'n8n-workflow';

import { checkRecord as checkWith, type Checkable } from '../../nodes/shared/checking';
import type { ContractField } from '../../nodes/shared/platform';
import { platformFromText } from '../../nodes/shared/platform/compiled';
import { compileDescription } from '../../nodes/shared/platform/description/compile';
import { differences } from '../../nodes/shared/platform/differences';

const checkRecord = (spec: Checkable, input: IDataObject) =>
	checkWith(spec, input, { unknownFields: 'error', timeZone: 'UTC' });

/** A vendor's description whose /order/add records have these fields. */
const describedWith = (properties: IDataObject) => ({
	openapi: '3.1.0',
	info: { title: 'Listed WMS', version: '1' },
	paths: {
		'/order/add': {
			post: {
				requestBody: {
					content: {
						'application/json': {
							schema: {
								type: 'object',
								properties: {
									items: {
										type: 'array',
										items: {
											type: 'object',
											properties: { code: { type: 'string' }, ...properties },
										},
									},
								},
							},
						},
					},
				},
				responses: { '200': { description: 'OK' } },
			},
		},
	},
});

const fieldOf = (list: IDataObject): ContractField => {
	const compiled = compileDescription(describedWith({ list }));
	const items = compiled.routes['/order/add'].body.find((field) => field.name === 'items');
	return items!.fields!.find((field) => field.name === 'list')!;
};

const BOOLEAN_WORDS =
	'must be yes or no, written as true/false, yes/no, y/n, on/off, 1/0 (in any case)';

describe('a list of yes/no values in a description', () => {
	const spec = { fields: [fieldOf({ type: 'array', items: { type: 'boolean' } })] };

	it('keeps its entry type', () => {
		expect(spec.fields[0]).toMatchObject({ type: 'stringList', entryType: 'boolean' });
	});

	it('is checked and sent as yes/no, read as a single yes/no field reads them, in any case', () => {
		expect(checkRecord(spec, { list: 'true, FALSE, Yes, no, 1, 0' })).toEqual({
			record: { list: [true, false, true, false, true, false] },
			problems: [],
		});
		expect(checkRecord(spec, { list: [true, 'off', 0] })).toEqual({
			record: { list: [true, false, false] },
			problems: [],
		});
	});

	it('refuses an entry that is no yes/no, saying what to give', () => {
		expect(checkRecord(spec, { list: 'true, maybe' }).problems).toEqual([
			{ field: 'list', problem: `entry 2 ${BOOLEAN_WORDS} (got "maybe")` },
		]);
		expect(checkRecord(spec, { list: { on: true } }).problems).toEqual([
			{
				field: 'list',
				problem: 'must be a list of yes/no values or comma-separated text (got an object)',
			},
		]);
	});

	it('holds to an enum of its entries', () => {
		const onlyTrue = {
			fields: [fieldOf({ type: 'array', items: { type: 'boolean', enum: [true] } })],
		};
		expect(checkRecord(onlyTrue, { list: 'yes, true' }).record).toEqual({ list: [true, true] });
		expect(checkRecord(onlyTrue, { list: 'yes, no' }).problems).toEqual([
			{ field: 'list', problem: 'entry 2 must be true (got "no")' },
		]);
	});
});

describe('a list of enum values in a description', () => {
	const spec = {
		fields: [fieldOf({ type: 'array', items: { type: 'string', enum: ['fragile', 'cold'] } })],
	};

	it('keeps the values its entries may take, as a list (not a dropdown of one)', () => {
		expect(spec.fields[0]).toMatchObject({
			type: 'stringList',
			entryOptions: [
				{ name: 'Fragile', value: 'fragile' },
				{ name: 'Cold', value: 'cold' },
			],
		});
		expect(spec.fields[0].options).toBeUndefined();
	});

	it('checks each entry against the enum, naming the allowed values', () => {
		expect(checkRecord(spec, { list: 'fragile, cold' })).toEqual({
			record: { list: ['fragile', 'cold'] },
			problems: [],
		});
		expect(checkRecord(spec, { list: ['cold', 'wet'] }).problems).toEqual([
			{ field: 'list', problem: 'entry 2 must be one of fragile, cold (got "wet")' },
		]);
	});

	it('an enum of integers is checked as numbers and against its values', () => {
		const levels = {
			fields: [fieldOf({ type: 'array', items: { type: 'integer', enum: [1, 2] } })],
		};
		expect(checkRecord(levels, { list: '2, 1' }).record).toEqual({ list: [2, 1] });
		expect(checkRecord(levels, { list: '2, 3' }).problems).toEqual([
			{ field: 'list', problem: 'entry 2 must be one of 1, 2 (got 3)' },
		]);
	});
});

describe("differences of a list's entries", () => {
	const platform = (list: IDataObject) =>
		platformFromText(JSON.stringify(describedWith({ list })), { kind: 'pasted' }).platform;
	const said = (from: IDataObject, to: IDataObject) =>
		differences(platform(from), platform(to)).changes.map(({ kind, text }) => [kind, text]);
	const texts = { type: 'array', items: { type: 'string' } };

	it("say a change of the entries' type as other type changes are said", () => {
		expect(said(texts, { type: 'array', items: { type: 'integer' } })).toEqual([
			[
				'breaking',
				'field list is stringList of integer (was stringList of string): values must be sent as such',
			],
		]);
		expect(said(texts, { type: 'array', items: { type: 'boolean' } })).toEqual([
			[
				'breaking',
				'field list is stringList of boolean (was stringList of string): values must be sent as such',
			],
		]);
		expect(said(texts, texts)).toEqual([]);
	});

	it("say a change of the entries' enum as a field's is said", () => {
		const kinds = (values: string[]) => ({
			type: 'array',
			items: { type: 'string', enum: values },
		});
		expect(said(texts, kinds(['a', 'b']))).toEqual([
			['breaking', 'field list takes only a, b in each entry'],
		]);
		expect(said(kinds(['a', 'b']), kinds(['b', 'c']))).toEqual([
			['breaking', 'field list no longer takes a in any entry'],
			['additive', 'field list also takes c in each entry'],
		]);
	});
});
