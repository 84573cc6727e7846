/**
 * A record filled in the form is read for every input item; which parameter stands for which
 * field (camelCase of its name) is worked out once per field list, not once per item.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

jest.mock('../../nodes/shared/checking/fieldList', () => {
	const actual = jest.requireActual('../../nodes/shared/checking/fieldList');
	return { ...actual, camelName: jest.fn(actual.camelName) };
});

import { camelName } from '../../nodes/shared/checking/fieldList';
import { readRecord, type RecordSource } from '../../nodes/shared/form/records';
import type { RecordSpec } from '../../nodes/shared/platform/types';

const camel = camelName as jest.MockedFunction<typeof camelName>;

const spec = {
	noun: 'inventory item',
	fields: [
		{ name: 'sku', type: 'string', required: true },
		{ name: 'unit_of_measure', type: 'string' },
		{ name: 'bin_location', type: 'object', fields: [{ name: 'bin_code', type: 'string' }] },
		{ name: 'lots', type: 'list', fields: [{ name: 'lot_number', type: 'string' }] },
	],
} as unknown as RecordSpec;

/** The form's parameters of item `k`, as n8n answers them. */
function ctxOf(items: number): IExecuteFunctions {
	const parameter = (name: string, k: number, fallback?: unknown): unknown => {
		if (name === 'sku') return `SKU-${k}`;
		if (name === 'additionalFields')
			return {
				unitOfMeasure: 'EA',
				binLocation: { values: { binCode: `B-${k}` } },
				lots: { entries: [{ lotNumber: 'L1' }] },
			};
		return fallback;
	};
	return {
		getNodeParameter: jest.fn(parameter),
		getInputData: () => Array.from({ length: items }, () => ({ json: {} })),
	} as unknown as IExecuteFunctions;
}

describe('readRecord from the form', () => {
	it('works out the form’s parameter names once for a run of many items', () => {
		const source: RecordSource = { mode: 'form', unknownFields: 'send' };
		const ctx = ctxOf(500);
		camel.mockClear();
		const records: IDataObject[] = [];
		for (let k = 0; k < 500; k++) records.push(readRecord(ctx, spec, k, source));
		expect(records[7]).toEqual({
			sku: 'SKU-7',
			unitOfMeasure: 'EA',
			binLocation: { binCode: 'B-7' },
			lots: [{ lotNumber: 'L1' }],
		});
		// Each field list's names once (the top list's four, the two inner lists' one each, the required one).
		expect(camel.mock.calls.length).toBeLessThanOrEqual(10);
	});
});
