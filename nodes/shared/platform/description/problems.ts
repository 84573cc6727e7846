/**
 * What reading a description can come to besides fields and routes: a problem that stops it (the
 * document cannot be used), and notes in words about what the package could not take from it.
 */

/** A description that cannot be used, at a place in it (a JSON pointer such as #/paths/~1inventory~1add/post). */
export class DescriptionProblem extends Error {
	constructor(
		readonly pointer: string,
		readonly what: string,
	) {
		super(`${what}${whereInWords(pointer)}`);
		this.name = 'DescriptionProblem';
	}
}

/**
 * Something the package says about a description: a route it cannot offer, a rule it does not
 * check before sending, a fact it had to take from elsewhere. `route` is the route it is about.
 */
export interface Note {
	route?: string;
	/** Where in the document. */
	pointer?: string;
	words: string;
}

/** One JSON pointer segment, escaped (RFC 6901): "/inventory/add" → "~1inventory~1add". */
export const escapePointer = (segment: string): string =>
	segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** A JSON pointer from its segments: pointer('paths', '/inventory/add', 'post') → "#/paths/~1inventory~1add/post". */
export const pointer = (...segments: Array<string | number>): string =>
	`#/${segments.map((segment) => escapePointer(String(segment))).join('/')}`;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const COMPONENT: Record<string, string> = { requestBodies: 'request body', schemas: 'schema' };

/**
 * A place in a description as a person reads it, not as a JSON pointer:
 * "#/paths/~1inventory~1add/post/requestBody/content/application~1json/schema/properties/sku"
 * → "route /inventory/add, request body, field sku". Empty for the document as a whole.
 */
export function placeInWords(at: string): string {
	const segments = at
		.replace(/^#\/?/, '')
		.split('/')
		.filter((segment) => segment !== '')
		.map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
	const parts: string[] = [];
	let fields: string[] = [];
	const place = (words: string) => {
		if (fields.length) parts.push(`field ${fields.join('.')}`);
		fields = [];
		parts.push(words);
	};
	for (let k = 0; k < segments.length; k++) {
		const [segment, next] = [segments[k], segments[k + 1]];
		if (k === 0 && segment === 'paths' && next !== undefined) {
			const method = segments[k + 2];
			const verb = METHODS.has(method) && method !== 'post' ? ` (${method.toUpperCase()})` : '';
			place(`route ${next}${verb}`);
			k += METHODS.has(method) ? 2 : 1;
		} else if (k === 0 && segment === 'components' && segments[k + 2] !== undefined) {
			place(`${COMPONENT[next] ?? next.replace(/s$/, '')} ${segments[k + 2]}`);
			k += 2;
		} else if (segment === 'properties' && next !== undefined) {
			fields.push(next);
			k++;
		} else if (segment === 'content' && next !== undefined) k++;
		else if (segment === 'items' || segment === 'schema') continue;
		else if (segment === 'requestBody') place('request body');
		else if (segment === 'responses' && next !== undefined) place(`answer ${segments[++k]}`);
		else if (segment === 'parameters' && /^\d+$/.test(next ?? ''))
			place(`parameter ${Number(segments[++k]) + 1}`);
		else if (/^(allOf|oneOf|anyOf)$/.test(segment) && /^\d+$/.test(next ?? ''))
			place(`part ${Number(segments[++k]) + 1} of its ${segment}`);
		else place(k === 0 ? `the ${segment} field` : segment);
	}
	if (fields.length) parts.push(`field ${fields.join('.')}`);
	return parts.join(', ');
}

/** " (in route /inventory/add, request body)", or nothing for the document as a whole. */
export function whereInWords(at: string): string {
	const place = placeInWords(at);
	return place ? ` (in ${place})` : '';
}
