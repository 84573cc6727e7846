/** Reads contract/openapi.yaml and resolves local $refs, for tests that hold code against it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export type Schema = {
	$ref?: string;
	type?: string;
	format?: string;
	properties?: Record<string, Schema>;
	required?: string[];
	items?: Schema;
	enum?: unknown[];
	readOnly?: boolean;
	allOf?: Schema[];
	[key: string]: unknown;
};

export const contract = parse(readFileSync(join(__dirname, '../../contract/openapi.yaml'), 'utf8')) as {
	paths: Record<string, { post: { requestBody?: { content: Record<string, { schema: Schema }> }; 'x-max-items'?: number } }>;
	components: { schemas: Record<string, Schema> };
};

/** Follows $ref and merges allOf, so callers see one schema with its properties. */
export function resolve(schema: Schema | undefined): Schema {
	if (!schema) return {};
	if (schema.$ref) return resolve(contract.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
	if (schema.allOf) {
		const parts = schema.allOf.map(resolve);
		// Keywords beside allOf (readOnly, description) belong to the property: OpenAPI 3.0 ignores siblings of $ref only.
		const { allOf: _allOf, ...own } = schema;
		return {
			...Object.assign({}, ...parts),
			...own,
			properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), schema.properties ?? {}),
			required: parts.flatMap((p) => p.required ?? []).concat(schema.required ?? []),
		};
	}
	return schema;
}

export function requestSchema(route: string): Schema {
	const operation = contract.paths[route]?.post;
	if (!operation) throw new Error(`contract has no POST ${route}`);
	return resolve(operation.requestBody?.content['application/json'].schema);
}
