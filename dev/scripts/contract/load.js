/**
 * Reading an OpenAPI 3.0 description (YAML or JSON) and walking its schemas: following local
 * $refs and merging allOf. Used by the generator, contract:diff and tests; never shipped.
 */
'use strict';
const { readFileSync } = require('node:fs');
const { parse } = require('yaml');

/** YAML is a superset of JSON, so one parser reads both. */
function readDocument(file) {
	const text = readFileSync(file, 'utf8');
	const doc = parse(text);
	if (!doc || typeof doc !== 'object') throw new Error(`${file}: not an OpenAPI document`);
	return doc;
}

function pointerGet(doc, ref) {
	if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported (got ${ref})`);
	let node = doc;
	for (const raw of ref.slice(2).split('/')) {
		const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
		node = node?.[key];
	}
	if (node === undefined) throw new Error(`$ref ${ref} points at nothing`);
	return node;
}

/** The component a schema names, when it is (or wraps in allOf) one $ref: "Code" for {$ref: '#/components/schemas/Code'}. */
function refName(schema) {
	if (!schema || typeof schema !== 'object') return undefined;
	if (schema.$ref) return schema.$ref.split('/').pop();
	if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return refName(schema.allOf[0]);
	return undefined;
}

/**
 * One schema with its $refs followed and allOf merged, so callers read type, properties and
 * required in one place. Keywords beside allOf (readOnly, description) belong to the schema.
 */
function resolve(doc, schema, seen = new Set()) {
	if (!schema || typeof schema !== 'object') return {};
	if (schema.$ref) {
		if (seen.has(schema.$ref)) return {};
		const next = new Set(seen).add(schema.$ref);
		const { $ref, ...siblings } = schema;
		return { ...resolve(doc, pointerGet(doc, $ref), next), ...siblings };
	}
	if (Array.isArray(schema.allOf)) {
		const parts = schema.allOf.map((part) => resolve(doc, part, seen));
		const { allOf, ...own } = schema;
		const properties = Object.assign({}, ...parts.map((part) => part.properties ?? {}), own.properties ?? {});
		const required = [...new Set(parts.flatMap((part) => part.required ?? []).concat(own.required ?? []))];
		return { ...Object.assign({}, ...parts), ...own, properties, required };
	}
	return schema;
}

/** Every POST (or other) operation of the document as [path, method, operation]. */
function operationsOf(doc) {
	const out = [];
	for (const [path, item] of Object.entries(doc.paths ?? {})) {
		for (const method of ['post', 'put', 'patch', 'get', 'delete']) {
			if (item?.[method]) out.push([path, method, item[method]]);
		}
	}
	return out;
}

/** The JSON request body schema of an operation, unresolved (so its component name stays visible). */
function requestSchemaOf(operation) {
	const content = operation?.requestBody?.content ?? {};
	const media = content['application/json'] ?? Object.values(content)[0];
	return media?.schema;
}

/** OpenAPI 3.0 writes "more than 0" as minimum: 0 + exclusiveMinimum: true; 3.1 as exclusiveMinimum: 0. */
function exclusiveMinimumOf(schema) {
	if (schema.exclusiveMinimum === true) return { exclusiveMinimum: schema.minimum, minimum: undefined };
	if (typeof schema.exclusiveMinimum === 'number') return { exclusiveMinimum: schema.exclusiveMinimum, minimum: schema.minimum };
	return { exclusiveMinimum: undefined, minimum: schema.minimum };
}

module.exports = { readDocument, pointerGet, refName, resolve, operationsOf, requestSchemaOf, exclusiveMinimumOf };
