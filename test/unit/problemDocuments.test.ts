/**
 * Error answers as vendors write them, read into the error envelope the bulk writes place on rows
 * (nodes/shared/transport/problem.ts): FastAPI's validation error, whose `detail` is a list and
 * whose `loc` is the path as a list ("body" first for a field of the request body), beside the
 * spellings the vendor generator also covers (test/integration/vendors.test.ts).
 */
import type { INode } from 'n8n-workflow';

import { requestPlace } from '../../nodes/shared/counting';
import { PlatformError } from '../../nodes/shared/transport/errors';
import { bodyFieldNamed, heldField, problemOf } from '../../nodes/shared/transport/problem';

describe('problemOf', () => {
	it("reads FastAPI's 422: each entry's loc as a path within the body, its msg as the words", () => {
		expect(
			problemOf({
				detail: [
					{ loc: ['body', 'data', 1, 'item_name'], msg: 'field required', type: 'missing' },
					{ loc: ['body', 0, 'sku'], msg: 'too long', type: 'string_too_long' },
				],
			}),
		).toEqual({
			code: undefined,
			message: 'field required',
			details: [
				{ path: 'data.1.item_name', message: 'field required' },
				{ path: '0.sku', message: 'too long' },
			],
			request_id: undefined,
		});
	});

	it('keeps a loc outside the body as it is (a query parameter names no row)', () => {
		expect(
			problemOf({ detail: [{ loc: ['query', 'limit'], msg: 'must be at most 100' }] })?.details,
		).toEqual([{ path: 'query.limit', message: 'must be at most 100' }]);
	});

	it('reads the list that has entries where an empty one comes first (errors: [] beside invalid-params)', () => {
		expect(
			problemOf({
				title: 'Your request parameters did not validate.',
				errors: [],
				'invalid-params': [{ name: 'data[1].item_name', reason: 'is too long' }],
			})?.details,
		).toEqual([{ path: 'data[1].item_name', message: 'is too long' }]);
	});

	it('keeps the row an entry names apart from its field (index, row), counted from 0', () => {
		expect(
			problemOf({
				title: 'Invalid',
				errors: [
					{ index: 1, field: 'sku', message: 'is blocked' },
					{ row: 0, name: 'quantity', reason: 'too large' },
					{ field: 'data[2].sku', message: 'unknown' },
				],
			})?.details,
		).toEqual([
			{ path: 'sku', message: 'is blocked', row: 1 },
			{ path: 'quantity', message: 'too large', row: 0 },
			{ path: 'data[2].sku', message: 'unknown' },
		]);
	});

	it('reads a detail that is text as the message, as before', () => {
		expect(problemOf({ detail: 'Item not found' })).toMatchObject({
			message: 'Item not found',
			details: undefined,
		});
	});
});

describe('the field a refusal of a whole request names', () => {
	it('reads a path in every spelling as the nodes hold a field', () => {
		for (const path of ['/skus/1', '#/skus/1', '$.skus[1]', 'skus[1]', 'skus.1', 'skus/1'])
			expect(heldField(path)).toBe('skus[1]');
		expect(heldField('/lines/0/quantity')).toBe('lines[0].quantity');
	});

	it("takes the first detail naming one of the request's fields, else none", () => {
		const body = {
			details: [
				{ path: 'query.limit', message: 'too large' },
				{ path: '/item_numbers/1', message: 'not an item of the comparison' },
				{ path: '/comparison_id', message: 'closed' },
			],
		};
		expect(bodyFieldNamed(body, ['comparison_id', 'item_numbers'])).toBe('item_numbers[1]');
		expect(bodyFieldNamed(body, ['warehouse_code'])).toBeUndefined();
		expect(bodyFieldNamed(undefined, ['comparison_id'])).toBeUndefined();
	});
});

describe("an error's details name the record of the request in words, in every spelling", () => {
	it.each([
		'/items/1/sku',
		'items[1].sku',
		'items.1.sku',
		'#/items/1/sku',
		'$.items[1].sku',
		'body.items.1.sku',
	])('%s', (path) => {
		expect(requestPlace(path)).toBe('the 2nd record of the request, sku');
	});

	it('reads the records where the route puts them, and leaves any other path as written', () => {
		expect(requestPlace('data[1].lines[0].sku', undefined, 'data')).toBe(
			'the 2nd record of the request, lines.1.sku',
		);
		expect(requestPlace('/1/sku', undefined, '')).toBe('the 2nd record of the request, sku');
		expect(requestPlace('data[1].sku')).toBe('data[1].sku');
		expect(requestPlace('query.limit')).toBe('query.limit');
	});

	it("says so in a refusal's description, on the route's records", () => {
		const node: INode = {
			id: 'n1',
			name: 'WMS',
			type: 'n8n-nodes-wms-integration.wmsInventory',
			typeVersion: 3,
			position: [0, 0],
			parameters: {},
		};
		const error = new PlatformError(node, {
			headers: {},
			message: '',
			status: 422,
			route: '/inventory/add',
			attempts: 1,
			mayBeStored: false,
			records: 'data',
			body: {
				message: 'invalid',
				details: [
					{ path: 'data.1.item_name', message: 'is required' },
					{ path: 'body.data.2.sku', message: 'unknown' },
				],
			},
		});
		expect(error.description).toBe(
			'Route /inventory/add. Details: the 2nd record of the request, item_name: is required; the 3rd record of the request, sku: unknown',
		);
	});
});
