/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * An error item's `field` where the platform names the field of a row it refuses in its
 * accepted/rejected answer (issue 40, point 4), through real n8n-core against the simulator's
 * Acme, at every node version: the field as the nodes hold it (`lines[1].sku`), counted from 1 at
 * version 3 (`lines.2.sku`) as every other refusal; the message counts from 1 at every version,
 * as a refusal of the whole request does; and, on a second platform, a problem document whose
 * empty `errors` list comes before its `invalid-params`, or whose errors name the row by an index
 * beside the field. What is stored is unchanged, but for the rows sent again once one is named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSimulator } from '../../dev/simulator';
import type { NodeUnderTest } from '../support/harness';
import { fixture } from '../support/otherShape';
import { harnessFor, inventoryUpsert, itemOf } from '../support/platform';
import { QuirkyPlatform } from '../support/quirkyPlatform';

jest.setTimeout(60_000);

const VERSIONS = [1, 2, 3];
/** A field as a version outputs it: held as the platform names it before version 3, counted from 1 from it. */
const fieldAt = (typeVersion: number, held: string, fromOne: string) =>
	typeVersion >= 3 ? fromOne : held;
const errorOf = (item: INodeExecutionData) => item.json.error as IDataObject;

const order = (order_number: string, extra: IDataObject = {}): IDataObject => ({
	order_number,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines: [
		{ sku: 'NUT-M8', quantity: 1 },
		{ sku: 'NUT-M8', quantity: 2 },
	],
	...extra,
});

const AUTO_MAP = {
	columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] },
};

const addOrders = (typeVersion: number): NodeUnderTest => ({
	type: 'wmsSalesOrder',
	typeVersion,
	onError: 'continueErrorOutput',
	parameters: {
		resource: 'salesOrder',
		operation: 'add',
		...(typeVersion >= 3 ? AUTO_MAP : { fieldsToSend: 'inputItem' }),
	},
});

describe('a row refused in an accepted/rejected answer (Acme) names its field', () => {
	it.each(VERSIONS)(
		'version %i: the rejected orders carry the field each names, in the message counted from 1; the good one is stored',
		async (typeVersion) => {
			const sim = await startSimulator({ shape: 'acme', demoData: true });
			try {
				const harness = harnessFor(sim, {
					description: 'pasted',
					descriptionText: fixture('json'),
				});
				const { outputs, error } = await harness.run(addOrders(typeVersion), [
					order('SO-R1'),
					order('SO-R2', {
						lines: [
							{ sku: 'NUT-M8', quantity: 1 },
							{ sku: 'NO-SUCH-SKU', quantity: 2 },
						],
					}),
					order('SO-R3', { customer_code: 'CUST-NONE' }),
				]);
				expect(error).toBeUndefined();
				const [stored, failed] = outputs;
				expect(stored.map((item) => [itemOf(item), item.json.key])).toEqual([[0, 'SO-R1']]);
				expect(sim.store.get('sales_order', 'SO-R1')).toBeDefined();
				expect(
					failed.map((item) => [itemOf(item), item.json.message, errorOf(item).field]),
				).toEqual([
					[
						1,
						'Sales order SO-R2: field "lines.2.sku" inventory item NO-SUCH-SKU does not exist',
						fieldAt(typeVersion, 'lines[1].sku', 'lines.2.sku'),
					],
					[
						2,
						'Sales order SO-R3: field "customer_code" customer CUST-NONE does not exist',
						'customer_code',
					],
				]);
				expect(failed.map((item) => errorOf(item).code)).toEqual(['refused', 'refused']);
			} finally {
				await sim.close();
			}
		},
	);
});

