/**
 * "Acme WMS 2.4.0": our platform as another vendor would describe it (the spec of this shape is
 * the project's note acme-shape.md). Its modules were written by different teams: the inventory
 * item is keyed item_number, order and comparison lines keep sku.
 */
import type { ShapeSpec } from './types';

const INVENTORY_RECORDS = [
	'InventoryItem',
	'StockingFactor',
	'WarehouseInfo',
	'ItemDangerousGoods',
];

export const acme: ShapeSpec = {
	name: 'acme',
	info: {
		title: 'Acme WMS Public API',
		version: '2.4.0',
		description: [
			'Acme WMS exchanges master data, orders and warehouse events with ERP systems.',
			'',
			'- Every operation is a `POST` below `/v1` with a JSON body. Every operation except',
			'  `/oauth/token` needs the bearer token `/oauth/token` issues.',
			'- Batch operations take their records under `data` and answer which rows were `accepted` and',
			'  which were `rejected`, with the errors of each by field. A batch is not atomic: the accepted',
			'  rows are stored even when others are rejected. A request that does not match this',
			'  description is refused as a whole (422), and so is one with more records than the',
			"  operation's `maxItems` (413).",
			'- Lists are paged by number: `page` (from 1) and `per_page`; the filters are the other',
			"  properties of the body. The answer's `meta` gives `total_pages` and `total`.",
			'- Other errors answer `{"error": {"code", "message", "details", "request_id"}}`, the `path` of',
			'  each detail a JSON pointer into the request body.',
			'',
		].join('\n'),
	},
	servers: [{ url: 'https://wms.acme.example/v1', description: 'production' }],
	container: 'data',
	paging: { defaultPerPage: 50, maxPerPage: 200 },
	maxItems: { '/inventory/add': 250 },
	renames: [
		{ schemas: INVENTORY_RECORDS, from: 'sku', to: 'item_number' },
		{ route: '/inventory/check', section: 'filter', from: 'sku', to: 'item_number' },
		{ route: '/inventory/check', section: 'filter', from: 'skus', to: 'item_numbers' },
	],
	newFields: [
		{
			schema: 'InventoryItem',
			name: 'owner_code',
			carriedAs: 'x_owner_code',
			definition: {
				type: 'string',
				minLength: 1,
				maxLength: 20,
				description: 'The owner of the stock in a 3PL warehouse.',
			},
			required: true,
			demoValue: 'ACME-3PL',
		},
	],
	required: [{ schema: 'InventoryItem', field: 'unit_of_measure' }],
	enums: [{ schema: 'CustomerAddress', field: 'type', values: ['billing', 'shipping'] }],
	moves: { '/dangerous_goods_lookup/check': '/dangerous_goods/check' },
	own: [
		{
			schemaName: 'InventoryBatch',
			noun: 'inventory batch',
			tag: 'inventory',
			record: {
				type: 'object',
				additionalProperties: false,
				required: ['item_number', 'batch'],
				description: 'A batch (lot) of an item, with its dates. Key item_number + batch.',
				properties: {
					item_number: { $ref: '#/components/schemas/Sku' },
					batch: { $ref: '#/components/schemas/Batch' },
					expiry_date: { type: 'string', format: 'date' },
					manufactured_date: { type: 'string', format: 'date' },
					notes: { $ref: '#/components/schemas/Notes' },
				},
				example: {
					item_number: 'PAINT-RED-1L',
					batch: 'B2026-01',
					expiry_date: '2028-01-31',
					manufactured_date: '2026-01-31',
				},
			},
			key: ['item_number', 'batch'],
			maxItems: 500,
			add: {
				path: '/inventory_batch/add',
				operationId: 'addInventoryBatches',
				summary: 'Add or update inventory batches (upsert by item_number + batch)',
				description: 'Records the dates of batches; the item need not be stocked yet.',
			},
			check: {
				path: '/inventory_batch/check',
				operationId: 'checkInventoryBatches',
				summary: 'Retrieve inventory batches',
				filters: ['item_number', 'batch'],
			},
		},
	],
	rewordings: [
		[/More rows than the route's `x-max-items`\./, "More records than the operation's `maxItems`."],
		[
			/^The body breaks the schema[\s\S]*$/,
			'The request does not match this description (`validation_failed`), or names a record that does not exist (`reference_not_found`): nothing was stored. One detail per failing field, its `path` a JSON pointer into the request (`/data/<row>/...`). In a batch, a record that names one that does not exist is rejected on its own (see `rejected`).\n',
		],
		[/\bfilter\.(\w+)/g, '$1'],
		[/retry later; writes are idempotent\./i, 'Retry later.'],
	],
};
