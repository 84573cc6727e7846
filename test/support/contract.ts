/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/** Reads contract/openapi.yaml and resolves local $refs, for tests that hold code against it; makes changed copies. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

import { DEFAULTS, generateFiles, writeFiles } from '../../dev/scripts/contract/generate';

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

export interface ContractDocument {
	paths: Record<
		string,
		{
			post: {
				requestBody?: { content: Record<string, { schema: Schema }> };
				'x-max-items'?: number;
				[key: string]: unknown;
			};
		}
	>;
	components: { schemas: Record<string, Schema> };
}

const contractFile = join(__dirname, '../../contract/openapi.yaml');

export const contract = parse(readFileSync(contractFile, 'utf8')) as ContractDocument;

/** Follows $ref and merges allOf, so callers see one schema with its properties. */
export function resolve(schema: Schema | undefined): Schema {
	if (!schema) return {};
	if (schema.$ref)
		return resolve(contract.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
	if (schema.allOf) {
		const parts = schema.allOf.map(resolve);
		// Keywords beside allOf (readOnly, description) belong to the property: OpenAPI 3.0 ignores siblings of $ref only.
		const own = Object.fromEntries(
			Object.entries(schema).filter(([keyword]) => keyword !== 'allOf'),
		);
		return {
			...Object.assign({}, ...parts),
			...own,
			properties: Object.assign(
				{},
				...parts.map((p) => p.properties ?? {}),
				schema.properties ?? {},
			),
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

/**
 * A copy of contract/openapi.yaml with a change made to it, written with the files the build
 * would generate from it, as a user's contract-only change would: nothing else is touched.
 * `generatedFile` is their index, the module the nodes import.
 */
export function changedContract(
	dir: string,
	change: (doc: ContractDocument) => void,
): { contractFile: string; generatedFile: string; problems: string[] } {
	const doc = parse(readFileSync(contractFile, 'utf8')) as ContractDocument;
	change(doc);
	const changedFile = join(dir, 'openapi.yaml');
	writeFileSync(changedFile, stringify(doc, { lineWidth: 0 }));
	const { files, problems } = generateFiles({ contract: changedFile, overlay: DEFAULTS.overlay });
	// The generated files import each other and, besides, types only (erased): they run from any folder.
	writeFiles(join(dir, 'generated'), files);
	return { contractFile: changedFile, generatedFile: join(dir, 'generated', 'index.ts'), problems };
}
