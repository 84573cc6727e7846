// ERP orders → WMS Sales Order: the good orders are stored once and leave on the success output; the
// bad rows leave on the error output naming item and field, and nothing is stored for them.
// (The specific checks come from the example's author; the generic ones hold for any order list.)
import assert from 'node:assert/strict';

const out = (runData, node, output) => runData[node]?.[0]?.data?.main?.[output] ?? [];

export async function after(ctx, example, execution) {
	const runData = execution.data.resultData.runData;
	const orders = out(runData, 'ERP orders', 0).map((i) => i.json);
	const accepted = out(runData, 'WMS Sales Order', 0);
	const refused = out(runData, 'WMS Sales Order', 1);

	// This example's data: two good orders, a negative quantity and an unknown customer.
	assert.deepEqual(accepted.map((i) => i.json.key).sort(), ['SO-1001', 'SO-1002']);
	assert.equal(refused.length, 2);
	assert.match(refused[0].json.error, /^Item 2: field "lines\[0\]\.quantity" must be more than 0/);
	assert.match(refused[1].json.error, /^Item 3: .*CUST-404/);
	assert.equal(out(runData, 'Fix in the ERP', 0).length, 2);

	// Any order list: each order on exactly one output; accepted ones stored, refused ones not.
	assert.equal(accepted.length + refused.length, orders.length, 'every ERP order ends on one of the two outputs');
	const refusedNumbers = refused.map((i) => orders[[i.pairedItem].flat()[0].item].order_number);
	for (const order of orders) {
		const stored = ctx.simulator.store.get('sales_order', order.order_number);
		if (refusedNumbers.includes(order.order_number)) assert.equal(stored, undefined, `${order.order_number} was refused but is stored`);
		else assert.ok(stored, `${order.order_number} is not stored on the platform`);
	}
}
