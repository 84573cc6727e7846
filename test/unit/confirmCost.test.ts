/**
 * Every row of a bulk write's answer is read back to its record: its result is copied without a
 * list of its keys made per row, and its status word is looked up among the description's words
 * lower-cased once for the request, not again for every row.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { confirmRows } from '../../nodes/shared/bulk/confirm';
import type { RouteInfo } from '../../nodes/shared/platform';

const node = { name: 'WMS Inventory', parameters: {} } as unknown as INode;

const info = {
	kind: 'bulk',
	naturalKey: ['sku'],
	resultKey: ['sku'],
	idempotent: true,
	wire: {
		records: 'items',
		results: { by: 'perRow', list: 'results', key: 'key', status: 'status', index: 'index' },
		statuses: { stored: ['Created', 'Updated', 'Unchanged'], notStored: ['Rejected'] },
	},
} as unknown as RouteInfo;

const ROWS = 1000;
const records: IDataObject[] = Array.from({ length: ROWS }, (_, k) => ({ sku: `S-${k}`, qty: k }));

function answer() {
	const results = records.map((record, k) => ({
		key: record.sku,
		index: k,
		status: k % 2 ? 'UPDATED' : 'created',
		note: 'ok',
	}));
	return { status: 200, body: { results } };
}

/** How many times `method` of `owner` is called while `work` runs. */
function callsOf<T extends object>(owner: T, method: keyof T, work: () => void): number {
	const spy = jest.spyOn(owner, method as never);
	try {
		work();
		return spy.mock.calls.length;
	} finally {
		spy.mockRestore();
	}
}

describe('confirmRows, per row', () => {
	it('copies each result without listing its keys', () => {
		const body = answer();
		let rows: ReturnType<typeof confirmRows> = [];
		const listed = callsOf(Object, 'keys', () => {
			rows = confirmRows(node, '/inventory/add', info, records, body, true);
		});
		expect(listed).toBeLessThan(10);
		expect(rows).toHaveLength(ROWS);
		expect(rows[1]).toEqual({
			kind: 'stored',
			key: 'S-1',
			result: { key: 'S-1', status: 'updated', note: 'ok' },
		});
		expect(Object.keys((rows[2] as { result: IDataObject }).result)).toEqual([
			'key',
			'status',
			'note',
		]);
	});

	it("lower-cases the description's status words once per request", () => {
		const body = answer();
		const lowered = callsOf(String.prototype, 'toLowerCase', () => {
			confirmRows(node, '/inventory/add', info, records, body, true);
		});
		// Each row's own word, read and shown lower-case; the listed words once.
		expect(lowered).toBeLessThanOrEqual(2 * ROWS + 10);
	});

	it('still refuses a row whose word the description lists as not stored, in any case', () => {
		const rows = confirmRows(
			node,
			'/inventory/add',
			info,
			records.slice(0, 2),
			{
				status: 200,
				body: {
					results: [
						{ key: 'S-0', status: 'REJECTED', message: 'no such bin' },
						{ key: 'S-1', status: 'Unchanged' },
					],
				},
			},
			true,
		);
		expect(rows.map((row) => row.kind)).toEqual(['refused', 'stored']);
		expect(rows[0].kind === 'refused' && rows[0].error.message).toContain('no such bin');
	});
});
