/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The build step that makes contract/openapi.yaml the one description: the committed generated
 * module is what the contract and its overlay give, and a change to a copy of the contract alone
 * reaches the field specs, the forms and the route limits.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';

import type { INodeProperties } from 'n8n-workflow';

import { recordProperties } from '../../nodes/shared/form/properties';
import { checkRecord } from '../../nodes/shared/checking';
import {
	DEFAULTS,
	generate,
	generateFiles,
	labelOf,
	main,
	MAX_LINES,
	render,
	staleFiles,
	writeFiles,
	type GeneratedRoute,
} from '../../dev/scripts/contract/generate';
import { readDocument } from '../../dev/scripts/contract/load';
import { contract, type ContractDocument, type Schema } from '../support/contract';

const overlay = readDocument(DEFAULTS.overlay);

const copy = (change: (doc: ContractDocument) => void): ContractDocument => {
	const doc = structuredClone(contract);
	change(doc);
	return doc;
};

const record = (route: GeneratedRoute) => route.body.find((field) => field.name === 'items')!;
const spec = (route: GeneratedRoute) => ({
	noun: route.noun!,
	key: route.naturalKey ?? [],
	fields: record(route).fields!,
	readOnly: record(route).readOnly,
});
const show = { resource: 'supplier', operation: 'upsert' };
const property = (properties: INodeProperties[], name: string) =>
	properties.find((candidate) => candidate.name === name);
const additional = (properties: INodeProperties[]) =>
	property(properties, 'additionalFields')!.options as INodeProperties[];

const CHECK = { unknownFields: 'error', timeZone: 'UTC' } as const;

