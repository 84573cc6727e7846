import type { RunningSimulator } from '../../dev/simulator';
import type { Harness, NodeUnderTest } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const lookups = (
	operation: string,
	parameters: Record<string, unknown> = {},
	onError?: NodeUnderTest['onError'],
): NodeUnderTest => ({
	type: 'wmsDangerousGoods',
	parameters: { resource: 'lookup', operation, ...parameters },
	onError,
});

const erpExport = [
	{
		unNumber: '1263',
		properShippingName: 'PAINT',
		hazardClass: '3',
		packingGroup: 'III',
		limitedQuantity: '5 L',
		exceptedQuantityCode: 'E1',
	},
	{
		un_number: '1993',
		proper_shipping_name: 'FLAMMABLE LIQUID, N.O.S.',
		hazard_class: '3',
		packing_group: 'II',
	},
	{
		un_number: '1830',
		proper_shipping_name: 'SULPHURIC ACID',
		hazard_class: '8',
		packing_group: 'II',
		subsidiary_risks: [],
	},
	{
		un_number: '2794',
		proper_shipping_name: 'BATTERIES, WET, FILLED WITH ACID',
		hazard_class: '8',
		packing_group: 'III',
	},
];

describe('WMS Dangerous Goods through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({}, (platform) => ({ sim, harness } = platform));

	it('adds a lookup from the form, with subsidiary risks', async () => {
		const { outputs, error } = await harness.run(
			lookups('add', {
				unNumber: '1208',
				properShippingName: 'HEXANES',
				hazardClass: '3',
				additionalFields: { packingGroup: 'II', subsidiaryRisks: '6.1, 8', limitedQuantity: '1 L' },
			}),
			[{}],
		);
		expect(error).toBeUndefined();
		expect(outputs[0][0].json).toMatchObject({ key: '1208', status: 'created' });
		expect(sim.store.get('dangerous_goods_lookup', '1208')).toMatchObject({
			subsidiary_risks: ['6.1', '8'],
			packing_group: 'II',
			limited_quantity: '1 L',
		});
	});

	it('adds lookups from an ERP export in one request, keys in either case', async () => {
		const { outputs } = await harness.run(lookups('add', { fieldsToSend: 'inputItem' }), erpExport);
		expect(outputs[0].map((item) => item.json.key)).toEqual(['1263', '1993', '1830', '2794']);
		expect(outputs[0].map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(sim.stats().requests['/dangerous_goods_lookup/add']).toBe(1);
		expect(sim.store.get('dangerous_goods_lookup', '1263')?.excepted_quantity_code).toBe('E1');
	});

	it('names bad UN numbers, hazard classes and packing groups by item before sending', async () => {
		const { outputs } = await harness.run(
			lookups('add', { fieldsToSend: 'inputItem' }, 'continueErrorOutput'),
			[
				{ un_number: 'UN1263', proper_shipping_name: 'PAINT', hazard_class: '3' },
				{ un_number: '1263', proper_shipping_name: 'PAINT', hazard_class: 'flammable' },
				{
					un_number: '1263',
					proper_shipping_name: 'PAINT',
					hazard_class: '3',
					packing_group: 'IV',
				},
				{ un_number: '1993', proper_shipping_name: 'FLAMMABLE LIQUID, N.O.S.', hazard_class: '3' },
			],
		);
		expect(outputs[1].map((item) => item.json.message)).toEqual([
			'The 1st input item ("PAINT"): un_number must be a UN number of four digits without "UN", like 1263 (got "UN1263")',
			'Dangerous goods lookup 1263: hazard_class must be a class or division like 3, 2.1, 6.1 or 1.4S (got "flammable")',
			'Dangerous goods lookup 1263: packing_group must be one of I, II, III (got "IV")',
		]);
		expect(outputs[0].map((item) => item.json.key)).toEqual(['1993']);
		expect(sim.stats().items['/dangerous_goods_lookup/add']).toBe(1);
	});

	it('gets lookups by UN numbers or hazard class, with a limit or all', async () => {
		await harness.run(lookups('add', { fieldsToSend: 'inputItem' }), erpExport);
		const byNumber = await harness.run(
			lookups('getMany', { returnAll: true, filters: { unNumbers: '1830, 2794, 1111' } }),
			[{}],
		);
		expect(byNumber.outputs[0].map((item) => [item.json.un_number, item.json.found])).toEqual([
			['1830', true],
			['2794', true],
			['1111', false],
		]);
		const byClass = await harness.run(
			lookups('getMany', { returnAll: true, filters: { hazardClass: '3' } }),
			[{}],
		);
		expect(byClass.outputs[0].map((item) => item.json.proper_shipping_name)).toEqual([
			'PAINT',
			'FLAMMABLE LIQUID, N.O.S.',
		]);
		const limited = await harness.run(lookups('getMany', { limit: 3 }), [{}]);
		expect(limited.outputs[0]).toHaveLength(3);
		const bad = await harness.run(lookups('getMany', { filters: { unNumbers: '1263, 12' } }), [{}]);
		expect(bad.error?.message).toMatch(
			/^The 1st input item: Filters → UN Numbers entry 2 must be a UN number of four digits/,
		);
	});
});
