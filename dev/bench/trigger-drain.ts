/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * Draining a backlog of 10,000 pending ERP updates with the WMS ERP Update Trigger in real
 * n8n-core (PollContext, static data on the Workflow) against the simulator:
 *   (a) as in production: each poll's items go to WMS ERP Update → Set Complete before the next poll;
 *   (b) worst case for the ledger: nothing is ever completed, so every emitted id stays in it;
 *   (c) as (a), but n8n starts two polls at a time (as it does when a poll outlasts its interval).
 * Prints polls, requests, wall time, each update's delivery count, and the ledger's JSON size.
 * Target: every update delivered exactly once; ledger ≤ 1 MB at 10,000.
 *
 *   npx tsc -p tsconfig.tools.json && node .tools/bench/trigger-drain.js [--updates 10000] [--max 1000]
 */
import '../../test/support/setup';

import type { IDataObject, INodeExecutionData, INodeType } from 'n8n-workflow';

import { loadLedger } from '../../nodes/WmsErpUpdateTrigger/ledger';
import { startSimulator } from '../simulator';
import { harnessFor } from '../../test/support/harness';
import { arg } from './support';

const UPDATES = arg('updates', 10_000);
const MAX = arg('max', 1000);
const NAME = 'ERP Update Trigger';

const SCENARIOS = [
	'(a) ERP completes each poll',
	'(b) nothing completed',
	'(c) two polls at a time, ERP completes',
] as const;
type Scenario = (typeof SCENARIOS)[number];

async function drain(scenario: Scenario) {
	const complete = scenario !== '(b) nothing completed';
	const atOnce = scenario === '(c) two polls at a time, ERP completes' ? 2 : 1;
	const sim = await startSimulator();
	try {
		const harness = harnessFor(sim);
		sim.work.createPendingUpdates('outgoing_consignment', UPDATES);
		sim.resetStats();
		const spec = {
			type: 'wmsErpUpdateTrigger',
			name: NAME,
			parameters: { updateKinds: ['outgoing_consignment'], maxUpdatesPerPoll: MAX },
		};
		const workflow = harness.workflow([harness.node(spec)]);
		const type = harness.nodeTypes.getByNameAndVersion(
			`n8n-nodes-wms-integration.${spec.type}`,
		) as INodeType;
		const deliveries = new Map<string, number>();
		let polls = 0;
		let pollMs = 0;
		let completeMs = 0;
		const started = performance.now();
		for (;;) {
			const t0 = performance.now();
			const started = Array.from(
				{ length: atOnce },
				async () =>
					(await type.poll!.call(harness.pollContext(spec, workflow))) as
						| INodeExecutionData[][]
						| null,
			);
			const items = (await Promise.all(started)).flatMap((emitted) => emitted?.[0] ?? []);
			pollMs += performance.now() - t0;
			polls += atOnce;
			if (items.length === 0) break;
			for (const item of items)
				deliveries.set(item.json.id as string, (deliveries.get(item.json.id as string) ?? 0) + 1);
			if (complete) {
				const t1 = performance.now();
				const run = await harness.run(
					{ type: 'wmsErpUpdate', parameters: { resource: 'update', operation: 'setComplete' } },
					items.map((item) => item.json),
				);
				if (run.error) throw run.error;
				completeMs += performance.now() - t1;
			}
		}
		const wallMs = performance.now() - started;
		const nodeData = (workflow.staticData[`node:${NAME}`] ?? {}) as IDataObject;
		const counts = [...deliveries.values()];
		return {
			scenario,
			polls,
			delivered: deliveries.size,
			exactlyOnce: deliveries.size === UPDATES && counts.every((n) => n === 1),
			readRequests: sim.stats().requests['/erp_update/outgoing_consignment'] ?? 0,
			completeRequests: sim.stats().requests['/erp_update/set_complete'] ?? 0,
			wallSeconds: +(wallMs / 1000).toFixed(2),
			pollSeconds: +(pollMs / 1000).toFixed(2),
			completeSeconds: +(completeMs / 1000).toFixed(2),
			ledgerIds: loadLedger(nodeData).size,
			ledgerBytes: JSON.stringify(nodeData.ledger ?? null).length,
			staticDataBytes: JSON.stringify(workflow.staticData).length,
		};
	} finally {
		await sim.close();
	}
}

async function main() {
	process.stdout.write(`Draining ${UPDATES} pending updates, Max Updates per Poll ${MAX}\n`);
	for (const scenario of SCENARIOS) {
		const result = await drain(scenario);
		process.stdout.write(`${JSON.stringify(result)}\n`);
		if (!result.exactlyOnce) process.exitCode = 1;
		if (result.ledgerBytes > 1_000_000) process.exitCode = 1;
	}
}

void main();
