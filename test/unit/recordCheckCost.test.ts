/**
 * Every input item's record is checked; what the check is called with (the options, the
 * workflow's time zone, the walk and its list of problems) is made once per run, not per record,
 * and a record's problems are its own: one refused record leaves none behind for the next.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkOrRefuse } from '../../nodes/shared/checking';
import { checkedRecord, type RecordSource } from '../../nodes/shared/form/records';
import type { RecordSpec } from '../../nodes/shared/platform/types';

const spec = {
	noun: 'inventory item',
	fields: [
		{ name: 'sku', label: 'SKU', type: 'string', required: true },
		{ name: 'quantity', label: 'Quantity', type: 'number', minimum: 0 },
		{ name: 'received_at', label: 'Received At', type: 'dateTime' },
	],
} as unknown as RecordSpec;

const ITEMS = 1000;

function run(records: IDataObject[]) {
	const items = records.map((json) => ({ json }));
	const ctx = {
		getTimezone: jest.fn(() => 'Europe/Berlin'),
		getNode: () => ({ name: 'WMS Inventory', type: 'x', typeVersion: 2, parameters: {} }),
		getInputData: () => items,
	} as unknown as IExecuteFunctions & { getTimezone: jest.Mock };
	const source: RecordSource = { mode: 'inputItem', unknownFields: 'error', items };
	const check = (k: number) => {
		try {
			return checkedRecord(ctx, spec, k, source);
		} catch (error) {
			return (error as Error).message;
		}
	};
	return { ctx, checked: records.map((_, k) => check(k)) };
}

describe('checkedRecord over a run', () => {
	it("reads the workflow's time zone once for the run, not for every record", () => {
		const records = Array.from({ length: ITEMS }, (_, k) => ({
			sku: `S-${k}`,
			quantity: k,
			received_at: '2026-11-27 10:00',
		}));
		const { ctx, checked } = run(records);
		expect(ctx.getTimezone).toHaveBeenCalledTimes(1);
		expect(checked[7]).toEqual({
			sku: 'S-7',
			quantity: 7,
			received_at: '2026-11-27T09:00:00.000Z',
		});
	});

	it('refuses a record with the words checkOrRefuse gives it, and the next record is clean', () => {
		const records = [
			{ sku: 'S-0', quantity: 1 },
			{ sku: 'S-1', quantity: -5, colour: 'red' },
			{ sku: 'S-2', quantity: 2 },
			{ quantity: 3 },
		];
		const { ctx, checked } = run(records);
		const alone = (k: number) => {
			try {
				return checkOrRefuse(ctx, k, spec, records[k]);
			} catch (error) {
				return (error as Error).message;
			}
		};
		expect(checked).toEqual(records.map((_, k) => alone(k)));
		expect(checked[1]).toMatch(/quantity/);
		expect(checked[2]).toEqual({ sku: 'S-2', quantity: 2 });
		expect(checked[3]).toMatch(/sku/i);
	});
});
