/**
 * One way of counting in everything a person reads, through real n8n-core against the simulator:
 * messages and details count items, lines and list entries from 1 at every version, and version 3
 * outputs the same counting (an error item's `field`, the item numbers of Failures and a Summary),
 * while a saved version 1 or 2 node outputs exactly what it did.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Harness, NodeUnderTest } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const order = (order_number: string, lines: IDataObject[]): IDataObject => ({
	order_number,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines,
});

/** Each input item as it is: Use Each Input Item As Is before version 3, Map Automatically from it. */
const asIs = (typeVersion: number): IDataObject =>
	typeVersion >= 3
		? { columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] } }
		: { fieldsToSend: 'inputItem' };

const addOrders = (typeVersion: number): NodeUnderTest => ({
	type: 'wmsSalesOrder',
	parameters: { resource: 'salesOrder', operation: 'add', ...asIs(typeVersion) },
	onError: 'continueErrorOutput',
	typeVersion,
});

const addItems = (typeVersion: number, options: IDataObject = {}): NodeUnderTest => ({
	type: 'wmsInventory',
	parameters: { resource: 'item', operation: 'upsert', ...asIs(typeVersion), options },
	onError: 'continueErrorOutput',
	typeVersion,
});

const errorOf = (items: INodeExecutionData[]) => items[0].json.error as IDataObject;

describe('counting from 1, through real n8n-core', () => {
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ harness } = platform));

	it.each([
		[1, 'lines[0].quantity'],
		[2, 'lines[0].quantity'],
		[3, 'lines.1.quantity'],
	])(
		'a bad quantity on the first line, refused before sending: "line 1" in words at every version; at version %i the field is %s',
		async (typeVersion, field) => {
			const { outputs } = await harness.run(addOrders(typeVersion), [
				order('SO-C1', [{ sku: 'NUT-M8', quantity: -5 }]),
			]);
			expect(outputs[1][0].json.message).toBe(
				'Sales order SO-C1, line 1: quantity must be more than 0 (got -5)',
			);
			expect(errorOf(outputs[1]).field).toBe(field);
		},
	);

	it.each([
		[2, 'lines[1].sku'],
		[3, 'lines.2.sku'],
	])(
		'an SKU the platform does not have on the second line: its words and details count from 1; at version %i the field is %s',
		async (typeVersion, field) => {
			const { outputs } = await harness.run(addOrders(typeVersion), [
				order('SO-C2', [
					{ sku: 'NUT-M8', quantity: 1 },
					{ sku: 'NO-SUCH-SKU', quantity: 1 },
				]),
			]);
			const error = errorOf(outputs[1]);
			expect(outputs[1][0].json.message).toBe(
				'Sales order SO-C2: field "lines.2.sku" inventory item NO-SUCH-SKU does not exist',
			);
			expect(error.details).toMatch(
				/the 1st record of the request, lines\.2\.sku: inventory item NO-SUCH-SKU does not exist/,
			);
			expect(error.field).toBe(field);
		},
	);

	it('an item without its key is named by its place in the input, counted from 1, in its message and what to do', async () => {
		const { outputs } = await harness.run(addItems(3), [
			{ sku: 'C-OK', description: 'fine', unit_of_measure: 'EA' },
			{ description: 'Hex bolt M8 x 40', unit_of_measure: 'EA' },
		]);
		expect(outputs[1][0].json.message).toMatch(
			/^The 2nd input item \("Hex bolt M8 x 40"\): sku is required/,
		);
		expect(errorOf(outputs[1]).details).toMatch(/^Fix "sku" of the 2nd input item and run/);
	});

	it.each([
		[2, 1],
		[3, 2],
	])(
		'Failures and a Summary for input items: at version %i the refused item is item %i, and the summary says "1 request"',
		async (typeVersion, item) => {
			const { outputs } = await harness.run(addItems(typeVersion, { output: 'summary' }), [
				{ sku: 'C-S1', description: 'fine', unit_of_measure: 'EA' },
				{ sku: 'C-S2', description: 'too light', unit_of_measure: 'EA', weight_kg: -1 },
			]);
			const [notStored, [summary]] = outputs;
			expect(notStored.map((row) => [row.json.item, row.json.sku])).toEqual([[item, 'C-S2']]);
			expect(summary.json.message).toMatch(/; 1 request in (less than 0\.1|[\d.]+) s\./);
		},
	);
});
