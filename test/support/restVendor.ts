/**
 * The simulator's REST vendor (dev/simulator/rest.ts: orders read with GET, replaced with PUT,
 * cancelled with DELETE) as a credential's own description, started once per test file, its
 * orders and the requests it saw set anew before each test.
 */
import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { restDescription } from '../../dev/simulator/rest';
import { harnessFor, type Harness } from './harness';

/** A credential that reads the platform's own description, served at …/v1/openapi.json. */
export const REST = { description: 'platform', descriptionUrl: 'openapi.json' };

export function onRestVendor(orders = 5): { sim: RunningSimulator; harness: Harness } {
	const held = {} as { sim: RunningSimulator; harness: Harness };
	beforeAll(async () => {
		held.sim = await startSimulator({});
		held.sim.description.set({ text: JSON.stringify(restDescription()), format: 'json' });
		held.harness = harnessFor(held.sim, REST);
	});
	afterAll(async () => await held.sim.close());
	beforeEach(() => {
		held.sim.rest.orders.clear();
		held.sim.rest.seen.length = 0;
		held.sim.rest.load(orders);
	});
	return held;
}
