/**
 * A generated stock-comparison vendor's OpenAPI document (reconcile.ts): the eight comparison
 * routes Reconcile needs, each line list and compared-items list under the vendor's names, their
 * schemas inline or under `$ref`, the status answer with lists beside the compared items that
 * must not be taken for them, as JSON or YAML.
 */
import { stringify } from 'yaml';

import { fieldsOf, type ReconcileVendor } from './reconcile';

type Schema = Record<string, unknown>;

const TYPES: Record<string, Schema> = {
	sku: { type: 'string', minLength: 1, maxLength: 40 },
	batch: { type: 'string', maxLength: 40 },
	warehouse: { type: 'string', maxLength: 20 },
	qty: { type: 'number', minimum: 0 },
	delta: { type: 'number' },
	reason: { type: 'string', maxLength: 200 },
	erp: { type: 'number' },
	wms: { type: 'number' },
	variance: { type: 'number' },
};
const REQUIRED = new Set(['sku', 'qty', 'delta', 'erp', 'wms']);

const comparisonId = (vendor: ReconcileVendor): Schema =>
	vendor.comparisonIds === 'integer'
		? { type: 'integer', minimum: 1 }
		: { type: 'string', minLength: 1, maxLength: 40 };

function objectOf(fields: Record<string, string[]>, extra: Record<string, Schema> = {}): Schema {
	const properties: Record<string, Schema> = {};
	const required: string[] = [];
	for (const [role, names] of Object.entries(fields))
		for (const name of names) {
			properties[name] = TYPES[role];
			if (REQUIRED.has(role)) required.push(name);
		}
	Object.assign(properties, extra);
	return { type: 'object', additionalProperties: false, required, properties };
}

const content = (schema: Schema) => ({ 'application/json': { schema } });

function bulkRoute(
	vendor: ReconcileVendor,
	operationId: string,
	list: string,
	line: Schema,
	key?: string[],
): Schema {
	return {
		post: {
			operationId,
			'x-max-items': 1000,
			...(key ? { 'x-natural-key': key } : {}),
			requestBody: {
				required: true,
				content: content({
					type: 'object',
					additionalProperties: false,
					required: ['comparison_id', list],
					properties: {
						comparison_id: comparisonId(vendor),
						[list]: { type: 'array', minItems: 1, maxItems: 1000, items: line },
					},
				}),
			},
			responses: { 200: { $ref: '#/components/responses/Rows' } },
		},
	};
}

function actionRoute(
	vendor: ReconcileVendor,
	operationId: string,
	answer: Schema,
	extra: Schema = {},
): Schema {
	return {
		post: {
			operationId,
			'x-idempotent': true,
			requestBody: {
				required: true,
				content: content({
					type: 'object',
					additionalProperties: false,
					required: ['comparison_id'],
					properties: { comparison_id: comparisonId(vendor), ...extra },
				}),
			},
			responses: {
				200: {
					description: 'The comparison after the step',
					content: content({
						type: 'object',
						properties: {
							comparison_id: comparisonId(vendor),
							status: { type: 'string' },
							...answer,
						},
					}),
				},
			},
		},
	};
}

/** A bulk route's answer: a result per row, or the rows accepted and those rejected. */
function rowsAnswer(vendor: ReconcileVendor): Schema {
	const row = {
		type: 'object',
		properties: {
			index: { type: 'integer' },
			key: { type: 'string' },
			comparison_id: comparisonId(vendor),
			status: { type: 'string', enum: ['created', 'updated', 'unchanged', 'error'] },
			message: { type: 'string' },
		},
	};
	if (vendor.answer === 'perRow')
		return { type: 'object', properties: { results: { type: 'array', items: row } } };
	const errors = {
		type: 'array',
		items: {
			type: 'object',
			properties: { field: { type: 'string' }, message: { type: 'string' } },
		},
	};
	return {
		type: 'object',
		properties: {
			accepted: { type: 'array', items: row },
			rejected: {
				type: 'array',
				items: { type: 'object', properties: { index: { type: 'integer' }, errors } },
			},
		},
	};
}

