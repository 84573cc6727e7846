/**
 * Every field of every record is walked; a field's path ("lines[2].dims.height") is only words for
 * a problem. It is made when a problem names the field, not for each field walked; a record's keys
 * are walked without a list of them made per record; and a clean record (nested objects and lists
 * included) is answered as it came, not rebuilt.
 */
import type { IDataObject } from 'n8n-workflow';

jest.mock('../../nodes/shared/checking/fieldList', () => {
	const actual = jest.requireActual('../../nodes/shared/checking/fieldList');
	return { ...actual, placeText: jest.fn(actual.placeText) };
});

import { checkRecord, type CheckOptions } from '../../nodes/shared/checking';
import { placeText } from '../../nodes/shared/checking/fieldList';
import type { RecordSpec } from '../../nodes/shared/platform/types';

const place = placeText as jest.MockedFunction<typeof placeText>;

const dims = {
	name: 'dims',
	label: 'Dimensions',
	type: 'object',
	fields: [
		{ name: 'width', label: 'Width', type: 'number', exclusiveMinimum: 0 },
		{ name: 'height', label: 'Height', type: 'number', exclusiveMinimum: 0 },
	],
};
const spec = {
	noun: 'order',
	fields: [
		{ name: 'code', label: 'Code', type: 'string', required: true },
		{ name: 'tags', label: 'Tags', type: 'stringList' },
		{ name: 'extra', label: 'Extra', type: 'json' },
		dims,
		{
			name: 'lines',
			label: 'Lines',
			type: 'list',
			fields: [
				{ name: 'sku', label: 'SKU', type: 'string', required: true },
				{ name: 'qty', label: 'Qty', type: 'number', exclusiveMinimum: 0 },
				dims,
				{
					name: 'handling',
					label: 'Handling',
					type: 'object',
					shapeBy: 'kind',
					shapes: [
						{ name: 'Pallet', when: ['pallet'], fields: [{ name: 'kind', type: 'string' }] },
						{
							name: 'Parcel',
							when: ['parcel'],
							fields: [
								{ name: 'kind', type: 'string' },
								{ name: 'weight', type: 'number', exclusiveMinimum: 0 },
							],
						},
					],
				},
			],
		},
	],
} as unknown as RecordSpec;

const utc = (unknownFields: CheckOptions['unknownFields'] = 'error'): CheckOptions => ({
	unknownFields,
	timeZone: 'UTC',
});

const clean = (k: number): IDataObject => ({
	code: `SO-${k}`,
	tags: ['a', 'b'],
	extra: { any: 'thing' },
	dims: { width: 1, height: 2 },
	lines: [
		{ sku: 'X', qty: 1, dims: { width: 1, height: 1 }, handling: { kind: 'pallet' } },
		{ sku: 'Y', qty: 2, handling: { kind: 'parcel', weight: 3 } },
	],
});

describe('checking a record: what a walk makes', () => {
	beforeEach(() => place.mockClear());

	it('makes no path for a run of clean records, and answers each record as it came', () => {
		for (let k = 0; k < 1000; k++) {
			const input = clean(k);
			const { record, problems } = checkRecord(spec, input, utc());
			expect(problems).toEqual([]);
			expect(record).toBe(input);
		}
		expect(place).not.toHaveBeenCalled();
	});

	it('walks a record’s keys without making a list of them for each record', () => {
		const keys = jest.spyOn(Object, 'keys');
		for (let k = 0; k < 1000; k++) checkRecord(spec, clean(k), utc());
		// Counted before expect, which lists keys of its own.
		const calls = keys.mock.calls.length;
		keys.mockRestore();
		expect(calls).toBe(0);
	});

	it('copies a record that needs changing with its keys in the order they came', () => {
		const input: IDataObject = {
			code: 'A',
			x_a: 1,
			colour: 'red',
			dims: { height: 1, width: '2' },
			extra: 1,
			tags: 'p, q',
		};
		const given = JSON.stringify(input);
		const { record, problems } = checkRecord(spec, input, utc('ignore'));
		expect(problems).toEqual([]);
		expect(JSON.stringify(record)).toBe(
			'{"code":"A","x_a":1,"dims":{"height":1,"width":2},"extra":1,"tags":["p","q"]}',
		);
		expect(JSON.stringify(input)).toBe(given);
	});

	it('makes a path for each problem it names, in the same words as ever', () => {
		const input = clean(1);
		const lines = input.lines as IDataObject[];
		lines.push(
			{ qty: -1, dims: { width: 1, height: 0 }, colour: 'red' },
			'not a line' as unknown as IDataObject,
			{ sku: 'Z', handling: { kind: 'crate' } },
			{ sku: 'W', handling: { weight: -2 } },
		);
		input.dims = { width: 0 };
		const { problems } = checkRecord(spec, input, utc());
		expect(problems).toEqual([
			{ field: 'dims.width', problem: 'must be more than 0 (got 0)' },
			{ field: 'lines[2].qty', problem: 'must be more than 0 (got -1)' },
			{ field: 'lines[2].dims.height', problem: 'must be more than 0 (got 0)' },
			{
				field: 'lines[2].colour',
				problem:
					'is not a field the platform knows: remove it, rename it with an x_ prefix (x_colour) to send it as it is, or set Options → Unknown Fields to Leave Out',
			},
			{ field: 'lines[2].sku', problem: 'is required but missing or empty' },
			{ field: 'lines[3]', problem: 'must be an object (got string "not a line")' },
			{
				field: 'lines[4].handling.kind',
				problem:
					'must be one of pallet, parcel (got string "crate"): it names the shape of the rest',
			},
			{
				field: 'lines[5].handling',
				problem:
					'fits none of its 2 shapes (Pallet, Parcel); closest is Pallet, where lines[5].handling.weight is not a field the platform knows: remove it, rename it with an x_ prefix (x_weight) to send it as it is, or set Options → Unknown Fields to Leave Out',
			},
		]);
		// One path per problem, and the few the shapes' trials name while choosing the closest.
		expect(place.mock.calls.length).toBeLessThanOrEqual(problems.length + 4);
	});

	it('counts the keys it leaves out under the same paths, making them only for those keys', () => {
		const leftOut = new Map<string, number>();
		for (let k = 0; k < 100; k++) {
			const input = clean(k);
			(input.lines as IDataObject[])[1].colour = 'red';
			checkRecord(spec, input, { ...utc('ignore'), leftOut });
		}
		expect([...leftOut]).toEqual([['lines[1].colour', 100]]);
		expect(place.mock.calls.length).toBe(100);
	});
});
