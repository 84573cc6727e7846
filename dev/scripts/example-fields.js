#!/usr/bin/env node
/**
 * Saves in every example the fields each of its resource mappers shows, as n8n keeps them with a
 * node (`schema`): loaded by the node's own method through real n8n-core (the test harness, as the
 * editor asks when a node opens), from the built-in description the examples' credential uses; a
 * record's key as the key to match on. An example then opens in the editor with every field set,
 * as if a person had picked them. Run it after the description or the mapper changed.
 *
 *   node dev/scripts/example-fields.js           write the examples whose fields changed
 *   node dev/scripts/example-fields.js --check   write nothing; fail naming the nodes that differ
 */
'use strict';
const { mkdtempSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');

// n8n-core reads its instance folder when loaded: a temp one, and its logger quiet.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'wms-example-fields-'));
process.env.N8N_LOG_LEVEL ??= 'silent';

require('./contract/typescript');
const prettier = require('prettier');
const { Harness } = require('../../test/support/harness.ts');
const { displayedMappers } = require('../../test/support/displayed.ts');

const ROOT = join(__dirname, '..', '..');
const PACKAGE = 'n8n-nodes-wms-integration.';
const FOLDERS = ['examples', join('examples', 'erp-database')];

/** The examples' JSON files. */
const exampleFiles = () =>
	FOLDERS.flatMap((folder) =>
		readdirSync(join(ROOT, folder))
			.filter((file) => file.endsWith('.json'))
			.map((file) => join(ROOT, folder, file)),
	);

/** The node type description of a saved WMS node at its version (an agent's tool is the node's). */
function describedAs(harness, node) {
	const name = node.type.slice(PACKAGE.length);
	return harness.nodeTypes.getByNameAndVersion(name, node.typeVersion).description;
}

/** The resource mappers the node shows with its parameters as saved (those it has a value for). */
const shownMappers = (description, node) =>
	displayedMappers(description, node).filter((property) => property.name in node.parameters);

const isSet = (value) => value !== null && value !== undefined && value !== '';

/**
 * The mapper as the editor would save it once its fields are loaded, in the order the method gives
 * them. Mapped by hand (a form, an agent's $fromAI), a field the example leaves empty is taken off
 * the form, as a person removes it (its + brings it back): every field the form shows is set, and
 * the required ones and the key always show. A write matches on the record's key.
 */
function withFields(saved, property, fields) {
	const mode = property.typeOptions.resourceMapper.mode;
	const value = saved.value ?? {};
	const mappingMode = saved.mappingMode ?? 'defineBelow';
	const matchingColumns = ['upsert', 'update'].includes(mode)
		? fields.filter((field) => field.defaultMatch).map((field) => field.id)
		: [];
	const shown = (field) =>
		mappingMode !== 'defineBelow' ||
		isSet(value[field.id]) ||
		field.required ||
		matchingColumns.includes(field.id);
	return {
		mappingMode,
		value,
		matchingColumns,
		schema: fields.map((field) => ({ ...field, removed: !shown(field) })),
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

/** One example with its mappers' fields loaded; the problems that stop it being written. */
async function withLoadedFields(harness, workflow, file) {
	const problems = [];
	for (const node of workflow.nodes.filter((n) => n.type.startsWith(PACKAGE))) {
		const description = describedAs(harness, node);
		for (const property of shownMappers(description, node)) {
			const method = property.typeOptions.resourceMapper.resourceMapperMethod;
			const { fields, emptyFieldsNotice } = await harness.mapperFields(
				{
					type: node.type.slice(PACKAGE.length),
					typeVersion: node.typeVersion,
					parameters: node.parameters,
					name: node.name,
				},
				method,
			);
			const gone = fields.filter((field) => / \(no longer in /.test(field.displayName));
			if (!fields.length || gone.length) {
				problems.push(
					`${file} "${node.name}": ${property.name} ${gone.length ? `maps ${gone.map((field) => field.id).join(', ')}, which the description does not have` : `has no fields (${emptyFieldsNotice ?? 'none loaded'})`}`,
				);
				continue;
			}
			node.parameters[property.name] = withFields(node.parameters[property.name], property, fields);
		}
	}
	return problems;
}

async function main() {
	const check = process.argv.includes('--check');
	const harness = new Harness({
		baseUrl: 'http://127.0.0.1:9',
		clientId: 'example-fields',
		clientSecret: 'example-fields',
	});
	const problems = [];
	const stale = [];
	for (const path of exampleFiles()) {
		const file = relative(ROOT, path);
		const text = readFileSync(path, 'utf8');
		const workflow = JSON.parse(text);
		problems.push(...(await withLoadedFields(harness, workflow, file)));
		const written = await prettier.format(JSON.stringify(workflow, null, '\t'), {
			...(await prettier.resolveConfig(path)),
			filepath: path,
		});
		if (written === text) continue;
		stale.push(file);
		if (!check) writeFileSync(path, written);
	}
	for (const problem of problems) console.error(problem);
	if (check && stale.length)
		console.error(
			`Fields not as the nodes load them: ${stale.join(', ')}. Run node dev/scripts/example-fields.js`,
		);
	else if (stale.length) console.log(`Wrote ${stale.join(', ')}`);
	process.exitCode = problems.length || (check && stale.length) ? 1 : 0;
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
