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
		super(`${what} (at ${pointer || '#'})`);
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
