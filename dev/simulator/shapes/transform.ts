/**
 * Our contract → a shape's own OpenAPI document: the vendor's names, containers, paging, batch
 * answers, limits, moved routes and routes of its own, with none of our x- keys. Written from
 * our document each time, so it follows our contract when ours changes.
 */
import { resolve, schemaName, type OurRoute } from './classify';
import { Mapping } from './mapping';
import { pagingSchemas } from './components';
import { addOwnRoutes } from './ownDocument';
import type { Json, ShapeSpec } from './types';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An object with one key renamed where it stood (documents read in their order). */
export function renameKey(obj: Json, from: string, to: string, value?: Json): Json {
	const out: Json = {};
	for (const [k, v] of Object.entries(obj))
		out[k === from ? to : k] = k === from ? (value ?? v) : v;
	return out;
}

const word = (w: string) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g');

/** Every summary and description string below `node`, rewritten. */
function reword(node: Json, change: (text: string) => string): void {
	if (Array.isArray(node)) return node.forEach((n) => reword(n, change));
	if (node === null || typeof node !== 'object') return;
	for (const [k, v] of Object.entries<Json>(node)) {
		if ((k === 'description' || k === 'summary') && typeof v === 'string') node[k] = change(v);
		else reword(v, change);
	}
}

function stripXKeys(node: Json): void {
	if (Array.isArray(node)) return node.forEach(stripXKeys);
	if (node === null || typeof node !== 'object') return;
	for (const key of Object.keys(node)) {
		if (key.startsWith('x-')) delete node[key];
		else stripXKeys(node[key]);
	}
}

/**
 * Our custom `x_` fields out of the examples: they are our contract's (declared there by our own
 * `x-patternProperties`, which a vendor's document does not carry), so in a vendor's document they
 * would be fields its own schemas refuse. A vendor's own fields carried as `x_` are renamed before.
 */
function stripOurFieldsFromExamples(node: Json, inExample = false): void {
	if (Array.isArray(node)) return node.forEach((n) => stripOurFieldsFromExamples(n, inExample));
	if (node === null || typeof node !== 'object') return;
	for (const key of Object.keys(node)) {
		if (inExample && key.startsWith('x_')) delete node[key];
		else
			stripOurFieldsFromExamples(node[key], inExample || key === 'example' || key === 'examples');
	}
}

/** Drops component schemas nothing refers to any more (our paging and bulk result pieces). */
function prune(doc: Json): void {
	const schemas = doc.components.schemas;
	const refsIn = (node: Json, found: Set<string>) => {
		const text = JSON.stringify(node);
		for (const m of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) found.add(m[1]);
	};
	const reached = new Set<string>();
	refsIn({ ...doc, components: { ...doc.components, schemas: {} } }, reached);
	const queue = [...reached];
	while (queue.length > 0) {
		const found = new Set<string>();
		refsIn(schemas[queue.pop()!], found);
		for (const name of found)
			if (!reached.has(name)) {
				reached.add(name);
				queue.push(name);
			}
	}
	for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name];
}

/** Sets a component once; a second route that would set it otherwise is a shape that cannot hold. */
function setOnce(doc: Json, name: string, schema: Json, done: Map<string, string>): void {
	const text = JSON.stringify(schema);
	if (done.has(name) && done.get(name) !== text)
		throw new Error(`shape: ${name} is shared by routes the shape rewrites differently`);
	done.set(name, text);
	doc.components.schemas[name] = schema;
}

function rewriteRoute(doc: Json, m: Mapping, route: OurRoute, done: Map<string, string>): void {
	const { spec } = m;
	const ours = m.ours;
	const req = resolve(ours, route.request);
	const media = doc.paths[route.path].post.requestBody.content['application/json'];
	const answer = doc.paths[route.path].post.responses['200']?.content?.['application/json'];
	if (route.kind === 'bulk' || route.kind === 'container') {
		const limit =
			spec.maxItems[route.path] ?? route.op['x-max-items'] ?? req.properties.items.maxItems;
		const records = {
			...req.properties.items,
			maxItems: limit,
			description: `The records, at most ${limit} per request.`,
		};
		setOnce(
			doc,
			route.requestName,
			{
				...req,
				required: req.required?.map((r: string) => (r === 'items' ? spec.container : r)),
				properties: renameKey(req.properties, 'items', spec.container, records),
			},
			done,
		);
	}
	if (route.kind === 'bulk') {
		const res = resolve(ours, route.response);
		const results = res.properties.results.items;
		const resultName = schemaName(results) ?? schemaName(results.allOf?.[0]);
		const accepted = JSON.parse(
			JSON.stringify(results)
				.split(`#/components/schemas/${resultName}"`)
				.join('#/components/schemas/AcceptedRow"'),
		);
		setOnce(
			doc,
			route.responseName!,
			{
				type: 'object',
				required: ['accepted', 'rejected'],
				description:
					'Which records were stored (accepted) and which were not (rejected, with the errors of each). The accepted ones are stored even when others are rejected.',
				properties: {
					accepted: { type: 'array', items: accepted },
					rejected: { type: 'array', items: ref('RejectedRow') },
				},
			},
			done,
		);
	}
	if (route.kind === 'read') {
		const filter = resolve(ours, route.filter) ?? { properties: {} };
		const filters: Json = {};
		for (const [key, schema] of Object.entries<Json>(filter.properties ?? {}))
			filters[m.filterKey(route, key)] = schema;
		setOnce(
			doc,
			route.requestName,
			{
				type: 'object',
				additionalProperties: false,
				...(filter.description ? { description: filter.description } : {}),
				properties: { page: ref('Page'), per_page: ref('PerPage'), ...filters },
			},
			done,
		);
		setOnce(
			doc,
			route.responseName!,
			{
				type: 'object',
				required: ['data', 'meta'],
				properties: { data: { type: 'array', items: route.listed }, meta: ref('PageMeta') },
			},
			done,
		);
	}
	if (route.kind === 'bulk' || route.kind === 'container') {
		const limit = media.schema && resolve(doc, media.schema).properties[spec.container].maxItems;
		const op = doc.paths[route.path].post;
		if (typeof op.description === 'string')
			op.description = op.description.replace(
				/At most \d+ items per request( \([^)]*\))?\./,
				`At most ${limit} records per request.`,
			);
	}
	// Examples in their words, through the same mapping the simulator serves with.
	withNewFields(spec, route.record, media.example?.items);
	withNewFields(spec, route.listed, answer?.example?.items);
	if (media.example !== undefined) media.example = m.requestToTheirs(route, media.example);
	if (answer?.example !== undefined)
		answer.example = exampleAnswer(m, route, answer.example, media.example);
}

