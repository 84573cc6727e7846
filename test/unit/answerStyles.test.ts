/**
 * A write's answer styles beyond per-row results and accepted/rejected lists (issue 40, point 4),
 * each read by one reader chosen from the description: a list of the stored records' ids, and a
 * success without a body (204, or 200/201 with no content). A 202 without a body says nothing of
 * what was stored, and stays so. Found by the vendor generator (integration/vendors.test.ts).
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { confirmRows } from '../../nodes/shared/bulk/confirm';
import { compileDescription } from '../../nodes/shared/platform/description/compile';
import type { RouteInfo } from '../../nodes/shared/platform';

const node = { name: 'WMS', type: 'wmsInventory', typeVersion: 2 } as INode;

/** A description of one write whose success answers are `responses`. */
function routeWith(responses: Record<string, unknown>, key = ['sku']): RouteInfo {
	const compiled = compileDescription({
		openapi: '3.0.3',
		info: { title: 'T', version: '1' },
		paths: {
			'/inventory/add': {
				post: {
					'x-natural-key': key,
					requestBody: {
						content: {
							'application/json': {
								schema: {
									type: 'object',
									required: ['items'],
									properties: {
										items: {
											type: 'array',
											maxItems: 100,
											items: {
												type: 'object',
												properties: { sku: { type: 'string' }, lot: { type: 'string' } },
											},
										},
									},
								},
							},
						},
					},
					responses,
				},
			},
		},
	});
	return compiled.routes['/inventory/add'];
}

const json = (schema: unknown) => ({
	description: 'ok',
	content: { 'application/json': { schema } },
});
const records: IDataObject[] = [
	{ sku: 'A', lot: 'L1' },
	{ sku: 'B', lot: 'L2' },
	{ sku: 'C', lot: 'L3' },
];
const outcomes = (info: RouteInfo, status: number, body: unknown) =>
	confirmRows(node, '/inventory/add', info, records, { status, body } as never, true).map(
		(outcome) => [outcome.kind, outcome.key],
	);

describe('answer styles a vendor writes', () => {
	it('a list of ids: the rows it names are stored, a row it leaves out is not confirmed', () => {
		const info = routeWith({
			201: json({
				type: 'object',
				properties: { ids: { type: 'array', items: { type: 'string' } } },
			}),
		});
		expect(info.wire?.results).toEqual({ by: 'ids', list: 'ids' });
		expect(outcomes(info, 201, { ids: ['C', 'A'] })).toEqual([
			['stored', 'A'],
			['notConfirmed', 'B'],
			['stored', 'C'],
		]);
	});

	it('a list of ids of a key of two fields, joined by the platform or as objects', () => {
		const joined = routeWith(
			{
				200: json({
					type: 'object',
					properties: { created: { type: 'array', items: { type: 'string' } } },
				}),
			},
			['sku', 'lot'],
		);
		expect(outcomes(joined, 200, { created: ['A/L1', 'B/L2', 'C/L3'] })).toEqual([
			['stored', 'A|L1'],
			['stored', 'B|L2'],
			['stored', 'C|L3'],
		]);
		const objects = routeWith(
			{
				200: json({
					type: 'object',
					properties: {
						keys: {
							type: 'array',
							items: {
								type: 'object',
								properties: { sku: { type: 'string' }, lot: { type: 'string' } },
							},
						},
					},
				}),
			},
			['sku', 'lot'],
		);
		expect(objects.wire?.results).toEqual({ by: 'ids', list: 'keys' });
		expect(outcomes(objects, 200, { keys: [{ sku: 'B', lot: 'L2' }] })).toEqual([
			['notConfirmed', 'A|L1'],
			['stored', 'B|L2'],
			['notConfirmed', 'C|L3'],
		]);
	});

	it.each(['204', '200', '201'])('%s without a body: the request was taken whole', (status) => {
		const info = routeWith({ [status]: { description: 'stored' } });
		expect(info.wire?.results).toEqual({ by: 'whole' });
		expect(outcomes(info, Number(status), undefined)).toEqual([
			['stored', 'A'],
			['stored', 'B'],
			['stored', 'C'],
		]);
	});

	it('202 without a body, or a list of records that are not ids: nothing is read as stored', () => {
		expect(routeWith({ 202: { description: 'queued' } }).wire?.results).toEqual({ by: 'none' });
		const echo = routeWith({
			200: json({
				type: 'object',
				properties: {
					data: {
						type: 'array',
						items: {
							type: 'object',
							properties: { sku: { type: 'string' }, name: { type: 'string' } },
						},
					},
				},
			}),
		});
		expect(echo.wire?.results).toEqual({ by: 'none' });
		expect(outcomes(echo, 200, { data: [{ sku: 'A' }] })[0][0]).toBe('notConfirmed');
	});
});
