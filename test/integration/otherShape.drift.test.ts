/**
 * Drift between two runs of a saved workflow (issue 30): the platform changes the description it
 * serves; once the re-check interval has passed (the clock moved, never waited for), the next run
 * reads it again and stops before sending anything for a field renamed or newly required, naming
 * the node or item, the field and what to do, and simply follows a lower limit.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningSimulator } from '../../dev/simulator';
import { RECHECK_MS } from '../../nodes/shared/platform/source';
import type { Harness } from '../support/harness';
import { itemOf } from '../support/platform';
import { FROM_THE_PLATFORM, keyOf, onCase, range, v2, writes } from '../support/otherShape';

jest.setTimeout(60_000);

type Doc = IDataObject & { components: { schemas: Record<string, IDataObject> } };

const addItems = (options: IDataObject = {}) =>
	v2('wmsInventory', {
		resource: 'item',
		operation: 'upsert',
		fieldsToSend: 'inputItem',
		options,
	});

/** A record schema of the document: its properties and required list, to edit. */
const schema = (doc: Doc, name: string) =>
	doc.components.schemas[name] as { properties: IDataObject; required: string[] };

function renamed(record: string, from: string, to: string) {
	return (doc: Doc) => {
		const { properties, required } = schema(doc, record);
		properties[to] = properties[from];
		delete properties[from];
		required.splice(required.indexOf(from), 1, to);
	};
}

function newRequired(record: string, field: string) {
	return (doc: Doc) => {
		const { properties, required } = schema(doc, record);
		properties[field] = { type: 'string', minLength: 1, maxLength: 20 };
		required.push(field);
	};
}

describe.each(FROM_THE_PLATFORM)('drift between two runs, $name', (c) => {
	let sim: RunningSimulator;
	let harness: Harness;
	onCase(c, {}, (platform) => ({ sim, harness } = platform));

	const realNow = Date.now.bind(Date);
	let offset = 0;
	beforeEach(() => {
		offset = 0;
		jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
	});
	afterEach(() => jest.restoreAllMocks());

	const items = (from: number, n: number) => range(n, from).map((i) => c.item(keyOf('IT', i)));

	/** When the first run began: its description was read no earlier. */
	let firstRunAt = 0;

	/** The first run, as the workflow ran yesterday: stored. */
	async function firstRun() {
		firstRunAt = realNow();
		const { error } = await harness.run(addItems(), items(0, 10));
		expect(error).toBeUndefined();
		expect(sim.store.count('inventory_item')).toBe(10);
	}

	/** The platform now describes itself otherwise; counters at zero for the second run. */
	function platformChanges(tweak: (doc: Doc) => void) {
		sim.description.set({ shape: 'acme', tweak: tweak as (doc: unknown) => void });
		sim.resetStats();
	}

	/** Asked again with the validator of the first read, and given the new document. */
	function readAgain() {
		const asked = sim.description.requests().filter((request) => request.path.endsWith(c.read!));
		expect(asked.map((request) => [request.status, request.ifNoneMatch !== undefined])).toEqual([
			[200, false],
			[200, true],
		]);
	}

	it('a required field renamed: within the re-check interval the description read before is used; after it, the run stops before sending, naming the item and the new field', async () => {
		await firstRun();
		platformChanges(renamed('InventoryItem', 'owner_code', 'owner_id'));

		// A second before the re-check is due, counted from when the first run began (not from now:
		// the first run may take seconds on a busy machine, and its description was read at its start).
		offset = RECHECK_MS - 1_000 - (realNow() - firstRunAt);
		const checked = await harness.run(addItems({ checkOnly: true }), items(10, 3));
		expect(checked.error).toBeUndefined();
		expect(sim.description.requests()).toHaveLength(1);

		offset = RECHECK_MS;
		const { outputs, error } = await harness.run(addItems(), items(10, 3));
		expect(outputs).toEqual([]);
		expect(error?.message).toMatch(/^The 1st input item \("Item IT-0010"\): owner_id is required/);
		expect(error?.description).toMatch(/Fix "owner_id" of the 1st input item .* Nothing was sent/);
		expect(writes(sim)).toEqual({});
		expect(sim.store.count('inventory_item')).toBe(10);
		readAgain();
	});

	it('a new required field: the run after the interval stops before sending, naming it', async () => {
		await firstRun();
		platformChanges(newRequired('InventoryItem', 'site_code'));
		offset = RECHECK_MS;
		const { error } = await harness.run(addItems(), items(10, 300));
		expect(error?.message).toMatch(/^The 1st input item \("Item IT-0010"\): site_code is required/);
		expect(writes(sim)).toEqual({});
		expect(sim.store.count('inventory_item')).toBe(10);
		readAgain();
	});

	it('a lower limit (250 → 100 a request) is simply followed: more requests, every item stored once', async () => {
		await firstRun();
		platformChanges((doc) => {
			((schema(doc, 'InventoryAddRequest').properties.data as IDataObject).maxItems as number) =
				100;
		});
		offset = RECHECK_MS;
		const { outputs, error } = await harness.run(addItems(), items(10, 300));
		expect(error).toBeUndefined();
		expect(outputs[0].map(itemOf)).toEqual(range(300));
		expect(sim.stats().requests['/inventory/add']).toBe(3);
		expect(sim.stats().items['/inventory/add']).toBe(300);
		expect(sim.stats().statuses['413']).toBeUndefined();
		expect(sim.store.count('inventory_item')).toBe(310);
		readAgain();
	});

	describe('a saved form (Supplier: Define Below)', () => {
		const supplierForm = v2('wmsSupplier', {
			resource: 'supplier',
			operation: 'upsert',
			fieldsToSend: 'form',
			code: 'SUP-1',
			name: 'Bolts & Nuts Ltd',
		});

		async function firstFormRun() {
			const { error } = await harness.run(supplierForm, [{}]);
			expect(error).toBeUndefined();
			expect(sim.store.get('supplier', 'SUP-1')).toMatchObject({ name: 'Bolts & Nuts Ltd' });
		}

		it('stops, naming the node, the field the form sets that the platform renamed, and what to do', async () => {
			await firstFormRun();
			platformChanges(renamed('Supplier', 'name', 'supplier_name'));
			offset = RECHECK_MS;
			const { error } = await harness.run(supplierForm, [{}]);
			expect(error?.message).toBe(
				`WMS: the platform's API description (Acme WMS Public API 2.4.0) has no field "Name" (name), which this node's form sets on /supplier/add`,
			);
			expect(error?.description).toMatch(/^Open the node and choose the platform's fields again/);
			expect(error?.description).toMatch(/Nothing was sent\.$/);
			expect(writes(sim)).toEqual({});
		});

		it('stops, naming a field the platform now requires and where to give it', async () => {
			await firstFormRun();
			platformChanges(newRequired('Supplier', 'x_vat_id'));
			offset = RECHECK_MS;
			const { error } = await harness.run(supplierForm, [{}]);
			expect(error?.message).toMatch(
				/^WMS: the platform's API description \(Acme WMS Public API 2\.4\.0\) requires ".*" \(x_vat_id\), which this node's form does not set \(add it under Extra Fields, named as the platform names it\) on \/supplier\/add$/,
			);
			expect(writes(sim)).toEqual({});

			// Given under Extra Fields, as the error says, the record goes.
			const given = await harness.run(
				{
					...supplierForm,
					parameters: {
						...supplierForm.parameters,
						extraFields: { field: [{ name: 'x_vat_id', value: 'DE123' }] },
					},
				},
				[{}],
			);
			expect(given.error).toBeUndefined();
		});
	});
});
