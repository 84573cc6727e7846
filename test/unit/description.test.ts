/* eslint-disable @n8n/community-nodes/require-node-api-error -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The description compiler on documents that are not ours: where their records, filters, pages
 * and per-row results are, the key taken from the built-in description or not, the policies for
 * what real documents do (oneOf, cycles, unknown formats, a body that is a list, routes without an
 * operationId), and hostile documents that must end with a DescriptionProblem naming the place —
 * never a crash, a hang or a polluted prototype.
 */
import { stringify } from 'yaml';

import { platformFromText } from '../../nodes/shared/platform/compiled';
import { compileDescription } from '../../nodes/shared/platform/description/compile';
import { DescriptionProblem } from '../../nodes/shared/platform/description/problems';
import { readDescription } from '../../nodes/shared/platform/description/read';
import { BUILT_IN } from '../../nodes/shared/platform';
import { differences, differencesInWords } from '../../nodes/shared/platform/differences';

type Json = Record<string, unknown>;

const json = (body: unknown) => ({ content: { 'application/json': { schema: body } } });
const post = (request: unknown, answer: unknown, extra: Json = {}) => ({
	post: {
		requestBody: json(request),
		responses: { '200': { description: 'OK', ...json(answer) } },
		...extra,
	},
});
const doc = (paths: Json, schemas: Json = {}): Json => ({
	openapi: '3.0.3',
	info: { title: 'Other WMS', version: '9.1' },
	paths,
	components: { schemas },
});
const item = {
	type: 'object',
	required: ['item_number', 'owner_code'],
	properties: {
		item_number: { type: 'string', maxLength: 40 },
		owner_code: { type: 'string' },
		description: { type: 'string' },
		created_at: { type: 'string', format: 'date-time', readOnly: true },
	},
};

describe('where a platform of another shape keeps things', () => {
	const compiled = compileDescription(
		doc(
			{
				'/inventory/add': post(
					{
						type: 'object',
						required: ['data'],
						properties: {
							data: { type: 'array', maxItems: 250, items: { $ref: '#/components/schemas/Item' } },
						},
					},
					{
						type: 'object',
						properties: {
							accepted: {
								type: 'array',
								items: {
									type: 'object',
									properties: {
										row: { type: 'integer' },
										status: { type: 'string', enum: ['created', 'updated', 'unchanged'] },
									},
								},
							},
							rejected: {
								type: 'array',
								items: {
									type: 'object',
									properties: {
										row: { type: 'integer' },
										errors: {
											type: 'array',
											items: {
												type: 'object',
												properties: { field: { type: 'string' }, message: { type: 'string' } },
											},
										},
									},
								},
							},
						},
					},
				),
				'/inventory/check': post(
					{
						type: 'object',
						properties: {
							page: { type: 'integer', minimum: 1, default: 1 },
							per_page: { type: 'integer', maximum: 200 },
							item_numbers: { type: 'array', items: { type: 'string' } },
							category: { type: 'string' },
						},
					},
					{
						type: 'object',
						properties: {
							data: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
							meta: {
								type: 'object',
								properties: { total_pages: { type: 'integer' }, total: { type: 'integer' } },
							},
						},
					},
				),
				'/supplier/add': post(
					{
						type: 'array',
						items: {
							type: 'object',
							properties: { code: { type: 'string' }, name: { type: 'string' } },
						},
					},
					{
						type: 'object',
						properties: {
							results: {
								type: 'array',
								items: {
									type: 'object',
									properties: {
										index: { type: 'integer' },
										status: { type: 'string', enum: ['inserted', 'failed', 'queued'] },
									},
								},
							},
						},
					},
				),
				'/supplier/check': post(
					{
						type: 'object',
						properties: {
							offset: { type: 'integer' },
							limit: { type: 'integer', maximum: 100 },
							filters: { type: 'object', properties: { code: { type: 'string' } } },
						},
					},
					{ type: 'array', items: { type: 'object', properties: { code: { type: 'string' } } } },
				),
			},
			{ Item: item },
		),
		{ knownKey: (path) => BUILT_IN.route(path).naturalKey },
	);

	it('finds the records of a write under data, its limit in the list, and accepted and rejected rows in its answer', () => {
		expect(compiled.routes['/inventory/add']).toMatchObject({
			kind: 'bulk',
			maxItems: 250,
			idempotent: false,
			wire: {
				records: 'data',
				results: {
					by: 'split',
					accepted: 'accepted',
					rejected: 'rejected',
					index: 'row',
					status: 'status',
					errors: 'errors',
				},
				statuses: { stored: ['created', 'updated', 'unchanged'] },
			},
		});
	});

	it('takes no key where the description names none and the built-in key is not one of its fields, and says so', () => {
		expect(compiled.routes['/inventory/add'].naturalKey).toBeUndefined();
		expect(compiled.notes.map((note) => note.words).join('\n')).toMatch(
			/\/inventory\/add: the description names no key for its records \(the built-in sku is not one of its fields\)/,
		);
	});

	it('reads a page-numbered read: filters in the body, its size and first page, the list and the page count in the answer', () => {
		expect(compiled.routes['/inventory/check']).toMatchObject({
			kind: 'read',
			wire: {
				filter: '',
				paging: {
					by: 'page',
					page: 'page',
					first: 1,
					size: 'per_page',
					maxSize: 200,
					totalPages: 'meta.total_pages',
					total: 'meta.total',
				},
				list: 'data',
			},
		});
	});

	it('reads a write whose body is the list itself, and statuses it says it did not store or does not explain', () => {
		expect(compiled.routes['/supplier/add']).toMatchObject({
			kind: 'bulk',
			wire: {
				records: '',
				results: { by: 'perRow', list: 'results', index: 'index', status: 'status' },
				statuses: { stored: ['inserted'], notStored: ['failed'], unknown: ['queued'] },
			},
		});
		// The built-in key (code) is one of its fields: taken, and said where it came from.
		expect(compiled.routes['/supplier/add']).toMatchObject({
			naturalKey: ['code'],
			keyFrom: 'builtIn',
		});
	});

	it('reads an offset read whose answer is the list itself, its filters under filters', () => {
		expect(compiled.routes['/supplier/check']).toMatchObject({
			kind: 'read',
			wire: {
				filter: 'filters',
				paging: { by: 'offset', offset: 'offset', size: 'limit', maxSize: 100 },
				list: '',
			},
		});
	});

	it('leaves read-only fields out of a record and keeps its required ones', () => {
		const records = compiled.routes['/inventory/add'].body.find((field) => field.name === 'data')!;
		expect(records.readOnly).toEqual(['created_at']);
		expect(records.fields!.filter((field) => field.required).map((field) => field.name)).toEqual([
			'item_number',
			'owner_code',
		]);
	});
});

