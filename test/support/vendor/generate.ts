/**
 * Vendors we never saw, made up along the axes of docs/platform-description.md §2–§3: where a
 * request's records go, the record's key (one field, two fields joined by any separator or given
 * as an object), how the write answers (per-row results, accepted/rejected lists, a list of ids,
 * 201/207 with a body, 204 without one), how it refuses (a problem document's errors[] or
 * invalid-params or ASP.NET's map, 400 or 422, the row in the path or apart, field paths in five
 * spellings (errorStyles.ts); or FastAPI's 422 `detail` list whose `loc` is the path as a list,
 * "body" first or not), how its read pages (paging.ts), where `$ref`s go, a value of several
 * shapes (oneOf with a discriminator), YAML or JSON. `describe` writes the vendor's OpenAPI
 * document; test/support/vendor/platform.ts answers as the vendor says.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';

import { answerSchema, refusedResponse } from './answers';
import type { PathSpelling, RowError, RowNamed } from './errorStyles';
import { orderSchemas, salesOrderRoute } from './orders';
import { pagingArbitrary, pagingSchema, type VendorPaging } from './paging';

/** `queued`: 202 without a body, which says nothing of what was stored (the package must say so). */
export type AnswerStyle = 'perRow' | 'split' | 'ids' | 'empty' | 'queued';

export interface Vendor {
	/** The request body's field holding the records, or '' when the body is the list itself. */
	list: '' | 'items' | 'data' | 'records';
	/** The record's key fields (x-natural-key). */
	key: string[];
	/** How an answer writes a key of two fields: joined by this, or as an object. */
	keyJoin: string | 'object';
	/** The record's required text field besides the key. */
	name: 'name' | 'item_name' | 'description';
	answer: AnswerStyle;
	/** The success status of an answer with a body. */
	success: 200 | 201 | 207;
	/** perRow: the results list and its row field; split: the two lists. */
	resultsList: 'results' | 'rows';
	rowField: 'index' | 'row';
	splitLists: ['accepted', 'rejected'] | ['succeeded', 'failed'];
	/** Rows the platform refuses: in the answer's own rows (perRow, split) or by refusing the request. */
	refuseBy: 'row' | 'request';
	errorStatus: 400 | 422;
	/** Where a refusal lists its fields: a problem document's list or ASP.NET's map of path → messages (the row in the path), or FastAPI's `detail` (always 422, plain JSON). */
	errorList: 'errors' | 'invalid-params' | 'map' | 'detail';
	/** How a refused field's path is spelt (errorStyles.ts): data[1].name, /data/1/name, data.1.name, $.data[1].name, Data[1].ItemName; FastAPI's loc list, with "body" first or not. */
	pathSpelling: PathSpelling;
	/** Where a refused request's errors name the row: in the path, or apart ({index: 1, field}). */
	rowNamed: RowNamed;
	/** How a row refused in the answer's own rows carries its field: a list of errors, or one error object. */
	rowError: RowError;
	/** How its read pages (test/support/vendor/paging.ts). */
	paging: VendorPaging;
	/** Where $refs go: the request body, the answers, the record schema. */
	refs: { body: boolean; answer: boolean; record: boolean };
	/** A packaging field of two shapes (oneOf, discriminator). */
	oneOf: boolean;
	format: 'json' | 'yaml';
	/** OpenAPI 3.0 (nullable) or 3.1 (a type list, a $ref with a description beside it). */
	version: '3.0.3' | '3.1.0';
	/** The JSON media type written. */
	media: 'application/json' | 'application/json; charset=utf-8' | 'application/vnd.vendor+json';
	/** Whether the description names the item's key (x-natural-key); without it the package pairs results by row. */
	statesKey: boolean;
	/** The write's success answer under its status, or under the 2XX range. */
	range: boolean;
	/** A sales order's lines: the list's name and its item and quantity fields. */
	lines: {
		list: 'lines' | 'order_lines' | 'positions';
		item: 'sku' | 'item_number';
		qty: 'quantity' | 'qty';
	};
}

/** The same vendor's sales orders, keyed by their number. */
export const orderView = (vendor: Vendor): Vendor => ({
	...vendor,
	key: ['order_number'],
	name: 'description',
	oneOf: false,
});

