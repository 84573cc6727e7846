/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * Holds the package against contract/openapi.yaml, read here on its own: the route table's paths
 * and limits, and every operation's fields (names, types, required flags, enums, limits) against
 * the route's schema. The fields are generated from the contract (contract-generate.test.ts);
 * this second reading catches a generator that misreads it, and an operation that sends fields
 * of its own making.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

import type { FieldSpec } from '../../nodes/shared/platform';
import type { Operation } from '../../nodes/shared/operations';
import type { Resource } from '../../nodes/shared/router';
import { ROUTES } from '../../nodes/shared/platform';
import { contract, requestSchema, resolve, type Schema } from '../support/contract';

const nodesDir = join(__dirname, '../../nodes');
const operations: Array<{ node: string; operation: Operation }> = readdirSync(nodesDir)
	.filter((dir) => existsSync(join(nodesDir, dir, 'actions/index.ts')))
	.flatMap((dir) => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { resources } = require(join(nodesDir, dir, 'actions')) as { resources: Resource[] };
		return resources.flatMap((resource) =>
			resource.operations.map((operation) => ({ node: dir, operation })),
		);
	});

const TYPE_OF: Record<FieldSpec['type'], (s: Schema) => boolean> = {
	string: (s) => s.type === 'string' && !s.format?.startsWith('date'),
	number: (s) => s.type === 'number',
	integer: (s) => s.type === 'integer',
	boolean: (s) => s.type === 'boolean',
	date: (s) => s.type === 'string' && s.format === 'date',
	dateTime: (s) => s.type === 'string' && s.format === 'date-time',
	stringList: (s) => s.type === 'array' && resolve(s.items).type === 'string',
	object: (s) => s.type === 'object',
	list: (s) => s.type === 'array' && resolve(s.items).type === 'object',
	json: (s) => s.type === undefined || (s.type === 'object' && s.properties === undefined),
};

const LIMITS = [
	'minLength',
	'maxLength',
	'minimum',
	'maximum',
	'exclusiveMinimum',
	'pattern',
	'minItems',
] as const;

/** Read-only fields a Get returns must be dropped quietly when the record is sent back: the spec lists exactly those. */
function readOnlyDifferences(
	listed: string[] | undefined,
	objectSchema: Schema,
	path: string,
): string[] {
	const properties = resolve(objectSchema).properties ?? {};
	const readOnly = Object.entries(properties)
		.filter(([, p]) => resolve(p).readOnly)
		.map(([name]) => name);
	const dropped = ['created_at', 'updated_at', ...(listed ?? [])];
	return [
		...readOnly
			.filter((name) => !dropped.includes(name))
			.map(
				(name) => `${path}${name}: read-only in the contract but not in the spec's readOnly list`,
			),
		...(listed ?? [])
			.filter((name) => !readOnly.includes(name))
			.map(
				(name) => `${path}${name}: in the spec's readOnly list but not read-only in the contract`,
			),
	];
}

/** OpenAPI 3.0 writes "more than 0" as minimum: 0 + exclusiveMinimum: true; field specs as exclusiveMinimum: 0. */
function normalizeExclusive(schema: Schema): Schema {
	if (schema.exclusiveMinimum !== true) return schema;
	return { ...schema, exclusiveMinimum: schema.minimum, minimum: undefined };
}

/** Every difference between a list of field specs and an object schema, as readable lines. */
function differences(
	fields: FieldSpec[],
	objectSchema: Schema,
	path: string,
	checkCoverage: boolean,
): string[] {
	const schema = resolve(objectSchema);
	const properties = schema.properties ?? {};
	const out: string[] = [];
	for (const field of fields) {
		const property = properties[field.name] ? resolve(properties[field.name]) : undefined;
		const where = `${path}${field.name}`;
		if (!property) {
			out.push(`${where}: in the form but not in the contract`);
			continue;
		}
		if (!TYPE_OF[field.type](property))
			out.push(
				`${where}: form type ${field.type}, contract ${property.type}/${property.format ?? ''}`,
			);
		const requiredInContract = (schema.required ?? []).includes(field.name);
		if (Boolean(field.required) !== requiredInContract)
			out.push(
				`${where}: required ${Boolean(field.required)} in form, ${requiredInContract} in contract`,
			);
		const contractEnum = (property.enum ??
			(property.items ? resolve(property.items).enum : undefined)) as string[] | undefined;
		const formEnum = field.options?.map((option) => option.value);
		if (
			contractEnum &&
			!field.loadOptionsMethod &&
			JSON.stringify(formEnum) !== JSON.stringify(contractEnum)
		) {
			out.push(
				`${where}: options ${JSON.stringify(formEnum)} vs contract enum ${JSON.stringify(contractEnum)}`,
			);
		}
		const limitSource = normalizeExclusive(
			field.type === 'stringList' ? resolve(property.items) : property,
		);
		for (const limit of LIMITS) {
			const expected = limitSource[limit] ?? (limit === 'minItems' ? property.minItems : undefined);
			const actual = field[limit as keyof FieldSpec];
			if (expected !== undefined && limit !== 'minItems' && actual !== expected)
				out.push(`${where}: ${limit} ${String(actual)} in form, ${String(expected)} in contract`);
			if (
				limit === 'minItems' &&
				field.type === 'list' &&
				expected !== undefined &&
				actual !== expected
			)
				out.push(`${where}: minItems ${String(actual)} in form, ${String(expected)} in contract`);
		}
		if (field.type === 'object')
			out.push(
				...differences(field.fields ?? [], property, `${where}.`, checkCoverage),
				...readOnlyDifferences(field.readOnly, property, `${where}.`),
			);
		if (field.type === 'list')
			out.push(
				...differences(field.fields ?? [], resolve(property.items), `${where}[].`, checkCoverage),
				...readOnlyDifferences(field.readOnly, resolve(property.items), `${where}[].`),
			);
	}
	if (checkCoverage) {
		for (const [name, property] of Object.entries(properties)) {
			if (resolve(property).readOnly) continue;
			if (!fields.some((field) => field.name === name))
				out.push(`${path}${name}: in the contract but missing from the form`);
		}
	}
	return out;
}

describe('route table', () => {
	it.each(Object.entries(ROUTES))(
		'%s exists in the contract with the same item limit',
		(route, info) => {
			const operation = contract.paths[route]?.post;
			expect(operation).toBeDefined();
			expect(operation['x-max-items']).toBe('maxItems' in info ? info.maxItems : undefined);
		},
	);

	it('covers every contract route but the token route', () => {
		expect(
			Object.keys(contract.paths)
				.filter((path) => path !== '/oauth/token')
				.sort(),
		).toEqual(Object.keys(ROUTES).sort());
	});
});

describe('operation fields match the contract', () => {
	const withContract = operations.filter(({ operation }) => operation.contract);
	it('finds operations to check', () => expect(withContract.length).toBeGreaterThan(0));

	it.each(
		withContract.map(({ node, operation }) => [
			`${node} ${operation.contract!.route} (${operation.value})`,
			operation,
		]),
	)('%s', (_, operation) => {
		const { route, record, filters } = (operation as Operation).contract!;
		const request = requestSchema(route);
		if (record) {
			const itemSchema = resolve(request.properties?.items?.items);
			expect([
				...differences(record.fields, itemSchema, '', true),
				...readOnlyDifferences(record.readOnly, itemSchema, ''),
			]).toEqual([]);
		}
		if (filters) {
			expect(differences(filters, resolve(request.properties?.filter), 'filter.', false)).toEqual(
				[],
			);
		}
	});
});
