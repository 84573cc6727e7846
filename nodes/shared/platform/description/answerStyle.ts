/**
 * The answer styles a write's description can show beyond per-row results and accepted/rejected
 * lists (wire.ts reads those): a list of the stored records' ids (`{ids: [...]}`), and a success
 * status with no body at all (`204`, or a `200`/`201` without content), which says the request was
 * taken as a whole: a row the platform does not take is then refused with an error status. A
 * `202` without a body says only that the request was queued, so it confirms nothing.
 */
import type { Wire } from '../types';
import { followObject } from './media';
import { isObject, own, type Resolver, type Schema } from './refs';

/** Names of a list of the stored records' ids or keys. */
const ID_LISTS = ['ids', 'keys', 'id_list', 'created_ids', 'stored', 'created', 'saved'];

const SCALARS = ['string', 'integer', 'number'];

/** Whether a list's entries are ids: scalars, or objects of scalars with no status or index (a key of several fields). */
function holdsIds(resolver: Resolver, list: unknown, at: string): 'scalars' | 'objects' | false {
	const schema = resolver.resolve(list, at);
	if (own(schema, 'type') !== 'array') return false;
	const items = resolver.resolve(own(schema, 'items'), at);
	const type = own(items, 'type');
	if (typeof type === 'string' && SCALARS.includes(type)) return 'scalars';
	const properties = own(items, 'properties');
	if (type !== 'object' || !isObject(properties)) return false;
	const plain = Object.keys(properties).every(
		(name) =>
			!/^(status|index|row|error|errors|message)$/i.test(name) &&
			SCALARS.includes(String(own(resolver.resolve(properties[name], at), 'type'))),
	);
	return plain ? 'objects' : false;
}

/** A success answer whose only list holds ids: that list. */
function idList(resolver: Resolver, answer: Schema, at: string): string | undefined {
	const properties = own(answer, 'properties');
	if (!isObject(properties)) return undefined;
	const lists = Object.keys(properties).filter(
		(name) => own(resolver.resolve(properties[name], at), 'type') === 'array',
	);
	if (lists.length !== 1) return undefined;
	const [list] = lists;
	const held = holdsIds(resolver, properties[list], at);
	// A list of objects is read as keys only under a name that says so: elsewhere it may be anything.
	return held === 'scalars' || (held === 'objects' && ID_LISTS.includes(list.toLowerCase()))
		? list
		: undefined;
}

/** Whether every success answer the operation describes is without a body, and one of them says stored (200, 201, 204). */
function bodiless(resolver: Resolver, operation: Schema, at: string): boolean {
	const responses = followObject(resolver, own(operation, 'responses'), `${at}/responses`).value;
	if (!responses) return false;
	const success = Object.keys(responses).filter((status) => /^2(\d\d|XX)$/i.test(status));
	if (success.length === 0 || success.includes('202')) return false;
	const noBody = success.every((status) => {
		const response = followObject(resolver, own(responses, status), `${at}/responses/${status}`);
		const content = response.value ? own(response.value, 'content') : undefined;
		return !isObject(content) || Object.keys(content).length === 0;
	});
	return noBody && success.some((status) => ['200', '201', '204'].includes(status));
}

/** The write's answer style: wire.ts's reading where it found one, else a list of ids or an answer without a body. */
export function answerStyle(
	read: Pick<Wire, 'results' | 'statuses'>,
	resolver: Resolver,
	operation: Schema,
	answer: Schema,
	at: string,
): Pick<Wire, 'results' | 'statuses'> {
	if (read.results && read.results.by !== 'none') return read;
	const ids = idList(resolver, answer, at);
	if (ids !== undefined) return { results: { by: 'ids', list: ids } };
	if (bodiless(resolver, operation, at)) return { results: { by: 'whole' } };
	return read;
}
