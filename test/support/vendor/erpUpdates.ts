/**
 * Vendors we never saw, their ERP updates (issue 40, point 7): an update's id is an integer or
 * text, its states are the vendor's own words (in the status filter's enum), its list route puts
 * the updates under a name of its own and pages as the vendor pages (paging.ts), its filters sit
 * in a `filter` object or in the body itself, and its marks take the updates under a name of their
 * own. `describeErp` writes the vendor's OpenAPI document; erpPlatform.ts answers as it says.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';

import { pagingArbitrary, pagingSchema, type VendorPaging } from './paging';

type Schema = Record<string, unknown>;

export const KINDS = ['outgoing_consignment', 'incoming_consignment', 'move_attempt'] as const;
export type Kind = (typeof KINDS)[number];

export interface ErpVendor {
	idType: 'integer' | 'string';
	/** The words for pending, complete and error, as the status enum lists them. */
	words: { pending: string; complete: string; error: string };
	/** Where a list's answer holds the updates ('': the answer is the list, on one page). */
	list: 'items' | 'updates' | 'data' | 'results' | '';
	/** Where a list's request takes its filters ('' : the body's own fields). */
	filter: 'filter' | '';
	/** Where a mark's request takes its updates. */
	marks: 'items' | 'data' | 'updates';
	paging: VendorPaging;
	format: 'json' | 'yaml';
	version: '3.0.3' | '3.1.0';
}

const WORDS: Array<ErpVendor['words']> = [
	{ pending: 'pending', complete: 'complete', error: 'error' },
	{ pending: 'NEW', complete: 'DONE', error: 'ERROR' },
	{ pending: 'open', complete: 'closed', error: 'failed' },
	{ pending: 'READY', complete: 'PROCESSED', error: 'FAILED' },
	{ pending: 'queued', complete: 'acknowledged', error: 'errored' },
];

export const erpVendorArbitrary: fc.Arbitrary<ErpVendor> = fc.record({
	idType: fc.constantFrom('integer' as const, 'string' as const),
	words: fc.constantFrom(...WORDS),
	list: fc.constantFrom(
		'items' as const,
		'updates' as const,
		'data' as const,
		'results' as const,
		'' as const,
	),
	filter: fc.constantFrom('filter' as const, '' as const),
	marks: fc.constantFrom('items' as const, 'data' as const, 'updates' as const),
	paging: pagingArbitrary,
	format: fc.constantFrom('json' as const, 'yaml' as const),
	version: fc.constantFrom('3.0.3' as const, '3.1.0' as const),
});

const idSchema = (vendor: ErpVendor): Schema =>
	vendor.idType === 'integer'
		? { type: 'integer', minimum: 1 }
		: { type: 'string', minLength: 1, maxLength: 50 };

const json = { 'application/json': {} };
const content = (schema: Schema) => ({
	'application/json': { ...json['application/json'], schema },
});

function listRoute(vendor: ErpVendor, kind: Kind): Schema {
	// A bare list has no room for paging facts: it is one page.
	const paging = vendor.list
		? pagingSchema(vendor.paging, vendor.version)
		: { request: {}, answer: {} };
	const updates = { type: 'array', items: { $ref: '#/components/schemas/Update' } };
	const status = { $ref: '#/components/schemas/UpdateStatus' };
	const filters = {
		status,
		statuses: { type: 'array', minItems: 1, items: status },
		ids: { type: 'array', minItems: 1, maxItems: 100, items: idSchema(vendor) },
	};
	const request = vendor.filter
		? {
				type: 'object',
				properties: { filter: { type: 'object', properties: filters }, ...paging.request },
			}
		: { type: 'object', properties: { ...filters, ...paging.request } };
	return {
		post: {
			operationId: `list_${kind}`,
			requestBody: { required: true, content: content(request) },
			responses: {
				200: {
					description: 'Updates, oldest first',
					content: content(
						vendor.list
							? { type: 'object', properties: { [vendor.list]: updates, ...paging.answer } }
							: updates,
					),
				},
			},
		},
	};
}

function markRoute(vendor: ErpVendor, row: Schema, required: string[]): Schema {
	const rows = {
		type: 'array',
		minItems: 1,
		maxItems: 100,
		items: { type: 'object', required, properties: row },
	};
	return {
		post: {
			'x-natural-key': ['id'],
			'x-idempotent': true,
			requestBody: {
				required: true,
				content: content({
					type: 'object',
					required: [vendor.marks],
					properties: { [vendor.marks]: rows },
				}),
			},
			responses: {
				200: {
					description: 'One result per row',
					content: content({
						type: 'object',
						properties: {
							results: {
								type: 'array',
								items: {
									type: 'object',
									properties: {
										index: { type: 'integer' },
										key: idSchema(vendor),
										status: { type: 'string', enum: ['updated', 'unchanged', 'error'] },
										message: { type: 'string' },
									},
								},
							},
						},
					}),
				},
			},
		},
	};
}

/** The vendor's OpenAPI document for its ERP updates, as text. */
export function describeErp(vendor: ErpVendor): string {
	const { words } = vendor;
	const paths: Record<string, Schema> = {};
	for (const kind of KINDS) paths[`/erp_update/${kind}`] = listRoute(vendor, kind);
	const id = idSchema(vendor);
	paths['/erp_update/set_complete'] = markRoute(
		vendor,
		{ id, erp_reference: { type: 'string', maxLength: 100 } },
		['id'],
	);
	paths['/erp_update/set_error'] = markRoute(
		vendor,
		{
			id,
			message: { type: 'string', minLength: 1, maxLength: 2000 },
			code: { type: 'string', maxLength: 50 },
		},
		['id', 'message'],
	);
	const document = {
		openapi: vendor.version,
		info: { title: 'ERP vendor under test', version: '1.0.0' },
		servers: [{ url: 'https://vendor.example/v1' }],
		components: {
			securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
			schemas: {
				UpdateStatus: { type: 'string', enum: [words.pending, words.complete, words.error] },
				Update: {
					type: 'object',
					required: ['id', 'kind', 'status', 'created_at', 'payload'],
					properties: {
						id,
						kind: { type: 'string', enum: [...KINDS] },
						status: { $ref: '#/components/schemas/UpdateStatus' },
						created_at: { type: 'string', format: 'date-time' },
						updated_at: { type: 'string', format: 'date-time' },
						payload: { type: 'object' },
					},
				},
			},
		},
		security: [{ bearerAuth: [] }],
		paths,
	};
	return vendor.format === 'json' ? JSON.stringify(document, null, 2) : stringify(document);
}
