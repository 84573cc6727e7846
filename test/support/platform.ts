/** The simulated platform and a harness on it, for each test of a jest describe. */
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../dev/simulator';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { harnessFor, type Harness, type NodeUnderTest } from './harness';

export { harnessFor };

export interface Platform {
	sim: RunningSimulator;
	harness: Harness;
}

/**
 * For each test of the enclosing describe: a fresh simulator (counters at zero, demo data
 * loaded when asked) and a harness on it, handed to `take`; the simulator is closed afterwards.
 */
export function onAFreshPlatform(
	options: SimulatorOptions,
	take: (platform: Platform) => void,
): void {
	let sim: RunningSimulator | undefined;
	beforeEach(async () => {
		sim = await startSimulator(options);
		sim.resetStats();
		take({ sim, harness: harnessFor(sim) });
	});
	afterEach(async () => await sim?.close());
}

/** The input item an output item is paired to. */
export const itemOf = (output: INodeExecutionData): number =>
	(output.pairedItem as { item: number }).item;

/** WMS Inventory → Item: Add or Update of each input item as it is, with these Options. */
export const inventoryUpsert = (
	options: IDataObject,
	onError?: NodeUnderTest['onError'],
): NodeUnderTest => ({
	type: 'wmsInventory',
	parameters: { resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem', options },
	onError,
});

/** WMS Platform → Call a Route on `route`, its fields through the mapper as n8n saves it. */
export const callRoute = (
	route: string,
	columns: IDataObject,
	parameters: IDataObject = {},
	onError?: NodeUnderTest['onError'],
): NodeUnderTest => ({
	type: 'wmsPlatform',
	parameters: {
		resource: 'route',
		operation: 'call',
		route: { __rl: true, mode: 'list', value: route },
		columns,
		...parameters,
	},
	onError,
});
