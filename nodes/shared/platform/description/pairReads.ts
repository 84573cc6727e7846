/**
 * Each read route paired with the write route of the same records, once every route is compiled:
 * reads by key (the read back after a lost answer, Check Only's look-ups) need to know which read
 * finds what a write stored, and which of its filters takes a list of the records' keys.
 */
import type { RouteInfo } from '../types';
import { requestSchemaOf } from './media';
import { pointer } from './problems';
import { isObject, own, type Resolver, type Schema } from './refs';
import { plainName, WireReader } from './wire';

/** What the compiler gathered on its way through the routes. */
export interface Gathered {
	/** Each POST route's operation. */
	operations: Record<string, Schema>;
	/** Which records each route writes or reads (a component name). */
	recordSchemas: Record<string, string | undefined>;
	/** Where what the description gets wrong is said. */
	problems: string[];
}

/** The component of the records a read route answers with, if it names one. */
export function readRecordSchema(
	resolver: Resolver,
	answer: Schema,
	list: string | undefined,
): string | undefined {
	if (list === undefined) return undefined;
	let node: unknown = answer;
	for (const name of list === '' ? [] : list.split('.')) {
		const resolved = resolver.resolve(node, '');
		node = own(
			isObject(own(resolved, 'properties')) ? (own(resolved, 'properties') as Schema) : {},
			name,
		);
	}
	const items = resolver.resolve(node, '');
	return own(items, 'type') === 'array' ? resolver.refName(own(items, 'items')) : undefined;
}

/**
 * What the package knows of a read route's records from the write route of the same records
 * (the bulk route whose items are the component the read answers with): that route, and the
 * filter taking a list of the records' keys — the one list filter whose entries are the key
 * field's own schema, or the one `x-key-filter` names when several are.
 */
export function pairReads(
	resolver: Resolver,
	routes: Record<string, RouteInfo>,
	gathered: Gathered,
): void {
	const { recordSchemas, problems } = gathered;
	const first = (path: string) => path.split('/').filter(Boolean)[0];
	for (const [path, route] of Object.entries(routes)) {
		if (route.kind !== 'read') continue;
		const schema = recordSchemas[path];
		let writers = schema
			? Object.keys(routes).filter(
					(other) => routes[other].kind === 'bulk' && recordSchemas[other] === schema,
				)
			: [];
		if (writers.length > 1) {
			problems.push(
				`${path}: its records (${schema}) are written by ${writers.join(' and ')}; reads by key are off for it`,
			);
			continue;
		}
		// A description without shared components: the interface's convention, /x/check reads what /x/add writes.
		if (writers.length === 0 && WireReader.readsByName(path)) {
			const alike = Object.keys(routes).filter(
				(other) => routes[other].kind === 'bulk' && first(other) === first(path),
			);
			if (alike.length === 1) writers = alike;
		}
		if (writers.length !== 1) continue;
		const [records] = writers;
		route.records = records;
		const key = routes[records].naturalKey;
		if (key?.length !== 1) continue;
		const filter = keyFilter(resolver, routes, gathered, path, key[0], recordSchemas[records]);
		if (filter) route.keyFilter = filter;
	}
}

function keyFilter(
	resolver: Resolver,
	routes: Record<string, RouteInfo>,
	{ operations, problems }: Gathered,
	path: string,
	key: string,
	schema: string | undefined,
): RouteInfo['keyFilter'] {
	const operation = operations[path];
	const at = pointer('paths', path, 'post');
	const request = resolver.resolve(requestSchemaOf(resolver, operation, at).schema, at);
	const requestProperties = isObject(request.properties) ? request.properties : {};
	const holder = routes[path]?.wire?.filter ?? 'filter';
	const filter = holder === '' ? request : resolver.resolve(own(requestProperties, holder), at);
	const record =
		schema === undefined ? {} : resolver.resolve({ $ref: `#/components/schemas/${schema}` }, at);
	const keySchema = resolver.refName(
		own(isObject(record.properties) ? record.properties : {}, key),
	);
	const filterProperties = isObject(filter.properties) ? filter.properties : {};
	const listsOf = (same: (list: Schema, name: string) => boolean) =>
		Object.keys(filterProperties).filter((name) => {
			const list = resolver.resolve(filterProperties[name], at);
			return own(list, 'type') === 'array' && same(list, name);
		});
	let lists = listsOf(
		(list) => keySchema !== undefined && resolver.refName(own(list, 'items')) === keySchema,
	);
	// Without a shared component, the key's list by its name: order_numbers, skus, code_list.
	if (lists.length === 0 && keySchema === undefined)
		lists = listsOf((_, name) => [`${key}s`, `${key}es`, `${key}_list`].includes(plainName(name)));
	const named = operation['x-key-filter'] as string | undefined;
	const chosen = named !== undefined ? lists.filter((name) => name === named) : lists;
	if (named !== undefined && chosen.length === 0)
		problems.push(`${path}: x-key-filter ${named} is not a list filter of ${key} values`);
	if (named === undefined && chosen.length > 1)
		problems.push(
			`${path}: filters ${chosen.join(' and ')} both list ${key} values; name the one of the records' keys with x-key-filter`,
		);
	if (chosen.length !== 1) return undefined;
	const [list] = chosen;
	const max = own(resolver.resolve(filterProperties[list], at), 'maxItems');
	return { list, key, max: typeof max === 'number' ? max : 100 };
}