/** Gives example records of a schema that gained a required field of theirs that field (as ours carries it). */
function withNewFields(spec: ShapeSpec, record: Json, records: Json): Json {
	const name = schemaName(record);
	if (Array.isArray(records))
		for (const f of spec.newFields)
			if (f.schema === name && f.demoValue !== undefined)
				for (const r of records) r[f.carriedAs] ??= f.demoValue;
	return records;
}

function exampleAnswer(m: Mapping, route: OurRoute, example: Json, request: Json): Json {
	if (route.kind === 'bulk') return { accepted: m.acceptedRows(example.results), rejected: [] };
	if (route.kind === 'read') {
		const perPage = request?.per_page ?? m.spec.paging.defaultPerPage;
		const total = example.items.length;
		return {
			data: example.items.map((r: Json) => m.listedToTheirs(route, r)),
			meta: { page: 1, per_page: perPage, total_pages: Math.ceil(total / perPage), total },
		};
	}
	return m.answerToTheirs(route, example);
}

function renameInSchemas(doc: Json, spec: ShapeSpec, m: Mapping): void {
	const schemas = doc.components.schemas;
	for (const r of spec.renames) {
		if (!('schemas' in r)) continue;
		for (const name of r.schemas) {
			const s = schemas[name];
			if (!s?.properties?.[r.from])
				throw new Error(`shape ${spec.name}: ${name} has no field ${r.from} to rename`);
			s.properties = renameKey(s.properties, r.from, r.to);
			s.required = s.required?.map((f: string) => (f === r.from ? r.to : f));
			reword(s, (t) => t.replace(word(r.from), r.to));
		}
		// Summaries of the routes that write these records speak of their key by its new name.
		for (const route of m.routes.values())
			if (route.record && r.schemas.includes(schemaName(route.record) ?? '')) {
				const op = doc.paths[route.path].post;
				for (const k of ['summary', 'description'])
					if (typeof op[k] === 'string') op[k] = op[k].replace(word(r.from), r.to);
			}
	}
	for (const f of spec.newFields) {
		const s = schemas[f.schema];
		const props = Object.entries<Json>(s.properties);
		const at = props.findIndex(([, p]) => p.readOnly || resolve(doc, p)?.readOnly);
		props.splice(at < 0 ? props.length : at, 0, [f.name, f.definition]);
		s.properties = Object.fromEntries(props);
		if (f.required) s.required = [...(s.required ?? []), f.name];
	}
	for (const { schema, field } of spec.required) {
		const s = schemas[schema];
		if (!s?.properties?.[field]) throw new Error(`shape ${spec.name}: ${schema} has no ${field}`);
		s.properties[field] = { ...s.properties[field] };
		delete s.properties[field].default;
		if (!s.required?.includes(field)) s.required = [...(s.required ?? []), field];
	}
	for (const { schema, field, values } of spec.enums) {
		const p = schemas[schema]?.properties?.[field];
		if (!p?.enum) throw new Error(`shape ${spec.name}: ${schema}.${field} has no enum`);
		p.enum = values;
	}
}

/** Their OpenAPI document, from ours (which is not changed). */
export function transform(spec: ShapeSpec, ours: Json): Json {
	const m = new Mapping(spec, ours);
	const doc: Json = structuredClone(ours);
	doc.info = { ...spec.info };
	doc.servers = spec.servers;
	Object.assign(doc.components.schemas, pagingSchemas(spec));
	const done = new Map<string, string>();
	for (const route of m.routes.values()) rewriteRoute(doc, m, route, done);
	renameInSchemas(doc, spec, m);
	// Pointers into a request body in error examples and descriptions: /items/3/... → /data/3/...
	doc.components = JSON.parse(
		JSON.stringify(doc.components).replace(/(["\s(`])\/items\//g, `$1/${spec.container}/`),
	);
	addOwnRoutes(doc, spec);
	doc.paths = Object.fromEntries(
		Object.entries(doc.paths).map(([path, item]) => [m.theirPath(path), item]),
	);
	reword(doc, (text) => spec.rewordings.reduce((t, [from, to]) => t.replace(from, to), text));
	spec.adjust?.document(doc);
	stripXKeys(doc);
	stripOurFieldsFromExamples(doc);
	prune(doc);
	return doc;
}