describe('the generated files', () => {
	// Nothing in `npm test` regenerates them before this runs: it reads the files as committed.
	it('are what contract/openapi.yaml and contract/overlay.yaml generate (else run npm run contract:generate)', () => {
		const { files, problems } = generateFiles();
		expect(problems).toEqual([]);
		const stale = staleFiles(DEFAULTS.out, files);
		if (stale.length > 0) {
			throw new Error(
				`nodes/shared/platform/generated/ (${stale.join(', ')}) is not what the contract generates: run npm run contract:generate and commit the result`,
			);
		}
	});

	it('fail the check, naming the files and the command, when the contract changed and nothing was regenerated', () => {
		const dir = mkdtempSync(join(tmpdir(), 'wms-generated-'));
		const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
		const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
		try {
			const folder = join(dir, 'generated');
			writeFiles(folder, generateFiles().files);
			const argv = ['--check', '--out', folder];
			expect(main(argv)).toBe(0);

			const changed = copy((doc) => {
				(
					doc.components.schemas.Supplier as Schema & { properties: Record<string, Schema> }
				).properties.website = { type: 'string', maxLength: 200 };
			});
			const changedContract = join(dir, 'openapi.yaml');
			writeFileSync(changedContract, stringify(changed));
			expect(main([...argv, '--contract', changedContract, '--overlay', DEFAULTS.overlay])).toBe(1);
			const said = err.mock.calls.map(([text]) => String(text)).join('');
			expect(said).toContain('suppliers.ts');
			expect(said).toContain('run npm run contract:generate');
		} finally {
			err.mockRestore();
			out.mockRestore();
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it("are each under the house's 300 lines, however many routes an area has", () => {
		const many = copy((doc) => {
			for (let n = 0; n < 40; n++)
				doc.paths[`/supplier_copy_${n}/add`] = doc.paths['/supplier/add'];
		});
		const files = render(generate(many, overlay), ['contract/openapi.yaml']);
		expect(
			Object.keys(files).filter((name) => name.startsWith('suppliers')).length,
		).toBeGreaterThan(1);
		for (const [name, source] of Object.entries(files))
			expect({ name, lines: source.split('\n').length <= MAX_LINES }).toEqual({
				name,
				lines: true,
			});
	});
});

describe('a change to the contract alone', () => {
	const supplier = contract.components.schemas.Supplier as Schema & {
		properties: Record<string, Schema>;
		required: string[];
	};
	const changed = copy((doc) => {
		const schemas = doc.components.schemas as Record<
			string,
			Schema & { properties: Record<string, Schema>; required: string[] }
		>;
		schemas.Supplier.properties.website = {
			type: 'string',
			maxLength: 200,
			description: "The supplier's web site.",
		};
		schemas.Supplier.properties.tax_region = { type: 'string', enum: ['EU', 'UK', 'US'] };
		schemas.Supplier.required = [...supplier.required, 'tax_region'];
		schemas.Supplier.properties.name = { ...supplier.properties.name, maxLength: 120 };
		schemas.CourierService.properties.service_level = {
			type: 'string',
			enum: ['economy', 'standard', 'two_day'],
		};
		doc.paths['/supplier/add'].post['x-max-items'] = 250;
		schemas.InventoryBatch = {
			type: 'object',
			required: ['sku', 'batch'],
			properties: {
				sku: { $ref: '#/components/schemas/Sku' },
				batch: { $ref: '#/components/schemas/Batch' },
				expiry_date: { type: 'string', format: 'date' },
			},
		};
		doc.paths['/inventory_batch/add'] = {
			post: {
				'x-natural-key': ['sku', 'batch'],
				requestBody: {
					content: {
						'application/json': {
							schema: {
								type: 'object',
								required: ['items'],
								properties: {
									items: {
										type: 'array',
										maxItems: 500,
										items: { $ref: '#/components/schemas/InventoryBatch' },
									},
								},
							},
						},
					},
				},
			},
		};
	});
	const { routes, problems } = generate(changed, overlay);
	const before = generate(contract, overlay).routes;

	it('leaves the overlay matching', () => expect(problems).toEqual([]));

	it("puts a new optional field in the record, labelled from its name, with the contract's description and limits", () => {
		expect(
			record(routes['/supplier/add']).fields!.find((field) => field.name === 'website'),
		).toEqual({
			name: 'website',
			label: 'Website',
			type: 'string',
			description: "The supplier's web site",
			maxLength: 200,
		});
		expect(record(before['/supplier/add']).fields!.some((field) => field.name === 'website')).toBe(
			false,
		);
	});

	it('shows a new required field up front with its dropdown, and new optional ones under Additional Fields', () => {
		const properties = recordProperties(spec(routes['/supplier/add']), show);
		expect(property(properties, 'taxRegion')).toMatchObject({
			displayName: 'Tax Region',
			required: true,
			type: 'options',
			options: [
				{ name: 'EU', value: 'EU' },
				{ name: 'UK', value: 'UK' },
				{ name: 'US', value: 'US' },
			],
		});
		expect(additional(properties).map((option) => option.name)).toContain('website');
		expect(
			property(recordProperties(spec(before['/supplier/add']), show), 'taxRegion'),
		).toBeUndefined();
	});

	it('refuses a record without the new required field, or with a value outside the enum, before sending', () => {
		const supplierSpec = spec(routes['/supplier/add']);
		expect(checkRecord(supplierSpec, { code: 'S1', name: 'Acme' }, CHECK).problems).toEqual([
			{ field: 'tax_region', problem: 'is required but missing or empty' },
		]);
		expect(
			checkRecord(supplierSpec, { code: 'S1', name: 'Acme', tax_region: 'CH' }, CHECK).problems,
		).toEqual([{ field: 'tax_region', problem: 'must be one of EU, UK, US (got "CH")' }]);
		expect(
			checkRecord(supplierSpec, { code: 'S1', name: 'Acme', tax_region: 'EU' }, CHECK).problems,
		).toEqual([]);
		expect(
			checkRecord(spec(before['/supplier/add']), { code: 'S1', name: 'Acme' }, CHECK).problems,
		).toEqual([]);
	});

	it('checks a changed length', () => {
		const name = 'N'.repeat(150);
		expect(
			checkRecord(spec(routes['/supplier/add']), { code: 'S1', name, tax_region: 'EU' }, CHECK)
				.problems,
		).toEqual([{ field: 'name', problem: 'must be at most 120 characters long (got 150)' }]);
		expect(
			checkRecord(spec(before['/supplier/add']), { code: 'S1', name }, CHECK).problems,
		).toEqual([]);
	});

	it('offers a changed enum', () => {
		const level = record(routes['/courier_service/add']).fields!.find(
			(field) => field.name === 'service_level',
		)!;
		expect(level.options).toEqual([
			{ name: 'Economy', value: 'economy' },
			{ name: 'Standard', value: 'standard' },
			{ name: 'Two Day', value: 'two_day' },
		]);
	});

	it("takes a lower x-max-items as the route's records per request", () => {
		expect(before['/supplier/add'].maxItems).toBe(1000);
		expect(routes['/supplier/add'].maxItems).toBe(250);
	});

	it('adds a new route to the table: a bulk upsert by its natural key (its results keyed by it), safe to repeat, its limit from the items list', () => {
		const { body, ...info } = routes['/inventory_batch/add'];
		expect(info).toEqual({
			kind: 'bulk',
			maxItems: 500,
			idempotent: true,
			naturalKey: ['sku', 'batch'],
			resultKey: ['sku', 'batch'],
			noun: 'inventory batch',
			// Its records go under items; it describes no answer, so no row counts as stored by what it answers.
			wire: { records: 'items', results: { by: 'none' } },
		});
		expect(
			record(routes['/inventory_batch/add']).fields!.map((field) => [
				field.name,
				field.type,
				field.required ?? false,
			]),
		).toEqual([
			['sku', 'string', true],
			['batch', 'string', true],
			['expiry_date', 'date', false],
		]);
		expect(body).toHaveLength(1);
		expect(before['/inventory_batch/add']).toBeUndefined();
	});
});

describe('labels made from names', () => {
	it.each([
		['lead_time_days', 'Lead Time (Days)'],
		['net_quantity_per_unit', 'Net Quantity per Unit'],
		['max_volume_m3', 'Max Volume (m³)'],
		['hs_code', 'HS Code'],
		['skus', 'SKUs'],
		['country_of_origin', 'Country of Origin'],
		['website', 'Website'],
	])('%s → %s', (name, label) => expect(labelOf(name)).toBe(label));
});

describe('the overlay', () => {
	const route = (routes: Record<string, GeneratedRoute>, path: string, field: string) =>
		routes[path].body
			.flatMap((container) => container.fields ?? [container])
			.find((candidate) => candidate.name === field);

	it('reports a misspelt annotation and an entry that matches nothing, instead of silently changing nothing', () => {
		const { problems } = generate(contract, {
			fields: { website: { label: 'Web' } },
			routes: {
				'/supplier/add': { record: { name: { lable: 'Supplier Name' } } },
				'/no_such/route': {},
			},
		});
		expect(problems).toEqual([
			'overlay routes./supplier/add.record.name: unknown annotation "lable" (known: label, description, placeholder, patternHint, dropdown, dropdownDependsOn, default, optionNames, hidden)',
			'overlay routes./no_such/route: the contract has no such route',
			'overlay fields.website: matches no field of any route',
		]);
	});

	it('lets a route unsay what a broader level said (null), and hide a field from the forms', () => {
		const broad = { fields: { warehouse_code: { label: 'Warehouse', dropdown: 'getWarehouses' } } };
		const { routes } = generate(contract, {
			...broad,
			routes: {
				'/sales_order/check': {
					filter: { warehouse_code: { dropdown: null }, customer_code: { hidden: true } },
				},
			},
		});
		expect(route(routes, '/sales_order/add', 'warehouse_code')).toMatchObject({
			label: 'Warehouse',
			loadOptionsMethod: 'getWarehouses',
		});
		expect(
			route(routes, '/sales_order/check', 'warehouse_code')!.loadOptionsMethod,
		).toBeUndefined();
		expect(route(routes, '/sales_order/check', 'warehouse_code')!.label).toBe('Warehouse');
		expect(route(routes, '/sales_order/check', 'customer_code')).toBeUndefined();
	});
});
