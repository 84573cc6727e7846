// Master data sync: items, customers and suppliers from the ERP land on the platform.
import assert from 'node:assert/strict';

export async function after(ctx) {
	assert.equal(ctx.simulator.store.get('inventory_item', 'SYNC-KIT-1')?.description, 'Fixing kit (synced from ERP)');
	assert.equal(ctx.simulator.store.get('customer', 'CUST-SYNC')?.name, 'Rotterdam Tools BV');
	assert.equal(ctx.simulator.store.get('supplier', 'SUP-SYNC')?.payment_terms_days, 30);
}
