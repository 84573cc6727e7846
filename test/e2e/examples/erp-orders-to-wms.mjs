// ERP orders → WMS Sales Order: good orders are stored on the platform and leave on the success
// output; bad rows leave on the error output, each naming its problem, and are not stored.
import assert from 'node:assert/strict';

const out = (runData, node, output) => runData[node]?.[0]?.data?.main?.[output] ?? [];

export async function after(ctx, example, execution) {
	const runData = execution.data.resultData.runData;
	const orders = out(runData, 'ERP orders', 0).map((i) => i.json);
	const accepted = out(runData, 'WMS Sales Order', 0);
	const refused = out(runData, 'WMS Sales Order', 1);
	assert.ok(refused.length >= 1, 'the bad rows did not reach the error branch');
	assert.equal(accepted.length + refused.length, orders.length, 'every ERP order ends on one of the two outputs');

	const refusedNumbers = refused.map((i) => orders[[i.pairedItem].flat()[0].item].order_number);
	for (const order of orders) {
		const stored = ctx.simulator.store.get('sales_order', order.order_number);
		if (refusedNumbers.includes(order.order_number)) assert.equal(stored, undefined, `${order.order_number} was refused but is stored`);
		else assert.ok(stored, `${order.order_number} is not stored on the platform`);
	}
	for (const item of out(runData, 'Fix in the ERP', 0)) assert.ok(String(item.json.problem ?? '').length > 10, 'a refused order without a problem text');
}
