/**
 * A POST route whose path names parameters (POST /orders/{id}/cancel): its path, query and header
 * parameters become fields beside its body's, so Call a Route fills them per item and the request
 * goes to the order's own path. Its kind, records, paging and key stay as the POST route was read;
 * only fields are added.
 */
import type { CompiledRoute } from './compile';
import { paramTable, parametersOf, type Compile } from './parameters';
import { pointer, type Note } from './problems';
import type { Resolver, Schema } from './refs';

export function withParameters(
	resolver: Resolver,
	compile: Compile,
	path: string,
	item: Schema,
	operation: Schema,
	route: CompiledRoute,
	notes: Note[],
): void {
	if (route.wire?.records === '') return;
	const at = pointer('paths', path, 'post');
	const say = (words: string) =>
		notes.push({ route: path, pointer: at, words: `${path}: ${words}` });
	const params = parametersOf(resolver, item, operation, at, say);
	if (!params || params.length === 0) return;
	const bodyNames = new Set(route.body.map((field) => field.name));
	// A query parameter or header named as a body field cannot be told apart in one form: left to the body.
	const taken = params.filter((param) => param.in === 'path' || !bodyNames.has(param.name));
	const added = taken.filter((param) => !bodyNames.has(param.name));
	const before = notes.length;
	const fields = compile(
		path,
		{
			requestBody: {
				content: {
					'application/json': {
						schema: {
							type: 'object',
							properties: Object.fromEntries(added.map((param) => [param.name, param.schema])),
							required: added.filter((param) => param.required).map((param) => param.name),
						},
					},
				},
			},
		},
		at,
	).body;
	// The parameters' own notes only (a pattern not checked), not a second reading of the route.
	notes.splice(
		before,
		notes.length - before,
		...notes.slice(before).filter((note) => !/names no key for its records/.test(note.words)),
	);
	route.body = [...fields, ...route.body];
	route.params = paramTable(taken, bodyNames);
}
