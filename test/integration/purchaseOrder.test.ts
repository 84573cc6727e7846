import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const add = (parameters: Record<string, unknown>) => ({
	resource: 'purchaseOrder',
	operation: 'add',
	...parameters,
});
const getStatus = (parameters: Record<string, unknown>) => ({
	resource: 'purchaseOrder',
	operation: 'getStatus',
	...parameters,
});

const order = (
	orderNumber: string,
	lines: Array<Record<string, unknown>>,
	extra: Record<string, unknown> = {},
) => ({
	order_number: orderNumber,
	supplier_code: 'SUP-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	lines,
	...extra,
});

describe('WMS Purchase Order through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));

	it('adds a purchase order from the form with its lines', async () => {
		const { outputs, error } = await harness.run(
			{
				type: 'wmsPurchaseOrder',
				parameters: add({
					orderNumber: 'PO-100',
					supplierCode: 'SUP-2',
					warehouseCode: 'WH1',
					orderDate: '2026-11-21',
					lines: {
						entries: [
							{ lineNumber: 10, sku: 'BOX-CARTON-M', quantity: 200, unitCost: 0.8 },
							{ lineNumber: 0, sku: 'TAPE-PACK-48', quantity: 50 },
						],
					},
					additionalFields: { expectedDate: '2026-11-28', currency: 'EUR', reference: 'RP-77' },
				}),
			},
			[{}],
		);
		expect(error).toBeUndefined();
		expect(outputs[0][0]).toMatchObject({
			json: { key: 'PO-100', status: 'created' },
			pairedItem: { item: 0 },
		});
		expect(sim.store.get('purchase_order', 'PO-100')).toMatchObject({
			supplier_code: 'SUP-2',
			expected_date: '2026-11-28',
			status: 'open',
			lines: [
				{ line_number: 10, sku: 'BOX-CARTON-M', quantity: 200, unit_cost: 0.8 },
				{ line_number: 11, sku: 'TAPE-PACK-48', quantity: 50 },
			],
		});
	});

	it('groups one item per line; a name the order and its lines share goes to the line with a line_ prefix', async () => {
		const items = [
			{
				order_number: 'PO-G',
				supplier_code: 'SUP-1',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				expected_date: '2026-11-30',
				sku: 'NUT-M8',
				quantity: 100,
			},
			{
				order_number: 'PO-G',
				supplier_code: 'SUP-1',
				warehouse_code: 'WH1',
				order_date: '2026-11-21',
				expected_date: '2026-11-30',
				sku: 'BOLT-M8-40',
				quantity: 50,
				lineExpectedDate: '2026-12-05',
			},
		];
		const { outputs, error } = await harness.run(
			{
				type: 'wmsPurchaseOrder',
				parameters: add({ fieldsToSend: 'inputItem', groupLines: true }),
			},
			items,
		);
		expect(error).toBeUndefined();
		expect(outputs[0]).toEqual([
			expect.objectContaining({
				json: { order_number: 'PO-G', key: 'PO-G', status: 'created' },
				pairedItem: [{ item: 0 }, { item: 1 }],
			}),
		]);
		expect(sim.store.get('purchase_order', 'PO-G')).toMatchObject({
			expected_date: '2026-11-30',
			lines: [
				{ line_number: 1, sku: 'NUT-M8', quantity: 100 },
				{ line_number: 2, sku: 'BOLT-M8-40', quantity: 50, expected_date: '2026-12-05' },
			],
		});
	});

	it('gets the status with the receipts so far, and refuses to change a received order, naming its state', async () => {
		const parameters = add({ fieldsToSend: 'inputItem' });
		await harness.run({ type: 'wmsPurchaseOrder', parameters }, [
			order('PO-R', [
				{ line_number: 1, sku: 'NUT-M8', quantity: 100 },
				{ line_number: 2, sku: 'WASHER-M8', quantity: 40 },
			]),
		]);
		sim.work.receivePurchaseOrder('PO-R', [{ line_number: 1, quantity: 60 }]);

		const status = await harness.run(
			{
				type: 'wmsPurchaseOrder',
				parameters: getStatus({ returnAll: true, filters: { orderNumbers: 'PO-R' } }),
			},
			[{}],
		);
		expect(status.outputs[0]).toHaveLength(1);
		expect(status.outputs[0][0].json).toMatchObject({
			status: 'partially_received',
			lines: [
				{ line_number: 1, quantity: 100, quantity_received: 60 },
				{ line_number: 2, quantity: 40, quantity_received: 0 },
			],
			receipts: [{ lines: [{ line_number: 1, sku: 'NUT-M8', quantity: 60 }] }],
		});

		const changed = order('PO-R', [{ line_number: 1, sku: 'NUT-M8', quantity: 120 }]);
		const { outputs } = await harness.run(
			{ type: 'wmsPurchaseOrder', parameters, onError: 'continueErrorOutput' },
			[changed],
		);
		expect(outputs[1][0].json.message).toMatch(
			/^Purchase order PO-R: .*purchase order PO-R is in state partially_received; cannot update/,
		);
		expect(sim.store.count('purchase_order')).toBe(3);

		const open = await harness.run(
			{
				type: 'wmsPurchaseOrder',
				parameters: getStatus({
					returnAll: true,
					filters: { status: 'open', supplierCode: 'SUP-2' },
				}),
			},
			[{}],
		);
		expect(open.outputs[0].map((item) => item.json.order_number)).toEqual(['PO-DEMO-2']);
		const limited = await harness.run(
			{ type: 'wmsPurchaseOrder', parameters: getStatus({ limit: 2 }) },
			[{}],
		);
		expect(limited.outputs[0]).toHaveLength(2);
	});

	it('makes an order for an unknown supplier an item error naming it, stores the others, and checks input before sending', async () => {
		const items = [
			order('PO-1', [{ sku: 'NUT-M8', quantity: 1 }], { supplier_code: 'SUP-404' }),
			order('PO-2', [{ sku: 'NUT-M8', quantity: 1 }]),
		];
		const { outputs } = await harness.run(
			{
				type: 'wmsPurchaseOrder',
				parameters: add({ fieldsToSend: 'inputItem' }),
				onError: 'continueErrorOutput',
			},
			items,
		);
		expect(outputs[0].map((item) => item.json.key)).toEqual(['PO-2']);
		expect(outputs[1][0].json.message).toMatch(
			/^Purchase order PO-1: field "supplier_code" supplier SUP-404 does not exist/,
		);

		sim.resetStats();
		const bad = await harness.run(
			{ type: 'wmsPurchaseOrder', parameters: add({ fieldsToSend: 'inputItem' }) },
			[order('PO-3', [{ sku: 'NUT-M8', quantity: 1, expected_date: 'next week' }])],
		);
		expect(bad.error?.message).toBe(
			'Purchase order PO-3, line 1: expected_date must be a date like 2026-11-21 (got "next week")',
		);
		expect(sim.stats().requests['/purchase_order/add']).toBeUndefined();
	});

	it('fills the supplier dropdown from the platform', async () => {
		expect(
			await harness.listAll({ type: 'wmsPurchaseOrder', parameters: add({}) }, 'getSuppliers'),
		).toEqual([
			{ name: 'Nordic Fasteners AB (SUP-1)', value: 'SUP-1' },
			{ name: 'Rheinland Packaging GmbH (SUP-2)', value: 'SUP-2' },
		]);
	});
});
