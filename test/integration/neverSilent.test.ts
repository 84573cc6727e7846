/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * Issue 39: a run that stops before answering per item never passes its input items on as success.
 * Through real n8n-core, for each way a run can stop before the platform takes anything — with On
 * Error → Stop the node throws as before; set to continue (regular or error output), each input
 * item becomes one error item naming the cause, paired to it, and no success output (Found, Not
 * Found, Not Stored, Summary…) carries anything.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { harnessFor, type NodeUnderTest, type RunResult } from '../support/harness';
import { callRoute } from '../support/platform';
import { fixture } from '../support/otherShape';

jest.setTimeout(60_000);

/** Acme's description pasted, with the supplier's name renamed: the Define Below form still sets "name". */
function driftedAcme(): string {
	const doc = JSON.parse(fixture('json'));
	const supplier = doc.components.schemas.Supplier;
	supplier.properties.supplier_name = supplier.properties.name;
	delete supplier.properties.name;
	supplier.required = supplier.required.map((field: string) =>
		field === 'name' ? 'supplier_name' : field,
	);
	return JSON.stringify(doc);
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise((resolve) => server.close(resolve));
	return port;
}

const supplierForm = (typeVersion: number, operation = 'upsert'): NodeUnderTest => ({
	type: 'wmsSupplier',
	typeVersion,
	parameters: { resource: 'supplier', operation, fieldsToSend: 'form', code: 'SUP-1', name: 'A' },
});

interface Case {
	cause: string;
	node: NodeUnderTest;
	input: IDataObject[];
	/** The credential's fields that make the run stop (the simulator's own otherwise). */
	credential: () => Promise<ICredentialDataDecryptedObject> | ICredentialDataDecryptedObject;
	said: RegExp;
	/** Success outputs the node has (named outputs, Found / Not Found…). */
	outputs?: number;
}

/** The credential reads the platform's own description: nothing can run before it is read. */
const FROM_THE_PLATFORM = { description: 'platform', descriptionUrl: 'openapi.json' };

const orders = [
	{ order_number: 'SO-9001' },
	{ order_number: 'SO-9002' },
	{ order_number: 'SO-9003' },
];
const items = [
	{ sku: 'NS-1', description: 'One', unit_of_measure: 'EA' },
	{ sku: 'NS-2', description: 'Two', unit_of_measure: 'EA' },
];

