/**
 * An error item's `field` where the platform named the field of a comparison request it refuses as
 * a whole (issue 40, point 4), through real n8n-core, at every node version (counted from 1 at
 * version 3, as every other refusal): Process Items refused at one SKU of its list (`/skus/1`,
 * Initech's `/item_numbers/1`) names the list in the form's words (skus); Set Platform On-Hand's
 * lines, sent together, refused at one line (`/items/1/quantity`, Initech's `/counts/1/qty`): that
 * line's item carries the platform's words and the field in the form's words, the other items are
 * told the request was refused because of it; Add ERP On-Hand's lines to a comparison that takes
 * no more name comparison_id, and a line Initech refuses at its item_number names the form's sku.
 * Nothing is taken that was not before.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSimulator } from '../../dev/simulator';
import type { NodeUnderTest } from '../support/harness';
import { harnessFor, itemOf } from '../support/platform';
import { QuirkyPlatform } from '../support/quirkyPlatform';

jest.setTimeout(60_000);

const VERSIONS = [1, 2, 3];
/** A field as a version outputs it: held as the platform names it before version 3, counted from 1 from it. */
const fieldAt = (typeVersion: number, held: string, fromOne: string) =>
	typeVersion >= 3 ? fromOne : held;
const errorOf = (item: INodeExecutionData) => item.json.error as IDataObject;
const AUTO_MAP = {
	columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] },
};

const processItems = (typeVersion: number, skus: string[]): NodeUnderTest => ({
	type: 'wmsInventoryReconciliation',
	typeVersion,
	onError: 'continueRegularOutput',
	parameters: {
		resource: 'comparison',
		operation: 'processItems',
		comparisonId: 'CMP-000001',
		skus,
	},
});

const reconcile = (typeVersion: number): NodeUnderTest => ({
	type: 'wmsInventoryReconciliation',
	typeVersion,
	parameters: { resource: 'comparison', operation: 'reconcile', dryRun: true },
});

describe.each([
	['the built-in description', 'ours' as const, {}, '/skus/1', 'sku'],
	[
		'Initech, its description From the Platform',
		'initech' as const,
		{ description: 'platform', descriptionUrl: 'openapi.json' },
		'/item_numbers/1',
		'item number',
	],
])('Process Items refused as a whole at one SKU, on %s', (_name, shape, credential, path, said) => {
	it.each(VERSIONS)(
		"version %i: the item carries the SKU list in the form's words, the platform's path and words in its details; nothing processed",
		async (typeVersion) => {
			const sim = await startSimulator({ shape, demoData: true });
			try {
				const harness = harnessFor(sim, credential);
				const dry = await harness.run(reconcile(typeVersion), [
					{ sku: 'NUT-M8', warehouse_code: 'WH1', quantity: 1 },
				]);
				expect(dry.error).toBeUndefined();
				const { outputs, error } = await harness.run(
					processItems(typeVersion, ['NUT-M8', 'BOLT-NOPE']),
					[{}],
				);
				expect(error).toBeUndefined();
				const [failed] = outputs[0];
				expect(errorOf(failed)).toMatchObject({
					field: fieldAt(typeVersion, 'skus[1]', 'skus.2'),
					details: expect.stringContaining(
						`${path}: ${said} BOLT-NOPE is not an item of comparison CMP-000001`,
					),
				});
				expect(failed.json.message).toMatch(
					new RegExp(
						`^The 1st input item: ${said} BOLT-NOPE is not an item of comparison CMP-000001`,
					),
				);
				expect(
					(sim.store.list('comparison')[0].items as IDataObject[]).filter((item) => item.processed),
				).toEqual([]);
			} finally {
				await sim.close();
			}
		},
	);
});

/** Set Platform On-Hand with its lines from the input items: one request (a snapshot) for all of them. */
const setOnHand = (typeVersion: number, parameters: IDataObject): NodeUnderTest => ({
	type: 'wmsInventoryReconciliation',
	typeVersion,
	onError: 'continueRegularOutput',
	parameters: {
		resource: 'comparison',
		operation: 'setPlatformOnHand',
		platformQuantities: 'fromItems',
		...parameters,
	},
});
const lines = [
	{ comparison_id: 'CMP-000001', sku: 'NUT-M8', quantity: 3 },
	{ comparison_id: 'CMP-000001', sku: 'BOLT-M8-40', quantity: 900000 },
	{ comparison_id: 'CMP-000001', sku: 'WASHER-M8', quantity: 5 },
];