const KEYS = [['sku'], ['item_number'], ['code'], ['item_number', 'owner_code'], ['sku', 'lot']];

export const vendorArbitrary: fc.Arbitrary<Vendor> = fc
	.record({
		list: fc.constantFrom('' as const, 'items' as const, 'data' as const, 'records' as const),
		key: fc.constantFrom(...KEYS),
		keyJoin: fc.constantFrom('|', '/', ':', ' - ', 'object'),
		name: fc.constantFrom('name' as const, 'item_name' as const, 'description' as const),
		answer: fc.constantFrom<AnswerStyle>('perRow', 'split', 'ids', 'empty', 'queued'),
		success: fc.constantFrom(200 as const, 201 as const, 207 as const),
		resultsList: fc.constantFrom('results' as const, 'rows' as const),
		rowField: fc.constantFrom('index' as const, 'row' as const),
		splitLists: fc.constantFrom(
			['accepted', 'rejected'] as ['accepted', 'rejected'],
			['succeeded', 'failed'] as ['succeeded', 'failed'],
		),
		refuseBy: fc.constantFrom('row' as const, 'request' as const),
		errorStatus: fc.constantFrom(400 as const, 422 as const),
		errorList: fc.constantFrom<Vendor['errorList']>('errors', 'invalid-params', 'map', 'detail'),
		pathSpelling: fc.constantFrom<PathSpelling>(
			'brackets',
			'pointer',
			'dots',
			'jsonPath',
			'pascal',
		),
		rowNamed: fc.constantFrom<RowNamed>('inPath', 'index', 'row', 'row_index'),
		rowError: fc.constantFrom<RowError>('errors', 'error'),
		paging: pagingArbitrary,
		refs: fc.record({ body: fc.boolean(), answer: fc.boolean(), record: fc.boolean() }),
		oneOf: fc.boolean(),
		format: fc.constantFrom('json' as const, 'yaml' as const),
		version: fc.constantFrom('3.0.3' as const, '3.1.0' as const),
		media: fc.constantFrom(
			'application/json' as const,
			'application/json; charset=utf-8' as const,
			'application/vnd.vendor+json' as const,
		),
		range: fc.boolean(),
		statesKey: fc.boolean(),
		lines: fc.record({
			list: fc.constantFrom('lines' as const, 'order_lines' as const, 'positions' as const),
			item: fc.constantFrom('sku' as const, 'item_number' as const),
			qty: fc.constantFrom('quantity' as const, 'qty' as const),
		}),
	})
	// A list of ids or no body cannot name a refused row: such vendors refuse the request.
	.map((vendor) =>
		vendor.answer === 'ids' || vendor.answer === 'empty' || vendor.answer === 'queued'
			? { ...vendor, refuseBy: 'request' as const }
			: vendor,
	)
	// FastAPI refuses with 422 and a loc list; the others spell a path as text.
	.map((vendor) =>
		vendor.errorList === 'detail'
			? {
					...vendor,
					errorStatus: 422 as const,
					pathSpelling: vendor.pathSpelling === 'dots' ? ('loc' as const) : ('bodyLoc' as const),
					rowNamed: 'inPath' as const,
				}
			: vendor,
	)
	// ASP.NET's map of path → messages names the row in the path.
	.map((vendor) =>
		vendor.errorList === 'map' ? { ...vendor, rowNamed: 'inPath' as const } : vendor,
	);

/** The read route's filter of keys (one-field keys only: the package reads back by one field). */
export const keyList = (vendor: Vendor) => `${vendor.key[0]}s`;

type Schema = Record<string, unknown>;

const PACKAGING: Record<string, Schema> = {
	Box: {
		type: 'object',
		required: ['type', 'per_box'],
		properties: { type: { type: 'string', enum: ['box'] }, per_box: { type: 'integer' } },
	},
	Pallet: {
		type: 'object',
		required: ['type', 'layers'],
		properties: { type: { type: 'string', enum: ['pallet'] }, layers: { type: 'integer' } },
	},
};

