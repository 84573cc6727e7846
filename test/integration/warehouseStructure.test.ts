import type { RunningSimulator } from '../../dev/simulator';
import { binsOfRange, expandRange } from '../../nodes/WmsWarehouseStructure/actions/bin/range';
import type { Harness, NodeUnderTest } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const structure = (
	resource: string,
	operation: string,
	parameters: Record<string, unknown> = {},
	onError?: NodeUnderTest['onError'],
): NodeUnderTest => ({
	type: 'wmsWarehouseStructure',
	parameters: { resource, operation, ...parameters },
	onError,
});

const range = (parameters: Record<string, unknown>, onError?: NodeUnderTest['onError']) =>
	structure(
		'bin',
		'addRange',
		{ warehouseCode: 'WH1', zoneCode: 'Z-A', binType: 'pallet', ...parameters },
		onError,
	);

describe('bin ranges', () => {
	it('expands letters, numbers, zero-padded numbers and lists', () => {
		expect(expandRange('A-C, F')).toEqual({ values: ['A', 'B', 'C', 'F'] });
		expect(expandRange('8-11')).toEqual({ values: ['8', '9', '10', '11'] });
		expect(expandRange('08-11')).toEqual({ values: ['08', '09', '10', '11'] });
		expect(expandRange('X1, X2')).toEqual({ values: ['X1', 'X2'] });
	});

	it('says what is wrong with a range', () => {
		expect(expandRange('C-A')).toEqual({
			problem: 'has the range "C-A" running backwards: write it from low to high',
		});
		expect(expandRange(' , ')).toEqual({
			problem: 'is empty: give values like "A-C", "1-10" or "1, 2, 5"',
		});
		expect(expandRange('A-C, B')).toEqual({ problem: 'lists "B" more than once' });
		expect(expandRange('A-C, D 1')).toEqual({
			problem: 'has "D 1", which is neither one value nor a range like A-C or 1-10',
		});
	});

	it('makes one code per aisle × position × level, padding numbers as the pattern says', () => {
		const made = binsOfRange(
			{ aisles: 'A-B', positions: '1-2', levels: '1, 10', pattern: '{aisle}-{bay:2}-{level:2}' },
			100,
		);
		expect('bins' in made && made.bins.map((bin) => bin.bin_code)).toEqual([
			'A-01-01',
			'A-01-10',
			'A-02-01',
			'A-02-10',
			'B-01-01',
			'B-01-10',
			'B-02-01',
			'B-02-10',
		]);
		expect('bins' in made && made.bins[1]).toEqual({
			bin_code: 'A-01-10',
			aisle: 'A',
			position: '1',
			level: '10',
		});
	});

	it('refuses a pattern that would give different bins the same code, and ranges over the limit', () => {
		expect(
			binsOfRange(
				{ aisles: 'A', positions: '1-3', levels: '1-2', pattern: '{aisle}{position}' },
				100,
			),
		).toEqual({
			field: 'bin_code_pattern',
			problem:
				'has no {level}, so bins of different levels would get the same code: add {level} to the pattern',
		});
		expect(
			binsOfRange({ aisles: 'A', positions: '1', levels: '1', pattern: '{aisle}-{row}' }, 100),
		).toMatchObject({ field: 'bin_code_pattern' });
		expect(
			binsOfRange(
				{ aisles: 'A-Z', positions: '1-100', levels: '1-10', pattern: '{aisle}{position}{level}' },
				10_000,
			),
		).toEqual({
			field: 'aisles',
			problem:
				'× positions × levels make 26000 bins, more than the 10000 allowed per input item (Options → Max Bins)',
		});
	});
});

