/**
 * A generated vendor's sales orders (test/support/vendor/generate.ts): an order whose lines are
 * the vendor's own list (lines, order_lines, positions) of its own fields (sku or item_number,
 * quantity or qty), written where the vendor writes records and answered in its styles.
 */
import { answerSchema } from './answers';
import { orderView, type Vendor } from './generate';

type Schema = Record<string, unknown>;

/** The Line and Order schemas (the lines under a $ref where the vendor puts records under one). */
export function orderSchemas(vendor: Vendor): Record<string, Schema> {
	const line = {
		type: 'object',
		required: [vendor.lines.item, vendor.lines.qty],
		properties: {
			[vendor.lines.item]: { type: 'string', maxLength: 40 },
			[vendor.lines.qty]: { type: 'integer', minimum: 1 },
		},
	};
	const order = {
		type: 'object',
		required: ['order_number', 'customer_code', vendor.lines.list],
		properties: {
			order_number: { type: 'string', maxLength: 40 },
			customer_code: { type: 'string', maxLength: 40 },
			[vendor.lines.list]: {
				type: 'array',
				minItems: 1,
				items: vendor.refs.record ? { $ref: '#/components/schemas/Line' } : line,
			},
		},
	};
	return { Line: line, Order: order };
}

/** POST /sales_order/add: the orders where the vendor writes records, its success answer under `success`. */
export function salesOrderRoute(vendor: Vendor, success: string, refused: Schema): Schema {
	const orders = { type: 'array', maxItems: 50, items: { $ref: '#/components/schemas/Order' } };
	const orderAnswer = answerSchema(orderView(vendor));
	return {
		post: {
			operationId: 'addSalesOrders',
			'x-natural-key': ['order_number'],
			requestBody: {
				required: true,
				content: {
					[vendor.media]: {
						schema: vendor.list
							? { type: 'object', required: [vendor.list], properties: { [vendor.list]: orders } }
							: orders,
					},
				},
			},
			responses: {
				[success]: orderAnswer
					? {
							description: 'What was stored',
							content: { [vendor.media]: { schema: orderAnswer } },
						}
					: { description: 'Every order was stored' },
				[String(vendor.errorStatus)]: refused,
			},
		},
	};
}
