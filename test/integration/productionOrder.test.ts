import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const add = (parameters: Record<string, unknown>) => ({
	resource: 'productionOrder',
	operation: 'add',
	...parameters,
});
const getStatus = (parameters: Record<string, unknown>) => ({
	resource: 'productionOrder',
	operation: 'getStatus',
	...parameters,
});

const order = (
	orderNumber: string,
	components: Array<Record<string, unknown>>,
	extra: Record<string, unknown> = {},
) => ({
	order_number: orderNumber,
	warehouse_code: 'WH1',
	output_sku: 'KIT-FIX-M8',
	output_quantity: 10,
	due_date: '2026-11-30',
	components,
	...extra,
});

describe('WMS Production Order through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));

	it('adds a production order from the form with its output item and components', async () => {
		const { outputs, error } = await harness.run(
			{
				type: 'wmsProductionOrder',
				parameters: add({
					orderNumber: 'MO-100',
					warehouseCode: 'WH1',
					outputSku: 'KIT-FIX-M8',
					outputQuantity: 25,
					dueDate: '2026-11-30',
					components: {
						entries: [
							{ sku: 'BOLT-M8-40', quantity: 100 },
							{ sku: 'NUT-M8', quantity: 100 },
						],
					},
					additionalFields: { startDate: '2026-11-24', outputBatch: 'K-2611' },
				}),
			},
			[{}],
		);
		expect(error).toBeUndefined();
		expect(outputs[0][0]).toMatchObject({
			json: { key: 'MO-100', status: 'created' },
			pairedItem: { item: 0 },
		});
		expect(sim.store.get('production_order', 'MO-100')).toMatchObject({
			output_quantity: 25,
			output_batch: 'K-2611',
			status: 'planned',
			components: [
				{ line_number: 1, sku: 'BOLT-M8-40', quantity: 100 },
				{ line_number: 2, sku: 'NUT-M8', quantity: 100 },
			],
		});
	});

	it('takes orders with their components from input items and gets their status', async () => {
		const items = [
			order('MO-1', [{ sku: 'BOLT-M8-40', quantity: 4 }]),
			order('MO-2', [{ sku: 'NUT-M8', quantity: 4 }], { output_quantity: '5' }),
		];
		const { outputs } = await harness.run(
			{ type: 'wmsProductionOrder', parameters: add({ fieldsToSend: 'inputItem' }) },
			items,
		);
		expect(outputs[0].map((item) => item.json)).toEqual([
			{ order_number: 'MO-1', key: 'MO-1', status: 'created' },
			{ order_number: 'MO-2', key: 'MO-2', status: 'created' },
		]);
		sim.work.transition('production_order', 'MO-2', 'released');

		const status = await harness.run(
			{
				type: 'wmsProductionOrder',
				parameters: getStatus({ returnAll: true, filters: { orderNumbers: 'MO-1, MO-2' } }),
			},
			[{}],
		);
		expect(
			status.outputs[0].map((item) => [
				item.json.order_number,
				item.json.status,
				item.json.quantity_produced,
			]),
		).toEqual([
			['MO-1', 'planned', 0],
			['MO-2', 'released', 0],
		]);
		const released = await harness.run(
			{
				type: 'wmsProductionOrder',
				parameters: getStatus({ limit: 10, filters: { status: 'released' } }),
			},
			[{}],
		);
		expect(released.outputs[0].map((item) => item.json.order_number)).toEqual(['MO-2']);
	});

	it('names the state of an order that can no longer change, and never makes a second one', async () => {
		const parameters = add({ fieldsToSend: 'inputItem' });
		await harness.run({ type: 'wmsProductionOrder', parameters }, [
			order('MO-R', [{ sku: 'NUT-M8', quantity: 2 }]),
		]);
		expect(
			(
				await harness.run({ type: 'wmsProductionOrder', parameters }, [
					order('MO-R', [{ sku: 'NUT-M8', quantity: 2 }]),
				])
			).outputs[0][0].json.status,
		).toBe('unchanged');
		sim.work.transition('production_order', 'MO-R', 'released');
		const { outputs } = await harness.run(
			{ type: 'wmsProductionOrder', parameters, onError: 'continueErrorOutput' },
			[order('MO-R', [{ sku: 'NUT-M8', quantity: 3 }])],
		);
		expect(outputs[1][0].json.message).toMatch(
			/^Production order MO-R: .*production order MO-R is in state released; cannot update/,
		);
		expect(
			sim.store.list('production_order').filter((o) => o.order_number === 'MO-R'),
		).toHaveLength(1);
	});

	it('checks components before sending and names an unknown output item', async () => {
		const noComponents = await harness.run(
			{ type: 'wmsProductionOrder', parameters: add({ fieldsToSend: 'inputItem' }) },
			[{ ...order('MO-E', []), components: undefined }],
		);
		expect(noComponents.error?.message).toBe(
			'Production order MO-E: components is required but missing or empty',
		);
		const negative = await harness.run(
			{ type: 'wmsProductionOrder', parameters: add({ fieldsToSend: 'inputItem' }) },
			[order('MO-E', [{ sku: 'NUT-M8', quantity: 0 }])],
		);
		expect(negative.error?.message).toBe(
			'Production order MO-E, component 1: quantity must be more than 0 (got 0)',
		);
		expect(sim.stats().requests['/production_order/add']).toBeUndefined();

		const unknown = await harness.run(
			{
				type: 'wmsProductionOrder',
				parameters: add({ fieldsToSend: 'inputItem' }),
				onError: 'continueErrorOutput',
			},
			[order('MO-U', [{ sku: 'NUT-M8', quantity: 1 }], { output_sku: 'NO-SUCH-KIT' })],
		);
		expect(unknown.outputs[1][0].json.message).toMatch(
			/^Production order MO-U: field "output_sku" inventory item NO-SUCH-KIT does not exist/,
		);
	});
});
