/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * Order lines under a vendor's own names (issue 40): Globex WMS, its description read from the
 * platform, carries a sales or purchase order's lines in `order_lines`, each an `item_number` and a
 * `qty`, and a sales order's delivery address in a nested `ship_to`. Through real n8n-core, the
 * order nodes find the lines list in that description: the mapper (version 3), the form with its
 * lines from a list field (version 1), an ERP export of one item per line grouped by order number,
 * and a bad line named as "line 2" with the vendor's field. The simulator keeps the orders in its
 * own names (lines, sku, quantity), which is how a stored order is confirmed here.
 */
import { readFileSync } from 'node:fs';
import { LoadOptionsContext } from 'n8n-core';
import type { IDataObject, INodeType } from 'n8n-workflow';
import { parse as parseYaml } from 'yaml';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { contractPath } from '../../dev/simulator/contract';
import { shapeDocument } from '../../dev/simulator/shapes';
import { harnessFor, useBinaryData, type Harness, type NodeUnderTest } from '../support/harness';

jest.setTimeout(60_000);

const FROM_THE_PLATFORM = { description: 'platform', descriptionUrl: 'openapi.json' };
const automatic = { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] };

const mapped = (type: string, resource: string, parameters: IDataObject = {}): NodeUnderTest => ({
	type,
	typeVersion: 3,
	parameters: { resource, operation: 'add', columns: automatic, ...parameters },
});

const header = (order_number: string): IDataObject => ({
	order_number,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
});

