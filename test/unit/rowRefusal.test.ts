/**
 * What a row an answer refused says (nodes/shared/bulk/answers/refusal.ts): the platform's words,
 * each field its errors name before its message (counted from 1), and the first field named as
 * the nodes hold it, for the row's error item — in every spelling an error answer uses.
 */
import type { AnswerReader } from '../../nodes/shared/bulk/answers';
import { rowRefusal } from '../../nodes/shared/bulk/answers/refusal';

const reader = (errors?: string): AnswerReader => ({
	lists: ['accepted', 'rejected'],
	statusRequired: false,
	errors,
	entries: () => [],
});

describe('rowRefusal', () => {
	it.each([
		['a field path', { field: 'lines[1].sku', message: 'unknown' }],
		['a JSON pointer', { pointer: '/lines/1/sku', message: 'unknown' }],
		['dots', { path: 'lines.1.sku', detail: 'unknown' }],
		["FastAPI's loc", { loc: ['body', 'lines', 1, 'sku'], msg: 'unknown' }],
		['JSON:API source.pointer', { source: { pointer: '/lines/1/sku' }, title: 'unknown' }],
	])('reads the field of %s', (_, error) => {
		expect(rowRefusal({ row: 0, errors: [error] }, reader(), undefined)).toEqual({
			words: 'field "lines.2.sku" unknown',
			field: 'lines[1].sku',
		});
	});

	it("names every field of the row's errors in its words, and takes the first for the error item", () => {
		expect(
			rowRefusal(
				{
					index: 2,
					'invalid-params': [
						{ name: 'item_name', reason: 'is too long' },
						{ name: 'unit_of_measure', reason: 'is not a unit' },
						'blocked by rule 17',
					],
				},
				reader('invalid-params'),
				undefined,
			),
		).toEqual({
			words:
				'field "item_name" is too long; field "unit_of_measure" is not a unit; blocked by rule 17',
			field: 'item_name',
		});
	});

	it('takes the field a row names beside its reason, where it has no list of errors', () => {
		expect(
			rowRefusal({ row: 1, field: '/item_name', reason: 'is too long' }, reader(), 'is too long'),
		).toEqual({ words: 'field "item_name" is too long', field: 'item_name' });
	});

	it('takes the field of its one error object', () => {
		expect(
			rowRefusal(
				{
					index: 1,
					status: 'error',
					error: { code: 'E17', field: 'lines[0].sku', message: 'blocked' },
				},
				reader(),
				'blocked',
			),
		).toEqual({ words: 'field "lines.1.sku" blocked', field: 'lines[0].sku' });
	});

	it("keeps the row's own words, without a field, where none is named", () => {
		expect(rowRefusal({ row: 1, name: 'Widget' }, reader(), 'is blocked')).toEqual({
			words: 'is blocked',
		});
		expect(rowRefusal({ row: 1 }, reader(), undefined)).toEqual({
			words: 'the platform did not take it',
		});
	});

	describe("a path from the request's top (the records under data)", () => {
		const place = { container: 'data', row: 1 };
		it.each([
			'data[1].item_name',
			'/data/1/item_name',
			'data.1.item_name',
			'#/data/1/item_name',
			'$.data[1].item_name',
			'body.data.1.item_name',
		])('%s is the field of this row, in its own words', (path) => {
			expect(
				rowRefusal(
					{ errors: [{ field: path, message: 'is required' }] },
					reader(),
					undefined,
					place,
				),
			).toEqual({ words: 'field "item_name" is required', field: 'item_name' });
		});

		it('keeps a field within the row counted from 1, and reads the row beside its reason', () => {
			expect(
				rowRefusal(
					{ pointer: '/data/1/lines/0/sku', reason: 'unknown' },
					reader(),
					'unknown',
					place,
				),
			).toEqual({ words: 'field "lines.1.sku" unknown', field: 'lines[0].sku' });
		});

		it('says so where it names another row, and puts no field on this one', () => {
			expect(
				rowRefusal(
					{ errors: [{ field: 'data[2].item_name', message: 'is required' }] },
					reader(),
					undefined,
					place,
				),
			).toEqual({
				words: 'the 3rd record of the request, not this one: field "item_name" is required',
			});
		});

		it("leaves a record's own list alone where the records are elsewhere", () => {
			expect(
				rowRefusal(
					{ errors: [{ field: 'lines[1].sku', message: 'unknown' }] },
					reader(),
					undefined,
					place,
				),
			).toEqual({ words: 'field "lines.2.sku" unknown', field: 'lines[1].sku' });
		});
	});
});
