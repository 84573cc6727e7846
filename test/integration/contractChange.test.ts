/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * A contract-only change, end to end: a copy of contract/openapi.yaml where suppliers gain a
 * required field and /supplier/add takes at most 2 records per request. The nodes are loaded
 * with the module the build generates from that copy (nothing else changed), and run through
 * real n8n-core against a simulator that serves and validates the same copy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type * as HarnessModule from '../support/harness';
import type * as SimulatorModule from '../../dev/simulator';
import { changedContract, type Schema } from '../support/contract';

const dir = mkdtempSync(join(tmpdir(), 'wms-contract-'));
const changed = changedContract(dir, (doc) => {
	const supplier = doc.components.schemas.Supplier as Schema & {
		properties: Record<string, Schema>;
		required: string[];
	};
	supplier.properties.tax_region = { type: 'string', enum: ['EU', 'UK', 'US'] };
	supplier.required = [...supplier.required, 'tax_region'];
	doc.paths['/supplier/add'].post['x-max-items'] = 2;
});
// What `npm run build` would compile from the changed contract, in place of the committed module.
jest.doMock('../../nodes/shared/platform/generated', () =>
	jest.requireActual(changed.generatedFile),
);
// Loaded after the mock above, so they see the changed contract (jest.doMock is not hoisted).
/* eslint-disable @typescript-eslint/no-require-imports */
const { Harness } = require('../support/harness') as typeof HarnessModule;
const { startSimulator } = require('../../dev/simulator') as typeof SimulatorModule;
/* eslint-enable @typescript-eslint/no-require-imports */

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const supplier = (parameters: Record<string, unknown>) => ({
	type: 'wmsSupplier',
	parameters: { resource: 'supplier', operation: 'upsert', ...parameters },
});

describe('a contract-only change reaches the nodes', () => {
	let sim: Awaited<ReturnType<typeof startSimulator>>;
	let harness: InstanceType<typeof Harness>;
	beforeEach(async () => {
		sim = await startSimulator({ contract: changed.contractFile });
		harness = new Harness({
			baseUrl: sim.baseUrl,
			clientId: sim.clientId,
			clientSecret: sim.clientSecret,
		});
	});
	afterEach(async () => await sim.close());

	it('generates without overlay problems', () => expect(changed.problems).toEqual([]));

	it('the form asks for the new required field up front', () => {
		const node = harness.nodeTypes.getByNameAndVersion('n8n-nodes-wms-integration.wmsSupplier');
		const property = node.description.properties.find(
			(candidate) => candidate.name === 'taxRegion',
		);
		expect(property).toMatchObject({ displayName: 'Tax Region', type: 'options', required: true });
	});

	it('an item without the new required field is refused before anything is sent', async () => {
		const { error, outputs } = await harness.run(supplier({ fieldsToSend: 'inputItem' }), [
			{ code: 'S1', name: 'Acme', tax_region: 'EU' },
			{ code: 'S2', name: 'Bolt' },
		]);
		expect(outputs).toEqual([]);
		expect(error?.message).toContain('tax_region');
		expect(error?.message).toContain('is required but missing or empty');
		expect(sim.stats().requests['/supplier/add']).toBeUndefined();
	});

	it('five suppliers go in chunks of the new x-max-items: three requests, all stored', async () => {
		const items = ['S1', 'S2', 'S3', 'S4', 'S5'].map((code) => ({
			code,
			name: `Supplier ${code}`,
			tax_region: 'UK',
		}));
		const { error, outputs } = await harness.run(supplier({ fieldsToSend: 'inputItem' }), items);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.status)).toEqual([
			'created',
			'created',
			'created',
			'created',
			'created',
		]);
		expect(sim.stats().requests['/supplier/add']).toBe(3);
		expect(sim.store.get('supplier', 'S5')).toMatchObject({ tax_region: 'UK' });
	});
});
