// Master data sync: every item, customer and supplier from the ERP lists is on the platform afterwards,
// with the ERP's values (and this example's synced records in particular).
import assert from 'node:assert/strict';

const sent = (runData, node) => (runData[node]?.[0]?.data?.main?.[0] ?? []).map((i) => i.json);

export async function after(ctx, example, execution) {
	const runData = execution.data.resultData.runData;
	const checks = [
		['ERP items', 'inventory_item', 'sku', 'description'],
		['ERP customers', 'customer', 'code', 'name'],
		['ERP suppliers', 'supplier', 'code', 'name'],
	];
	for (const [node, kind, key, field] of checks) {
		const records = sent(runData, node);
		assert.ok(records.length, `${node} produced nothing`);
		for (const record of records) {
			const stored = ctx.simulator.store.get(kind, record[key]);
			assert.ok(stored, `${kind} ${record[key]} is not on the platform`);
			assert.equal(stored[field], record[field], `${kind} ${record[key]}: ${field} differs`);
		}
	}
	assert.equal(
		ctx.simulator.store.get('inventory_item', 'SYNC-KIT-1')?.description,
		'Fixing kit (synced from ERP)',
	);
	assert.equal(ctx.simulator.store.get('customer', 'CUST-SYNC')?.name, 'Rotterdam Tools BV');
	assert.equal(ctx.simulator.store.get('supplier', 'SUP-SYNC')?.payment_terms_days, 30);
}
