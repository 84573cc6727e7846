/**
 * The operations of a description that are not POST (GET, PUT, PATCH, DELETE), as routes Call a
 * Route offers: each named "GET /orders/{id}", its path, query and header parameters (a $ref to
 * components/parameters followed) taken as fields beside its body's, so the form, the checks and
 * the paging read them as they read a POST route's; where each goes on the wire is kept in
 * `params`. The area nodes keep the platform's convention (POST), so these are compiled after
 * everything the area nodes rely on and take no part in it.
 */
import type { OperationMethod } from '../types';
import type { CompiledRoute } from './compile';
import { requestSchemaOf, successSchemaOf } from './media';
import { paramTable, parametersOf, type Compile } from './parameters';
import { withParameters } from './postParameters';
import { DescriptionProblem, pointer, type Note } from './problems';
import { isObject, own, Resolver, type Schema } from './refs';

const OTHER_METHODS: OperationMethod[] = ['get', 'put', 'patch', 'delete'];
/** The name a route of another method has: "GET /orders/{id}". */
export const operationRoute = (method: OperationMethod, path: string): string =>
	`${method.toUpperCase()} ${path}`;

/** Whether an operation answers with a list of records itself (GET /orders/{id}/events): each becomes an output item. */
function answersList(resolver: Resolver, operation: Schema, at: string): boolean {
	const found = successSchemaOf(resolver, operation, at);
	if (found.schema === undefined) return false;
	const answer = resolver.resolve(found.schema, found.at);
	if (own(answer, 'type') !== 'array') return false;
	const entry = resolver.resolve(own(answer, 'items'), found.at);
	return own(entry, 'type') === 'object' || isObject(own(entry, 'properties'));
}

/** One operation as a route, or undefined (said in a note) where the package cannot call it. */
function operationAsRoute(
	resolver: Resolver,
	compile: Compile,
	method: OperationMethod,
	path: string,
	item: Schema,
	operation: Schema,
	notes: Note[],
): CompiledRoute | undefined {
	const route = operationRoute(method, path);
	const at = pointer('paths', path, method);
	const say = (words: string) => notes.push({ route, pointer: at, words: `${route}: ${words}` });
	const params = parametersOf(resolver, item, operation, at, say);
	if (!params) return undefined;
	const unfilled = [...path.matchAll(/\{([^}]+)\}/g)]
		.map((match) => match[1])
		.filter((name) => !params.some((param) => param.in === 'path' && param.name === name));
	if (unfilled.length > 0) {
		say(
			`its path names ${unfilled.join(', ')} but it describes no such path parameter; it is not offered`,
		);
		return undefined;
	}
	const names = params.map((param) => param.name);
	const twice = names.filter((name, index) => names.indexOf(name) !== index);
	// GET and DELETE send no body (a body there has no meaning a platform must honour).
	const sendsBody = method === 'put' || method === 'patch';
	const body = sendsBody ? requestSchemaOf(resolver, operation, at) : { schema: undefined, at };
	if (body.schema === undefined && body.notJson) {
		say(`takes ${body.notJson.join(', ')} only, not JSON: the package cannot send that body`);
		return undefined;
	}
	const bodySchema = body.schema === undefined ? {} : resolver.resolve(body.schema, body.at);
	const bodyProperties = isObject(own(bodySchema, 'properties'))
		? (own(bodySchema, 'properties') as Schema)
		: {};
	// A path parameter named as a body field (PUT /orders/{id} with the order's id) is one field sent in both.
	const inBoth = new Set(
		params
			.filter((param) => param.in === 'path' && param.name in bodyProperties)
			.map((param) => param.name),
	);
	const clash = [...twice, ...names.filter((name) => name in bodyProperties && !inBoth.has(name))];
	if (clash.length > 0) {
		say(
			`${clash[0]} is both a parameter and another parameter or body field of the same name; it is not offered`,
		);
		return undefined;
	}
	const bodyIsObject =
		body.schema === undefined ||
		own(bodySchema, 'type') === 'object' ||
		isObject(own(bodySchema, 'properties'));
	if (!bodyIsObject && params.length > 0) {
		say(
			'its body is not an object, so its parameters cannot be given beside it; it is not offered',
		);
		return undefined;
	}
	const bodyRequired = own(bodySchema, 'required');
	const request =
		params.length === 0
			? body.schema
			: {
					type: 'object',
					properties: {
						...Object.fromEntries(params.map((param) => [param.name, param.schema])),
						...bodyProperties,
					},
					required: [
						...params.filter((param) => param.required).map((param) => param.name),
						...(Array.isArray(bodyRequired) ? bodyRequired : []),
					],
				};
	const asPosted: Schema = { ...operation };
	delete asPosted.requestBody;
	if (request !== undefined)
		asPosted.requestBody = { content: { 'application/json': { schema: request } } };
	const before = notes.length;
	const compiled = compile(route, asPosted, at);
	const kind = method === 'get' && compiled.kind === 'read' ? 'read' : 'action';
	// A body with a list of records is still one request here: no note on keys of records it does not write in batches.
	if (compiled.kind === 'bulk')
		notes.splice(
			before,
			notes.length - before,
			...notes.slice(before).filter((note) => !/names no key for its records/.test(note.words)),
		);
	const stated = operation['x-idempotent'];
	const result: CompiledRoute = {
		kind,
		// GET, PUT and DELETE are idempotent by HTTP's own definition (RFC 9110 §9.2.2); PATCH is not.
		idempotent: typeof stated === 'boolean' ? stated : method !== 'patch',
		body: compiled.body,
		method,
	};
	if (typeof stated === 'boolean') result.idempotentStated = true;
	if (kind === 'read' && compiled.wire) result.wire = compiled.wire;
	else if (answersList(resolver, operation, at)) result.wire = { list: '' };
	if (params.length > 0) result.params = paramTable(params, inBoth);
	if (compiled.headers) result.headers = compiled.headers;
	return result;
}

