#!/usr/bin/env node
/**
 * The build step that makes contract/openapi.yaml the one description of fields and routes:
 * reads the contract and its overlay (contract/overlay.yaml, how the forms present it) and
 * writes nodes/shared/platform/generated/, plain data the shipped nodes import: routes.ts (the
 * route table), one file per area (the contract's tags) with its routes' request fields, and
 * index.ts, which puts them together.
 *
 *   node dev/scripts/contract/generate.js           write the generated files (those that changed)
 *   node dev/scripts/contract/generate.js --check   write nothing; fail naming the files that differ
 *   --contract <file> --overlay <file> --out <folder>   other inputs or output
 */
'use strict';
const { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const { readDocument, refName, resolve, operationsOf, requestSchemaOf, exclusiveMinimumOf } = require('./load');

const ROOT = join(__dirname, '..', '..', '..');
const DEFAULTS = {
	contract: join(ROOT, 'contract', 'openapi.yaml'),
	overlay: join(ROOT, 'contract', 'overlay.yaml'),
	out: join(ROOT, 'nodes', 'shared', 'platform', 'generated'),
};

// ---------- labels made from names ----------

const ACRONYMS = new Map(
	['id', 'ids', 'sku', 'skus', 'url', 'vat', 'erp', 'hs', 'un', 'abc', 'ean', 'gtin', 'iso', 'po'].map((word) => [
		word,
		word.endsWith('s') && word.length > 2 ? `${word.slice(0, -1).toUpperCase()}s` : word.toUpperCase(),
	]),
);
const SMALL_WORDS = new Set(['of', 'per', 'and', 'or', 'to', 'in', 'a', 'the', 'for', 'by']);
const UNITS = new Map([
	['kg', '(kg)'],
	['cm', '(cm)'],
	['m3', '(m³)'],
	['days', '(Days)'],
]);

/** "net_quantity_per_unit" → "Net Quantity per Unit", "weight_kg" → "Weight (kg)", "hs_code" → "HS Code". */
function labelOf(name) {
	const words = name.split(/[_\s-]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
	return words
		.map((word, index) => {
			const lower = word.toLowerCase();
			if (index > 0 && index === words.length - 1 && UNITS.has(lower)) return UNITS.get(lower);
			if (ACRONYMS.has(lower)) return ACRONYMS.get(lower);
			if (index > 0 && SMALL_WORDS.has(lower)) return lower;
			return lower.charAt(0).toUpperCase() + lower.slice(1);
		})
		.join(' ');
}

/** An enum value as a dropdown entry: "pick_face" → "Pick Face"; codes such as "E1" or "II" stay as they are. */
function optionNameOf(value) {
	const text = String(value);
	if (/[A-Z]/.test(text) || !/[a-z]/.test(text)) return text;
	return text
		.split('_')
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
}

/** What a form says about a value the contract describes by format. */
const FORMATS = {
	email: { pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', patternHint: 'an email address like orders@example.com' },
};

// ---------- the overlay ----------

const ANNOTATIONS = ['label', 'description', 'placeholder', 'patternHint', 'dropdown', 'dropdownDependsOn', 'default', 'optionNames', 'hidden'];
const ROUTE_KEYS = ['noun', 'record', 'filter', 'body'];

/** Problems with the overlay itself: unknown keys are typos, and a typo would silently change nothing. */
function checkAnnotation(where, annotation, problems) {
	if (!annotation || typeof annotation !== 'object') {
		problems.push(`${where}: must be a map of annotations`);
		return;
	}
	for (const key of Object.keys(annotation)) {
		if (!ANNOTATIONS.includes(key)) problems.push(`${where}: unknown annotation "${key}" (known: ${ANNOTATIONS.join(', ')})`);
	}
}

// ---------- fields ----------

function fieldType(schema) {
	switch (schema.type) {
		case 'integer':
		case 'number':
		case 'boolean':
			return schema.type;
		case 'array':
			return undefined;
		case 'object':
			return 'object';
		default:
			if (schema.format === 'date') return 'date';
			if (schema.format === 'date-time') return 'dateTime';
			return schema.properties ? 'object' : 'string';
	}
}

function limitsOf(schema) {
	const { minimum, exclusiveMinimum } = exclusiveMinimumOf(schema);
	return {
		minimum,
		maximum: schema.maximum,
		exclusiveMinimum,
		minLength: schema.minLength,
		maxLength: schema.maxLength,
		pattern: schema.pattern,
	};
}

/** A contract description as n8n words a parameter's: one sentence has no final period. */
function sentence(text) {
	if (typeof text !== 'string' || text.trim() === '') return undefined;
	const trimmed = text.trim();
	return /^[^.]*\.$/.test(trimmed) ? trimmed.slice(0, -1) : trimmed;
}

/** A description with the contract's limits filled in ("up to {maxItems}"), or undefined. */
function describe(text, limits) {
	if (!text) return undefined;
	let out = text;
	for (const [name, value] of Object.entries(limits)) {
		out = value === undefined ? out.replace(new RegExp(`[;,]? *up to \\{${name}\\}`), '') : out.split(`{${name}}`).join(String(value));
	}
	return out;
}

/** Drops undefined properties, so the generated data and equality checks see only what is said. */
function compact(object) {
	return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

class Generator {
	constructor(doc, overlay) {
		this.doc = doc;
		this.overlay = overlay ?? {};
		this.problems = [];
		this.used = new Set();
		this.operations = {};
		this.recordSchemas = {};
		this.checkOverlay();
	}

	checkOverlay() {
		const { fields = {}, schemas = {}, routes = {}, ...rest } = this.overlay;
		for (const key of Object.keys(rest)) this.problems.push(`overlay: unknown section "${key}" (known: fields, schemas, routes)`);
		for (const [name, annotation] of Object.entries(fields)) checkAnnotation(`overlay fields.${name}`, annotation, this.problems);
		for (const [name, annotation] of Object.entries(schemas)) checkAnnotation(`overlay schemas.${name}`, annotation, this.problems);
		for (const [path, route] of Object.entries(routes)) {
			for (const key of Object.keys(route ?? {})) {
				if (!ROUTE_KEYS.includes(key)) this.problems.push(`overlay routes.${path}: unknown key "${key}" (known: ${ROUTE_KEYS.join(', ')})`);
			}
			for (const section of ['record', 'filter', 'body']) {
				for (const [field, annotation] of Object.entries(route?.[section] ?? {})) {
					checkAnnotation(`overlay routes.${path}.${section}.${field}`, annotation, this.problems);
				}
			}
		}
	}

	/**
	 * The overlay's word on one field: by name, then by the components its value is (a list's
	 * entries first, then the list), then on this route. The most specific wins; null unsays.
	 */
	annotationFor(name, components, scope) {
		const merged = {};
		const take = (key, annotation) => {
			if (!annotation) return;
			this.used.add(key);
			Object.assign(merged, annotation);
		};
		take(`fields.${name}`, this.overlay.fields?.[name]);
		for (const component of components) take(`schemas.${component}`, this.overlay.schemas?.[component]);
		if (scope) take(`routes.${scope.route}.${scope.section}.${scope.path}`, this.overlay.routes?.[scope.route]?.[scope.section]?.[scope.path]);
		return merged;
	}

	/** One property of an object schema as a field, or undefined when the form has no use for it (read-only, hidden). */
	field(name, raw, required, scope) {
		const schema = resolve(this.doc, raw);
		if (schema.readOnly) return undefined;
		const components = [schema.type === 'array' ? refName(schema.items) : undefined, refName(raw)].filter(Boolean);
		const said = this.annotationFor(name, components, scope);
		// null unsays: the annotation is gone, and a description does not fall back to the contract's.
		const note = Object.fromEntries(Object.entries(said).filter(([, value]) => value !== null));
		if (note.hidden) return undefined;
		let type = fieldType(schema);
		let rules = compact(limitsOf(schema));
		let options;
		let fields;
		let readOnly;
		let minItems;
		let maxItems;
		if (schema.type === 'array') {
			const entry = resolve(this.doc, schema.items);
			minItems = schema.minItems;
			maxItems = schema.maxItems;
			if (entry.type === 'object' || entry.properties) {
				type = 'list';
				rules = {};
				({ fields, readOnly } = this.fieldsOf(entry, scope));
			} else {
				type = 'stringList';
				rules = compact(limitsOf(entry));
				if (entry.format && FORMATS[entry.format]) rules = { ...FORMATS[entry.format], ...rules };
			}
		} else if (type === 'object') {
			({ fields, readOnly } = this.fieldsOf(schema, scope));
		} else if (Array.isArray(schema.enum)) {
			options = schema.enum.map((value) => ({ name: note.optionNames?.[value] ?? optionNameOf(value), value: String(value) }));
		}
		if (schema.format && FORMATS[schema.format]) rules = { ...FORMATS[schema.format], ...rules };
		// A dropdown needs a value, and a boolean is always on or off: both show the platform's default. Text and numbers start empty.
		const platformDefault = type === 'boolean' || options ? schema.default : undefined;
		return compact({
			name,
			label: note.label ?? labelOf(name),
			type,
			required: required || undefined,
			description: said.description === null ? undefined : describe(note.description ?? sentence(raw.description) ?? (type === 'stringList' ? 'Comma-separated; up to {maxItems}' : undefined), { maxItems }),
			placeholder: note.placeholder,
			options,
			loadOptionsMethod: note.dropdown,
			loadOptionsDependsOn: note.dropdownDependsOn,
			...rules,
			patternHint: rules.pattern === undefined ? undefined : (note.patternHint ?? rules.patternHint),
			fields,
			minItems,
			maxItems,
			readOnly: readOnly?.length ? readOnly : undefined,
			default: note.default ?? platformDefault,
		});
	}

	/** The fields of an object schema, and the names of its read-only ones. */
	fieldsOf(objectSchema, scope) {
		const schema = resolve(this.doc, objectSchema);
		const required = new Set(schema.required ?? []);
		const fields = [];
		const readOnly = [];
		for (const [name, raw] of Object.entries(schema.properties ?? {})) {
			if (resolve(this.doc, raw).readOnly) {
				readOnly.push(name);
				continue;
			}
			const inner = scope && { ...scope, path: scope.path ? `${scope.path}.${name}` : name };
			const field = this.field(name, raw, required.has(name), inner);
			if (field) fields.push(field);
		}
		return { fields, readOnly };
	}

	/** Everything the package knows of one route: its table entry and its request body as fields. */
	route(path, operation) {
		const requestRaw = requestSchemaOf(operation);
		const request = resolve(this.doc, requestRaw);
		const properties = request.properties ?? {};
		const required = new Set(request.required ?? []);
		const items = properties.items && resolve(this.doc, properties.items);
		const recordSchema = items?.type === 'array' ? resolve(this.doc, items.items) : undefined;
		const isRecords = recordSchema !== undefined && (recordSchema.type === 'object' || recordSchema.properties !== undefined);
		const isRead = 'cursor' in properties || 'filter' in properties;
		const maxItems = operation['x-max-items'] ?? (isRecords ? items.maxItems : undefined);
		const naturalKey = operation['x-natural-key'];
		const body = [];
		for (const [name, raw] of Object.entries(properties)) {
			const section = name === 'items' && isRecords ? 'record' : name === 'filter' ? 'filter' : 'body';
			// A record's and a filter's own fields are addressed from the record; body fields by their name.
			const scope = { route: path, section, path: section === 'body' ? name : '' };
			const field = section === 'body' ? this.field(name, raw, required.has(name), scope) : this.container(name, raw, required.has(name), scope);
			if (field) body.push(field);
		}
		const overlay = this.overlay.routes?.[path] ?? {};
		if (this.overlay.routes?.[path]) this.used.add(`routes.${path}`);
		const idempotent = operation['x-idempotent'] ?? (isRead || naturalKey !== undefined);
		// A bulk result's `key` is the row's natural key, unless the platform reports an id of its own making.
		const resultKey = operation['x-result-key'] === 'assigned' ? undefined : naturalKey;
		// Which records the route writes or reads (a component name), to pair each read with its write route.
		this.recordSchemas[path] = isRecords ? refName(items.items) : isRead ? this.readRecordSchema(operation) : undefined;
		return compact({
			kind: isRead ? 'read' : isRecords && required.has('items') ? 'bulk' : 'action',
			maxItems,
			idempotent,
			naturalKey,
			resultKey,
			noun: overlay.noun ?? (isRecords ? nounOf(path) : undefined),
			body,
		});
	}

	/** The component of the records a read route answers with (its 200 answer's items), if it names one. */
	readRecordSchema(operation) {
		const content = operation.responses?.['200']?.content ?? {};
		const answer = resolve(this.doc, (content['application/json'] ?? Object.values(content)[0])?.schema);
		const items = answer.properties?.items && resolve(this.doc, answer.properties.items);
		return items?.type === 'array' ? refName(items.items) : undefined;
	}

	/**
	 * What the package knows of a read route's records from the write route of the same records
	 * (the bulk route whose items are the component the read answers with): that route, and the
	 * filter taking a list of the records' keys — the one list filter whose entries are the key
	 * field's own schema, or the one `x-key-filter` names when several are.
	 */
	pairReads(routes) {
		for (const [path, route] of Object.entries(routes)) {
			const schema = this.recordSchemas[path];
			if (route.kind !== 'read' || !schema) continue;
			const writers = Object.keys(routes).filter((other) => routes[other].kind === 'bulk' && this.recordSchemas[other] === schema);
			if (writers.length !== 1) {
				if (writers.length > 1) this.problems.push(`${path}: its records (${schema}) are written by ${writers.join(' and ')}; reads by key are off for it`);
				continue;
			}
			const [records] = writers;
			route.records = records;
			const key = routes[records].naturalKey;
			if (key?.length !== 1) continue;
			const filter = this.keyFilter(path, schema, key[0]);
			if (filter) route.keyFilter = filter;
		}
	}

	keyFilter(path, schema, key) {
		const operation = this.operations[path];
		const filter = resolve(this.doc, resolve(this.doc, requestSchemaOf(operation)).properties?.filter);
		const keySchema = refName(resolve(this.doc, { $ref: `#/components/schemas/${schema}` }).properties?.[key]);
		const lists = Object.entries(filter.properties ?? {}).filter(([, raw]) => {
			const list = resolve(this.doc, raw);
			return list.type === 'array' && keySchema !== undefined && refName(list.items) === keySchema;
		});
		const named = operation['x-key-filter'];
		const chosen = named !== undefined ? lists.filter(([name]) => name === named) : lists;
		if (named !== undefined && chosen.length === 0) this.problems.push(`${path}: x-key-filter ${named} is not a list filter of ${key} values`);
		if (named === undefined && chosen.length > 1) {
			this.problems.push(`${path}: filters ${chosen.map(([name]) => name).join(' and ')} both list ${key} values; name the one of the records' keys with x-key-filter`);
		}
		if (chosen.length !== 1) return undefined;
		const [list, raw] = chosen[0];
		return { list, key, max: resolve(this.doc, raw).maxItems ?? 100 };
	}

	/** The items list or the filter object: the container itself takes no annotation, its fields do. */
	container(name, raw, required, scope) {
		const schema = resolve(this.doc, raw);
		const objectSchema = schema.type === 'array' ? resolve(this.doc, schema.items) : schema;
		const { fields, readOnly } = this.fieldsOf(objectSchema, scope);
		return compact({
			name,
			label: labelOf(name),
			type: schema.type === 'array' ? 'list' : 'object',
			required: required || undefined,
			fields,
			minItems: schema.minItems,
			maxItems: schema.maxItems,
			readOnly: readOnly.length ? readOnly : undefined,
		});
	}

	run() {
		const routes = {};
		const areas = {};
		for (const [path, method, operation] of operationsOf(this.doc)) {
			if (method !== 'post') {
				this.problems.push(`${method.toUpperCase()} ${path}: only POST routes are generated (the platform's convention); it is skipped`);
				continue;
			}
			// The token route belongs to the credential, not to the nodes.
			if (Array.isArray(operation.security) && operation.security.length === 0) continue;
			this.operations[path] = operation;
			routes[path] = this.route(path, operation);
			areas[path] = Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : 'other';
		}
		this.pairReads(routes);
		for (const [path, route] of Object.entries(this.overlay.routes ?? {})) {
			if (!routes[path]) this.problems.push(`overlay routes.${path}: the contract has no such route`);
			for (const section of ['record', 'filter', 'body']) {
				for (const field of Object.keys(route?.[section] ?? {})) {
					if (!this.used.has(`routes.${path}.${section}.${field}`)) {
						this.problems.push(`overlay routes.${path}.${section}.${field}: the route has no such field (or it is read-only)`);
					}
				}
			}
		}
		for (const section of ['fields', 'schemas']) {
			for (const name of Object.keys(this.overlay[section] ?? {})) {
				if (!this.used.has(`${section}.${name}`)) this.problems.push(`overlay ${section}.${name}: matches no field of any route`);
			}
		}
		return { routes, areas, problems: this.problems };
	}
}

/** "/supply_location/add" → "supply location". */
function nounOf(path) {
	return path.split('/').filter(Boolean)[0].replace(/_/g, ' ');
}

/** The package's view of a contract: per route its table entry, request fields and area (its first tag), plus what the overlay got wrong. */
function generate(doc, overlay) {
	return new Generator(doc, overlay).run();
}

// ---------- the TypeScript module ----------

const FIELD_KEYS = [
	'name',
	'label',
	'type',
	'required',
	'description',
	'placeholder',
	'options',
	'loadOptionsMethod',
	'loadOptionsDependsOn',
	'minimum',
	'maximum',
	'exclusiveMinimum',
	'minLength',
	'maxLength',
	'pattern',
	'patternHint',
	'minItems',
	'maxItems',
	'readOnly',
	'default',
	'fields',
];

const literal = (value) => {
	if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
	if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
	if (value && typeof value === 'object') return `{ ${Object.entries(value).map(([k, v]) => `${key(k)}: ${literal(v)}`).join(', ')} }`;
	return String(value);
};
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));

/** One field per line (a changed field is one changed line); sub-fields indented below it. */
function renderField(field, indent) {
	const own = FIELD_KEYS.filter((name) => name !== 'fields' && field[name] !== undefined).map((name) => `${name}: ${literal(field[name])}`);
	if (!field.fields) return `${indent}{ ${own.join(', ')} },`;
	const inner = field.fields.map((sub) => renderField(sub, `${indent}\t\t`)).join('\n');
	return `${indent}{\n${indent}\t${own.join(', ')},\n${indent}\tfields: [\n${inner}\n${indent}\t],\n${indent}},`;
}

/** Most lines of one generated file (the house keeps every source file under 300). */
const MAX_LINES = 250;

/** "sales orders" → "salesOrders": an area's file name. */
function fileNameOf(area) {
	const words = area.split(/[^A-Za-z0-9]+/).filter(Boolean);
	const name = words.map((word, index) => (index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())).join('');
	return /^[a-z]/.test(name) && !['index', 'routes'].includes(name) ? name : `area${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

function header(sources, what) {
	return [
		'/**',
		` * Generated by dev/scripts/contract/generate.js from ${sources.join(' and ')}: ${what}.`,
		' * Do not edit: change the contract (or its overlay) and run `npm run contract:generate` (`npm run build` does).',
		' */',
	];
}

/** Each route's request fields, one file per area; a large area in several (inventory.ts, inventory2.ts…), each under MAX_LINES. */
function requestFiles(routes, areas, sources) {
	const byArea = new Map();
	for (const [path, route] of Object.entries(routes)) {
		const area = areas[path] ?? 'other';
		const entry = [`\t${literal(path)}: [`, ...route.body.map((field) => renderField(field, '\t\t')), '\t],'].join('\n').split('\n');
		byArea.set(area, [...(byArea.get(area) ?? []), entry]);
	}
	const files = [];
	for (const [area, entries] of byArea) {
		const parts = [[]];
		for (const entry of entries) {
			const last = parts[parts.length - 1];
			if (last.length > 0 && last.flat().length + entry.length > MAX_LINES - 10) parts.push([entry]);
			else last.push(entry);
		}
		parts.forEach((part, index) => {
			const source = [
				...header(sources, `the request fields of the ${area} routes, one field per line`),
				"import type { ContractField } from '../types';",
				"import type { RoutePath } from './routes';",
				'',
				'export const requests = {',
				...part.flat(),
				'} satisfies { [route in RoutePath]?: ContractField[] };',
				'',
			];
			files.push({ name: `${fileNameOf(area)}${index === 0 ? '' : index + 1}`, source: source.join('\n') });
		});
	}
	return files;
}

/** The generated files by name: routes.ts, one per area, and index.ts. */
function render({ routes, areas }, sources) {
	const table = [
		...header(sources, 'every route the nodes may call'),
		"import type { RouteInfo } from '../types';",
		'',
		'/** Kind, most records per request, whether repeating it is harmless, natural key; a read\'s records route and key-list filter. */',
		'export const ROUTES = {',
		...Object.entries(routes).map(([path, { body, ...info }]) => `\t${literal(path)}: ${literal(info)},`),
		'} satisfies Record<string, RouteInfo>;',
		'',
		'export type RoutePath = keyof typeof ROUTES;',
		'',
	];
	const parts = requestFiles(routes, areas ?? {}, sources);
	const index = [
		...header(sources, 'the route table and every route\'s request fields'),
		"import type { ContractField } from '../types';",
		"import { ROUTES, type RoutePath } from './routes';",
		...parts.map(({ name }) => `import { requests as ${name} } from './${name}';`),
		'',
		'export { ROUTES, type RoutePath };',
		'',
		'/** Each route\'s request body as fields: records under "items", filters under "filter". */',
		`export const REQUESTS: Record<RoutePath, ContractField[]> = { ${parts.map(({ name }) => `...${name}`).join(', ')} };`,
		'',
	];
	return {
		'routes.ts': table.join('\n'),
		...Object.fromEntries(parts.map(({ name, source }) => [`${name}.ts`, source])),
		'index.ts': index.join('\n'),
	};
}

function readOverlay(file) {
	return file && existsSync(file) ? readDocument(file) : {};
}

/** Generates from files; answers the generated files (name → text) and the problems found. */
function generateFiles({ contract = DEFAULTS.contract, overlay = DEFAULTS.overlay } = {}) {
	const result = generate(readDocument(contract), readOverlay(overlay));
	const sources = [contract, ...(existsSync(overlay) ? [overlay] : [])].map((file) => relative(ROOT, file).split('\\').join('/'));
	return { ...result, files: render(result, sources) };
}

/** The generated files in `folder` that differ from `files`, are missing, or are no longer made. */
function staleFiles(folder, files) {
	const present = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.ts')) : [];
	const differ = Object.entries(files).filter(([name, source]) => !present.includes(name) || readFileSync(join(folder, name), 'utf8') !== source);
	return [...differ.map(([name]) => name), ...present.filter((name) => !(name in files)).map((name) => `${name} (no longer made)`)];
}

/** Writes the files into `folder`, those that changed only, and removes generated files no longer made; answers what it did. */
function writeFiles(folder, files) {
	mkdirSync(folder, { recursive: true });
	const changed = [];
	for (const [name, source] of Object.entries(files)) {
		const file = join(folder, name);
		if (!existsSync(file) || readFileSync(file, 'utf8') !== source) {
			writeFileSync(file, source);
			changed.push(name);
		}
	}
	for (const name of readdirSync(folder)) {
		if (name.endsWith('.ts') && !(name in files)) {
			rmSync(join(folder, name));
			changed.push(`${name} (removed)`);
		}
	}
	return changed;
}

function main(argv) {
	const option = (name) => {
		const at = argv.indexOf(`--${name}`);
		return at === -1 ? undefined : argv[at + 1];
	};
	const out = option('out') ?? DEFAULTS.out;
	const { files, problems } = generateFiles({ contract: option('contract') ?? DEFAULTS.contract, overlay: option('overlay') ?? DEFAULTS.overlay });
	for (const problem of problems) process.stderr.write(`contract: ${problem}\n`);
	if (argv.includes('--check')) {
		const stale = staleFiles(out, files);
		if (stale.length === 0) {
			process.stdout.write(`${relative(ROOT, out)}/: what the contract generates\n`);
			return 0;
		}
		process.stderr.write(`${relative(ROOT, out)}/ is not what the contract generates (${stale.join(', ')}): run npm run contract:generate and commit the result\n`);
		return 1;
	}
	const changed = writeFiles(out, files);
	process.stdout.write(`${relative(ROOT, out)}/: ${changed.length ? `written ${changed.join(', ')}` : 'up to date'}\n`);
	return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { generate, generateFiles, writeFiles, staleFiles, main, render, labelOf, optionNameOf, DEFAULTS, MAX_LINES };
