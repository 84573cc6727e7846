/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * The idle run the node's CPU is measured against: the same workflow (Source with the same items →
 * one node) through the same harness, with a node that hands its input on as n8n's No Operation
 * node does. What it costs is n8n-core's (and the harness's) share of a run: making the items,
 * passing them between nodes, pairing and checking the output; the rest of the node's run is ours.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { Harness } from '../../test/support/harness';
import { ALL_NODE_TYPES } from '../../test/support/nodeTypes';

class IdleNode implements INodeType {
	description = {
		displayName: 'Idle',
		name: 'benchIdle',
		group: ['transform'],
		version: 1,
		description: 'Hands its input on, as No Operation does',
		defaults: { name: 'Idle' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

/** CPU seconds (user and system) of this process for the idle run of `items`. */
export async function idleRunCpuSeconds(items: IDataObject[]): Promise<number> {
	const harness = new Harness(
		{ baseUrl: 'http://127.0.0.1:9/v1', clientId: 'idle', clientSecret: 'idle' },
		[...ALL_NODE_TYPES, new IdleNode()],
	);
	const cpu = process.cpuUsage();
	const run = await harness.run({ type: 'benchIdle', parameters: {} }, items);
	const used = process.cpuUsage(cpu);
	if (run.error) throw run.error;
	if (run.outputs[0].length !== items.length) throw new Error('the idle run lost items');
	return (used.user + used.system) / 1e6;
}
