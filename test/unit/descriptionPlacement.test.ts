/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- a test, run by Node, rewriting descriptions of any shape: the community-node rules are for code n8n runs */
/**
 * One description written the many ways OpenAPI 3.0 and 3.1 allow: a request body or answer behind
 * a $ref (components/requestBodies, components/responses, a chain of them, 3.1's summary and
 * description beside the $ref), a JSON media type spelled otherwise (parameters, a +json suffix,
 * text/json) and listed after one the package does not read, the success answer under 2XX or
 * default. Each way must compile to the very routes the plain writing does: our contract and the
 * simulator's Acme description, rewritten by generated placements (fast-check).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import fc from 'fast-check';
import { parse } from 'yaml';

import { compileDescription } from '../../nodes/shared/platform/description/compile';

type Json = Record<string, any>;

const ROOT = join(__dirname, '..', '..');
const BUILT_IN = parse(readFileSync(join(ROOT, 'contract', 'openapi.yaml'), 'utf8')) as Json;
const ACME = JSON.parse(
	readFileSync(join(ROOT, 'test', 'fixtures', 'acme-wms-2.4.0.json'), 'utf8'),
) as Json;

/** How one operation's request body and success answer are written. */
interface Placement {
	requestBehindRef: boolean;
	answerBehindRef: boolean;
	/** A $ref to a $ref to the object. */
	chained: boolean;
	/** 3.1: summary and description beside the $ref. */
	siblings: boolean;
	mediaType: string;
	/** A media type the package does not read, listed first. */
	otherTypeFirst: boolean;
	/** The answer's status written as the 2XX range or default (where it is the only success). */
	status: 'as written' | '2XX' | 'default';
}

const placement: fc.Arbitrary<Placement> = fc.record({
	requestBehindRef: fc.boolean(),
	answerBehindRef: fc.boolean(),
	chained: fc.boolean(),
	siblings: fc.boolean(),
	mediaType: fc.constantFrom(
		'application/json',
		'application/json; charset=utf-8',
		'application/vnd.vendor.v1+json',
		'text/json',
		'application/hal+json',
	),
	otherTypeFirst: fc.boolean(),
	status: fc.constantFrom('as written', '2XX', 'default'),
});

/** A content map with its JSON media renamed, another type first where asked. */
function respell(content: Json, how: Placement): Json {
	const json = content['application/json'];
	if (!json) return content;
	const rest = { ...content };
	delete rest['application/json'];
	return {
		...(how.otherTypeFirst ? { 'application/xml': { schema: { type: 'string' } } } : {}),
		...rest,
		[how.mediaType]: json,
	};
}

/** The object put under components[kind] (through a second name when chained), and the $ref to it. */
function behindRef(doc: Json, kind: string, name: string, object: Json, how: Placement): Json {
	doc.components[kind] ??= {};
	doc.components[kind][name] = object;
	let ref = `#/components/${kind}/${name}`;
	if (how.chained) {
		doc.components[kind][`${name}Alias`] = { $ref: ref };
		ref = `#/components/${kind}/${name}Alias`;
	}
	return how.siblings
		? { $ref: ref, summary: 'as the vendor wrote it', description: 'x' }
		: { $ref: ref };
}

