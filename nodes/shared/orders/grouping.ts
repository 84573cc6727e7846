/**
 * Orders from one input item per line (as many ERP exports give them): items with the same order
 * number make one order, in the order they first appear.
 */
import { camelName, isEmpty } from '../checking';
import type { OrderInput } from './order';

function orderNumberOf(input: OrderInput, key: string): string | undefined {
	const value = input.header[key] ?? input.header[camelName(key)];
	return isEmpty(value) ? undefined : String(value).trim();
}

/** Items with the same order number (the order's `key` field), in the order they first appear; items without one stand alone. */
export function groupByOrderNumber(inputs: OrderInput[], key = 'order_number'): OrderInput[][] {
	const byNumber = new Map<string, OrderInput[]>();
	const orders: OrderInput[][] = [];
	for (const input of inputs) {
		const number = orderNumberOf(input, key);
		const existing = number === undefined ? undefined : byNumber.get(number);
		if (existing) existing.push(input);
		else {
			const order = [input];
			orders.push(order);
			if (number !== undefined) byNumber.set(number, order);
		}
	}
	return orders;
}