describe('what real documents do', () => {
	const route = (schema: unknown, extra: Json = {}) =>
		compileDescription(
			doc({
				'/thing/add': post(
					{
						type: 'object',
						required: ['items'],
						properties: { items: { type: 'array', items: schema } },
					},
					{},
					extra,
				),
			}),
		);
	const fields = (schema: unknown) => route(schema).routes['/thing/add'].body[0].fields!;

	it('reads a record that refers to itself as far as it goes, the looping part as JSON sent as given', () => {
		const compiled = compileDescription(
			doc(
				{
					'/thing/add': post(
						{
							type: 'object',
							required: ['items'],
							properties: {
								items: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
							},
						},
						{},
					),
				},
				{
					Node: {
						type: 'object',
						properties: {
							code: { type: 'string' },
							children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
						},
					},
				},
			),
		);
		const [code, children] = compiled.routes['/thing/add'].body[0].fields!;
		expect(code).toMatchObject({ name: 'code', type: 'string' });
		expect(children).toMatchObject({ name: 'children', type: 'list' });
		expect(children.fields!.find((field) => field.name === 'children')).toMatchObject({
			type: 'json',
		});
	});

	it('reads oneOf objects as one record with the fields every shape requires, and says there are several shapes', () => {
		const compiled = route({
			type: 'object',
			properties: {
				address: {
					oneOf: [
						{
							type: 'object',
							required: ['line1', 'city'],
							properties: { line1: { type: 'string' }, city: { type: 'string' } },
						},
						{
							type: 'object',
							required: ['po_box', 'city'],
							properties: { po_box: { type: 'string' }, city: { type: 'string' } },
						},
					],
				},
			},
		});
		const address = compiled.routes['/thing/add'].body[0].fields![0];
		expect(address.fields!.map((field) => [field.name, field.required ?? false])).toEqual([
			['line1', false],
			['city', true],
			['po_box', false],
		]);
		expect(compiled.notes.map((note) => note.words)).toContain(
			'address may take 2 shapes (shape 1, shape 2): each is checked against each shape until one fits',
		);
	});

	it('reads a value of several types as JSON, a nullable one as its type, an unknown format as text', () => {
		expect(
			fields({
				type: 'object',
				properties: {
					weight: { oneOf: [{ type: 'number' }, { type: 'string' }] },
					note: { anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] },
					uuid: { type: 'string', format: 'uuid' },
					size: { type: ['integer', 'null'], minimum: 1 },
				},
			}).map(({ name, type, maxLength, minimum }) => ({ name, type, maxLength, minimum })),
		).toEqual([
			{ name: 'weight', type: 'json' },
			{ name: 'note', type: 'string', maxLength: 5 },
			{ name: 'uuid', type: 'string' },
			{ name: 'size', type: 'integer', minimum: 1 },
		]);
	});

	it('does not run a pattern that could backtrack for very long, and says which field', () => {
		const compiled = route({
			type: 'object',
			properties: {
				code: { type: 'string', pattern: '^(a+)+$' },
				safe: { type: 'string', pattern: '^[A-Z]{2}$' },
			},
		});
		const [code, safe] = compiled.routes['/thing/add'].body[0].fields!;
		expect(code.pattern).toBeUndefined();
		expect(safe.pattern).toBe('^[A-Z]{2}$');
		expect(compiled.notes.map((note) => note.words).join('\n')).toMatch(
			/the pattern of code is not checked before sending: a part that repeats without bound holds another/,
		);
	});

	it('reads routes without an operationId, and other methods than POST as routes named by their method', () => {
		const compiled = compileDescription(
			doc({
				'/thing/add': {
					...post(
						{
							type: 'object',
							required: ['items'],
							properties: {
								items: {
									type: 'array',
									items: { type: 'object', properties: { a: { type: 'string' } } },
								},
							},
						},
						{},
					),
					get: { responses: {} },
				},
			}),
		);
		expect(compiled.routes['/thing/add'].kind).toBe('bulk');
		expect(compiled.routes['GET /thing/add']).toMatchObject({ kind: 'action', method: 'get' });
		expect(compiled.problems.join('\n')).not.toMatch(/only POST/);
	});
});

