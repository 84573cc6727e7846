// The ERP update trigger, active under `n8n start`, delivers the pending updates; Set Complete / Set
// Error leave none of them pending on the platform.
import assert from 'node:assert/strict';

const pending = (ctx) => ctx.simulator.store.list('erp_update').filter((u) => u.status === 'pending');

export async function before(ctx) {
	ctx.simulator.work.createPendingUpdates('outgoing_consignment', 2);
	ctx.simulator.work.createPendingUpdates('move_attempt', 1);
	assert.ok(pending(ctx).length >= 3, 'the simulator has no pending ERP updates to deliver');
}

export async function after(ctx, example, execution) {
	const runData = execution.data.resultData.runData;
	const emitted = runData['WMS ERP Update Trigger'][0].data.main[0].map((i) => i.json.id);
	const completed = runData['Set Complete']?.[0]?.data?.main?.[0]?.length ?? 0;
	const failed = runData['Set Error']?.[0]?.data?.main?.[0]?.length ?? 0;
	assert.equal(completed + failed, emitted.length, 'every delivered update goes to Set Complete or Set Error');
	assert.deepEqual(pending(ctx), [], 'updates still pending after the run');
	const byId = new Map(ctx.simulator.store.list('erp_update').map((u) => [u.id, u]));
	for (const id of emitted) assert.ok(['complete', 'error'].includes(byId.get(id)?.status), `${id} is ${byId.get(id)?.status}`);
	const done = emitted.filter((id) => byId.get(id).status === 'complete');
	assert.equal(done.length, completed);
	for (const id of done) assert.ok(byId.get(id).erp_reference, `${id} completed without the ERP's reference`);
}
