/**
 * A list of numbers in a description (ids: {type: array, items: {type: integer}}) stays a list of
 * numbers in what the compiler makes of it, so every reader of a field (the checks, the mapper,
 * Call a Route, the filters) sends numbers: "7, 9" typed in a form goes as [7, 9], and an entry
 * that is not a number is a problem naming its place, never sent as text.
 */
import { compileDescription } from '../../nodes/shared/platform/description/compile';
import { checkRecord as checkWith, type Checkable } from '../../nodes/shared/checking';
import type { IDataObject } from 'n8n-workflow';

import type { ContractField } from '../../nodes/shared/platform';

const checkRecord = (spec: Checkable, input: IDataObject) =>
	checkWith(spec, input, { unknownFields: 'error', timeZone: 'UTC' });

const filterOf = (ids: unknown): ContractField | undefined => {
	const compiled = compileDescription({
		openapi: '3.1.0',
		info: { title: 'Numbered WMS', version: '1' },
		paths: {
			'/erp_update/list': {
				post: {
					requestBody: {
						content: {
							'application/json': {
								schema: {
									type: 'object',
									properties: { filter: { type: 'object', properties: { ids } } },
								},
							},
						},
					},
					responses: {
						'200': {
							description: 'OK',
							content: {
								'application/json': {
									schema: {
										type: 'object',
										properties: { items: { type: 'array', items: { type: 'object' } } },
									},
								},
							},
						},
					},
				},
			},
		},
	});
	const filter = compiled.routes['/erp_update/list'].body.find((field) => field.name === 'filter');
	return filter?.fields?.find((field) => field.name === 'ids');
};

describe('a list of numbers in a description', () => {
	it.each([
		['integer', { type: 'integer', minimum: 1 }, 'integer'],
		['number', { type: 'number' }, 'number'],
		['string', { type: 'string' }, undefined],
	])('a list of %s entries keeps its entry type', (_, items, entryType) => {
		const field = filterOf({ type: 'array', items });
		expect(field).toMatchObject({ name: 'ids', type: 'stringList' });
		expect(field?.entryType).toBe(entryType);
	});

	it('an integer list is checked and sent as numbers; an entry that is not one, or below its minimum, is a problem naming the field and the entry', () => {
		const spec = { fields: [filterOf({ type: 'array', items: { type: 'integer', minimum: 1 } })!] };
		expect(checkRecord(spec, { ids: '7, 9' })).toEqual({ record: { ids: [7, 9] }, problems: [] });
		expect(checkRecord(spec, { ids: ['7', 9] })).toEqual({
			record: { ids: [7, 9] },
			problems: [],
		});
		expect(checkRecord(spec, { ids: '7, UPD-9' }).problems).toEqual([
			{ field: 'ids', problem: 'entry 2 must be a number (got "UPD-9")' },
		]);
		expect(checkRecord(spec, { ids: [7, 1.5] }).problems).toEqual([
			{ field: 'ids', problem: 'entry 2 must be a whole number (got 1.5)' },
		]);
		expect(checkRecord(spec, { ids: '0' }).problems).toEqual([
			{ field: 'ids', problem: 'entry 1 must be 1 or more (got 0)' },
		]);
		expect(checkRecord(spec, { ids: { one: 7 } }).problems).toEqual([
			{
				field: 'ids',
				problem: 'must be a list of whole numbers or comma-separated text (got an object)',
			},
		]);
	});

	it('a list of texts keeps numbers as text', () => {
		const spec = { fields: [filterOf({ type: 'array', items: { type: 'string' } })!] };
		expect(checkRecord(spec, { ids: [7, 'UPD-9'] })).toEqual({
			record: { ids: ['7', 'UPD-9'] },
			problems: [],
		});
	});
});