const CASES: Case[] = [
	{
		cause: 'an API description that cannot be read (Sales Order, version 3)',
		node: {
			type: 'wmsSalesOrder',
			typeVersion: 3,
			parameters: {
				resource: 'salesOrder',
				operation: 'add',
				columns: { mappingMode: 'autoMapInputData', value: null },
			},
		},
		input: orders,
		credential: () => ({
			description: 'pasted',
			descriptionText: '{ "openapi": "3.0.0", "paths": [',
		}),
		said: /API description/i,
	},
	{
		cause:
			"drift: the form sets a field the platform's description no longer has (Supplier, version 2)",
		node: supplierForm(2),
		input: [{}, {}],
		credential: () => ({ description: 'pasted', descriptionText: driftedAcme() }),
		said: /has no field "Name" \(name\)/,
	},
	{
		cause: 'a refused credential (Inventory, version 1)',
		node: {
			type: 'wmsInventory',
			parameters: { resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem', options: {} },
		},
		input: items,
		credential: () => ({ ...FROM_THE_PLATFORM, clientSecret: 'wrong-Secret-39' }),
		said: /client ID or secret rejected by the platform/i,
	},
	{
		cause: 'a refused credential on a read with Found and Not Found (Supplier, version 2)',
		node: supplierForm(2, 'getMany'),
		input: [{}, {}],
		credential: () => ({ ...FROM_THE_PLATFORM, clientSecret: 'wrong-Secret-39' }),
		said: /client ID or secret rejected by the platform/i,
		outputs: 2,
	},
	{
		cause: 'a refused credential on Summary and Differences (WMS Platform → Compare With Built-In)',
		node: { type: 'wmsPlatform', parameters: { resource: 'description', operation: 'compare' } },
		input: [{}, {}],
		credential: () => ({ ...FROM_THE_PLATFORM, clientSecret: 'wrong-Secret-39' }),
		said: /client ID or secret rejected by the platform/i,
		outputs: 2,
	},
	{
		cause: 'a platform out of reach (ERP Update → Set Complete, version 3)',
		node: {
			type: 'wmsErpUpdate',
			typeVersion: 3,
			parameters: {
				resource: 'update',
				operation: 'setComplete',
				source: 'define',
				id: '={{ $json.id }}',
			},
		},
		input: [{ id: 'U-1' }, { id: 'U-2' }],
		credential: async () => ({
			...FROM_THE_PLATFORM,
			baseUrl: `http://127.0.0.1:${await closedPort()}`,
		}),
		said: /Could not reach the platform/,
	},
	{
		cause: 'a platform out of reach (WMS Platform → Call a Route)',
		node: callRoute('/supplier/add', {
			mappingMode: 'autoMapInputData',
			value: null,
			matchingColumns: [],
		}),
		input: [
			{ code: 'S-1', name: 'One' },
			{ code: 'S-2', name: 'Two' },
		],
		credential: async () => ({
			...FROM_THE_PLATFORM,
			baseUrl: `http://127.0.0.1:${await closedPort()}`,
		}),
		said: /Could not reach the platform/,
	},
	{
		cause: 'a mapped field the platform no longer has (Supplier, version 3)',
		node: {
			type: 'wmsSupplier',
			typeVersion: 3,
			parameters: {
				resource: 'supplier',
				operation: 'upsert',
				columns: {
					mappingMode: 'defineBelow',
					value: { code: 'SUP-5', name: 'A', website: 'x.example' },
					matchingColumns: ['code'],
					schema: [],
				},
			},
		},
		input: [{}, {}],
		credential: () => ({}),
		said: /website/,
	},
	{
		cause: 'an operation this node version does not know',
		node: {
			type: 'wmsCustomer',
			typeVersion: 2,
			parameters: { resource: 'customer', operation: 'gone' },
		},
		input: [{}, {}],
		credential: () => ({}),
		said: /not known to this node version/,
	},
];

const isErrorItem = (item: INodeExecutionData) =>
	typeof item.json.error === 'object' && typeof item.json.message === 'string';

describe.each(CASES)('a run that stops before answering per item: $cause', (c) => {
	let sim: RunningSimulator;
	beforeEach(async () => (sim = await startSimulator()));
	afterEach(async () => await sim.close());

	const run = async (onError?: NodeUnderTest['onError']): Promise<RunResult> =>
		await harnessFor(sim, await c.credential()).run({ ...c.node, onError }, c.input);
	const successOutputs = c.outputs ?? 1;

	it('On Error → Stop: the node stops with the cause', async () => {
		const { error, outputs } = await run();
		expect(error?.message).toMatch(c.said);
		expect(outputs.flat()).toEqual([]);
	});

	it('On Error → Continue (using error output): one error item per input item on the error output, nothing on a success output', async () => {
		const { error, outputs } = await run('continueErrorOutput');
		expect(error).toBeUndefined();
		const errors = outputs[successOutputs] ?? [];
		expect(outputs.slice(0, successOutputs).flat()).toEqual([]);
		expect(errors.map((item) => item.pairedItem)).toEqual(c.input.map((_, item) => ({ item })));
		for (const item of errors) expect(String(item.json.message)).toMatch(c.said);
	});

	it('On Error → Continue: one error item per input item, each naming the cause, and no input item passed on', async () => {
		const { error, outputs } = await run('continueRegularOutput');
		expect(error).toBeUndefined();
		const all = outputs.flat();
		expect(all.map((item) => item.pairedItem)).toEqual(c.input.map((_, item) => ({ item })));
		expect(all.every(isErrorItem)).toBe(true);
		for (const item of all) expect(String(item.json.message)).toMatch(c.said);
		expect(sim.store.count('supplier') + sim.store.count('inventory_item')).toBe(0);
	});
});