/** The vendor's OpenAPI document for its stock comparisons, as text. */
export function describeReconcile(vendor: ReconcileVendor): string {
	const erp = fieldsOf(vendor, 'erp');
	const adjustment = fieldsOf(vendor, 'adjustment');
	const compared = fieldsOf(vendor, 'compared');
	const schemas: Record<string, Schema> = {
		ErpCount: objectOf(erp),
		Adjustment: objectOf(adjustment),
		ComparedItem: objectOf(compared, { processed: { type: 'boolean' } }),
	};
	const use = (name: string) =>
		vendor.refs
			? {
					$ref: `#/components/schemas/${name}`,
					...(vendor.version === '3.1.0' ? { description: `A ${name}` } : {}),
				}
			: schemas[name];
	// Without a key named, the package pairs each line's result by its row.
	const lineKey = (place: Record<string, string[]>) =>
		vendor.statesKey && place.sku.length === 1 && place.batch?.length === 1
			? [place.sku[0], place.batch[0]]
			: undefined;
	const number = { type: 'integer' };
	const paths: Record<string, Schema> = {
		'/comparison/add': {
			post: {
				operationId: 'addComparisons',
				'x-idempotent': false,
				'x-natural-key': ['warehouse_code', 'reference'],
				'x-result-key': 'assigned',
				requestBody: {
					required: true,
					content: content({
						type: 'object',
						required: ['items'],
						properties: {
							items: {
								type: 'array',
								minItems: 1,
								maxItems: 100,
								items: {
									type: 'object',
									additionalProperties: false,
									required: ['warehouse_code'],
									properties: {
										warehouse_code: { type: 'string', minLength: 1, maxLength: 20 },
										reference: { type: 'string', minLength: 1, maxLength: 100 },
									},
								},
							},
						},
					}),
				},
				responses: { 200: { $ref: '#/components/responses/Rows' } },
			},
		},
		'/comparison_erp_on_hand/add': bulkRoute(
			vendor,
			'addErpCounts',
			vendor.erp.list,
			use('ErpCount'),
			lineKey(erp),
		),
		'/comparison_platform_on_hand/set': actionRoute(vendor, 'snapshotStock', {
			items: number,
			differences: number,
		}),
		'/comparison_adjustment_item/add': bulkRoute(
			vendor,
			'addAdjustments',
			vendor.adjustment.list,
			use('Adjustment'),
			lineKey(adjustment),
		),
		'/comparison_item/process': actionRoute(
			vendor,
			'processItems',
			{ processed: number, remaining: number },
			{ [vendor.process]: { type: 'array', minItems: 1, maxItems: 1000, items: TYPES.sku } },
		),
		'/comparison_move_attempt/create': actionRoute(vendor, 'createMoveAttempts', {
			created: number,
			erp_update_ids: { type: 'array', items: { type: 'string' } },
		}),
		'/comparison/complete': actionRoute(vendor, 'completeComparison', {
			completed_at: { type: 'string', format: 'date-time' },
		}),
		'/comparison/check_status': actionRoute(vendor, 'readComparison', {
			warehouse_code: { type: 'string' },
			// Lists whose entries are no compared items: the node must not take them for those.
			erp_lines: { type: 'array', items: use('ErpCount') },
			adjustments: { type: 'array', items: use('Adjustment') },
			[vendor.compared.list]: { type: 'array', items: use('ComparedItem') },
		}),
	};
	const document = {
		openapi: vendor.version,
		info: { title: 'Stock comparison vendor under test', version: '1.0.0' },
		servers: [{ url: 'https://vendor.example/v1' }],
		components: {
			securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
			schemas,
			responses: {
				Rows: {
					description: 'One result per row, in request order',
					content: content(rowsAnswer(vendor)),
				},
			},
		},
		security: [{ bearerAuth: [] }],
		paths,
	};
	return vendor.format === 'json' ? JSON.stringify(document, null, 2) : stringify(document);
}
