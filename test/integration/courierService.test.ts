import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const upsert = (parameters: Record<string, unknown>) => ({
	resource: 'courierService',
	operation: 'upsert',
	...parameters,
});
const getMany = (parameters: Record<string, unknown>) => ({
	resource: 'courierService',
	operation: 'getMany',
	...parameters,
});

describe('WMS Courier Service through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));

	it('adds a courier service from the form and sending it again changes nothing', async () => {
		const parameters = upsert({
			code: 'GLS-BP',
			name: 'GLS BusinessParcel',
			carrier: 'GLS',
			serviceLevel: 'economy',
			additionalFields: {
				trackingUrlTemplate: 'https://gls-group.eu/track/{tracking_number}',
				countries: 'DE, AT, NL',
				maxWeightKg: 40,
			},
		});
		const first = await harness.run({ type: 'wmsCourierService', parameters }, [{}]);
		expect(first.error).toBeUndefined();
		expect(first.outputs[0][0]).toMatchObject({
			json: { key: 'GLS-BP', status: 'created' },
			pairedItem: { item: 0 },
		});
		expect(sim.store.get('courier_service', 'GLS-BP')).toMatchObject({
			service_level: 'economy',
			countries: ['DE', 'AT', 'NL'],
			max_weight_kg: 40,
		});
		expect(
			(await harness.run({ type: 'wmsCourierService', parameters }, [{}])).outputs[0][0].json
				.status,
		).toBe('unchanged');
		expect(sim.store.count('courier_service')).toBe(4);
	});

	it('takes services from input items and names a bad tracking URL or service level before sending', async () => {
		const items = [
			{
				code: 'FX-1',
				name: 'FedEx Priority',
				carrier: 'FedEx',
				serviceLevel: 'express',
				countries: ['US', 'CA'],
			},
			{ code: 'FX-2', name: 'FedEx Ground', carrier: 'FedEx', service_level: 'ground' },
			{
				code: 'FX-3',
				name: 'FedEx Freight',
				carrier: 'FedEx',
				service_level: 'freight',
				tracking_url_template: 'https://fedex.example/track',
			},
		];
		const { outputs } = await harness.run(
			{
				type: 'wmsCourierService',
				parameters: upsert({ fieldsToSend: 'inputItem' }),
				onError: 'continueErrorOutput',
			},
			items,
		);
		expect(outputs[0].map((item) => item.json.key)).toEqual(['FX-1']);
		expect(outputs[1].map((item) => item.json.message)).toEqual([
			'Courier service FX-2: service_level must be one of economy, standard, express, next_day, same_day, freight (got "ground")',
			'Courier service FX-3: tracking_url_template must be a web address containing {tracking_number}, like https://track.example/?id={tracking_number} (got "https://fedex.example/track")',
		]);
		expect(sim.stats().items['/courier_service/add']).toBe(1);
	});

	it('gets many courier services by carrier, service level, or all', async () => {
		const dhl = await harness.run(
			{
				type: 'wmsCourierService',
				parameters: getMany({ returnAll: true, filters: { carrier: 'DHL' } }),
			},
			[{}],
		);
		expect(dhl.outputs[0].map((item) => item.json.code)).toEqual(['DHL-STD', 'DHL-EXP']);
		const nextDay = await harness.run(
			{
				type: 'wmsCourierService',
				parameters: getMany({ returnAll: true, filters: { serviceLevel: 'next_day' } }),
			},
			[{}],
		);
		expect(nextDay.outputs[0].map((item) => item.json.code)).toEqual(['UPS-NDA']);
		const limited = await harness.run(
			{ type: 'wmsCourierService', parameters: getMany({ limit: 1 }) },
			[{}],
		);
		expect(limited.outputs[0]).toHaveLength(1);
	});
});
