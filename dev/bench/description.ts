/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * The platform's own description at run time, measured:
 *   (a) compiling a large description — our contract's routes copied until the document is about
 *       5 MB with 500 routes, written as JSON and as YAML — once (ms, heap MB), and again (the
 *       per-process cache: the same text is not compiled twice);
 *   (b) checking 100,000 inventory items before sending, against the built-in description (what
 *       the build generated) and against the same description compiled at run time: the run-time
 *       one must be no slower.
 * Prints medians and min–max over --runs, with the machine's load before and after.
 *
 *   npm run bench description [-- --runs 5 --routes 500 --items 100000]
 */
import { readFileSync } from 'node:fs';
import type { IDataObject } from 'n8n-workflow';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

import { checkRecord } from '../../nodes/shared/checking';
import { platformFromText } from '../../nodes/shared/platform/compiled';
import { BUILT_IN } from '../../nodes/shared/platform';
import { arg, erpItems } from './support';

const runs = arg('runs', 5);
const routes = arg('routes', 500);
const items = arg('items', 100_000);
/** Characters of description per field of the copies: about 5 MB for 500 routes. */
const padding = arg('padding', 880);

type Json = Record<string, unknown>;

/** Gives every property below `schema` a description of `length` characters. */
function describeProperties(schema: unknown, length: number): void {
	if (!schema || typeof schema !== 'object') return;
	const properties = (schema as Json).properties as Record<string, Json> | undefined;
	for (const property of Object.values(properties ?? {})) {
		if (property && typeof property === 'object' && !('$ref' in property))
			property.description = 'Documented at length, as a vendor does. '
				.repeat(Math.ceil(length / 40))
				.slice(0, length);
		describeProperties(property, length);
	}
	describeProperties((schema as Json).items, length);
}

/** Our contract, its POST routes copied (with their request and answer components, each field documented at length) until it has `count` routes. */
function largeDescription(count: number, padding: number): Json {
	const root = join(__dirname, '..', '..', '..');
	const doc = parse(readFileSync(join(root, 'contract', 'openapi.yaml'), 'utf8')) as Json;
	const paths = doc.paths as Record<string, Json>;
	const schemas = (doc.components as Json).schemas as Record<string, unknown>;
	const original = Object.entries(paths).filter(([path]) => path !== '/oauth/token');
	const text = JSON.stringify(schemas);
	for (let copy = 1; Object.keys(paths).length < count + 1; copy++) {
		// Each copy has schemas of its own, as a large platform's areas do.
		const renamed = JSON.parse(
			text.replace(/#\/components\/schemas\/([A-Za-z]+)/g, `#/components/schemas/$1V${copy}`),
		) as Record<string, unknown>;
		// Vendors document every field at length: each property of a copy carries a paragraph.
		for (const schema of Object.values(renamed)) describeProperties(schema, padding);
		for (const [name, schema] of Object.entries(renamed)) schemas[`${name}V${copy}`] = schema;
		for (const [path, item] of original) {
			if (Object.keys(paths).length >= count + 1) break;
			paths[`/v${copy}${path}`] = JSON.parse(
				JSON.stringify(item).replace(
					/#\/components\/schemas\/([A-Za-z]+)/g,
					`#/components/schemas/$1V${copy}`,
				),
			) as Json;
		}
	}
	return doc;
}

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values: number[], digits = 0) =>
	`${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
const load = () =>
	loadavg()
		.map((value) => value.toFixed(2))
		.join(' ');

function heapMb(): number {
	global.gc?.();
	return process.memoryUsage().heapUsed / 1024 / 1024;
}

function compileOnce(text: string, kind: 'platform' | 'pasted', url: string) {
	const before = heapMb();
	const started = performance.now();
	const { platform } = platformFromText(text, { kind, url });
	const ms = performance.now() - started;
	const again = performance.now();
	platformFromText(text, { kind, url });
	return {
		ms,
		againMs: performance.now() - again,
		mb: heapMb() - before,
		routes: platform.routes().length,
	};
}

function checkAll(spec: ReturnType<typeof BUILT_IN.recordSpec>, rows: IDataObject[]): number {
	const started = performance.now();
	let refused = 0;
	for (const row of rows) {
		const { problems } = checkRecord(spec, row, { unknownFields: 'ignore', timeZone: 'UTC' });
		if (problems.length) refused++;
	}
	if (refused) throw new Error(`${refused} items refused: the benchmark's items must all pass`);
	return performance.now() - started;
}

async function main() {
	console.log(`load before: ${load()}`);
	const doc = largeDescription(routes, padding);
	const json = JSON.stringify(doc);
	const yaml = stringify(doc, { aliasDuplicateObjects: false });
	console.log(
		`description: ${Object.keys(doc.paths as Json).length - 1} routes, JSON ${(json.length / 1024 / 1024).toFixed(1)} MB, YAML ${(yaml.length / 1024 / 1024).toFixed(1)} MB`,
	);
	for (const [name, text] of [
		['JSON', json],
		['YAML', yaml],
	] as const) {
		const results = Array.from({ length: runs }, (_, run) =>
			// A different address each run: the cache is per document and source, so each run compiles anew.
			compileOnce(text, 'platform', `https://bench.example/${name}/${run}`),
		);
		console.log(
			`compile ${name}: ${spread(results.map((r) => r.ms))} ms, heap +${spread(
				results.map((r) => r.mb),
				1,
			)} MB, ${results[0].routes} routes; again (cached): ${spread(
				results.map((r) => r.againMs),
				2,
			)} ms`,
		);
	}

	const contract = readFileSync(
		join(__dirname, '..', '..', '..', 'contract', 'openapi.yaml'),
		'utf8',
	);
	const runtime = platformFromText(contract, { kind: 'pasted' }).platform;
	const rows = erpItems(items);
	const builtInTimes: number[] = [];
	const runtimeTimes: number[] = [];
	for (let run = 0; run < runs; run++) {
		builtInTimes.push(checkAll(BUILT_IN.recordSpec('/inventory/add'), rows));
		runtimeTimes.push(checkAll(runtime.recordSpec('/inventory/add'), rows));
	}
	const ratios = builtInTimes.map((time, run) => runtimeTimes[run] / time);
	console.log(
		`check ${items.toLocaleString('en')} items: built-in ${spread(builtInTimes)} ms, run-time description ${spread(runtimeTimes)} ms, run-time/built-in ${spread(ratios, 2)} (target ≤ 1.0 within noise)`,
	);
	console.log(`load after: ${load()}`);
}

void main();