describe("Set Platform On-Hand refused as a whole at one line names that line's field on its item; the others are told why", () => {
	let platform: QuirkyPlatform;
	let initech: string;
	beforeAll(async () => {
		const sim = await startSimulator({ shape: 'initech' });
		initech = JSON.stringify(sim.description.document());
		await sim.close();
	});
	beforeEach(async () => (platform = await QuirkyPlatform.start()));
	afterEach(async () => await platform.close());

	it.each([
		[
			'the built-in description, version 2, each item as is',
			{},
			2,
			{ fieldsToSend: 'inputItem' },
			'/items/1/quantity',
		],
		[
			'the built-in description, version 3, mapped automatically',
			{},
			3,
			AUTO_MAP,
			'/items/1/quantity',
		],
		[
			"Initech, pasted, version 2, the form (its qty is the form's quantity)",
			'initech',
			2,
			{
				comparisonId: '={{ $json.comparison_id }}',
				sku: '={{ $json.sku }}',
				quantity: '={{ $json.quantity }}',
			},
			'/counts/1/qty',
		],
	] as const)('%s', async (_name, description, typeVersion, parameters, path) => {
		platform.on('/comparison_platform_on_hand/set', () => ({
			status: 422,
			json: {
				error: {
					code: 'validation_failed',
					message: 'The request does not match this description',
					details: [{ path, message: 'must be at most 100000' }],
				},
			},
		}));
		const harness = harnessFor(
			platform,
			description === 'initech' ? { description: 'pasted', descriptionText: initech } : {},
		);
		const { outputs, error } = await harness.run(setOnHand(typeVersion, parameters), lines);
		expect(error).toBeUndefined();
		const failed = outputs[0].map((item) => ({
			item: itemOf(item),
			message: item.json.message,
			field: errorOf(item).field,
		}));
		const held = path.split('/').pop() === 'qty' ? 'qty' : 'quantity';
		expect(failed).toEqual([
			{
				item: 0,
				message: expect.stringMatching(
					/^The 1st input item: not taken: the platform refused the whole request because of the line of the 2nd input item/,
				),
				field: null,
			},
			{
				item: 1,
				message: `The 2nd input item: field "${held}" must be at most 100000`,
				field: 'quantity',
			},
			{
				item: 2,
				message: expect.stringMatching(/^The 3rd input item: not taken: .*2nd input item/),
				field: null,
			},
		]);
		expect(platform.count('/comparison_platform_on_hand/set')).toBe(1);
	});
});

describe('lines sent to a comparison that is closed: each refused line names comparison_id, the field the platform refused', () => {
	it.each([
		[2, { fieldsToSend: 'inputItem' }],
		[3, AUTO_MAP],
	])('version %i', async (typeVersion, parameters) => {
		const sim = await startSimulator({ demoData: true });
		try {
			const harness = harnessFor(sim);
			// The comparison is set up at version 2; the lines are sent at the version under test.
			const comparison = (operation: string, more: IDataObject = {}, at = 2): NodeUnderTest => ({
				type: 'wmsInventoryReconciliation',
				typeVersion: at,
				onError: 'continueErrorOutput',
				parameters: { resource: 'comparison', operation, ...more },
			});
			const created = await harness.run(comparison('create', { warehouseCode: 'WH1' }), [{}]);
			const id = created.outputs[0][0].json.comparison_id as string;
			// A snapshot of the platform's stock compares it: no more ERP lines are taken.
			const compared = await harness.run(comparison('setPlatformOnHand', { comparisonId: id }), [
				{},
			]);
			expect(compared.outputs[0].map((item) => item.json.status)).toEqual(['compared']);
			const { outputs, error } = await harness.run(
				comparison('addErpOnHand', parameters, typeVersion),
				[
					{ comparison_id: id, sku: 'NUT-M8', quantity: 3 },
					{ comparison_id: id, sku: 'BOLT-M8-40', quantity: 4 },
				],
			);
			expect(error).toBeUndefined();
			expect(outputs[0]).toEqual([]);
			expect(outputs[1].map((item) => [itemOf(item), errorOf(item).field])).toEqual([
				[0, 'comparison_id'],
				[1, 'comparison_id'],
			]);
		} finally {
			await sim.close();
		}
	});
});

describe("Add ERP On-Hand in the form on Initech: a line it refuses names the form's field, not Initech's", () => {
	it.each([1, 2])('version %i', async (typeVersion) => {
		const sim = await startSimulator({ shape: 'initech', demoData: true });
		try {
			const harness = harnessFor(sim, { description: 'platform', descriptionUrl: 'openapi.json' });
			const created = await harness.run(
				{
					type: 'wmsInventoryReconciliation',
					typeVersion: 2,
					parameters: { resource: 'comparison', operation: 'create', warehouseCode: 'WH1' },
				},
				[{}],
			);
			const id = created.outputs[0][0].json.comparison_id as string;
			const { outputs, error } = await harness.run(
				{
					type: 'wmsInventoryReconciliation',
					typeVersion,
					onError: 'continueErrorOutput',
					parameters: {
						resource: 'comparison',
						operation: 'addErpOnHand',
						comparisonId: id,
						sku: '={{ $json.sku }}',
						quantity: '={{ $json.quantity }}',
					},
				},
				[
					{ sku: 'NUT-M8', quantity: 3 },
					{ sku: 'NO-SUCH-SKU', quantity: 4 },
				],
			);
			expect(error).toBeUndefined();
			expect(outputs[0].map(itemOf)).toEqual([0]);
			expect(
				outputs[1].map((item) => [itemOf(item), item.json.message, errorOf(item).field]),
			).toEqual([[1, expect.stringMatching(/item_number.*NO-SUCH-SKU/), 'sku']]);
		} finally {
			await sim.close();
		}
	});
});