describe('WMS Warehouse Structure through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({}, (platform) => ({ sim, harness } = platform));

	/** WH1 with areas STO and PCK, zones Z-A (in STO) and Z-P (in PCK); WH2 empty. */
	async function seed() {
		const run = (resource: string, operation: string, records: object[]) =>
			harness.run(structure(resource, operation, { fieldsToSend: 'inputItem' }), records as never);
		await run('warehouse', 'upsert', [
			{ code: 'WH1', name: 'Hamburg' },
			{ code: 'WH2', name: 'Rotterdam' },
		]);
		await run('area', 'add', [
			{ warehouse_code: 'WH1', area_code: 'STO', name: 'Storage' },
			{ warehouse_code: 'WH1', area_code: 'PCK', name: 'Picking', area_type: 'picking' },
		]);
		await run('zone', 'add', [
			{ warehouse_code: 'WH1', area_code: 'STO', zone_code: 'Z-A', name: 'Racking A' },
			{
				warehouse_code: 'WH1',
				area_code: 'PCK',
				zone_code: 'Z-P',
				name: 'Shelving',
				temperature_controlled: true,
			},
		]);
		sim.resetStats();
	}

	it('adds a warehouse from the form and updates it on the second run', async () => {
		const form = (name: string) =>
			structure('warehouse', 'upsert', {
				code: 'WH3',
				name,
				additionalFields: {
					timezone: 'Europe/Amsterdam',
					address: { values: { line1: 'Waalhaven 12', city: 'Rotterdam', country: 'NL' } },
				},
			});
		expect((await harness.run(form('Cross-dock'), [{}])).outputs[0][0].json).toMatchObject({
			key: 'WH3',
			status: 'created',
		});
		expect(
			(await harness.run(form('Cross-dock Rotterdam'), [{}])).outputs[0][0].json,
		).toMatchObject({ key: 'WH3', status: 'updated' });
		expect(sim.store.get('warehouse', 'WH3')).toMatchObject({
			name: 'Cross-dock Rotterdam',
			address: { city: 'Rotterdam' },
			timezone: 'Europe/Amsterdam',
		});
		expect(sim.store.count('warehouse')).toBe(1);
	});

	it('adds an area, a zone and a bin from the form with the parents picked', async () => {
		await seed();
		const area = await harness.run(
			structure('area', 'add', {
				warehouseCode: 'WH2',
				areaCode: 'QUA',
				name: 'Quarantine',
				additionalFields: { areaType: 'quarantine' },
			}),
			[{}],
		);
		expect(area.outputs[0][0].json).toMatchObject({ key: 'WH2|QUA', status: 'created' });
		const zone = await harness.run(
			structure('zone', 'add', {
				warehouseCode: 'WH2',
				areaCode: 'QUA',
				zoneCode: 'Z-Q',
				name: 'Quarantine cage',
			}),
			[{}],
		);
		expect(zone.outputs[0][0].json).toMatchObject({ key: 'WH2|Z-Q', status: 'created' });
		const bin = await harness.run(
			structure('bin', 'add', {
				warehouseCode: 'WH2',
				binCode: 'Q-01',
				zoneCode: 'Z-Q',
				binType: 'floor',
				additionalFields: {
					capacity: { values: { maxWeightKg: 500, maxUnits: 4 } },
					pickable: false,
				},
			}),
			[{}],
		);
		expect(bin.outputs[0][0].json).toMatchObject({ key: 'WH2|Q-01', status: 'created' });
		expect(sim.store.get('bin', 'WH2|Q-01')).toMatchObject({
			zone_code: 'Z-Q',
			bin_type: 'floor',
			capacity: { max_weight_kg: 500, max_units: 4 },
			pickable: false,
		});
		expect(sim.store.get('area', 'WH2|QUA')).toMatchObject({ area_type: 'quarantine' });
	});

	it('names the item whose parent does not exist on the platform', async () => {
		await seed();
		const { outputs } = await harness.run(
			structure('zone', 'add', { fieldsToSend: 'inputItem' }, 'continueErrorOutput'),
			[
				{ warehouse_code: 'WH1', area_code: 'STO', zone_code: 'Z-B', name: 'Racking B' },
				{ warehouse_code: 'WH1', area_code: 'NOPE', zone_code: 'Z-C', name: 'Racking C' },
			],
		);
		expect(outputs[0].map((item) => item.json.key)).toEqual(['WH1|Z-B']);
		expect(outputs[1][0].json.message).toBe(
			'Zone WH1 / Z-C: field "area_code" area NOPE in warehouse WH1 does not exist',
		);
		expect(outputs[1][0].pairedItem).toEqual({ item: 1 });
	});

	it('checks a bin type before sending', async () => {
		const { error } = await harness.run(structure('bin', 'add', { fieldsToSend: 'inputItem' }), [
			{ warehouse_code: 'WH1', zone_code: 'Z-A', bin_code: 'A-1', bin_type: 'rack' },
		]);
		expect(error?.message).toBe(
			'Bin WH1 / A-1: bin_type must be one of pallet, shelf, floor, bulk, pick_face, staging, dock (got "rack")',
		);
		expect(sim.stats().requests['/bin/add']).toBeUndefined();
	});

	describe('Bin: Add Range', () => {
		it('previews the bins of a range without sending anything', async () => {
			await seed();
			const { outputs, error } = await harness.run(
				range({ aisles: 'A-C', positions: '1-10', levels: '1-5', options: { previewOnly: true } }),
				[{}],
			);
			expect(error).toBeUndefined();
			expect(outputs[0]).toHaveLength(150);
			expect(outputs[0][0].json).toEqual({
				warehouse_code: 'WH1',
				zone_code: 'Z-A',
				bin_type: 'pallet',
				bin_code: 'A-01-01',
				aisle: 'A',
				position: '1',
				level: '1',
			});
			expect(outputs[0][149].json.bin_code).toBe('C-10-05');
			expect(sim.stats().requests['/bin/add']).toBeUndefined();
		});

		it('creates hundreds of bins in one run, chunked, each output paired to its range', async () => {
			await seed();
			const { outputs, error } = await harness.run(
				structure('bin', 'addRange', { fieldsToSend: 'inputItem' }),
				[
					{
						warehouse_code: 'WH1',
						zone_code: 'Z-A',
						bin_type: 'pallet',
						aisles: 'A-Z',
						positions: '1-20',
						levels: '1-5',
						bin_code_pattern: '{aisle}-{position:2}-{level}',
						capacity: { max_weight_kg: 1000 },
					},
					{
						warehouse_code: 'WH1',
						zone_code: 'Z-P',
						bin_type: 'shelf',
						aisles: 'P',
						positions: '01-12',
						levels: 'A-D',
						bin_code_pattern: 'P{position}{level}',
						pickable: true,
					},
				],
			);
			expect(error).toBeUndefined();
			expect(outputs[0]).toHaveLength(2600 + 48);
			expect(
				outputs[0].filter((item) => (item.pairedItem as { item: number }).item === 0),
			).toHaveLength(2600);
			expect(
				outputs[0].slice(2600).every((item) => (item.pairedItem as { item: number }).item === 1),
			).toBe(true);
			expect(outputs[0][2600].json).toMatchObject({ key: 'WH1|P01A', status: 'created' });
			expect(sim.stats().requests['/bin/add']).toBe(3);
			expect(sim.store.count('bin')).toBe(2648);
			expect(sim.store.get('bin', 'WH1|Z-20-5')).toMatchObject({
				zone_code: 'Z-A',
				aisle: 'Z',
				position: '20',
				level: '5',
				capacity: { max_weight_kg: 1000 },
			});
		});

		it('is safe to run twice: the second run leaves every bin unchanged', async () => {
			await seed();
			const params = range({ aisles: 'A', positions: '1-4', levels: '1-2' });
			await harness.run(params, [{}]);
			const again = await harness.run(params, [{}]);
			expect(again.outputs[0].map((item) => item.json.status)).toEqual(Array(8).fill('unchanged'));
			expect(sim.store.count('bin')).toBe(8);
		});

		it('names a bad range by item and field, and sends the good ones', async () => {
			await seed();
			const { outputs } = await harness.run(
				structure('bin', 'addRange', { fieldsToSend: 'inputItem' }, 'continueErrorOutput'),
				[
					{
						warehouse_code: 'WH1',
						zone_code: 'Z-A',
						bin_type: 'pallet',
						aisles: 'A',
						positions: '1-3',
						levels: '1-2',
						bin_code_pattern: '{aisle}{position}',
					},
					{
						warehouse_code: 'WH1',
						zone_code: 'Z-A',
						bin_type: 'pallet',
						aisles: 'B',
						positions: '1-3',
						levels: '1',
						bin_code_pattern: 'B|{position}',
					},
					{
						warehouse_code: 'WH1',
						zone_code: 'Z-A',
						bin_type: 'pallet',
						aisles: 'C',
						positions: '1-3',
						levels: '1',
						bin_code_pattern: '{aisle}-{position}',
					},
				],
			);
			expect(outputs[1].map((item) => item.json.message)).toEqual([
				'The 1st input item: bin_code_pattern has no {level}, so bins of different levels would get the same code: add {level} to the pattern',
				expect.stringMatching(
					/^The 2nd input item: bin_code must be a code without blanks at either end and without "\|" \(got "B\|1"\)/,
				),
			]);
			expect(outputs[0].map((item) => item.json.key)).toEqual(['WH1|C-1', 'WH1|C-2', 'WH1|C-3']);
			expect(sim.stats().requests['/bin/add']).toBe(1);
		});

		it('stops a range larger than Max Bins before sending', async () => {
			const { error } = await harness.run(
				range({ aisles: 'A-J', positions: '1-10', levels: '1-10', options: { maxBins: 500 } }),
				[{}],
			);
			expect(error?.message).toBe(
				'The 1st input item: aisles × positions × levels make 1000 bins, more than the 500 allowed per input item (Options → Max Bins)',
			);
			expect(sim.stats().requests['/bin/add']).toBeUndefined();
		});
	});

	describe('Warehouse: Get', () => {
		it('returns a warehouse with its structure, or one item per bin', async () => {
			await seed();
			await harness.run(range({ aisles: 'A', positions: '1-2', levels: '1' }), [{}]);
			const nested = await harness.run(structure('warehouse', 'get', { warehouseCode: 'WH1' }), [
				{},
			]);
			expect(nested.outputs[0]).toHaveLength(1);
			expect(nested.outputs[0][0].json).toMatchObject({
				code: 'WH1',
				areas: [
					{
						area_code: 'STO',
						zones: [{ zone_code: 'Z-A', bins: [{ bin_code: 'A-01-01' }, { bin_code: 'A-02-01' }] }],
					},
					{ area_code: 'PCK', area_type: 'picking', zones: [{ zone_code: 'Z-P', bins: [] }] },
				],
			});
			const perBin = await harness.run(
				structure('warehouse', 'get', { warehouseCode: 'WH1', output: 'bins' }),
				[{}],
			);
			expect(perBin.outputs[0].map((item) => item.json)).toEqual([
				expect.objectContaining({
					warehouse_code: 'WH1',
					area_code: 'STO',
					zone_code: 'Z-A',
					zone_name: 'Racking A',
					bin_code: 'A-01-01',
					bin_type: 'pallet',
				}),
				expect.objectContaining({ bin_code: 'A-02-01' }),
			]);
		});

		it('takes the warehouse from an expression per input item and names one that does not exist', async () => {
			await seed();
			const { outputs } = await harness.run(
				structure('warehouse', 'get', { warehouseCode: '={{ $json.wh }}' }, 'continueErrorOutput'),
				[{ wh: 'WH2' }, { wh: 'WH7' }],
			);
			expect(outputs[0].map((item) => [item.json.code, item.pairedItem])).toEqual([
				['WH2', { item: 0 }],
			]);
			expect(outputs[1][0].json.message).toBe(
				'The 2nd input item: warehouse "WH7" does not exist on the platform',
			);
		});
	});

	describe('dropdowns', () => {
		it('load warehouses, then areas of the warehouse, zones of the area and bins of the zone', async () => {
			await seed();
			await harness.run(range({ aisles: 'A', positions: '1', levels: '1-2' }), [{}]);
			await harness.run(
				range({ zoneCode: 'Z-P', aisles: 'P', positions: '1', levels: '1', binType: 'shelf' }),
				[{}],
			);

			expect(await harness.listAll(structure('area', 'add'), 'getWarehouses')).toEqual([
				{ name: 'Hamburg (WH1)', value: 'WH1' },
				{ name: 'Rotterdam (WH2)', value: 'WH2' },
			]);
			expect(
				await harness.listAll(structure('zone', 'add', { warehouseCode: 'WH1' }), 'getAreas'),
			).toEqual([
				{ name: 'Picking (PCK)', value: 'PCK' },
				{ name: 'Storage (STO)', value: 'STO' },
			]);
			expect(
				await harness.listAll(structure('zone', 'add', { warehouseCode: 'WH2' }), 'getAreas'),
			).toEqual([]);
			expect(
				await harness.listAll(structure('bin', 'add', { warehouseCode: 'WH1' }), 'getZones'),
			).toEqual([
				{ name: 'Picking › Shelving (Z-P)', value: 'Z-P' },
				{ name: 'Storage › Racking A (Z-A)', value: 'Z-A' },
			]);
			// A form with an area picker (here Zone: Add's) narrows the zones to that area.
			expect(
				await harness.listAll(
					structure('zone', 'add', { warehouseCode: 'WH1', areaCode: 'STO' }),
					'getZones',
				),
			).toEqual([{ name: 'Storage › Racking A (Z-A)', value: 'Z-A' }]);
			const bins = await harness.listAll(
				structure('bin', 'add', { warehouseCode: 'WH1', zoneCode: 'Z-A' }),
				'getBins',
			);
			expect(bins.map((option) => option.value)).toEqual(['A-01-01', 'A-01-02']);
		});

		it('lists areas of every warehouse, named with theirs, while no warehouse is chosen', async () => {
			await seed();
			await harness.run(
				structure('area', 'add', { warehouseCode: 'WH2', areaCode: 'RCV', name: 'Receiving' }),
				[{}],
			);
			expect(
				await harness.listAll(
					structure('zone', 'add', { warehouseCode: '={{ $json.wh }}' }),
					'getAreas',
				),
			).toEqual([
				{ name: 'WH1 › Picking (PCK)', value: 'PCK' },
				{ name: 'WH1 › Storage (STO)', value: 'STO' },
				{ name: 'WH2 › Receiving (RCV)', value: 'RCV' },
			]);
		});
	});

	describe('resource locators', () => {
		const locator = (value: string, mode = 'list') => ({ __rl: true, mode, value });

		it('search thousands of bins on the platform: the typed text and the page token go to /bin/check', async () => {
			await seed();
			await harness.run(range({ aisles: 'A-C', positions: '1-40', levels: '1-25' }), [{}]);
			expect(sim.store.count('bin')).toBe(3000);
			const form = structure('bin', 'add', {
				warehouseCode: locator('WH1'),
				zoneCode: locator('Z-A'),
			});
			sim.resetStats();

			const first = await harness.listSearch(form, 'getBins');
			expect(first.results).toHaveLength(100);
			expect(first.paginationToken).toEqual(expect.any(String));
			const second = await harness.listSearch(
				form,
				'getBins',
				undefined,
				first.paginationToken as string,
			);
			expect(second.results).toHaveLength(100);
			const firstCodes = new Set(first.results.map((bin) => bin.value));
			expect(second.results.some((bin) => firstCodes.has(bin.value))).toBe(false);
			expect(sim.stats().requests['/bin/check']).toBe(2);

			// "b-17-" in any case: the 25 levels of aisle B, bay 17, in one page; nothing else read.
			const found = await harness.listSearch(form, 'getBins', 'b-17-');
			expect(found.results.map((bin) => bin.value)).toEqual(
				Array.from({ length: 25 }, (_, i) => `B-17-${String(i + 1).padStart(2, '0')}`),
			);
			expect(found.results[0].name).toBe('B-17-01 (Z-A, pallet)');
			expect(found.paginationToken).toBeUndefined();
			expect(sim.stats().requests['/bin/check']).toBe(3);
			expect(sim.stats().requests['/warehouse/check'] ?? 0).toBe(0);

			expect(await harness.listAll(form, 'getBins', 'no such bin')).toEqual([]);
		});

		it('search warehouses on code and name, areas and zones of the chosen warehouse on theirs', async () => {
			await seed();
			expect(await harness.listAll(structure('area', 'add'), 'getWarehouses', 'rotter')).toEqual([
				{ name: 'Rotterdam (WH2)', value: 'WH2' },
			]);
			expect(await harness.listAll(structure('area', 'add'), 'getWarehouses', 'wh1')).toEqual([
				{ name: 'Hamburg (WH1)', value: 'WH1' },
			]);
			expect(
				await harness.listAll(
					structure('zone', 'add', { warehouseCode: locator('WH1') }),
					'getAreas',
					'pick',
				),
			).toEqual([{ name: 'Picking (PCK)', value: 'PCK' }]);
			expect(
				await harness.listAll(
					structure('bin', 'add', { warehouseCode: locator('WH1') }),
					'getZones',
					'z-a',
				),
			).toEqual([{ name: 'Storage › Racking A (Z-A)', value: 'Z-A' }]);
		});

		it('a value saved as a plain code (before the pickers were locators) and one picked from a list or typed by code all reach the platform', async () => {
			await seed();
			const bin = (binCode: string, parents: Record<string, unknown>) =>
				structure('bin', 'add', { binCode, binType: 'shelf', ...parents });
			const saved = await harness.run(bin('P-01', { warehouseCode: 'WH1', zoneCode: 'Z-P' }), [{}]);
			const picked = await harness.run(
				bin('P-02', { warehouseCode: locator('WH1'), zoneCode: locator('Z-P') }),
				[{}],
			);
			const typed = await harness.run(
				bin('P-03', { warehouseCode: locator('WH1', 'code'), zoneCode: locator('Z-P', 'code') }),
				[{}],
			);
			for (const run of [saved, picked, typed])
				expect(run.outputs[0][0].json).toMatchObject({ status: 'created' });
			expect(sim.store.list('bin').map((row) => [row.bin_code, row.zone_code])).toEqual([
				['P-01', 'Z-P'],
				['P-02', 'Z-P'],
				['P-03', 'Z-P'],
			]);
			const got = await harness.run(
				structure('warehouse', 'get', { warehouseCode: locator('WH1'), output: 'bins' }),
				[{}],
			);
			expect(got.outputs[0].map((item) => item.json.bin_code)).toEqual(['P-01', 'P-02', 'P-03']);
		});
	});
});
