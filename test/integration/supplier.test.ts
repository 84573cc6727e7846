import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const form = (parameters: Record<string, unknown>) => ({
	resource: 'supplier',
	operation: 'upsert',
	...parameters,
});

describe('WMS Supplier through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({}, (platform) => ({ sim, harness } = platform));

	it('adds a supplier from the form, with Additional Fields and an address', async () => {
		const { outputs, error } = await harness.run(
			{
				type: 'wmsSupplier',
				parameters: form({
					code: 'SUP-1',
					name: 'Nordic Timber AB',
					additionalFields: {
						currency: 'SEK',
						paymentTermsDays: 30,
						address: { values: { line1: 'Hamngatan 4', city: 'Göteborg', country: 'SE' } },
					},
				}),
			},
			[{}],
		);
		expect(error).toBeUndefined();
		expect(outputs[0]).toHaveLength(1);
		expect(outputs[0][0].json).toMatchObject({ key: 'SUP-1', status: 'created' });
		expect(outputs[0][0].pairedItem).toEqual({ item: 0 });
		expect(sim.store.get('supplier', 'SUP-1')).toMatchObject({
			name: 'Nordic Timber AB',
			currency: 'SEK',
			payment_terms_days: 30,
			address: { city: 'Göteborg', country: 'SE' },
		});
	});

	it('takes each input item as the record and sends many in one request', async () => {
		const items = Array.from({ length: 25 }, (_, i) => ({
			code: `S-${i}`,
			name: `Supplier ${i}`,
			leadTimeDays: String(i),
		}));
		const { outputs } = await harness.run(
			{ type: 'wmsSupplier', parameters: form({ fieldsToSend: 'inputItem' }) },
			items,
		);
		expect(outputs[0].map((item) => item.json.key)).toEqual(items.map((item) => item.code));
		expect(outputs[0].map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		expect(sim.stats().requests['/supplier/add']).toBe(1);
		expect(sim.store.get('supplier', 'S-7')?.lead_time_days).toBe(7);
	});

	it('sends the same supplier twice without making a second one', async () => {
		const run = () =>
			harness.run({ type: 'wmsSupplier', parameters: form({ code: 'SUP-9', name: 'Same' }) }, [{}]);
		expect((await run()).outputs[0][0].json.status).toBe('created');
		expect((await run()).outputs[0][0].json.status).not.toBe('created');
		expect(sim.store.count('supplier')).toBe(1);
	});

	it('routes a bad item to the error output naming item and field, and sends nothing for it', async () => {
		const items = [
			{ code: 'OK-1', name: 'Good' },
			{ code: 'BAD-1' },
			{ code: 'OK-2', name: 'Good too', currency: 'euro' },
			{ code: 'OK-3', name: 'Fine' },
		];
		const { outputs, error } = await harness.run(
			{
				type: 'wmsSupplier',
				parameters: form({ fieldsToSend: 'inputItem' }),
				onError: 'continueErrorOutput',
			},
			items,
		);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.key)).toEqual(['OK-1', 'OK-3']);
		expect(outputs[1].map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
		expect(outputs[1][0].json.message).toBe(
			'Supplier BAD-1: name is required but missing or empty',
		);
		expect(outputs[1][1].json.message).toMatch(
			/^Supplier OK-2: currency must be a three-letter ISO currency code/,
		);
		expect(sim.stats().items['/supplier/add']).toBe(2);
		expect(sim.store.get('supplier', 'BAD-1')).toBeUndefined();
	});

	it('fails the node before sending anything when continue-on-fail is off', async () => {
		const { error } = await harness.run(
			{ type: 'wmsSupplier', parameters: form({ fieldsToSend: 'inputItem' }) },
			[
				{ code: 'A', name: 'A' },
				{ code: 'B', name: 'B', payment_terms_days: -3 },
			],
		);
		expect(error?.message).toBe('Supplier B: payment_terms_days must be 0 or more (got -3)');
		expect(sim.stats().requests['/supplier/add']).toBeUndefined();
	});

	it('reports a field the platform does not know, passes x_ fields, and can ignore unknown ones', async () => {
		const items = [
			{ code: 'U-1', name: 'Typo', nmae: 'x' },
			{ code: 'U-2', name: 'Extra', x_rating: 'A' },
		];
		const strict = await harness.run(
			{
				type: 'wmsSupplier',
				parameters: form({ fieldsToSend: 'inputItem' }),
				onError: 'continueErrorOutput',
			},
			items,
		);
		expect(strict.outputs[1][0].json.message).toMatch(
			/^Supplier U-1: nmae is not a field the platform knows/,
		);
		expect(sim.store.get('supplier', 'U-2')?.x_rating).toBe('A');
		const lenient = await harness.run(
			{
				type: 'wmsSupplier',
				parameters: form({ fieldsToSend: 'inputItem', options: { unknownFields: 'ignore' } }),
			},
			items,
		);
		expect(lenient.outputs[0]).toHaveLength(2);
		expect(sim.store.get('supplier', 'U-1')).not.toHaveProperty('nmae');
	});

	it('takes a JSON record and names malformed JSON as the item error', async () => {
		const good = await harness.run(
			{
				type: 'wmsSupplier',
				parameters: form({ fieldsToSend: 'json', jsonRecord: '{"code":"J-1","name":"From JSON"}' }),
			},
			[{}],
		);
		expect(good.outputs[0][0].json.key).toBe('J-1');
		const bad = await harness.run(
			{
				type: 'wmsSupplier',
				parameters: form({ fieldsToSend: 'json', jsonRecord: '{"code": "J-2",' }),
			},
			[{}],
		);
		expect(bad.error?.message).toMatch(/^The 1st input item: supplier \(JSON\) is not valid JSON/);
	});

	it('sends Extra Fields the form does not know', async () => {
		await harness.run(
			{
				type: 'wmsSupplier',
				parameters: form({
					code: 'E-1',
					name: 'Extra',
					extraFields: { field: [{ name: 'x_portal', value: 'yes' }] },
				}),
			},
			[{}],
		);
		expect(sim.store.get('supplier', 'E-1')?.x_portal).toBe('yes');
	});

	it('gets many suppliers with a filter, a limit, or every page', async () => {
		const items = Array.from({ length: 1200 }, (_, i) => ({
			code: `P-${String(i).padStart(4, '0')}`,
			name: `P ${i}`,
			active: i % 2 === 0,
		}));
		await harness.run(
			{ type: 'wmsSupplier', parameters: form({ fieldsToSend: 'inputItem' }) },
			items,
		);
		sim.resetStats();
		const getMany = (parameters: Record<string, unknown>) =>
			harness.run(
				{
					type: 'wmsSupplier',
					parameters: { resource: 'supplier', operation: 'getMany', ...parameters },
				},
				[{}],
			);

		const limited = await getMany({ limit: 30 });
		expect(limited.outputs[0]).toHaveLength(30);

		const all = await getMany({ returnAll: true });
		expect(all.outputs[0]).toHaveLength(1200);
		expect(new Set(all.outputs[0].map((item) => item.json.code)).size).toBe(1200);
		expect(sim.stats().requests['/supplier/check']).toBe(1 + 3);

		const filtered = await getMany({
			returnAll: true,
			filters: { codes: 'P-0001, P-0002, P-0003', active: false },
		});
		// Every code asked for is answered, in the order asked: P-0002 is active, so not found with these filters.
		expect(filtered.outputs[0].map((item) => [item.json.code, item.json.found])).toEqual([
			['P-0001', true],
			['P-0002', false],
			['P-0003', true],
		]);

		// Search: part of the code or the name, in any case, on the platform.
		const searched = await getMany({ returnAll: true, filters: { search: 'p 119' } });
		expect(searched.outputs[0].map((item) => item.json.code)).toEqual([
			'P-0119',
			'P-1190',
			'P-1191',
			'P-1192',
			'P-1193',
			'P-1194',
			'P-1195',
			'P-1196',
			'P-1197',
			'P-1198',
			'P-1199',
		]);
	});

	it('names a bad filter value as the item error', async () => {
		const { error } = await harness.run(
			{
				type: 'wmsSupplier',
				parameters: {
					resource: 'supplier',
					operation: 'getMany',
					filters: { changedSince: 'last tuesday' },
				},
			},
			[{}],
		);
		expect(error?.message).toMatch(/^The 1st input item: Filters → Changed Since must be a date/);
	});
});