describe('a problem document naming rows and fields its own ways (a second platform)', () => {
	let platform: QuirkyPlatform;
	beforeEach(async () => (platform = await QuirkyPlatform.start()));
	afterEach(async () => await platform.close());

	const item = (sku: string, description = `Item ${sku}`) => ({
		sku,
		description,
		unit_of_measure: 'EA',
	});

	it.each([
		[
			'an empty errors list before invalid-params',
			(at: number) => ({
				errors: [],
				'invalid-params': [{ name: `items[${at}].description`, reason: 'is blocked' }],
			}),
			'the 2nd record of the request, description: is blocked',
		],
		[
			'a validator\'s path, "body" first, in dots',
			(at: number) => ({ detail: [{ loc: `body.items.${at}.description`, msg: 'is blocked' }] }),
			'the 2nd record of the request, description: is blocked',
		],
		[
			'a JSON pointer as a fragment',
			(at: number) => ({
				errors: [{ pointer: `#/items/${at}/description`, detail: 'is blocked' }],
			}),
			'the 2nd record of the request, description: is blocked',
		],
		[
			'the row as an index beside the field',
			(at: number) => ({ errors: [{ index: at, field: 'description', message: 'is blocked' }] }),
			'the 2nd record of the request, description: is blocked',
		],
	])(
		'%s: that item refused with its field, the others sent again and stored',
		async (_name, errors, details) => {
			platform.on('/inventory/add', (call) => {
				const at = call.items.findIndex((row) => row.description === 'REFUSE me');
				if (at < 0) return undefined;
				return {
					status: 422,
					headers: { 'content-type': 'application/problem+json' },
					json: {
						type: 'https://vendor.example/problems/validation',
						title: 'Your request parameters did not validate.',
						...errors(at),
					},
				};
			});
			const harness = harnessFor(platform);
			const { outputs, error } = await harness.run(inventoryUpsert({}, 'continueErrorOutput'), [
				item('P-1'),
				item('P-2', 'REFUSE me'),
				item('P-3'),
			]);
			expect(error).toBeUndefined();
			expect(outputs[0].map(itemOf)).toEqual([0, 2]);
			expect(
				outputs[1].map((failed) => [itemOf(failed), failed.json.message, errorOf(failed).field]),
			).toEqual([[1, 'Inventory item P-2: field "description" is blocked', 'description']]);
			expect(errorOf(outputs[1][0]).details).toMatch(/^Route \/inventory\/add\. Details: /);
			expect(errorOf(outputs[1][0]).details).toContain(details);
		},
	);
});

/** The built-in description, its results able to say a row was not stored ("error") and why (errors). */
function withRowErrors(): string {
	const doc = JSON.parse(
		readFileSync(join(__dirname, '..', 'fixtures', 'platform-openapi.json'), 'utf8'),
	) as { components: { schemas: Record<string, { properties: IDataObject }> } };
	const result = doc.components.schemas.BulkResult.properties;
	result.status = { type: 'string', enum: ['created', 'updated', 'unchanged', 'error'] };
	result.errors = {
		type: 'array',
		items: {
			type: 'object',
			properties: { field: { type: 'string' }, message: { type: 'string' } },
		},
	};
	return JSON.stringify(doc);
}

describe("a row refused in a success answer, its field named from the request's top (a second platform)", () => {
	let platform: QuirkyPlatform;
	beforeEach(async () => (platform = await QuirkyPlatform.start()));
	afterEach(async () => await platform.close());

	const item = (sku: string, description = `Item ${sku}`) => ({
		sku,
		description,
		unit_of_measure: 'EA',
	});

	it.each([
		['a field path', (at: number) => `items[${at}].description`],
		['a JSON pointer', (at: number) => `/items/${at}/description`],
		['dots', (at: number) => `items.${at}.description`],
		['a validator\'s path, "body" first', (at: number) => `body.items.${at}.description`],
	])(
		"%s: the error item names the record's own field, in the platform's words; the others are stored",
		async (_name, pathOf) => {
			platform.on('/inventory/add', (call) => ({
				json: {
					results: call.items.map((row, index) =>
						row.description === 'REFUSE me'
							? {
									index,
									key: row.sku,
									status: 'error',
									errors: [{ field: pathOf(index), message: 'is blocked' }],
								}
							: { index, key: row.sku, status: 'created' },
					),
				},
			}));
			const harness = harnessFor(platform, {
				description: 'pasted',
				descriptionText: withRowErrors(),
			});
			const { outputs, error } = await harness.run(inventoryUpsert({}, 'continueErrorOutput'), [
				item('P-1'),
				item('P-2', 'REFUSE me'),
				item('P-3'),
			]);
			expect(error).toBeUndefined();
			expect(outputs[0].map(itemOf)).toEqual([0, 2]);
			expect(
				outputs[1].map((failed) => [itemOf(failed), failed.json.message, errorOf(failed).field]),
			).toEqual([[1, 'Inventory item P-2: field "description" is blocked', 'description']]);
		},
	);
});
