/**
 * Where an operation's request body and success answer are, as OpenAPI 3.0 and 3.1 allow them to
 * be written: a Request Body or Response object may be a $ref (to components/requestBodies or
 * components/responses, or anywhere in the document), 3.1 lets summary/description stand beside
 * that $ref, and the body may be any JSON media type (application/json with parameters, a +json
 * suffix, text/json), listed after other types the package does not read.
 */
import { escapePointer } from './problems';
import { isObject, own, type Resolver, type Schema } from './refs';

/** What was found, and where (a JSON pointer into the document) for the words about it. */
export interface Found {
	schema: unknown;
	at: string;
	/** The media types given where none is JSON: the package cannot read such a body. */
	notJson?: string[];
}

const NOTHING: Found = { schema: undefined, at: '' };

/**
 * A Request Body, Response, Parameter or Header object with its $ref chain followed. The pointer
 * it returns is where the object is written (a component), so a note names the place to look.
 */
export function followObject(
	resolver: Resolver,
	raw: unknown,
	at: string,
): { value: Schema | undefined; at: string } {
	let value = raw;
	let where = at;
	const seen: string[] = [];
	while (isObject(value) && typeof own(value, '$ref') === 'string') {
		const ref = own(value, '$ref') as string;
		resolver.step(where);
		if (seen.includes(ref) || seen.length > 64) return { value: undefined, at: where };
		seen.push(ref);
		value = resolver.target(ref, where);
		where = ref;
	}
	return { value: isObject(value) ? value : undefined, at: where };
}

/** How JSON a media type is: 3 application/json, 2 a +json suffix or any other type named json, 1 a wildcard, 0 not JSON. */
function jsonRank(type: string): number {
	const bare = type.split(';')[0].trim().toLowerCase();
	if (bare === 'application/json') return 3;
	if (/^[a-z0-9!#$&^_.-]+\/([a-z0-9!#$&^_.-]+\+)?json$/.test(bare)) return 2;
	if (bare === '*/*' || bare === 'application/*') return 1;
	return 0;
}

/** The schema of the most JSON media type in a content map, a problem document last. */
export function schemaIn(content: unknown, at: string): Found {
	if (!isObject(content)) return NOTHING;
	const types = Object.keys(content);
	const ranked = types
		.map((type, order) => ({
			type,
			order,
			rank: jsonRank(type) - (/problem\+json/i.test(type) ? 1.5 : 0),
		}))
		.filter(({ rank }) => rank > 0)
		.sort((a, b) => b.rank - a.rank || a.order - b.order);
	for (const { type } of ranked) {
		const media = own(content, type);
		if (isObject(media) && own(media, 'schema') !== undefined)
			return { schema: own(media, 'schema'), at: `${at}/content/${escapePointer(type)}/schema` };
	}
	return ranked.length === 0 && types.length > 0 ? { ...NOTHING, notJson: types } : NOTHING;
}

/** The request body's schema, unresolved (so its component name stays visible). */
export function requestSchemaOf(resolver: Resolver, operation: Schema, at: string): Found {
	const body = followObject(resolver, own(operation, 'requestBody'), `${at}/requestBody`);
	if (!body.value) return NOTHING;
	return schemaIn(own(body.value, 'content'), body.at);
}

/** Success statuses in the order their answer is taken: the usual ones, any other 2xx, the range, then default. */
function successStatuses(responses: Schema): string[] {
	const usual = ['200', '201', '207', '202'];
	const other = Object.keys(responses)
		.filter((status) => /^2\d\d$/.test(status) && !usual.includes(status))
		.sort();
	return [...usual, ...other, '2XX', '2xx', 'default'];
}

/** The schema of an operation's first success answer with a body, unresolved. */
export function successSchemaOf(resolver: Resolver, operation: Schema, at: string): Found {
	const responses = followObject(resolver, own(operation, 'responses'), `${at}/responses`).value;
	if (!responses) return NOTHING;
	let notJson: string[] | undefined;
	for (const status of successStatuses(responses)) {
		const place = `${at}/responses/${status}`;
		const response = followObject(resolver, own(responses, status), place);
		if (!response.value) continue;
		const found = schemaIn(own(response.value, 'content'), response.at);
		if (found.schema !== undefined) return found;
		notJson ??= found.notJson;
	}
	return notJson ? { ...NOTHING, notJson } : NOTHING;
}

/**
 * The headers an operation's success answer declares, by name in lower case: those of the first
 * success response with a JSON body, else of the first success response. A Header object may be a
 * $ref (to components/headers, or anywhere; 3.1 with siblings); Content-Type is the media type's
 * own and is not a header here (as the specification says).
 */
export function successHeadersOf(resolver: Resolver, operation: Schema, at: string): string[] {
	const responses = followObject(resolver, own(operation, 'responses'), `${at}/responses`).value;
	if (!responses) return [];
	let first: Schema | undefined;
	let chosen: Schema | undefined;
	for (const status of successStatuses(responses)) {
		const response = followObject(resolver, own(responses, status), `${at}/responses/${status}`);
		if (!response.value) continue;
		first ??= response.value;
		if (schemaIn(own(response.value, 'content'), response.at).schema !== undefined) {
			chosen = response.value;
			break;
		}
	}
	const headers = own(chosen ?? first ?? {}, 'headers');
	if (!isObject(headers)) return [];
	return Object.keys(headers)
		.filter(
			(name) =>
				name.toLowerCase() !== 'content-type' &&
				declared(resolver, own(headers, name), `${at}/headers/${escapePointer(name)}`),
		)
		.map((name) => name.toLowerCase());
}

/** Whether a Header object is there once its $refs are followed: one that points at nothing declares nothing (and costs nothing: the package only reads headers the answer has). */
function declared(resolver: Resolver, raw: unknown, at: string): boolean {
	try {
		return followObject(resolver, raw, at).value !== undefined;
	} catch {
		return false;
	}
}
