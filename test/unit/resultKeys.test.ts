/**
 * A write's answer names each stored record by a key of two fields, written the platform's way:
 * joined by "/" or ":" or " - ", or as an object of the fields. Every row is confirmed with its own
 * result, whichever the platform's order; no separator is assumed (one that makes no record's key
 * leaves the result a stray, said as such).
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { confirmRows } from '../../nodes/shared/bulk/confirm';
import type { RouteInfo } from '../../nodes/shared/platform';

const node = {
	name: 'WMS Inventory',
	type: 'x',
	typeVersion: 3,
	position: [0, 0],
	parameters: {},
} as unknown as INode;

const info = {
	kind: 'bulk',
	naturalKey: ['sku', 'lot'],
	resultKey: ['sku', 'lot'],
	idempotent: true,
	wire: {
		records: 'items',
		results: { by: 'perRow', list: 'results', key: 'key', status: 'status' },
		statuses: { stored: ['created', 'updated'] },
	},
} as unknown as RouteInfo;

const records: IDataObject[] = [
	{ sku: 'PAINT-0', lot: 'L0000', quantity: 1 },
	{ sku: 'PAINT-1', lot: 'L0001', quantity: 2 },
	{ sku: 'PAINT/2', lot: 'L0002', quantity: 3 },
];

function outcomes(keys: unknown[]) {
	// Answered in reverse, so a row is paired by its key and not by its place.
	const results = keys
		.map((key, row) => ({ key, status: row === 1 ? 'updated' : 'created' }))
		.reverse();
	return confirmRows(
		node,
		'/inventory/add',
		info,
		records,
		{ status: 200, body: { results } },
		true,
	);
}

describe.each([
	['joined by "/"', (sku: string, lot: string) => `${sku}/${lot}`],
	['joined by ":"', (sku: string, lot: string) => `${sku}:${lot}`],
	['joined by " - "', (sku: string, lot: string) => `${sku} - ${lot}`],
	['as it is joined here ("|")', (sku: string, lot: string) => `${sku}|${lot}`],
	['as an object of the key fields', (sku: string, lot: string) => ({ sku, lot })],
])('a key of two fields %s', (_how, write) => {
	it('confirms every record with its own result', () => {
		const rows = outcomes(
			records.map((record) => write(record.sku as string, record.lot as string)),
		);
		expect(
			rows.map((row) => [row.kind, row.key, row.kind === 'stored' ? row.result.status : undefined]),
		).toEqual([
			['stored', 'PAINT-0|L0000', 'created'],
			['stored', 'PAINT-1|L0001', 'updated'],
			['stored', 'PAINT/2|L0002', 'created'],
		]);
	});
});

it('does not pair a result whose key no record has under any separator', () => {
	const rows = outcomes(['PAINT-0/L0000', 'PAINT-1/L0001', 'PAINT-9/L0009']);
	expect(rows.map((row) => row.kind)).toEqual(['stored', 'stored', 'notConfirmed']);
});
