/**
 * A read paged by number on a platform whose pages are smaller than the package asks for (Acme WMS
 * 2.4.0 gives at most 200 records a page): every page is read to the last, none cut off.
 */
import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { harnessFor } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

describe('reads paged by number, through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ shape: 'acme' }, (platform) => {
		sim = platform.sim;
		harness = harnessFor(sim, { description: 'platform', descriptionUrl: 'openapi.json' });
	});

	it('WMS Supplier → Get Many returns all 450 suppliers over pages of 200', async () => {
		const suppliers = Array.from({ length: 450 }, (_, i) => ({
			code: `SUP-${i}`,
			name: `Supplier ${i}`,
		}));
		const stored = await harness.run(
			{
				type: 'wmsSupplier',
				typeVersion: 2,
				parameters: { resource: 'supplier', operation: 'upsert', fieldsToSend: 'inputItem' },
			},
			suppliers,
		);
		expect(stored.error).toBeUndefined();
		const { outputs, error } = await harness.run(
			{
				type: 'wmsSupplier',
				typeVersion: 2,
				parameters: { resource: 'supplier', operation: 'getMany', returnAll: true },
			},
			[{}],
		);
		expect(error).toBeUndefined();
		expect(new Set(outputs[0].map((item) => item.json.code))).toEqual(
			new Set(suppliers.map((supplier) => supplier.code)),
		);
		expect(sim.stats().requests['/supplier/check']).toBe(3);
	});
});
