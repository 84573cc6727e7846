// ERP orders → WMS Sales Order: the good orders are stored once, the bad rows come out of the
// error output naming item and field, and nothing is stored for them.
import assert from 'node:assert/strict';

export async function after(ctx, example, execution) {
	const runData = execution.data.resultData.runData;
	const [accepted, refused] = runData['WMS Sales Order'][0].data.main;
	assert.deepEqual(accepted.map((i) => i.json.key).sort(), ['SO-1001', 'SO-1002']);
	assert.equal(refused.length, 2);
	assert.match(refused[0].json.error, /^Item 2: field "lines\[0\]\.quantity" must be more than 0/);
	assert.match(refused[1].json.error, /^Item 3: .*CUST-404/);
	assert.ok(ctx.simulator.store.get('sales_order', 'SO-1001'), 'SO-1001 not stored');
	assert.equal(ctx.simulator.store.get('sales_order', 'SO-1003'), undefined, 'a bad row was sent');
	assert.equal(ctx.simulator.store.get('sales_order', 'SO-1004'), undefined, 'an order for an unknown customer was stored');
	assert.equal(runData['Fix in the ERP'][0].data.main[0].length, 2);
}
