/** x-references: which record fields name other records, as a description declares them for Check Only. */
import { compileDescription } from '../../nodes/shared/platform/description/compile';
import { BUILT_IN } from '../../nodes/shared/platform';

type Json = Record<string, unknown>;

const bulk = (extra: Json) => ({
	post: {
		requestBody: {
			content: {
				'application/json': {
					schema: {
						type: 'object',
						required: ['items'],
						properties: {
							items: {
								type: 'array',
								items: {
									type: 'object',
									properties: {
										order_number: { type: 'string' },
										customer_code: { type: 'string' },
										location_code: { type: 'string' },
										lines: {
											type: 'array',
											items: { type: 'object', properties: { sku: { type: 'string' } } },
										},
									},
								},
							},
						},
					},
				},
			},
		},
		responses: { '200': { description: 'OK' } },
		'x-natural-key': ['order_number'],
		...extra,
	},
});

describe('x-references', () => {
	it('is read field by field, a key of several parts with its record fields, an entry without a route said in the notes', () => {
		const compiled = compileDescription({
			openapi: '3.0.3',
			info: { title: 'Other WMS', version: '1' },
			paths: {
				'/order/add': bulk({
					'x-references': {
						customer_code: '/customer/add',
						location_code: { records: '/location/add', key: ['customer_code', 'location_code'] },
						'lines.sku': '/item/add',
						courier: 'DHL',
					},
				}),
			},
		});
		expect(compiled.routes['/order/add'].references).toEqual([
			{ field: 'customer_code', records: '/customer/add' },
			{ field: 'location_code', records: '/location/add', key: ['customer_code', 'location_code'] },
			{ field: 'lines.sku', records: '/item/add' },
		]);
		expect(compiled.notes.map((note) => note.words)).toContain(
			'/order/add: x-references names courier but not the route that writes the records it names, so Check Only does not look it up',
		);
	});

	it('names, in the built-in description, every reference the simulator refuses an order for', () => {
		expect(BUILT_IN.route('/sales_order/add').references?.map((r) => r.field)).toEqual([
			'customer_code',
			'supply_location_code',
			'warehouse_code',
			'courier_service_code',
			'lines.sku',
		]);
		expect(BUILT_IN.route('/purchase_order/add').references?.map((r) => r.field)).toEqual([
			'supplier_code',
			'warehouse_code',
			'lines.sku',
		]);
		expect(BUILT_IN.route('/production_order/add').references?.map((r) => r.field)).toEqual([
			'warehouse_code',
			'output_sku',
			'components.sku',
		]);
	});
});
