import type { RunningSimulator } from '../../dev/simulator';
import type { Harness } from '../support/harness';
import { onAFreshPlatform } from '../support/platform';

const run = (resource: string, operation: string, parameters: Record<string, unknown> = {}) => ({
	resource,
	operation,
	...parameters,
});

describe('WMS Customer through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	onAFreshPlatform({ demoData: true }, (platform) => ({ sim, harness } = platform));

	it('adds a customer from the form with addresses and a default courier service, then updates it', async () => {
		const parameters = run('customer', 'upsert', {
			code: 'CUST-10',
			name: 'Alpine Tools AG',
			additionalFields: {
				currency: 'CHF',
				defaultCourierServiceCode: 'UPS-NDA',
				addresses: {
					entries: [
						{ type: 'billing', line1: 'Bahnhofstrasse 1', city: 'Zürich', country: 'CH' },
						{ type: 'shipping', line1: 'Industriestrasse 9', city: 'Winterthur', country: 'CH' },
					],
				},
			},
		});
		const first = await harness.run({ type: 'wmsCustomer', parameters }, [{}]);
		expect(first.error).toBeUndefined();
		expect(first.outputs[0][0]).toMatchObject({
			json: { key: 'CUST-10', status: 'created' },
			pairedItem: { item: 0 },
		});
		expect(sim.store.get('customer', 'CUST-10')).toMatchObject({
			currency: 'CHF',
			default_courier_service_code: 'UPS-NDA',
			addresses: [
				{ type: 'billing', city: 'Zürich' },
				{ type: 'shipping', city: 'Winterthur' },
			],
		});
		const renamed = await harness.run(
			{ type: 'wmsCustomer', parameters: { ...parameters, name: 'Alpine Tools AG (CH)' } },
			[{}],
		);
		expect(renamed.outputs[0][0].json.status).toBe('updated');
		expect(sim.store.count('customer')).toBe(4);
	});

	it('takes customers from input items, names bad ones, and reports an unknown courier service from the platform', async () => {
		const items = [
			{ code: 'C-1', name: 'One' },
			{
				code: 'C-2',
				name: 'Two',
				addresses: [{ type: 'depot', line1: 'x', city: 'y', country: 'DE' }],
			},
			{ code: 'C-3', name: 'Three', defaultCourierServiceCode: 'NOPE' },
			{ code: 'C-4', name: 'Four', email: 'four@example.com' },
		];
		const { outputs } = await harness.run(
			{
				type: 'wmsCustomer',
				parameters: run('customer', 'upsert', { fieldsToSend: 'inputItem' }),
				onError: 'continueErrorOutput',
			},
			items,
		);
		expect(outputs[0].map((item) => item.json.key)).toEqual(['C-1', 'C-4']);
		expect(outputs[1].map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
		expect(outputs[1][0].json.message).toBe(
			'Customer C-2: addresses.1.type must be one of billing, shipping, other (got "depot")',
		);
		expect(outputs[1][1].json.message).toMatch(
			/^Customer C-3: field "default_courier_service_code" courier service NOPE does not exist/,
		);
	});

	it('gets many customers by code, activity and with a limit', async () => {
		await harness.run(
			{ type: 'wmsCustomer', parameters: run('customer', 'upsert', { fieldsToSend: 'inputItem' }) },
			[{ code: 'C-OLD', name: 'Closed', active: false }],
		);
		const byCode = await harness.run(
			{
				type: 'wmsCustomer',
				parameters: run('customer', 'getMany', {
					returnAll: true,
					filters: { codes: 'CUST-2, C-OLD' },
				}),
			},
			[{}],
		);
		expect(byCode.outputs[0].map((item) => item.json.code)).toEqual(['CUST-2', 'C-OLD']);
		const inactive = await harness.run(
			{
				type: 'wmsCustomer',
				parameters: run('customer', 'getMany', { returnAll: true, filters: { active: false } }),
			},
			[{}],
		);
		expect(inactive.outputs[0].map((item) => item.json.code)).toEqual(['C-OLD']);
		const limited = await harness.run(
			{ type: 'wmsCustomer', parameters: run('customer', 'getMany', { limit: 2 }) },
			[{}],
		);
		expect(limited.outputs[0]).toHaveLength(2);
	});

	it('adds supply locations to a customer chosen from the dropdown; an unknown customer is an item error naming it', async () => {
		const parameters = run('supplyLocation', 'upsert', {
			customerCode: 'CUST-2',
			locationCode: '={{ $json.loc }}',
			name: '={{ $json.name }}',
			address: { values: { line1: '={{ $json.street }}', city: 'Lyon', country: 'FR' } },
			additionalFields: { openingHours: 'Mon-Fri 08:00-17:00' },
		});
		const { outputs, error } = await harness.run({ type: 'wmsCustomer', parameters }, [
			{ loc: 'NORD', name: 'Lyon Nord', street: 'Rue A 1' },
			{ loc: 'SUD', name: 'Lyon Sud', street: 'Rue B 2' },
		]);
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json)).toEqual([
			{ customer_code: 'CUST-2', location_code: 'NORD', key: 'CUST-2|NORD', status: 'created' },
			{ customer_code: 'CUST-2', location_code: 'SUD', key: 'CUST-2|SUD', status: 'created' },
		]);
		expect(sim.store.get('supply_location', 'CUST-2|SUD')).toMatchObject({
			name: 'Lyon Sud',
			address: { line1: 'Rue B 2' },
			opening_hours: 'Mon-Fri 08:00-17:00',
		});

		const unknown = await harness.run(
			{
				type: 'wmsCustomer',
				parameters: run('supplyLocation', 'upsert', { fieldsToSend: 'inputItem' }),
				onError: 'continueErrorOutput',
			},
			[
				{
					customer_code: 'CUST-77',
					location_code: 'X',
					name: 'Nowhere',
					address: { line1: 'a', city: 'b', country: 'DE' },
				},
				{
					customer_code: 'CUST-3',
					location_code: 'BERGEN',
					name: 'Bergen',
					address: { line1: 'a', city: 'Bergen', country: 'NO' },
				},
			],
		);
		expect(unknown.outputs[0].map((item) => item.json.key)).toEqual(['CUST-3|BERGEN']);
		expect(unknown.outputs[1][0].json.message).toMatch(
			/^Supply location CUST-77 \/ X: field "customer_code" customer CUST-77 does not exist/,
		);

		const missing = await harness.run(
			{
				type: 'wmsCustomer',
				parameters: run('supplyLocation', 'upsert', { fieldsToSend: 'inputItem' }),
			},
			[{ customer_code: 'CUST-3', location_code: 'Y', name: 'No address' }],
		);
		expect(missing.error?.message).toBe(
			'Supply location CUST-3 / Y: address is required but missing or empty',
		);
	});

	it('gets many supply locations by customer and country', async () => {
		const byCustomer = await harness.run(
			{
				type: 'wmsCustomer',
				parameters: run('supplyLocation', 'getMany', {
					returnAll: true,
					filters: { customerCodes: 'CUST-1' },
				}),
			},
			[{}],
		);
		expect(byCustomer.outputs[0].map((item) => item.json.location_code)).toEqual([
			'MAIN',
			'STORE-2',
		]);
		const norway = await harness.run(
			{
				type: 'wmsCustomer',
				parameters: run('supplyLocation', 'getMany', {
					returnAll: true,
					filters: { country: 'NO' },
				}),
			},
			[{}],
		);
		expect(norway.outputs[0].map((item) => item.json.customer_code)).toEqual(['CUST-3']);
		const bad = await harness.run(
			{
				type: 'wmsCustomer',
				parameters: run('supplyLocation', 'getMany', { filters: { country: 'Norway' } }),
			},
			[{}],
		);
		expect(bad.error?.message).toMatch(
			/^The 1st input item: Filters → Country must be a two-letter ISO country code/,
		);
	});

	it("lists customers and courier services in their pickers, in the platform's order", async () => {
		const node = { type: 'wmsCustomer', parameters: run('supplyLocation', 'upsert') };
		expect((await harness.listAll(node, 'getCustomers')).map((option) => option.value)).toEqual([
			'CUST-1',
			'CUST-2',
			'CUST-3',
		]);
		expect(
			(await harness.listAll(node, 'getCourierServices')).map((option) => option.value),
		).toEqual(['DHL-STD', 'DHL-EXP', 'UPS-NDA']);
	});
});