describe('a document that cannot be used ends with the place and the reason', () => {
	const problem = (document: unknown): DescriptionProblem => {
		try {
			compileDescription(document);
		} catch (error) {
			if (error instanceof DescriptionProblem) return error;
			throw error;
		}
		throw new Error('compiled');
	};

	it('a $ref to another file, naming where', () => {
		const found = problem(doc({ '/thing/add': post({ $ref: 'schemas.yaml#/Thing' }, {}) }));
		expect(found.message).toMatch(
			/a \$ref to another document \(schemas.yaml#\/Thing\).*\(in route \/thing\/add, request body\)$/,
		);
	});

	it('a $ref to another file inside a component, naming where it is written, not where it was reached from (and one that points at nothing)', () => {
		const request = {
			type: 'object',
			properties: { data: { type: 'array', maxItems: 250, items: { $ref: 'items.yaml#/Item' } } },
		};
		const found = problem(
			doc(
				{ '/thing/add': post({ $ref: '#/components/schemas/Request' }, {}) },
				{ Request: request },
			),
		);
		expect(found.message).toMatch(/^a \$ref to another document \(items.yaml#\/Item\)/);
		expect(found.pointer).toBe('#/components/schemas/Request/properties/data/items');
		const gone = problem(
			doc(
				{ '/thing/add': post({ $ref: '#/components/schemas/Request' }, {}) },
				{
					Request: {
						...request,
						properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Gone' } } },
					},
				},
			),
		);
		expect([gone.what, gone.pointer]).toEqual([
			'$ref #/components/schemas/Gone points at nothing',
			'#/components/schemas/Request/properties/data/items',
		]);
	});

	it('a $ref that points at nothing', () => {
		expect(
			problem(doc({ '/thing/add': post({ $ref: '#/components/schemas/Gone' }, {}) })).what,
		).toBe('$ref #/components/schemas/Gone points at nothing');
	});

	it('Swagger 2.0, another OpenAPI version, no paths, not an object', () => {
		expect(problem({ swagger: '2.0', paths: {} }).what).toMatch(/^a Swagger 2.0 description/);
		expect(problem({ openapi: '4.0.0', paths: {} }).what).toBe(
			'OpenAPI 4.0.0: the package reads OpenAPI 3.0 and 3.1',
		);
		expect(problem({ openapi: '3.1.0' }).pointer).toBe('#/paths');
		expect(problem([1, 2]).what).toBe('the description is not a JSON or YAML object');
	});

	it('a document whose references multiply past reason stops quickly instead of expanding', () => {
		const schemas: Json = { L0: { type: 'string' } };
		for (let level = 1; level <= 12; level++)
			schemas[`L${level}`] = {
				type: 'object',
				properties: Object.fromEntries(
					Array.from({ length: 10 }, (_, n) => [
						`p${n}`,
						{ $ref: `#/components/schemas/L${level - 1}` },
					]),
				),
			};
		const found = problem(
			doc(
				{
					'/thing/add': post(
						{
							type: 'object',
							required: ['items'],
							properties: { items: { type: 'array', items: { $ref: '#/components/schemas/L12' } } },
						},
						{},
					),
				},
				schemas,
			),
		);
		// Stopped by a budget of fields or steps (ten to the twelfth fields otherwise). The budget
		// is the promise; its time is the machine's (seconds alone, a minute beside other jobs).
		expect(found.what).toMatch(
			/expand to more than 200,000 fields|more than 1,000,000 schema steps/,
		);
	}, 180_000);

	it('YAML aliases that multiply (a billion laughs) end in the reader, naming it', () => {
		const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
		for (let n = 1; n < 10; n++)
			lines.push(
				`${String.fromCharCode(97 + n)}: &${String.fromCharCode(97 + n)} [${Array(10)
					.fill(`*${String.fromCharCode(96 + n)}`)
					.join(',')}]`,
			);
		expect(() => readDescription(`openapi: 3.0.0\n${lines.join('\n')}\n`)).toThrow(
			DescriptionProblem,
		);
	});

	it('keys such as __proto__ and constructor are fields, and pollute nothing', () => {
		const text = JSON.stringify(
			doc({
				'/thing/add': post(
					{
						type: 'object',
						required: ['items'],
						properties: {
							items: {
								type: 'array',
								items: {
									type: 'object',
									properties: JSON.parse(
										'{"__proto__": {"type": "string"}, "constructor": {"type": "integer"}, "polluted": {"type": "string"}}',
									),
								},
							},
						},
					},
					{},
				),
			}),
		);
		const { platform } = platformFromText(text, { kind: 'pasted' });
		expect(platform.recordSpec('/thing/add').fields.map((field) => field.name)).toEqual([
			'__proto__',
			'constructor',
			'polluted',
		]);
		expect(({} as Json).polluted).toBeUndefined();
		expect(({} as Json).type).toBeUndefined();
	});
});

describe('a description given as YAML or JSON', () => {
	const description = doc({
		'/supplier/add': post(
			{
				type: 'object',
				required: ['items'],
				properties: {
					items: {
						type: 'array',
						maxItems: 20,
						items: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
					},
				},
			},
			{},
		),
	});

	it('is the same platform either way, compiled once per text', () => {
		const fromJson = platformFromText(JSON.stringify(description), { kind: 'pasted' }).platform;
		const fromYaml = platformFromText(stringify(description), { kind: 'pasted' }).platform;
		expect(fromYaml.route('/supplier/add')).toEqual(fromJson.route('/supplier/add'));
		expect(platformFromText(stringify(description), { kind: 'pasted' }).platform).toBe(fromYaml);
	});

	it('is read with its indentation when the whole YAML document is indented', () => {
		expect(readDescription('  openapi: 3.0.3\n  paths: {}\n')).toEqual({
			openapi: '3.0.3',
			paths: {},
		});
	});

	it('is a web page or nothing: refused in words', () => {
		expect(() => readDescription('<!doctype html><html>')).toThrow(
			/a web page, not an OpenAPI description/,
		);
		expect(() => readDescription('  ')).toThrow(/empty/);
	});

	it('differs from the built-in one in words, the breaking differences first', () => {
		const { platform } = platformFromText(JSON.stringify(description), { kind: 'pasted' });
		const found = differences(BUILT_IN, platform);
		expect(found.changes).toContainEqual({
			route: '/supplier/add',
			kind: 'changed',
			text: '20 records per request (was 1,000)',
		});
		expect(differencesInWords(' (Other WMS 9.1)', found)).toMatch(
			/^Read the platform's API description \(Other WMS 9.1\): 1 routes\. Differs from the built-in one: \/inventory\/add is missing; .*, and \d+ more\.$/,
		);
	});
});
