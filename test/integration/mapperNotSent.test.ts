/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * Version 3's mapper sends only what the person set (issue 39), through real n8n-core against the
 * simulator, with the bodies the platform received: the fields the node loads saved the way n8n's
 * editor saves them, an untouched Yes/No not sent, No sent as false, an empty JSON field not sent,
 * and a node saved while booleans were switches still sending its saved false, with a hint.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, ResourceMapperField } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { harnessFor, type Harness, type NodeUnderTest } from '../support/harness';

/** A server in front of the simulator that passes everything on and keeps the JSON bodies sent to one route. */
async function recording(sim: RunningSimulator, route: string) {
	const target = new URL(sim.baseUrl);
	const bodies: IDataObject[] = [];
	const server = createServer((incoming, outgoing) => {
		const chunks: Buffer[] = [];
		incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
		incoming.on('end', () => {
			const body = Buffer.concat(chunks);
			if (incoming.url?.endsWith(route)) bodies.push(JSON.parse(body.toString('utf8')));
			const forward = httpRequest(
				{
					host: target.hostname,
					port: target.port,
					path: incoming.url,
					method: incoming.method,
					headers: { ...incoming.headers, host: target.host },
				},
				(answer) => {
					outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(outgoing);
				},
			);
			forward.end(body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}${target.pathname}`,
		items: () => bodies.flatMap((body) => body.items as IDataObject[]),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/**
 * The mapper's value as n8n's editor (2.41, ResourceMapper.vue) first saves it: every field the
 * node loads at its defaultValue, else false for a 'boolean' and null for any other, nulls dropped.
 */
const editorFirstValue = (schema: ResourceMapperField[]): IDataObject =>
	Object.fromEntries(
		schema
			.map((field) => [field.id, field.defaultValue ?? (field.type === 'boolean' ? false : null)])
			.filter(([, value]) => value !== null),
	);

const items = (columns: IDataObject): NodeUnderTest => ({
	type: 'wmsInventory',
	typeVersion: 3,
	parameters: { resource: 'item', operation: 'upsert', columns },
});

const BOOLEANS = ['batch_tracked', 'serial_tracked', 'expiry_tracked', 'active'];

describe('version 3 sends only the fields the person set', () => {
	let sim: RunningSimulator;
	let proxy: Awaited<ReturnType<typeof recording>>;
	let harness: Harness;
	let schema: ResourceMapperField[];
	beforeEach(async () => {
		sim = await startSimulator({ demoData: true });
		proxy = await recording(sim, '/inventory/add');
		harness = harnessFor({ ...sim, baseUrl: proxy.baseUrl });
		schema = (
			await harness.mapperFields(
				items({ mappingMode: 'defineBelow', value: null, matchingColumns: ['sku'], schema: [] }),
				'recordFields',
			)
		).fields;
	});
	afterEach(async () => {
		await proxy.close();
		await sim.close();
	});

	const manual = (value: IDataObject, saved = schema) =>
		items({ mappingMode: 'defineBelow', value, matchingColumns: ['sku'], schema: saved });

	it('mapping only SKU, Description and Notes sends no Yes/No field: the item stays active', async () => {
		const value = {
			...editorFirstValue(schema),
			sku: 'NS-1',
			description: 'Hex bolt',
			notes: 'mapped by hand',
		};
		const { outputs, error } = await harness.run(manual(value), [{}]);
		expect(error).toBeUndefined();
		expect(outputs[0][0].json).toMatchObject({ key: 'NS-1', status: 'created' });
		expect(proxy.items()).toEqual([
			{ sku: 'NS-1', description: 'Hex bolt', notes: 'mapped by hand' },
		]);
		expect(sim.store.get('inventory_item', 'NS-1')).toMatchObject({ active: true });
	});

	it('a Yes/No the person set to No is sent as false, Yes as true', async () => {
		const { error } = await harness.run(
			manual({ sku: 'NS-2', description: 'Old bolt', active: false, batch_tracked: true }),
			[{}],
		);
		expect(error).toBeUndefined();
		expect(proxy.items()).toEqual([
			{ sku: 'NS-2', description: 'Old bolt', active: false, batch_tracked: true },
		]);
		expect(sim.store.get('inventory_item', 'NS-2')).toMatchObject({ active: false });
	});

	it('an empty JSON field (Pack Sizes, Dimensions) is not sent; JSON typed into one is sent as JSON', async () => {
		expect(editorFirstValue(schema)).toMatchObject({ pack_sizes: '[]', dimensions_cm: '{}' });
		const { error } = await harness.run(
			manual({ ...editorFirstValue(schema), sku: 'NS-3', description: 'Crate', notes: ' ' }),
			[{}],
		);
		expect(error).toBeUndefined();
		const typed = await harness.run(
			manual({
				sku: 'NS-4',
				description: 'Box',
				dimensions_cm: '{"length": 5, "width": 2, "height": 1}',
				pack_sizes: ' [ ] ',
			}),
			[{}],
		);
		expect(typed.error).toBeUndefined();
		expect(proxy.items()).toEqual([
			{ sku: 'NS-3', description: 'Crate', notes: ' ' },
			{ sku: 'NS-4', description: 'Box', dimensions_cm: { length: 5, width: 2, height: 1 } },
		]);
	});

	it('a node saved while Yes/No fields were switches still sends its saved false, and says so', async () => {
		const switches = schema.map((field) =>
			BOOLEANS.includes(field.id)
				? { ...field, type: 'boolean' as const, options: undefined }
				: field,
		);
		const { run, error } = await harness.run(
			manual({ ...editorFirstValue(switches), sku: 'NS-5', description: 'Nut' }, switches),
			[{}],
		);
		expect(error).toBeUndefined();
		expect(proxy.items()[0]).toMatchObject({ sku: 'NS-5', active: false, batch_tracked: false });
		const hints = Object.values(run.data.resultData.runData).flatMap((tasks) =>
			tasks.flatMap((task) => task.hints ?? []),
		);
		expect(hints.map((hint) => hint.message)).toContainEqual(
			expect.stringMatching(
				/^Batch Tracked, Serial Tracked, Expiry Tracked, Active were sent as No\. .*choose Leave As Is to send nothing\.$/,
			),
		);
	});
});