/** The document with every POST operation rewritten as its placement says. */
function rewritten(original: Json, placements: Placement[]): Json {
	const doc = structuredClone(original);
	doc.components ??= {};
	let i = 0;
	for (const [path, item] of Object.entries<Json>(doc.paths)) {
		const operation = item.post;
		if (!operation) continue;
		const how = placements[i++ % placements.length];
		const name = path.replace(/[^A-Za-z0-9]/g, '_');
		if (operation.requestBody?.content) {
			const body = {
				...operation.requestBody,
				content: respell(operation.requestBody.content, how),
			};
			operation.requestBody = how.requestBehindRef
				? behindRef(doc, 'requestBodies', `${name}Body`, body, how)
				: body;
		}
		const responses: Json = {};
		const successes = Object.keys(operation.responses ?? {}).filter((status) => /^2/.test(status));
		for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
			let answer = response;
			if (answer.$ref === undefined && answer.content)
				answer = { ...answer, content: respell(answer.content, how) };
			const isOnlySuccess = successes.length === 1 && successes[0] === status;
			const written = isOnlySuccess && how.status !== 'as written' ? how.status : status;
			if (how.status === 'default' && isOnlySuccess) delete operation.responses.default;
			responses[written] =
				/^2/.test(status) && how.answerBehindRef && answer.$ref === undefined
					? behindRef(doc, 'responses', `${name}Answer${status}`, answer, how)
					: answer;
		}
		// An error answer already under default gives way to the success written as default.
		if (how.status === 'default' && successes.length === 1) {
			const success = responses.default;
			for (const status of Object.keys(responses))
				if (!/^[45]/.test(status)) delete responses[status];
			responses.default = success;
		}
		operation.responses = responses;
	}
	return doc;
}

const routesOf = (doc: Json) => compileDescription(doc).routes;

describe.each([
	['the built-in description', BUILT_IN],
	['the simulator’s Acme description', ACME],
])('%s, its bodies and answers written every way OpenAPI allows', (_name, original) => {
	const plain = routesOf(original);

	it('compiles to the same routes, fields, keys and answer readers', () => {
		fc.assert(
			fc.property(fc.array(placement, { minLength: 1, maxLength: 6 }), (placements) => {
				expect(routesOf(rewritten(original, placements))).toEqual(plain);
			}),
			{ numRuns: 15, seed: 4001 },
		);
	});

	it('reads every write’s answer when every answer is behind a $ref (not one route left without its results)', () => {
		const all: Placement = {
			requestBehindRef: true,
			answerBehindRef: true,
			chained: true,
			siblings: true,
			mediaType: 'application/vnd.vendor.v1+json',
			otherTypeFirst: true,
			status: 'as written',
		};
		const routes = routesOf(rewritten(original, [all]));
		const writes = Object.keys(plain).filter((path) => plain[path].wire?.results);
		expect(writes.length).toBeGreaterThan(3);
		for (const path of writes)
			expect(routes[path].wire?.results).toEqual(plain[path].wire?.results);
	});
});

describe('a body the package cannot read', () => {
	it('says in words that a route answers only in a type that is not JSON', () => {
		const doc = structuredClone(ACME);
		const path = '/inventory/add';
		doc.paths[path].post.responses['200'].content = { 'text/csv': { schema: { type: 'string' } } };
		const { notes } = compileDescription(doc);
		expect(notes.map((note) => note.words)).toContain(
			`${path} answers with text/csv only, not JSON: the package cannot use that body`,
		);
	});
});

describe('a $ref as a URI fragment', () => {
	it('is read percent-decoded (RFC 6901 §6), as brex.io and digitalocean.com write theirs', () => {
		const doc = structuredClone(ACME);
		const answer = doc.paths['/inventory/add'].post.responses['200'];
		doc.paths['/inventory/{id}/add'] = { post: structuredClone(doc.paths['/inventory/add'].post) };
		doc.paths['/inventory/add'].post.responses['200'] = {
			$ref: '#/paths/~1inventory~1%7Bid%7D~1add/post/responses/200',
		};
		expect(answer).toBeDefined();
		expect(routesOf(doc)['/inventory/add']).toEqual(routesOf(ACME)['/inventory/add']);
	});

	it('still reads a key that holds a % of its own, written as it is', () => {
		const doc = structuredClone(ACME);
		doc.components.responses['Stored%Answer'] = doc.paths['/inventory/add'].post.responses['200'];
		doc.paths['/inventory/add'].post.responses['200'] = {
			$ref: '#/components/responses/Stored%Answer',
		};
		expect(routesOf(doc)['/inventory/add']).toEqual(routesOf(ACME)['/inventory/add']);
	});
});
