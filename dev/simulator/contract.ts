/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import type { ErrorDetail } from './errors';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

export interface ContractRoute {
	path: string;
	operationId: string;
	needsToken: boolean;
	maxItems?: number;
	naturalKey?: string[];
	requestSchemaPointer: string;
	validate: ValidateFunction;
	/** Removes readOnly fields (status, timestamps...) so a record read back can be re-sent. */
	stripReadOnly: (body: Json) => void;
	requestExample: Json;
	responseExample: Json;
}

export interface Contract {
	doc: Json;
	routes: Map<string, ContractRoute>;
	ajv: Ajv;
	/** Compiles any schema of the contract by JSON pointer, e.g. '#/components/schemas/Supplier'. */
	validator(pointer: string): ValidateFunction;
}

/** Walks up from this file until the package root (works from simulator/ and .tools/simulator/). */
export function repoRoot(start = __dirname): string {
	let dir = start;
	for (;;) {
		const pkg = path.join(dir, 'package.json');
		if (fs.existsSync(pkg) && fs.existsSync(path.join(dir, 'contract', 'openapi.yaml'))) return dir;
		const up = path.dirname(dir);
		if (up === dir) throw new Error(`contract/openapi.yaml not found above ${start}`);
		dir = up;
	}
}

export function contractPath(): string {
	return path.join(repoRoot(), 'contract', 'openapi.yaml');
}

/** OpenAPI 3.0 schema dialect → JSON Schema draft-07 as Ajv reads it. */
function toJsonSchema(node: Json): Json {
	if (Array.isArray(node)) return node.map(toJsonSchema);
	if (node === null || typeof node !== 'object') return node;
	const out: Json = {};
	for (const [k, v] of Object.entries(node)) {
		// OpenAPI 3.0 has no patternProperties: the contract says which custom fields a record allows in an extension.
		if (k === 'x-patternProperties') out.patternProperties = toJsonSchema(v);
		if (k === 'example' || k === 'examples' || k.startsWith('x-')) continue;
		out[k] = toJsonSchema(v);
	}
	if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
	delete out.nullable;
	if (out.exclusiveMinimum === true) {
		out.exclusiveMinimum = out.minimum;
		delete out.minimum;
	} else if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
	if (out.exclusiveMaximum === true) {
		out.exclusiveMaximum = out.maximum;
		delete out.maximum;
	} else if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
	return out;
}

export function pointerGet(doc: Json, pointer: string): Json {
	const parts = pointer
		.replace(/^#\//, '')
		.split('/')
		.map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
	let cur = doc;
	for (const p of parts) {
		if (cur === undefined) return undefined;
		cur = cur[p];
	}
	return cur;
}

export function escapePointer(segment: string): string {
	return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

interface StripPlan {
	drop: string[];
	props: [string, StripPlan][];
	items?: StripPlan;
}

function stripPlan(doc: Json, schema: Json, seen = new Set<Json>()): StripPlan | undefined {
	while (schema && schema.$ref) schema = pointerGet(doc, schema.$ref);
	if (!schema || typeof schema !== 'object' || seen.has(schema)) return undefined;
	seen.add(schema);
	const plan: StripPlan = { drop: [], props: [] };
	for (const [name, raw] of Object.entries<Json>(schema.properties ?? {})) {
		let prop = raw;
		while (prop && prop.$ref) prop = pointerGet(doc, prop.$ref);
		if (prop?.readOnly) plan.drop.push(name);
		else {
			const sub = stripPlan(doc, prop, seen);
			if (sub) plan.props.push([name, sub]);
		}
	}
	if (schema.items) plan.items = stripPlan(doc, schema.items, seen);
	seen.delete(schema);
	if (plan.drop.length === 0 && plan.props.length === 0 && !plan.items) return undefined;
	return plan;
}

function applyPlan(plan: StripPlan, data: Json): void {
	if (Array.isArray(data)) {
		if (plan.items) for (const el of data) applyPlan(plan.items, el);
		return;
	}
	if (data === null || typeof data !== 'object') return;
	for (const name of plan.drop) delete data[name];
	for (const [name, sub] of plan.props) if (name in data) applyPlan(sub, data[name]);
}

/** Ajv errors → envelope details with JSON pointers into the body and plain messages. */
export function ajvDetails(errors: ErrorObject[] | null | undefined): ErrorDetail[] {
	const out: ErrorDetail[] = [];
	const seen = new Set<string>();
	for (const e of errors ?? []) {
		let p = e.instancePath;
		let message = e.message ?? 'is invalid';
		if (e.keyword === 'required') {
			p += '/' + escapePointer((e.params as { missingProperty: string }).missingProperty);
			message = 'is required';
		} else if (e.keyword === 'additionalProperties') {
			p += '/' + escapePointer((e.params as { additionalProperty: string }).additionalProperty);
			message = 'is not a known field (custom fields must start with x_)';
		} else if (e.keyword === 'enum') {
			message = `must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
		} else if (e.keyword === 'not' && Array.isArray(e.parentSchema?.not?.enum)) {
			message = `must not be ${e.parentSchema.not.enum.join(' or ')}`;
		} else if (e.keyword === 'if') continue;
		const id = `${p}\u0000${message}`;
		if (seen.has(id)) continue;
		seen.add(id);
		out.push({ path: p || '/', message });
	}
	return out;
}

/** Compiled once per file: every simulator of a test run shares its contract's validators. */
const cached = new Map<string, Contract>();

export function loadContract(file = contractPath()): Contract {
	const known = cached.get(file);
	if (known) return known;
	const contract = compileContract(parseYaml(fs.readFileSync(file, 'utf8')), file);
	cached.set(file, contract);
	return contract;
}

/**
 * Validators and the route table of a document in our wire shape (every route a POST whose
 * request schema is a $ref to components). `where` names the document in errors.
 */
export function compileContract(doc: Json, where = 'the document'): Contract {
	const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, verbose: true });
	addFormats(ajv);
	ajv.addSchema({ $id: 'contract', components: toJsonSchema(doc.components) });
	const validators = new Map<string, ValidateFunction>();
	const validator = (pointer: string): ValidateFunction => {
		let v = validators.get(pointer);
		if (!v) {
			v = ajv.compile({ $ref: `contract${pointer}` });
			validators.set(pointer, v);
		}
		return v;
	};
	const routes = new Map<string, ContractRoute>();
	for (const [p, item] of Object.entries<Json>(doc.paths ?? {})) {
		const op = item.post;
		if (!op) throw new Error(`${where}: ${p} has no post operation`);
		const media = op.requestBody?.content?.['application/json'];
		const ref: string | undefined = media?.schema?.$ref;
		if (!ref) throw new Error(`${where}: ${p} request schema must be a $ref to components`);
		const plan = stripPlan(doc, media.schema);
		const okResponse = op.responses?.['200']?.content?.['application/json'];
		routes.set(p, {
			path: p,
			operationId: op.operationId,
			needsToken: !(Array.isArray(op.security) && op.security.length === 0),
			maxItems: op['x-max-items'],
			naturalKey: op['x-natural-key'],
			requestSchemaPointer: ref,
			validate: validator(ref),
			stripReadOnly: plan ? (body) => applyPlan(plan, body) : () => undefined,
			requestExample: media.example,
			responseExample: okResponse?.example,
		});
	}
	return { doc, routes, ajv, validator };
}
