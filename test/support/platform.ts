/** The simulated platform and a harness on it, for each test of a jest describe. */
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../simulator';
import { harnessFor, type Harness } from './harness';

export { harnessFor };

export interface Platform {
	sim: RunningSimulator;
	harness: Harness;
}

/**
 * For each test of the enclosing describe: a fresh simulator (counters at zero, demo data
 * loaded when asked) and a harness on it, handed to `take`; the simulator is closed afterwards.
 */
export function onAFreshPlatform(options: SimulatorOptions, take: (platform: Platform) => void): void {
	let sim: RunningSimulator | undefined;
	beforeEach(async () => {
		sim = await startSimulator(options);
		sim.resetStats();
		take({ sim, harness: harnessFor(sim) });
	});
	afterEach(async () => await sim?.close());
}
