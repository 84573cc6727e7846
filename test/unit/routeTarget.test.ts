/**
 * Where a request of a route that is not POST goes: its path parameters in the path
 * (percent-encoded), its query ones in the query (a list repeated, or comma-joined where the
 * description says explode: false), its headers, and a body only for PUT and PATCH; and a route
 * typed in Call a Route's By Path with its method.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RouteInfo } from '../../nodes/shared/platform';
import type { Param } from '../../nodes/shared/platform/types';
import { targetOf } from '../../nodes/shared/transport/target';
import { routePath } from '../../nodes/WmsPlatform/actions/route/routes';

const get: RouteInfo = {
	kind: 'read',
	idempotent: true,
	method: 'get',
	params: {
		id: { in: 'path' },
		status: { in: 'query' },
		hydrate: { in: 'query', joined: true },
		'X-Tenant': { in: 'header' },
	},
};

describe('the request of a route of another method', () => {
	it('fills the path, the query and the headers, and sends no body with GET', () => {
		expect(
			targetOf(get, 'GET /orders/{id}', {
				id: 'SO 1/2',
				status: ['open', 'picking'],
				hydrate: ['lines', 'tracking'],
				'X-Tenant': 'north',
				page: 2,
			}),
		).toEqual({
			method: 'GET',
			path: '/orders/SO%201%2F2?status=open&status=picking&hydrate=lines,tracking',
			headers: { 'X-Tenant': 'north' },
		});
	});

	it('sends the fields that are not parameters as the body of a PUT; a POST route is as before', () => {
		const put: RouteInfo = { ...get, method: 'put' };
		expect(targetOf(put, 'PUT /orders/{id}', { id: 7, status: 'open', note: 'x' })).toEqual({
			method: 'PUT',
			path: '/orders/7?status=open',
			body: { note: 'x' },
			headers: {},
		});
		expect(targetOf({ kind: 'action', idempotent: false }, '/orders/add', { a: 1 })).toEqual({
			method: 'POST',
			path: '/orders/add',
			body: { a: 1 },
			headers: {},
		});
	});

	it('sends a path parameter the body names too in both', () => {
		const put: RouteInfo = {
			kind: 'action',
			idempotent: true,
			method: 'put',
			params: { id: { in: 'path', alsoBody: true } },
		};
		expect(targetOf(put, 'PUT /orders/{id}', { id: 'a b', note: 'x' })).toEqual({
			method: 'PUT',
			path: '/orders/a%20b',
			body: { id: 'a b', note: 'x' },
			headers: {},
		});
	});

	it('reads a route typed with its method, in any letter case', () => {
		expect(routePath('get orders/{id}')).toBe('GET /orders/{id}');
		expect(routePath('DELETE /orders/{id}')).toBe('DELETE /orders/{id}');
		expect(routePath('POST /inventory/add')).toBe('/inventory/add');
		expect(routePath('inventory/add')).toBe('/inventory/add');
		expect(routePath('')).toBe('');
	});
});

describe("a parameter written in its style (the specification's own examples, RFC 6570)", () => {
	const on = (param: Param, value: unknown) =>
		targetOf(
			{ kind: 'action', idempotent: true, method: 'get', params: { color: param } },
			'GET /c/{color}',
			{ color: value } as IDataObject,
		);
	const blue = 'blue';
	const list = ['blue', 'black', 'brown'];
	const rgb = { R: 100, G: 200, B: 150 };

	it('label and matrix in a path, exploded or not', () => {
		const path = (param: Omit<Param, 'in'>, value: unknown) =>
			on({ in: 'path', ...param }, value).path;
		expect(path({ style: 'label' }, blue)).toBe('/c/.blue');
		expect(path({ style: 'label' }, list)).toBe('/c/.blue,black,brown');
		expect(path({ style: 'label', exploded: true }, list)).toBe('/c/.blue.black.brown');
		expect(path({ style: 'label' }, rgb)).toBe('/c/.R,100,G,200,B,150');
		expect(path({ style: 'label', exploded: true }, rgb)).toBe('/c/.R=100.G=200.B=150');
		expect(path({ style: 'matrix' }, blue)).toBe('/c/;color=blue');
		expect(path({ style: 'matrix' }, list)).toBe('/c/;color=blue,black,brown');
		expect(path({ style: 'matrix', exploded: true }, list)).toBe(
			'/c/;color=blue;color=black;color=brown',
		);
		expect(path({ style: 'matrix' }, rgb)).toBe('/c/;color=R,100,G,200,B,150');
		expect(path({ style: 'matrix', exploded: true }, rgb)).toBe('/c/;R=100;G=200;B=150');
		expect(path({}, rgb)).toBe('/c/R,100,G,200,B,150');
		expect(path({ exploded: true }, rgb)).toBe('/c/R=100,G=200,B=150');
	});

	it('a header exploded or not', () => {
		expect(on({ in: 'header' }, rgb).headers).toEqual({ color: 'R,100,G,200,B,150' });
		expect(on({ in: 'header', exploded: true }, rgb).headers).toEqual({
			color: 'R=100,G=200,B=150',
		});
	});

	it('spaceDelimited and pipeDelimited lists in a query', () => {
		expect(on({ in: 'query', style: 'spaceDelimited', joined: true }, list).path).toBe(
			'/c/{color}?color=blue%20black%20brown',
		);
		expect(on({ in: 'query', style: 'pipeDelimited', joined: true }, list).path).toBe(
			'/c/{color}?color=blue%7Cblack%7Cbrown',
		);
		expect(on({ in: 'query', style: 'pipeDelimited' }, list).path).toBe(
			'/c/{color}?color=blue&color=black&color=brown',
		);
	});

	it("a parameter described by a JSON media type (content) goes as its value's JSON text, in one piece", () => {
		expect(on({ in: 'query', json: true }, { sku: 'A B', qty: 2 }).path).toBe(
			'/c/{color}?color=%7B%22sku%22%3A%22A%20B%22%2C%22qty%22%3A2%7D',
		);
		expect(on({ in: 'header', json: true }, ['a', 'b']).headers).toEqual({ color: '["a","b"]' });
	});
});