function recordSchema(vendor: Vendor): Schema {
	const properties: Record<string, Schema> = {};
	for (const field of vendor.key) properties[field] = { type: 'string', maxLength: 40 };
	properties[vendor.name] = { type: 'string', maxLength: 60 };
	properties.quantity = { type: 'integer', minimum: 0 };
	if (vendor.oneOf)
		properties.packaging = {
			oneOf: [{ $ref: '#/components/schemas/Box' }, { $ref: '#/components/schemas/Pallet' }],
			discriminator: {
				propertyName: 'type',
				mapping: { box: '#/components/schemas/Box', pallet: '#/components/schemas/Pallet' },
			},
		};
	return { type: 'object', required: [...vendor.key, vendor.name], properties };
}

/** The vendor's OpenAPI 3.0 document, as text (JSON or YAML). */
export function describe(vendor: Vendor): string {
	const schemas: Record<string, Schema> = {};
	const responses: Record<string, Schema> = {};
	const requestBodies: Record<string, Schema> = {};
	const record = recordSchema(vendor);
	if (vendor.oneOf) Object.assign(schemas, PACKAGING);
	const recordRef = vendor.refs.record
		? {
				$ref: '#/components/schemas/Item',
				...(vendor.version === '3.1.0' ? { description: 'An inventory item' } : {}),
			}
		: record;
	// A key filter ties the read to the write by the record component, so the record is named.
	schemas.Item = record;
	const records = { type: 'array', maxItems: 50, items: recordRef };
	const writeBody = {
		required: true,
		content: {
			[vendor.media]: {
				schema: vendor.list
					? { type: 'object', required: [vendor.list], properties: { [vendor.list]: records } }
					: records,
			},
		},
	};
	const answer = answerSchema(vendor);
	const status =
		vendor.answer === 'empty' ? 204 : vendor.answer === 'queued' ? 202 : vendor.success;
	// A range says less than a status: the package reads an answer without a body only under a status that says stored.
	const success = vendor.range && answerSchema(vendor) !== undefined ? '2XX' : String(status);
	const written: Schema = answer
		? { description: 'What was stored', content: { [vendor.media]: { schema: answer } } }
		: { description: vendor.answer === 'queued' ? 'Queued' : 'Every record was stored' };
	const refused = refusedResponse(vendor);
	if (vendor.refs.body) requestBodies.Items = writeBody;
	if (vendor.refs.answer) {
		responses.Written = written;
		responses.Refused = refused;
	}
	const paging = pagingSchema(vendor.paging, vendor.version);
	Object.assign(schemas, orderSchemas(vendor));
	const keyFilter = { type: 'array', items: { type: 'string' }, maxItems: 50 };
	const document = {
		openapi: vendor.version,
		info: { title: 'Vendor under test', version: '1.0.0' },
		servers: [{ url: 'https://vendor.example/v1' }],
		components: {
			securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
			schemas,
			...(Object.keys(responses).length ? { responses } : {}),
			...(Object.keys(requestBodies).length ? { requestBodies } : {}),
		},
		security: [{ bearerAuth: [] }],
		paths: {
			'/inventory/add': {
				post: {
					operationId: 'addInventoryItems',
					...(vendor.statesKey ? { 'x-natural-key': vendor.key } : {}),
					requestBody: vendor.refs.body ? { $ref: '#/components/requestBodies/Items' } : writeBody,
					responses: {
						[success]: vendor.refs.answer ? { $ref: '#/components/responses/Written' } : written,
						[String(vendor.errorStatus)]: vendor.refs.answer
							? { $ref: '#/components/responses/Refused' }
							: refused,
					},
				},
			},
			'/sales_order/add': salesOrderRoute(vendor, success, refused),
			'/inventory/check': {
				post: {
					operationId: 'checkInventoryItems',
					requestBody: {
						content: {
							[vendor.media]: {
								schema: {
									type: 'object',
									properties: {
										...(vendor.key.length === 1 ? { [keyList(vendor)]: keyFilter } : {}),
										...paging.request,
									},
								},
							},
						},
					},
					responses: {
						200: {
							description: 'A page of items',
							content: {
								[vendor.media]: {
									schema: {
										type: 'object',
										properties: {
											data: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
											...paging.answer,
										},
									},
								},
							},
						},
					},
				},
			},
		},
	};
	return vendor.format === 'json' ? JSON.stringify(document, null, 2) : stringify(document);
}
