// The ERP update trigger delivers the pending updates — active under `n8n start`, and run by hand
// from the editor alike; "Book in ERP" books some and refuses one (a move to bin PF-01), so both
// Set Complete and Set Error get items, and none of the updates is left pending on the platform.
import assert from 'node:assert/strict';

const pending = (ctx) =>
	ctx.simulator.store.list('erp_update').filter((u) => u.status === 'pending');

export async function before(ctx) {
	ctx.simulator.work.createPendingUpdates('outgoing_consignment', 2);
	ctx.simulator.work.createPendingUpdates('move_attempt', 1);
	// The stock move the example's stand-in ERP refuses: its Set Error path.
	ctx.simulator.work.seedStock('WH1', 'E2E-REFUSED-MOVE', 1, undefined, 'A-01-01');
	ctx.simulator.work.moveStock({
		warehouse_code: 'WH1',
		sku: 'E2E-REFUSED-MOVE',
		from_bin_code: 'A-01-01',
		to_bin_code: 'PF-01',
		quantity: 1,
	});
	assert.ok(pending(ctx).length >= 4, 'the simulator has no pending ERP updates to deliver');
}

export async function after(ctx, example, execution) {
	const runData = execution.data.resultData.runData;
	const emitted = runData['WMS ERP Update Trigger'][0].data.main[0].map((i) => i.json.id);
	const completed = runData['Set Complete']?.[0]?.data?.main?.[0]?.length ?? 0;
	const failed = runData['Set Error']?.[0]?.data?.main?.[0]?.length ?? 0;
	assert.ok(
		emitted.length >= 4,
		`the trigger delivered ${emitted.length} updates, not every pending one`,
	);
	assert.ok(completed >= 1, 'nothing went through Set Complete');
	assert.ok(failed >= 1, 'nothing went through Set Error (the refused move to PF-01)');
	assert.equal(
		completed + failed,
		emitted.length,
		'every delivered update goes to Set Complete or Set Error',
	);
	assert.deepEqual(pending(ctx), [], 'updates still pending after the run');
	const byId = new Map(ctx.simulator.store.list('erp_update').map((u) => [u.id, u]));
	for (const id of emitted)
		assert.ok(
			['complete', 'error'].includes(byId.get(id)?.status),
			`${id} is ${byId.get(id)?.status}`,
		);
	// The refusal reaches the platform in the ERP's own words: no "[line N]" of n8n's Code node.
	for (const id of emitted.filter((one) => byId.get(one).status === 'error'))
		assert.match(
			String(byId.get(id).error?.message),
			/^bin PF-01 is not set up in the ERP \(move [^)]+\)$/,
		);
	const done = emitted.filter((id) => byId.get(id).status === 'complete');
	assert.equal(done.length, completed);
	for (const id of done)
		assert.ok(byId.get(id).erp_reference, `${id} completed without the ERP's reference`);
}
