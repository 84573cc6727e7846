// ERP orders → WMS Sales Order: the good orders are stored once and leave on the success output; the
// bad rows leave on the error output naming item and field, and nothing is stored for them. The
// orders are numbered afresh by each run (its execution's number in them), so every run holds this.
// (The specific checks come from the example's author; the generic ones hold for any order list.)
import assert from 'node:assert/strict';

const out = (runData, node, output) => runData[node]?.[0]?.data?.main?.[output] ?? [];

export async function after(ctx, example, execution) {
	const runData = execution.data.resultData.runData;
	const orders = out(runData, 'ERP orders', 0).map((i) => i.json);
	const accepted = out(runData, 'WMS Sales Order', 0);
	const refused = out(runData, 'WMS Sales Order', 1);
	const [so1, so2, so3, so4] = [1, 2, 3, 4].map((n) => `SO-R${execution.id}-${n}`);

	// This example's data: two good orders, a negative quantity and an unknown customer.
	assert.deepEqual(accepted.map((i) => i.json.key).sort(), [so1, so2]);
	// New orders at every run, not the last run's again (which the platform takes as a harmless retry
	// only while nothing differs, not on another day's order date).
	assert.deepEqual(
		accepted.map((i) => i.json.status),
		['created', 'created'],
	);
	assert.equal(refused.length, 2);
	assert.ok(
		refused[0].json.message.startsWith(`Sales order ${so3}, line 1: quantity must be more than 0`),
		refused[0].json.message,
	);
	assert.match(refused[1].json.message, new RegExp(`^Sales order ${so4}: .*CUST-404`));
	// Each error item names its order under its own name (the ERP's fields) and says what is wrong in parts.
	assert.deepEqual(
		refused.map((i) => [i.json.order_number, i.json.error.field, i.json.error.retryable]),
		[
			[so3, 'lines.1.quantity', false],
			[so4, 'customer_code', false],
		],
	);
	assert.deepEqual(
		out(runData, 'Fix in the ERP', 0).map((i) => i.json.order_number),
		[so3, so4],
	);

	// Any order list: each order on exactly one output; accepted ones stored, refused ones not.
	assert.equal(
		accepted.length + refused.length,
		orders.length,
		'every ERP order ends on one of the two outputs',
	);
	const refusedNumbers = refused.map((i) => orders[[i.pairedItem].flat()[0].item].order_number);
	for (const order of orders) {
		const stored = ctx.simulator.store.get('sales_order', order.order_number);
		if (refusedNumbers.includes(order.order_number))
			assert.equal(stored, undefined, `${order.order_number} was refused but is stored`);
		else assert.ok(stored, `${order.order_number} is not stored on the platform`);
	}
}