describe('Globex WMS: orders whose lines are order_lines of item_number and qty', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	beforeEach(async () => {
		sim = await startSimulator({ demoData: true, shape: 'globex' });
		harness = harnessFor(sim, FROM_THE_PLATFORM);
		sim.resetStats();
	});
	afterEach(async () => await sim.close());

	const stored = (kind: 'sales_order' | 'purchase_order', key: string) =>
		sim.store.get(kind, key) as IDataObject | undefined;

	it('version 3, Map Automatically: a sales order with order_lines and a ship_to is stored, numbered and confirmed with its key', async () => {
		const { outputs, error } = await harness.run(mapped('wmsSalesOrder', 'salesOrder'), [
			{
				...header('SO-G1'),
				ship_to: { name: 'Dock 4', city: 'Malmö', country: 'SE' },
				order_lines: [
					{ item_number: 'BOLT-M8-40', qty: 5 },
					{ item_number: 'NUT-M8', qty: 10 },
				],
			},
		]);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.key)).toEqual(['SO-G1']);
		expect(outputs[0][0].json.status).toBe('created');
		expect(stored('sales_order', 'SO-G1')).toMatchObject({
			x_ship_to: { name: 'Dock 4', city: 'Malmö', country: 'SE' },
			lines: [
				{ line_number: 1, sku: 'BOLT-M8-40', quantity: 5 },
				{ line_number: 2, sku: 'NUT-M8', quantity: 10 },
			],
		});
	});

	it('version 3: a purchase order with order_lines is stored and confirmed with its key', async () => {
		const { outputs, error } = await harness.run(mapped('wmsPurchaseOrder', 'purchaseOrder'), [
			{
				order_number: 'PO-G1',
				supplier_code: 'SUP-1',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				order_lines: [{ item_number: 'BOLT-M8-40', qty: 100 }],
			},
		]);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.key)).toEqual(['PO-G1']);
		expect(stored('purchase_order', 'PO-G1')).toMatchObject({
			lines: [{ line_number: 1, sku: 'BOLT-M8-40', quantity: 100 }],
		});
	});

	it('version 3: a production order with its components as materials (item_number, qty) is stored; a bad qty on material 2 is refused naming it, nothing of it sent', async () => {
		const order = (order_number: string, materials: IDataObject[]): IDataObject => ({
			order_number,
			warehouse_code: 'WH1',
			output_sku: 'BOLT-M8-40',
			output_quantity: 10,
			due_date: '2026-12-01',
			materials,
		});
		const { outputs } = await harness.run(
			{ ...mapped('wmsProductionOrder', 'productionOrder'), onError: 'continueErrorOutput' },
			[
				order('MO-G1', [
					{ item_number: 'NUT-M8', qty: 20 },
					{ item_number: 'BOLT-M8-40', qty: 2 },
				]),
				order('MO-G2', [
					{ item_number: 'NUT-M8', qty: 1 },
					{ item_number: 'NUT-M8', qty: 0 },
				]),
			],
		);
		expect(outputs[0].map((item) => item.json.key)).toEqual(['MO-G1']);
		expect(outputs[1].map((item) => item.json.message)).toEqual([
			'Production order MO-G2, component 2: qty must be more than 0 (got 0)',
		]);
		expect(sim.store.get('production_order', 'MO-G1')).toMatchObject({
			components: [
				{ line_number: 1, sku: 'NUT-M8', quantity: 20 },
				{ line_number: 2, sku: 'BOLT-M8-40', quantity: 2 },
			],
		});
		expect(sim.store.get('production_order', 'MO-G2')).toBeUndefined();
		expect(sim.stats().items['/production_order/add']).toBe(1);
	});

	it('version 1, the form with its lines from a list field: the order_lines of each item are the lines', async () => {
		const { outputs, error } = await harness.run(
			{
				type: 'wmsSalesOrder',
				typeVersion: 1,
				parameters: {
					resource: 'salesOrder',
					operation: 'add',
					orderNumber: '={{ $json.no }}',
					customerCode: 'CUST-1',
					warehouseCode: 'WH1',
					orderDate: '2026-11-21',
					linesFrom: 'field',
					linesField: 'order_lines',
				},
			},
			[
				{ no: 'SO-G2', order_lines: [{ item_number: 'NUT-M8', qty: 3 }] },
				{
					no: 'SO-G3',
					order_lines: [
						{ line_number: 7, item_number: 'WASHER-M8', qty: 1 },
						{ item_number: 'NUT-M8', qty: 2 },
					],
				},
			],
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.key)).toEqual(['SO-G2', 'SO-G3']);
		expect(stored('sales_order', 'SO-G2')).toMatchObject({
			lines: [{ line_number: 1, sku: 'NUT-M8', quantity: 3 }],
		});
		expect(stored('sales_order', 'SO-G3')).toMatchObject({
			lines: [
				{ line_number: 7, sku: 'WASHER-M8', quantity: 1 },
				{ line_number: 8, sku: 'NUT-M8', quantity: 2 },
			],
		});
	});

	it('version 2, Use Each Input Item As Is with Lines Field left at "lines": the items\' order_lines are the lines', async () => {
		const { outputs, error } = await harness.run(
			{
				type: 'wmsSalesOrder',
				typeVersion: 2,
				parameters: { resource: 'salesOrder', operation: 'add', fieldsToSend: 'inputItem' },
			},
			[{ ...header('SO-G10'), order_lines: [{ item_number: 'NUT-M8', qty: 4 }] }],
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.key)).toEqual(['SO-G10']);
		expect(stored('sales_order', 'SO-G10')).toMatchObject({
			lines: [{ line_number: 1, sku: 'NUT-M8', quantity: 4 }],
		});
	});

	it.each([
		['version 3, Map Automatically', mapped('wmsSalesOrder', 'salesOrder', { groupLines: true })],
		[
			'version 2, Use Each Input Item As Is',
			{
				type: 'wmsSalesOrder',
				typeVersion: 2,
				parameters: {
					resource: 'salesOrder',
					operation: 'add',
					fieldsToSend: 'inputItem',
					groupLines: true,
				},
			},
		],
	])(
		'%s, an ERP export of one item per line grouped by order number: item_number and qty go to the line',
		async (_, node) => {
			const { outputs, error } = await harness.run(node as NodeUnderTest, [
				{ ...header('SO-G4'), item_number: 'BOLT-M8-40', qty: 5, notes: 'ring first' },
				{ ...header('SO-G5'), item_number: 'NUT-M8', qty: 1 },
				{ ...header('SO-G4'), item_number: 'NUT-M8', qty: 2, line_notes: 'fragile' },
			]);
			expect(error).toBeUndefined();
			expect(outputs[0].map((item) => [item.json.key, item.pairedItem])).toEqual([
				['SO-G4', [{ item: 0 }, { item: 2 }]],
				['SO-G5', { item: 1 }],
			]);
			expect(stored('sales_order', 'SO-G4')).toMatchObject({
				notes: 'ring first',
				lines: [
					{ line_number: 1, sku: 'BOLT-M8-40', quantity: 5 },
					{ line_number: 2, sku: 'NUT-M8', quantity: 2, notes: 'fragile' },
				],
			});
			expect(stored('sales_order', 'SO-G5')).toMatchObject({
				lines: [{ line_number: 1, sku: 'NUT-M8', quantity: 1 }],
			});
		},
	);

	it('a bad qty on the second line is refused before sending, naming line 2 and qty, a bad ship_to.country naming it; the good order is stored', async () => {
		const { outputs } = await harness.run(
			{ ...mapped('wmsSalesOrder', 'salesOrder'), onError: 'continueErrorOutput' },
			[
				{ ...header('SO-G6'), order_lines: [{ item_number: 'NUT-M8', qty: 1 }] },
				{
					...header('SO-G7'),
					order_lines: [
						{ item_number: 'NUT-M8', qty: 1 },
						{ item_number: 'BOLT-M8-40', qty: -4 },
					],
				},
				{
					...header('SO-G8'),
					ship_to: { name: 'Dock 4', country: 'Sweden' },
					order_lines: [{ item_number: 'NUT-M8', qty: 1 }],
				},
			],
		);
		expect(outputs[0].map((item) => item.json.key)).toEqual(['SO-G6']);
		expect(outputs[1]).toHaveLength(2);
		expect(outputs[1].map((item) => item.json.message)).toEqual([
			'Sales order SO-G7, line 2: qty must be more than 0 (got -4)',
			'Sales order SO-G8: ship_to.country must be in the form ^[A-Z]{2}$ (got "Sweden")',
		]);
		expect(stored('sales_order', 'SO-G6')).toBeDefined();
		expect(stored('sales_order', 'SO-G7')).toBeUndefined();
		expect(sim.stats().items['/sales_order/add']).toBe(1);
	});

	it('a file of one row per line, its columns item_number and qty: one order per order number, the lines stored', async () => {
		await useBinaryData('filesystem');
		const text = [
			'order_number,customer_code,warehouse_code,order_date,item_number,qty',
			'SO-F1,CUST-1,WH1,2026-11-25,BOLT-M8-40,10',
			'SO-F1,CUST-1,WH1,2026-11-25,NUT-M8,20',
			'SO-F2,CUST-1,WH1,2026-11-25,NUT-M8,5',
		].join('\n');
		const { outputs, error } = await harness.runFiles(
			{
				type: 'wmsSalesOrder',
				typeVersion: 3,
				parameters: { resource: 'salesOrder', operation: 'add', input: 'file', options: {} },
			},
			[{ fileName: 'orders.csv', text }],
		);
		expect(error).toBeUndefined();
		expect(outputs[1][0].json).toMatchObject({ orders_read: 2, stored: 2, refused: 0 });
		expect(stored('sales_order', 'SO-F1')).toMatchObject({
			lines: [
				{ line_number: 1, sku: 'BOLT-M8-40', quantity: 10 },
				{ line_number: 2, sku: 'NUT-M8', quantity: 20 },
			],
		});
		expect(stored('sales_order', 'SO-F2')).toMatchObject({
			lines: [{ line_number: 1, sku: 'NUT-M8', quantity: 5 }],
		});
	});

	it('a description whose order has two lists of objects and none named lines: refused in words naming both, nothing sent', async () => {
		// Globex's description as the simulator serves it, with one more list in its sales order.
		const doc = shapeDocument(
			'globex',
			parseYaml(readFileSync(contractPath(), 'utf8')),
		) as IDataObject;
		const schemas = (doc.components as IDataObject).schemas as Record<string, IDataObject>;
		(schemas.SalesOrder.properties as IDataObject).parcels = {
			type: 'array',
			items: { type: 'object', properties: { weight_kg: { type: 'number' } } },
		};
		const pasted = harnessFor(sim, {
			description: 'pasted',
			descriptionText: JSON.stringify(doc),
		});
		const { error } = await pasted.run(mapped('wmsSalesOrder', 'salesOrder'), [
			{ ...header('SO-G9'), order_lines: [{ item_number: 'NUT-M8', qty: 1 }] },
		]);
		expect(error?.message).toMatch(
			/has no record field "lines" on \/sales_order\/add, and several lists of objects that could hold the order's lines \("order_lines", "parcels"\), so the node cannot tell which/,
		);
		expect(sim.stats().requests['/sales_order/add']).toBeUndefined();
	});

	it("a file's Column Mapping offers the order's fields, then its lines' under the platform's names (Order Lines → Item Number, Qty)", async () => {
		const spec: NodeUnderTest = {
			type: 'wmsSalesOrder',
			typeVersion: 3,
			parameters: { resource: 'salesOrder', operation: 'add', input: 'file', options: {} },
		};
		const node = harness.node(spec);
		const context = new LoadOptionsContext(
			harness.workflow([node]),
			node,
			harness.additionalData(),
			'',
		);
		const type = harness.nodeTypes.getByNameAndVersion(node.type, node.typeVersion) as INodeType;
		const columns = await type.methods!.loadOptions!.recordColumns.call(context);
		const values = columns.map((column) => column.value);
		expect(values).toEqual(
			expect.arrayContaining(['order_number', 'ship_to.country', 'item_number', 'qty']),
		);
		expect(values).not.toContain('order_lines');
		expect(columns.find((column) => column.value === 'qty')?.name).toMatch(/→ Qty$/);
	});
});
