/**
 * Node version 3 through real n8n-core: a write's fields are n8n's resource mapper loaded from the
 * effective description — ours, and a platform of another shape (Acme, its description read from
 * the platform) — Map Each Column Manually and Map Automatically, the key to match on, a mapped
 * field the platform no longer has, a new required field, Check Only, and reads whose filters
 * are the platform's own.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { harnessFor, type Harness, type NodeUnderTest } from '../support/harness';

const V3 = 3;
const manual = (value: IDataObject, matchingColumns: string[] = []) => ({
	mappingMode: 'defineBelow',
	value,
	matchingColumns,
	schema: [],
});
const automatic = { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] };

const supplier = (columns: IDataObject, options: IDataObject = {}): NodeUnderTest => ({
	type: 'wmsSupplier',
	typeVersion: V3,
	parameters: { resource: 'supplier', operation: 'upsert', columns, options },
});

describe('version 3 on our own description', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	beforeEach(async () => {
		sim = await startSimulator({ demoData: true });
		harness = harnessFor(sim);
		sim.resetStats();
	});
	afterEach(async () => await sim.close());

	it('offers the record fields to the mapper, required first, the key as the column to match on', async () => {
		const { fields } = await harness.mapperFields(supplier(manual({})), 'recordFields');
		expect(
			fields.slice(0, 2).map((field) => [field.id, field.required, field.defaultMatch]),
		).toEqual([
			['code', true, true],
			['name', true, false],
		]);
		expect(fields.find((field) => field.id === 'email')).toMatchObject({
			displayName: 'Email',
			required: false,
			type: 'string',
			canBeUsedToMatch: false,
		});
		expect(fields.some((field) => field.id === 'created_at')).toBe(false);
	});

	it('Map Each Column Manually: the mapped values, checked, stored once, the result paired and keyed', async () => {
		const { outputs, error } = await harness.run(
			supplier(
				manual({ code: '={{ $json.code }}', name: 'Nordic Timber AB', lead_time_days: '12' }, [
					'code',
				]),
			),
			[{ code: 'SUP-9' }],
		);
		expect(error).toBeUndefined();
		expect(outputs[0][0].json).toMatchObject({ code: 'SUP-9', key: 'SUP-9', status: 'created' });
		expect(sim.store.get('supplier', 'SUP-9')).toMatchObject({
			name: 'Nordic Timber AB',
			lead_time_days: 12,
		});
	});

	it('refuses a mapped value n8n would misread ("1,5" days, "" as zero) before sending, naming the record and field', async () => {
		const { outputs } = await harness.run(
			{
				...supplier(manual({ code: 'SUP-8', name: 'A', lead_time_days: '1,5' }, ['code'])),
				onError: 'continueRegularOutput',
			},
			[{}],
		);
		expect(outputs[0][0].json.message).toMatch(
			/Supplier SUP-8: Lead Time \(Days\) has a decimal comma/,
		);
		expect(sim.stats().requests['/supplier/add'] ?? 0).toBe(0);
	});

	it('Map Automatically: an ERP export in any letter case, its other columns left out and said once', async () => {
		const { outputs, error } = await harness.run(supplier(automatic), [
			{ CODE: 'SUP-7', Name: 'Baltic Steel', leadTimeDays: 5, erp_colour: 'red' },
		]);
		expect(error).toBeUndefined();
		expect(outputs[0][0].json).toMatchObject({ key: 'SUP-7', status: 'created' });
		expect(sim.store.get('supplier', 'SUP-7')).toMatchObject({
			name: 'Baltic Steel',
			lead_time_days: 5,
		});
		expect(sim.store.get('supplier', 'SUP-7')).not.toHaveProperty('erp_colour');
	});

	it('Check Only: every check, nothing sent, the refused one named', async () => {
		const { outputs } = await harness.run(
			{ ...supplier(automatic, { checkOnly: true }), onError: 'continueRegularOutput' },
			[{ code: 'SUP-1', name: 'Fine' }, { code: 'SUP-2' }],
		);
		expect(outputs[0][0].json).toMatchObject({ code: 'SUP-1', checked: true, sent: false });
		expect(outputs[0][1].json.message).toMatch(/Supplier SUP-2: name is required/);
		expect(sim.stats().requests['/supplier/add'] ?? 0).toBe(0);
	});

	it('a mapped field the description does not have stops the run, naming it, before anything is sent', async () => {
		const { error } = await harness.run(
			supplier(manual({ code: 'SUP-3', name: 'A', website: 'x.example' }, ['code'])),
			[{}],
		);
		expect(error?.message).toMatch(
			/has no field "website" on \/supplier\/add, which this node maps/,
		);
		expect(error?.description).toMatch(/refresh its fields/);
		expect(sim.stats().requests['/supplier/add'] ?? 0).toBe(0);
	});

	it('a required field the mapper leaves out is asked for by name', async () => {
		const schema = [{ id: 'code' }, { id: 'name' }];
		const { error } = await harness.run(
			supplier({ ...manual({ code: 'SUP-4' }, ['code']), schema }),
			[{}],
		);
		expect(error?.message).toMatch(
			/the platform requires "Name" \(name\), which Fields does not map/,
		);
		expect(sim.stats().requests['/supplier/add'] ?? 0).toBe(0);
	});

	it('a mapped field the description no longer has is listed as removed and named so, never dropped with its value', async () => {
		const node = supplier(manual({ code: 'SUP-5', name: 'A', website: 'x.example' }, ['code']));
		const { fields } = await harness.mapperFields(node, 'recordFields');
		expect(fields.find((field) => field.id === 'website')).toMatchObject({
			displayName: "website (no longer in the platform's description: remove it)",
			removed: true,
		});
	});

	it('Check Only with a file: every row checked, nothing sent, a Summary marked as a check', async () => {
		const csv = 'code,name\nSUP-1,Fine\nSUP-2,\n';
		const { outputs, error } = await harness.runFiles(
			{
				type: 'wmsSupplier',
				typeVersion: V3,
				parameters: {
					resource: 'supplier',
					operation: 'upsert',
					input: 'file',
					options: { checkOnly: true },
				},
			},
			[{ fileName: 'suppliers.csv', text: csv, mimeType: 'text/csv' }],
		);
		expect(error).toBeUndefined();
		const [notStored, [summary]] = outputs;
		expect(summary.json).toMatchObject({
			outcome: 'checked_only',
			check_only: true,
			passed_checks: 1,
			refused: 1,
			requests: 0,
		});
		expect(summary.json.message).toMatch(
			/^Check Only: 1 of 2 rows of suppliers\.csv pass every check/,
		);
		expect(notStored.map((item) => item.json.code)).toEqual(['SUP-2']);
		expect(sim.stats().requests['/supplier/add'] ?? 0).toBe(0);
	});

	it('orders: Map Automatically with one item per line, grouped by the order key', async () => {
		const order = {
			type: 'wmsSalesOrder',
			typeVersion: V3,
			parameters: {
				resource: 'salesOrder',
				operation: 'add',
				columns: automatic,
				groupLines: true,
			},
		};
		const line = {
			order_number: 'SO-77',
			customer_code: 'CUST-1',
			warehouse_code: 'WH1',
			order_date: '2026-11-20',
		};
		const { outputs, error } = await harness.run(order, [
			{ ...line, sku: 'BOLT-M8-40', quantity: 5 },
			{ ...line, sku: 'NUT-M8', quantity: 10 },
		]);
		expect(error).toBeUndefined();
		expect(outputs[0]).toHaveLength(1);
		expect(outputs[0][0].pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
		expect(
			(sim.store.get('sales_order', 'SO-77')?.lines as IDataObject[]).map((l) => [
				l.line_number,
				l.sku,
			]),
		).toEqual([
			[1, 'BOLT-M8-40'],
			[2, 'NUT-M8'],
		]);
	});

	it("reads with the platform's own filters from the mapper", async () => {
		const read = {
			type: 'wmsSupplier',
			typeVersion: V3,
			parameters: {
				resource: 'supplier',
				operation: 'getMany',
				returnAll: true,
				filterFields: manual({ active: true, search: 'nordic' }),
			},
		};
		const { fields } = await harness.mapperFields(read, 'filterFields');
		expect(fields.map((field) => field.id)).toEqual(
			expect.arrayContaining(['codes', 'active', 'search', 'changed_since']),
		);
		const { outputs, error } = await harness.run(read, [{}]);
		expect(error).toBeUndefined();
		expect(outputs[0].length).toBeGreaterThan(0);
		for (const item of outputs[0]) expect(String(item.json.name).toLowerCase()).toContain('nordic');
	});
});

describe('version 3 on a platform of another shape (its description read from the platform)', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	beforeEach(async () => {
		sim = await startSimulator({ shape: 'acme', demoData: true });
		harness = harnessFor(sim, { description: 'platform', descriptionUrl: 'openapi.json' });
		sim.resetStats();
	});
	afterEach(async () => await sim.close());

	const item = (columns: IDataObject, options: IDataObject = {}): NodeUnderTest => ({
		type: 'wmsInventory',
		typeVersion: V3,
		parameters: { resource: 'item', operation: 'upsert', columns, options },
	});

	it("offers the platform's fields: its key's name, its new required field; no key it names, so any plain field may be matched", async () => {
		const { fields } = await harness.mapperFields(item(manual({})), 'recordFields');
		const required = fields.filter((field) => field.required).map((field) => field.id);
		expect(required).toEqual(
			expect.arrayContaining(['item_number', 'owner_code', 'unit_of_measure', 'description']),
		);
		expect(fields.some((field) => field.id === 'sku')).toBe(false);
		expect(fields.find((field) => field.id === 'item_number')).toMatchObject({
			defaultMatch: false,
			canBeUsedToMatch: true,
		});
	});

	it("stores records with the platform's names, matched on the key the person chose, in requests of its limit", async () => {
		const items = Array.from({ length: 300 }, (_, n) => ({ item: `ACME-${n}` }));
		const { outputs, error } = await harness.run(
			item(
				manual(
					{
						item_number: '={{ $json.item }}',
						owner_code: 'OWN-1',
						unit_of_measure: 'EA',
						description: 'Acme item',
					},
					['item_number'],
				),
			),
			items,
		);
		expect(error).toBeUndefined();
		expect(outputs[0]).toHaveLength(300);
		outputs[0].forEach((output, n) => {
			expect(output.pairedItem).toEqual({ item: n });
			expect(output.json).toMatchObject({ item_number: `ACME-${n}`, status: 'created' });
		});
		expect(sim.stats().requests['/inventory/add']).toBe(2);
		expect(sim.store.get('inventory_item', 'ACME-299')).toMatchObject({ x_owner_code: 'OWN-1' });
	});

	it("a record without the platform's new required field is refused before sending, naming it", async () => {
		const { outputs } = await harness.run(
			{ ...item(automatic), onError: 'continueRegularOutput' },
			[{ item_number: 'ACME-1', unit_of_measure: 'EA', description: 'x' }],
		);
		expect(outputs[0][0].json.message).toMatch(/owner_code is required/);
		expect(sim.stats().requests['/inventory/add'] ?? 0).toBe(0);
	});
});
