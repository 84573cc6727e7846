/**
 * A record's key is read for every item of a run; the other spellings of the key fields (camelCase,
 * any letter case) are worked out once per list of key fields, not once per record.
 */
import type { IDataObject } from 'n8n-workflow';

jest.mock('../../nodes/shared/checking/fieldList', () => {
	const actual = jest.requireActual('../../nodes/shared/checking/fieldList');
	return { ...actual, camelName: jest.fn(actual.camelName) };
});

import { camelName } from '../../nodes/shared/checking/fieldList';
import { recordKey } from '../../nodes/shared/recordKey';

const camel = camelName as jest.MockedFunction<typeof camelName>;

describe('recordKey', () => {
	beforeEach(() => camel.mockClear());

	it('works out the key fields’ spellings once for a run of many records', () => {
		const fields = ['order_number', 'line_number'];
		const keys: Array<IDataObject | undefined> = [];
		for (let k = 0; k < 1000; k++) {
			const record: IDataObject =
				k % 3 === 0
					? { orderNumber: `SO-${k}`, lineNumber: 1 }
					: k % 3 === 1
						? { ORDER_NUMBER: `SO-${k}`, Line_Number: 2 }
						: { order_number: `SO-${k}` };
			keys.push(recordKey(fields, record));
		}
		expect(keys[0]).toEqual({ order_number: 'SO-0', line_number: 1 });
		expect(keys[1]).toEqual({ order_number: 'SO-1', line_number: 2 });
		expect(keys[2]).toEqual({ order_number: 'SO-2' });
		expect(camel.mock.calls.length).toBeLessThanOrEqual(fields.length);
	});

	it('reads the same keys as before: camelCase, any letter case, unusable values', () => {
		const fields = ['sku'];
		expect(recordKey(fields, { SKU: 'A-1' })).toEqual({ sku: 'A-1' });
		expect(recordKey(fields, { sku: ' A-1' })).toBeUndefined();
		expect(recordKey(fields, { sku: 'A|1' })).toBeUndefined();
		expect(recordKey(fields, {})).toBeUndefined();
		expect(recordKey(['bin_code', 'zone'], { binCode: 'B1', zone: '' })).toEqual({
			bin_code: 'B1',
		});
		expect(recordKey(['bin_code', 'zone'], { binCode: 'B1', zone: {} })).toBeUndefined();
		expect(recordKey(undefined, { sku: 'A' })).toBeUndefined();
	});
});
