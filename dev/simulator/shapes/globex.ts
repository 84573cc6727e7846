/**
 * "Globex WMS 1.0": a vendor whose orders name their lines otherwise (issue 40): sales and purchase
 * orders carry `order_lines`, each line `item_number` and `qty`, a production order its
 * components as `materials` of the same two fields, and a sales order a nested `ship_to` address.
 * Everything else is as Acme's conventions have it (records under `data`, page-numbered reads).
 */
import type { ShapeSpec } from './types';

const ORDERS = ['SalesOrder', 'PurchaseOrder'];
const LINES = ['SalesOrderLine', 'PurchaseOrderLine', 'ProductionComponent'];

export const globex: ShapeSpec = {
	name: 'globex',
	info: {
		title: 'Globex WMS API',
		version: '1.0.0',
		description: [
			'Globex WMS takes orders and master data from ERP systems.',
			'',
			'- Every operation is a `POST` with a JSON body and the bearer token `/oauth/token` issues.',
			'- Batch operations take their records under `data` and answer which rows were `accepted`',
			'  and which were `rejected`. Lists are paged by `page` and `per_page`.',
			'- An order carries its lines in `order_lines`, each line an `item_number` and a `qty`.',
			'- A production order carries what it consumes in `materials`, each an `item_number` and a `qty`.',
			'',
		].join('\n'),
	},
	servers: [{ url: 'https://api.globex.example/wms', description: 'production' }],
	container: 'data',
	paging: { defaultPerPage: 50, maxPerPage: 200 },
	maxItems: {},
	renames: [
		{ schemas: ORDERS, from: 'lines', to: 'order_lines' },
		{ schemas: ['ProductionOrder'], from: 'components', to: 'materials' },
		{ schemas: LINES, from: 'sku', to: 'item_number' },
		{ schemas: LINES, from: 'quantity', to: 'qty' },
	],
	newFields: [
		{
			schema: 'SalesOrder',
			name: 'ship_to',
			carriedAs: 'x_ship_to',
			definition: {
				type: 'object',
				additionalProperties: false,
				required: ['name', 'country'],
				description: 'Where the order goes, when not to the customer’s own address.',
				properties: {
					name: { type: 'string', minLength: 1, maxLength: 100 },
					city: { type: 'string', maxLength: 100 },
					country: { type: 'string', pattern: '^[A-Z]{2}$' },
				},
			},
		},
	],
	required: [],
	enums: [],
	moves: {},
	own: [],
	rewordings: [
		[/More rows than the route's `x-max-items`\./, "More records than the operation's `maxItems`."],
		[/\bfilter\.(\w+)/g, '$1'],
	],
};
