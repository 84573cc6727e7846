/**
 * A value of several shapes (oneOf/anyOf), as a vendor writes it: a dangerous-goods
 * classification that is either a UN number or a local code, told apart by its `scheme`
 * (a discriminator, with and without a mapping), or by its fields alone; and records that are
 * themselves of two shapes. Each value is checked against the shape it claims, or each shape in
 * turn — never only the first shape's enum — and the form offers every shape's values.
 */
import type { IDataObject } from 'n8n-workflow';

import { checkRecord } from '../../nodes/shared/checking';
import { platformFromText } from '../../nodes/shared/platform/compiled';

type Json = Record<string, unknown>;

const UN = {
	type: 'object',
	required: ['scheme', 'un_number'],
	properties: {
		scheme: { type: 'string', enum: ['UN'] },
		un_number: { type: 'string', pattern: '^UN[0-9]{4}$' },
		packing_group: { type: 'string', enum: ['I', 'II', 'III'] },
	},
};
const LOCAL = {
	type: 'object',
	required: ['scheme', 'local_code'],
	properties: {
		scheme: { type: 'string', enum: ['LOCAL'] },
		local_code: { type: 'string', maxLength: 8 },
	},
};

/** A vendor's dangerous-goods write whose classification is `classification` (a schema). */
function platformWith(classification: Json, record: Json | undefined = undefined) {
	const doc = {
		openapi: '3.1.0',
		info: { title: 'Vendor', version: '1' },
		paths: {
			'/inventory_dangerous_goods/add': {
				post: {
					requestBody: {
						content: {
							'application/json': {
								schema: {
									type: 'object',
									properties: {
										items: {
											type: 'array',
											items: record ?? {
												type: 'object',
												required: ['sku'],
												properties: { sku: { type: 'string' }, classification },
											},
										},
									},
								},
							},
						},
					},
					responses: { '200': { description: 'OK' } },
				},
			},
		},
		components: { schemas: { UnClassification: UN, LocalClassification: LOCAL } },
	};
	return platformFromText(JSON.stringify(doc), { kind: 'pasted' });
}

const oneOf = [
	{ $ref: '#/components/schemas/UnClassification' },
	{ $ref: '#/components/schemas/LocalClassification' },
];

function problemsOf(platform: ReturnType<typeof platformWith>['platform'], record: IDataObject) {
	const spec = platform.recordSpec('/inventory_dangerous_goods/add');
	return checkRecord(spec, record, { unknownFields: 'error', timeZone: 'UTC' }).problems.map(
		({ field, problem }) => `${field} ${problem}`,
	);
}

describe.each([
	[
		'a discriminator with a mapping',
		{
			oneOf,
			discriminator: {
				propertyName: 'scheme',
				mapping: {
					UN: '#/components/schemas/UnClassification',
					LOCAL: '#/components/schemas/LocalClassification',
				},
			},
		},
	],
	[
		'a discriminator without a mapping (the shapes’ own enums)',
		{ oneOf, discriminator: { propertyName: 'scheme' } },
	],
	['no discriminator (each shape in turn)', { oneOf }],
	['anyOf', { anyOf: oneOf }],
])('a classification of two shapes, %s', (_how, classification) => {
	const { platform } = platformWith(classification);

	it('takes a value of the second shape (it was refused: "must be one of UN")', () => {
		expect(
			problemsOf(platform, {
				sku: 'PAINT-1',
				classification: { scheme: 'LOCAL', local_code: 'L7' },
			}),
		).toEqual([]);
	});

	it('takes a value of the first shape, and checks it by that shape’s rules', () => {
		expect(
			problemsOf(platform, {
				sku: 'PAINT-1',
				classification: { scheme: 'UN', un_number: 'UN1263' },
			}),
		).toEqual([]);
		const [problem] = problemsOf(platform, {
			sku: 'PAINT-1',
			classification: { scheme: 'UN', un_number: '1263' },
		});
		expect(problem).toMatch(/un_number/);
	});

	it('refuses a value that fits neither shape, naming the field', () => {
		const problems = problemsOf(platform, {
			sku: 'PAINT-1',
			classification: { scheme: 'LOCAL', local_code: 'FAR-TOO-LONG-CODE' },
		});
		expect(problems).toHaveLength(1);
		expect(problems[0]).toMatch(/^classification\b/);
		expect(problems[0]).toMatch(/local_code/);
	});

	it('refuses a value that mixes the shapes (a local scheme with a UN number and no local code)', () => {
		const problems = problemsOf(platform, {
			sku: 'PAINT-1',
			classification: { scheme: 'LOCAL', un_number: 'UN1263' },
		});
		expect(problems.length).toBeGreaterThan(0);
		for (const problem of problems) expect(problem).toMatch(/^classification\b/);
	});

	it('offers every shape’s values in the form, and says the value takes several shapes', () => {
		const field = platform
			.recordSpec('/inventory_dangerous_goods/add')
			.fields.find((candidate) => candidate.name === 'classification')!;
		const scheme = field.fields!.find((candidate) => candidate.name === 'scheme')!;
		expect(scheme.options!.map((option) => option.value)).toEqual(['UN', 'LOCAL']);
		expect(field.shapes!.map((shape) => shape.name)).toEqual([
			'UnClassification',
			'LocalClassification',
		]);
	});
});

describe('a discriminator names the shape', () => {
	const { platform, notes } = platformWith({ oneOf, discriminator: { propertyName: 'scheme' } });

	it('refuses a scheme no shape has, naming the discriminator and the values it takes', () => {
		expect(
			problemsOf(platform, { sku: 'PAINT-1', classification: { scheme: 'ADR', local_code: 'x' } }),
		).toEqual([
			'classification.scheme must be one of UN, LOCAL (got string "ADR"): it names the shape of the rest',
		]);
	});

	it('says in the notes how a value of several shapes is checked', () => {
		expect(JSON.stringify(notes)).toMatch(
			/classification may take 2 shapes \(UnClassification, LocalClassification\): each is checked against the shape its scheme names/,
		);
	});
});

describe('records of two shapes', () => {
	const { platform } = platformWith(
		{},
		{
			oneOf: [
				{
					type: 'object',
					title: 'by UN number',
					required: ['sku', 'un_number'],
					properties: { sku: { type: 'string' }, un_number: { type: 'string' } },
				},
				{
					type: 'object',
					title: 'by local code',
					required: ['sku', 'local_code'],
					properties: { sku: { type: 'string' }, local_code: { type: 'string' } },
				},
			],
		},
	);

	it('takes a record of either shape, and refuses one of neither', () => {
		expect(problemsOf(platform, { sku: 'A', un_number: 'UN1263' })).toEqual([]);
		expect(problemsOf(platform, { sku: 'A', local_code: 'L7' })).toEqual([]);
		expect(problemsOf(platform, { sku: 'A' })).toEqual([
			'un_number fits none of its 2 shapes (by UN number, by local code); closest is by UN number, where un_number is required but missing or empty',
		]);
	});
});
