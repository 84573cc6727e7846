/**
 * An error answer as vendors write it besides our contract's `{error: {code, message, details}}`:
 * a problem document (RFC 9457 / 7807, `application/problem+json`: type, title, detail, instance,
 * with `errors[]`, `invalid-params[]` or `violations[]` beside them), JSON:API's top-level
 * `errors[]` with `source.pointer`, a map of field → messages (ASP.NET's validation problem), and
 * FastAPI's validation error (`detail` as a list whose `loc` is the path as a list, "body" first).
 * Read only from error answers: a success answer's own `errors` list is its per-row results.
 */
import { platformField } from '../counting';
import { asObject } from '../objects';
import { text, type PlatformErrorBody } from './failure';

/** The first of these keys that holds text. */
const first = (object: Record<string, unknown>, keys: string[]): string | undefined => {
	for (const key of keys) {
		const found = text(object[key]);
		if (found !== undefined) return found;
	}
	return undefined;
};

const PATH_KEYS = ['pointer', 'field', 'path', 'name', 'property', 'propertyPath', 'param', 'loc'];
const MESSAGE_KEYS = ['message', 'detail', 'reason', 'title', 'msg', 'description'];
const LIST_KEYS = [
	'errors',
	'invalid-params',
	'invalid_params',
	'invalidParams',
	'violations',
	'detail',
];

/**
 * A path given as a list of names and numbers (FastAPI's `loc`), as a dotted path: a leading
 * "body" says only that the field is in the request body, where the records are.
 */
function listPath(loc: unknown[]): string {
	const parts = loc.map(String);
	return (parts[0] === 'body' ? parts.slice(1) : parts).join('.');
}

/** Keys by which an entry names its row apart from its field (`{index: 1, field: "item_name"}`), counted from 0 as a path's. */
const ROW_KEYS = ['index', 'row', 'row_index', 'rowIndex', 'record_index', 'item_index'];

type Detail = NonNullable<PlatformErrorBody['details']>[number];

/** One entry of an error list: where (a field path in whatever spelling, and its row where named apart) and what. */
export function detailOf(entry: unknown): Detail | undefined {
	const object = asObject(entry);
	if (!object) return typeof entry === 'string' ? { message: entry } : undefined;
	const source = asObject(object.source);
	const loc = Array.isArray(object.loc) ? listPath(object.loc) : undefined;
	const path =
		loc ??
		first(object, PATH_KEYS) ??
		(source ? first(source, ['pointer', 'parameter']) : undefined);
	const row = ROW_KEYS.map((key) => object[key]).find(
		(value): value is number => Number.isInteger(value) && (value as number) >= 0,
	);
	const detail: Detail = { path, message: first(object, MESSAGE_KEYS) };
	if (row === undefined) return detail;
	// A path beside a row named apart is within that row: its JSONPath root or fragment says nothing.
	return { ...detail, ...(path ? { path: heldField(path) } : {}), row };
}

/** The details of a problem: its first list of errors that has any (an empty `errors: []` beside `invalid-params` says nothing), or a map of field → messages. */
function detailsOf(body: Record<string, unknown>): Detail[] | undefined {
	for (const key of LIST_KEYS) {
		const value = body[key];
		if (Array.isArray(value) && value.length > 0)
			return value.flatMap((entry) => detailOf(entry) ?? []);
		const map = asObject(value);
		if (map && key === 'errors')
			return Object.entries(map).map(([path, messages]) => ({
				path,
				message: Array.isArray(messages) ? messages.map(String).join('; ') : text(messages),
			}));
	}
	return undefined;
}

/** A problem document or another vendor's error answer as our error envelope, or undefined when it is none. */
export function problemOf(value: unknown): PlatformErrorBody | undefined {
	const body = asObject(value);
	if (!body) return undefined;
	const details = detailsOf(body);
	const problem = first(body, ['detail', 'title', 'message', 'error_description']);
	if (!problem && !details?.length) return undefined;
	const type = text(body.type);
	const fromType = type && type !== 'about:blank' ? type.split(/[/#]/).pop() : undefined;
	return {
		code: first(body, ['code', 'error_code']) ?? fromType,
		message: problem ?? details?.find((detail) => detail.message)?.message,
		details,
		request_id: first(body, ['request_id', 'requestId', 'traceId', 'trace_id', 'instance']),
	};
}

/**
 * A field path however the platform spelt it (`/skus/1`, `#/skus/1`, `$.skus[1]`, `skus.1`) as
 * the nodes hold a field (`skus[1]`).
 */
export const heldField = (path: string): string =>
	platformField(path.replace(/^(?:#|\$(?=[.[]|$))/, ''));

/**
 * The first field of a request's body that a refusal of the whole request names, as the nodes
 * hold it (`skus[1]`), among the body's `fields`: a request of one record, whose error item says
 * which of its fields the platform refused.
 */
export function bodyFieldNamed(
	body: PlatformErrorBody | undefined,
	fields: string[],
): string | undefined {
	for (const detail of body?.details ?? []) {
		const field = heldField(detail.path ?? '');
		if (fields.includes(field.split(/[.[]/)[0])) return field;
	}
	return undefined;
}