/**
 * Every operation of `doc` that is not POST, compiled with the compiler's own reading of a route
 * (`compile`) and added to `into` with its area (its first tag); what cannot be called is said in
 * `notes`. A POST route whose path names parameters gets them as fields (postParameters.ts).
 */
export function otherOperations(
	doc: Schema,
	compile: Compile,
	notes: Note[],
	into: { routes: Record<string, CompiledRoute>; areas: Record<string, string> },
): void {
	const resolver = new Resolver(doc);
	const paths = own(doc, 'paths');
	if (!isObject(paths)) return;
	const items = Object.keys(paths).filter((path) => isObject(paths[path]));
	// What the package could not read of these is said and left out: the POST routes were read, the
	// document stands. A budget spent (fields, steps) stops the rest; any other problem only its operation.
	const spared = (path: string, work: () => void): boolean => {
		let failure: unknown;
		try {
			work();
			return true;
		} catch (error) {
			failure = error;
		}
		// Anything else is the package's own fault, for the compile's caller to report as it does.
		if (!(failure instanceof DescriptionProblem)) throw failure;
		const spent = /expands? to more than/.test(failure.what);
		notes.push({
			route: path,
			pointer: failure.pointer,
			words: `${path}: ${failure.what}; ${spent ? 'it and the operations after it are' : 'it is'} not offered`,
		});
		return !spent;
	};
	// POST routes first: their parameters are what makes them callable at all.
	for (const path of items) {
		const item = paths[path] as Schema;
		const post = own(item, 'post');
		if (!path.includes('{') || !isObject(post) || !into.routes[path]) continue;
		if (
			!spared(path, () =>
				withParameters(resolver, compile, path, item, post, into.routes[path], notes),
			)
		)
			return;
	}
	for (const path of items) {
		const item = paths[path] as Schema;
		for (const method of OTHER_METHODS) {
			const operation = own(item, method);
			if (!isObject(operation)) continue;
			let route: CompiledRoute | undefined;
			if (
				!spared(operationRoute(method, path), () => {
					route = operationAsRoute(resolver, compile, method, path, item, operation, notes);
				})
			)
				return;
			if (!route) continue;
			const name = operationRoute(method, path);
			into.routes[name] = route;
			const tags = operation.tags;
			into.areas[name] = Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : 'other';
		}
	}
}
