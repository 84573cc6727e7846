/**
 * A description's schema as the readers hold it once its $refs are followed, with the marks the
 * resolver leaves on it (a cycle, a choice of shapes, a value that can be anything), and the two
 * reads every reader makes of a document's objects.
 */

export type Schema = { [key: string]: unknown };

/** A schema that refers back to one it is inside: what it was, to say so. */
export const CYCLE = Symbol('cycle');
/** A schema that is one of several shapes (oneOf/anyOf): how many. */
export const CHOICE = Symbol('choice');
/** A schema whose value can be anything (alternatives of different types, or none stated). */
export const ANY = Symbol('any');
/** The shapes of an object of several (oneOf/anyOf): each one's schema, and the discriminator. */
export const SHAPES = Symbol('shapes');

/** One shape of an object of several: its schema, its name, and the discriminator values that pick it. */
export interface Shape {
	schema: Resolved;
	name: string;
	/** Where it is written, for the words about it. */
	at: string;
	when?: string[];
}

export type Resolved = Schema & {
	[CYCLE]?: string;
	[CHOICE]?: number;
	[ANY]?: true;
	[SHAPES]?: { by?: string; shapes: Shape[] };
};

export const isObject = (value: unknown): value is Schema =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

export const own = (object: Schema, key: string): unknown =>
	Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
