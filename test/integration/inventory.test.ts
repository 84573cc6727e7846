/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import { Harness, type NodeUnderTest } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

/**
 * Sits between the node and the simulator and writes down how many rows each request carried,
 * so a test can say "1000, 1000, 500" rather than only "3 requests".
 */
async function rowCounter(
	target: string,
): Promise<{ baseUrl: string; rows: (route: string) => number[]; close(): Promise<void> }> {
	const upstream = new URL(target);
	const seen: Array<{ route: string; rows: number }> = [];
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const body = Buffer.concat(chunks);
			const route = (req.url ?? '').replace(/^\/v1/, '');
			try {
				const items = (JSON.parse(body.toString('utf8')) as { items?: unknown[] }).items;
				if (Array.isArray(items)) seen.push({ route, rows: items.length });
			} catch {
				// not JSON: nothing to count
			}
			const forward = request(
				{
					host: upstream.hostname,
					port: upstream.port,
					path: req.url,
					method: req.method,
					headers: req.headers,
				},
				(answer) => {
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(res);
				},
			);
			forward.end(body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		rows: (route) => seen.filter((entry) => entry.route === route).map((entry) => entry.rows),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

const items = (n: number, prefix = 'SKU') =>
	Array.from({ length: n }, (_, i) => ({
		sku: `${prefix}-${String(i).padStart(5, '0')}`,
		description: `Item ${i}`,
		weightKg: String(i / 100),
	}));

const inventory = (
	resource: string,
	operation: string,
	parameters: Record<string, unknown> = {},
	onError?: NodeUnderTest['onError'],
): NodeUnderTest => ({
	type: 'wmsInventory',
	parameters: { resource, operation, ...parameters },
	onError,
});

const addItems = (parameters: Record<string, unknown> = {}, onError?: NodeUnderTest['onError']) =>
	inventory('item', 'upsert', { fieldsToSend: 'inputItem', ...parameters }, onError);

describe('WMS Inventory through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({}, (platform) => ({ sim, harness } = platform));

	/** Two warehouses with a zone and two bins in WH1, through the Warehouse Structure node. */
	async function seedWarehouses() {
		const structure = (resource: string, operation: string, records: object[]) =>
			harness.run(
				{
					type: 'wmsWarehouseStructure',
					parameters: { resource, operation, fieldsToSend: 'inputItem' },
				},
				records as never,
			);
		await structure('warehouse', 'upsert', [
			{ code: 'WH1', name: 'Hamburg' },
			{ code: 'WH2', name: 'Rotterdam' },
		]);
		await structure('area', 'add', [{ warehouse_code: 'WH1', area_code: 'STO', name: 'Storage' }]);
		await structure('zone', 'add', [
			{ warehouse_code: 'WH1', area_code: 'STO', zone_code: 'Z-A', name: 'Racking A' },
		]);
		await structure('bin', 'add', [
			{ warehouse_code: 'WH1', zone_code: 'Z-A', bin_code: 'A-01-01', bin_type: 'pallet' },
			{ warehouse_code: 'WH1', zone_code: 'Z-A', bin_code: 'PF-01', bin_type: 'pick_face' },
		]);
		sim.resetStats();
	}

	describe('Item: Add or Update', () => {
		it('adds an item from the form with barcodes, pack sizes and dimensions', async () => {
			const { outputs, error } = await harness.run(
				inventory('item', 'upsert', {
					sku: 'BOLT-M10-50',
					description: 'Hex bolt M10x50',
					additionalFields: {
						barcodes: '4006381333931, 4006381333932',
						packSizes: {
							entries: [{ unitOfMeasure: 'BOX', quantity: 100, barcode: '4006381333948' }],
						},
						dimensionsCm: { values: { length: 5, width: 1.7, height: 1.7 } },
						hsCode: '731815',
						batchTracked: true,
					},
				}),
				[{}],
			);
			expect(error).toBeUndefined();
			expect(outputs[0][0].json).toMatchObject({ key: 'BOLT-M10-50', status: 'created' });
			expect(sim.store.get('inventory_item', 'BOLT-M10-50')).toMatchObject({
				barcodes: ['4006381333931', '4006381333932'],
				pack_sizes: [{ unit_of_measure: 'BOX', quantity: 100, barcode: '4006381333948' }],
				dimensions_cm: { length: 5, width: 1.7, height: 1.7 },
				hs_code: '731815',
				batch_tracked: true,
			});
		});

		it('sends 2,500 input items as 1000 + 1000 + 500 with one token, outputs paired in order', async () => {
			const counter = await rowCounter(sim.baseUrl);
			try {
				const viaCounter = new Harness({
					baseUrl: counter.baseUrl,
					clientId: sim.clientId,
					clientSecret: sim.clientSecret,
				});
				const input = items(2500);
				const { outputs, error } = await viaCounter.run(addItems(), input);
				expect(error).toBeUndefined();
				expect(counter.rows('/inventory/add')).toEqual([1000, 1000, 500]);
				expect(sim.stats().tokensIssued).toBe(1);
				expect(outputs[0].map((item) => item.json.key)).toEqual(input.map((item) => item.sku));
				expect(outputs[0].map((item) => item.pairedItem)).toEqual(
					input.map((_, item) => ({ item })),
				);
				expect(sim.store.count('inventory_item')).toBe(2500);
				expect(sim.store.get('inventory_item', 'SKU-02499')?.weight_kg).toBe(24.99);
			} finally {
				await counter.close();
			}
		});

		it('honours the Batch Size option', async () => {
			await harness.run(addItems({ options: { batchSize: 400 } }), items(2500));
			expect(sim.stats().requests['/inventory/add']).toBe(7);
			expect(sim.store.count('inventory_item')).toBe(2500);
		});

		it('sends a row the platform rejects (422) to the error output alone; the other 2,499 are results', async () => {
			const input: IDataObject[] = items(2500);
			input[1500] = { ...input[1500], colour: 'blue' };
			const { outputs, error } = await harness.run(
				addItems({ options: { unknownFields: 'send' } }, 'continueErrorOutput'),
				input,
			);
			expect(error).toBeUndefined();
			expect(outputs[1]).toHaveLength(1);
			expect(outputs[1][0].pairedItem).toEqual({ item: 1500 });
			expect(outputs[1][0].json.message).toMatch(/^Inventory item SKU-01500: field "colour" /);
			expect(outputs[0]).toHaveLength(2499);
			expect(outputs[0].map((item) => (item.pairedItem as { item: number }).item)).toEqual(
				input.map((_, index) => index).filter((index) => index !== 1500),
			);
			expect(sim.store.count('inventory_item')).toBe(2499);
			expect(sim.store.get('inventory_item', 'SKU-01500')).toBeUndefined();
			// The rejected chunk is sent once more without the bad row: 3 chunks + 1.
			expect(sim.stats().requests['/inventory/add']).toBe(4);
		});

		it('retries a 503 on the second chunk: no row lost, each sku stored once', async () => {
			sim.faults.add({ route: '/inventory/add', kind: '503', times: 1, after: 1 });
			const input = items(2500);
			const { outputs, error } = await harness.run(addItems(), input);
			expect(error).toBeUndefined();
			expect(outputs[0]).toHaveLength(2500);
			expect(outputs[0].every((item) => item.json.status === 'created')).toBe(true);
			expect(sim.stats().requests['/inventory/add']).toBe(4);
			expect(sim.stats().items['/inventory/add']).toBe(2500);
			expect(sim.store.count('inventory_item')).toBe(2500);
			expect(new Set(sim.store.list('inventory_item').map((item) => item.sku)).size).toBe(2500);
		});

		it('names a bad item and field before sending anything', async () => {
			const input: IDataObject[] = items(20);
			input[7] = { ...input[7], hsCode: '73.18' };
			const { error } = await harness.run(addItems(), input);
			expect(error?.message).toBe(
				'Inventory item SKU-00007: hs_code must be a Harmonized System customs code of 6 to 10 digits, like 731815 (got "73.18")',
			);
			expect(sim.stats().requests['/inventory/add']).toBeUndefined();
		});

		it('takes a JSON record', async () => {
			const { outputs } = await harness.run(
				inventory('item', 'upsert', {
					fieldsToSend: 'json',
					jsonRecord: '{"sku":"J-1","description":"From JSON","unit_of_measure":"KG"}',
				}),
				[{}],
			);
			expect(outputs[0][0].json.key).toBe('J-1');
			expect(sim.store.get('inventory_item', 'J-1')?.unit_of_measure).toBe('KG');
		});
	});

	describe('Item: Get Many', () => {
		it('reads items with filters, a limit or every page', async () => {
			await seedWarehouses();
			const input = items(1200).map((item, i) => ({
				...item,
				category: i % 3 === 0 ? 'fasteners' : 'paint',
				active: i !== 3,
			}));
			await harness.run(addItems(), input);
			sim.resetStats();

			const limited = await harness.run(inventory('item', 'getMany', { limit: 25 }), [{}]);
			expect(limited.outputs[0]).toHaveLength(25);

			const all = await harness.run(inventory('item', 'getMany', { returnAll: true }), [{}]);
			expect(all.outputs[0]).toHaveLength(1200);
			expect(sim.stats().requests['/inventory/check']).toBe(1 + 3);

			const filtered = await harness.run(
				inventory('item', 'getMany', {
					returnAll: true,
					filters: {
						skus: 'SKU-00000, SKU-00003, SKU-00006, SKU-00001',
						category: 'fasteners',
						active: true,
						warehouseCode: 'WH1',
					},
				}),
				[{}],
			);
			expect(filtered.outputs[0].map((item) => [item.json.sku, item.json.found])).toEqual([
				['SKU-00000', true],
				['SKU-00003', false],
				['SKU-00006', true],
				['SKU-00001', false],
			]);
			expect(filtered.outputs[0][0].json).toMatchObject({ total_on_hand: 0, stocking_factors: [] });
			// The warehouse picked in the Filters' resource locator reads as the code saved before it was one.
			const picked = await harness.run(
				inventory('item', 'getMany', {
					returnAll: true,
					filters: {
						skus: 'SKU-00000, SKU-00003, SKU-00006, SKU-00001',
						category: 'fasteners',
						active: true,
						warehouseCode: { __rl: true, mode: 'list', value: 'WH1' },
					},
				}),
				[{}],
			);
			expect(picked.outputs[0].map((item) => [item.json.sku, item.json.found])).toEqual([
				['SKU-00000', true],
				['SKU-00003', false],
				['SKU-00006', true],
				['SKU-00001', false],
			]);

			const inStock = await harness.run(
				inventory('item', 'getMany', { returnAll: true, filters: { inStock: true } }),
				[{}],
			);
			expect(inStock.outputs[0]).toHaveLength(0);
		});

		it('names a bad filter value', async () => {
			const { error } = await harness.run(
				inventory('item', 'getMany', { filters: { skus: 'A, B|C' } }),
				[{}],
			);
			expect(error?.message).toMatch(/^The 1st input item: Filters → SKUs entry 2 must be a code/);
		});
	});

	describe('Stocking Factor: Set', () => {
		it('sets minimum and maximum per warehouse', async () => {
			await seedWarehouses();
			await harness.run(addItems(), items(2));
			const { outputs, error } = await harness.run(
				inventory('stockingFactor', 'set', {
					sku: 'SKU-00001',
					warehouseCode: 'WH1',
					minQuantity: 20,
					maxQuantity: 200,
					additionalFields: { reorderQuantity: 50 },
				}),
				[{}],
			);
			expect(error).toBeUndefined();
			expect(outputs[0][0].json).toMatchObject({ key: 'SKU-00001|WH1', status: 'created' });
			expect(sim.store.get('stocking_factor', 'SKU-00001|WH1')).toMatchObject({
				min_quantity: 20,
				max_quantity: 200,
				reorder_quantity: 50,
			});
		});

		it('reports minimum above maximum as an item error before sending', async () => {
			await seedWarehouses();
			await harness.run(addItems(), items(3));
			const input = [
				{ sku: 'SKU-00000', warehouse_code: 'WH1', min_quantity: 5, max_quantity: 50 },
				{ sku: 'SKU-00001', warehouse_code: 'WH1', min_quantity: '80', max_quantity: '40' },
				{ sku: 'SKU-00002', warehouse_code: 'WH2', min_quantity: 0, max_quantity: 0 },
			];
			const stopped = await harness.run(
				inventory('stockingFactor', 'set', { fieldsToSend: 'inputItem' }),
				input,
			);
			expect(stopped.error?.message).toBe(
				'Stocking factor SKU-00001 / WH1: min_quantity must not be more than the maximum quantity (got minimum 80, maximum 40)',
			);
			expect(sim.stats().requests['/inventory_stocking_factor/add']).toBeUndefined();

			const continued = await harness.run(
				inventory('stockingFactor', 'set', { fieldsToSend: 'inputItem' }, 'continueErrorOutput'),
				input,
			);
			expect(continued.outputs[0].map((item) => item.json.key)).toEqual([
				'SKU-00000|WH1',
				'SKU-00002|WH2',
			]);
			expect(continued.outputs[1].map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
			expect(sim.stats().items['/inventory_stocking_factor/add']).toBe(2);
		});

		it('names the item the platform rejects for an unknown warehouse', async () => {
			await seedWarehouses();
			await harness.run(addItems(), items(1));
			const { outputs } = await harness.run(
				inventory(
					'stockingFactor',
					'set',
					{ sku: 'SKU-00000', warehouseCode: 'WH9', minQuantity: 1, maxQuantity: 2 },
					'continueErrorOutput',
				),
				[{}],
			);
			expect(outputs[1][0].json.message).toBe(
				'Stocking factor SKU-00000 / WH9: field "warehouse_code" warehouse WH9 does not exist',
			);
		});
	});

	describe('Warehouse Info: Set', () => {
		it('sets default and pick-face bins of an item in a warehouse', async () => {
			await seedWarehouses();
			await harness.run(addItems(), items(1));
			const { outputs, error } = await harness.run(
				inventory('warehouseInfo', 'set', {
					sku: 'SKU-00000',
					warehouseCode: 'WH1',
					additionalFields: {
						defaultBinCode: 'A-01-01',
						pickFaceBinCode: 'PF-01',
						abcClass: 'A',
						replenishmentQuantity: 40,
					},
				}),
				[{}],
			);
			expect(error).toBeUndefined();
			expect(outputs[0][0].json).toMatchObject({ key: 'SKU-00000|WH1', status: 'created' });
			const read = await harness.run(
				inventory('item', 'getMany', { filters: { skus: 'SKU-00000' } }),
				[{}],
			);
			expect(read.outputs[0][0].json.warehouse_info).toEqual([
				expect.objectContaining({
					warehouse_code: 'WH1',
					default_bin_code: 'A-01-01',
					pick_face_bin_code: 'PF-01',
					abc_class: 'A',
				}),
			]);
		});

		it('checks the ABC class before sending', async () => {
			const { error } = await harness.run(
				inventory('warehouseInfo', 'set', { fieldsToSend: 'inputItem' }),
				[{ sku: 'S', warehouse_code: 'WH1', abc_class: 'D' }],
			);
			expect(error?.message).toBe(
				'Warehouse info S / WH1: abc_class must be one of A, B, C (got "D")',
			);
		});
	});

	describe('Dangerous Goods Classification: Set', () => {
		it('classifies an item by a UN number that exists as a lookup', async () => {
			await harness.run(addItems(), items(1));
			await harness.run(
				{
					type: 'wmsDangerousGoods',
					parameters: {
						resource: 'lookup',
						operation: 'add',
						unNumber: '1263',
						properShippingName: 'PAINT',
						hazardClass: '3',
						additionalFields: { packingGroup: 'III' },
					},
				},
				[{}],
			);
			const { outputs, error } = await harness.run(
				inventory('dangerousGoodsClassification', 'set', {
					sku: 'SKU-00000',
					unNumber: '1263',
					additionalFields: { limitedQuantity: true, netQuantityPerUnit: 1 },
				}),
				[{}],
			);
			expect(error).toBeUndefined();
			expect(outputs[0][0].json).toMatchObject({ key: 'SKU-00000', status: 'created' });
			expect(sim.store.get('item_dangerous_goods', 'SKU-00000')).toMatchObject({
				un_number: '1263',
				limited_quantity: true,
			});
		});

		it('wants a UN number of four digits before sending', async () => {
			const { outputs } = await harness.run(
				inventory(
					'dangerousGoodsClassification',
					'set',
					{ fieldsToSend: 'inputItem' },
					'continueErrorOutput',
				),
				[
					{ sku: 'A', un_number: 'UN1263' },
					{ sku: 'B', unNumber: 126 },
				],
			);
			expect(outputs[1].map((item) => item.json.message)).toEqual([
				'Dangerous goods classification A: un_number must be a UN number of four digits without "UN", like 1263 (got "UN1263")',
				'Dangerous goods classification B: un_number must be a UN number of four digits without "UN", like 1263 (got "126")',
			]);
			expect(sim.stats().requests['/inventory_dangerous_goods/add']).toBeUndefined();
		});

		it('reports a UN number the platform does not know against its item', async () => {
			await harness.run(addItems(), items(1));
			const { outputs } = await harness.run(
				inventory(
					'dangerousGoodsClassification',
					'set',
					{ sku: 'SKU-00000', unNumber: '9999' },
					'continueErrorOutput',
				),
				[{}],
			);
			expect(outputs[1][0].json.message).toBe(
				'Dangerous goods classification SKU-00000: field "un_number" dangerous goods lookup UN9999 does not exist',
			);
		});
	});

	describe('dropdowns', () => {
		it("lists the platform's warehouses and the bins of the chosen warehouse", async () => {
			await seedWarehouses();
			const warehouses = await harness.listAll(inventory('stockingFactor', 'set'), 'getWarehouses');
			expect(warehouses).toEqual([
				{ name: 'Hamburg (WH1)', value: 'WH1' },
				{ name: 'Rotterdam (WH2)', value: 'WH2' },
			]);
			const bins = await harness.listAll(
				inventory('warehouseInfo', 'set', { warehouseCode: 'WH1' }),
				'getBins',
			);
			expect(bins.map((option) => option.value)).toEqual(['A-01-01', 'PF-01']);
			const none = await harness.listAll(
				inventory('warehouseInfo', 'set', { warehouseCode: 'WH2' }),
				'getBins',
			);
			expect(none).toEqual([]);
		});
	});
});
