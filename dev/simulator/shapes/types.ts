/**
 * A shape: what turns our contract into another vendor's description of the same platform, and
 * what the simulator needs to serve that description with its own handlers. Declarations only;
 * transform.ts writes their document from ours, translate.ts serves it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Json = any;

/** A key named otherwise by them: in records of some of our component schemas, or in a route's filters. */
export type Rename =
	| { schemas: string[]; from: string; to: string }
	| { route: string; section: 'filter'; from: string; to: string };

/** A field of theirs that our contract lacks, kept by the simulator as one of our x_ fields. */
export interface NewField {
	/** Our component schema that gets it. */
	schema: string;
	name: string;
	carriedAs: `x_${string}`;
	definition: Json;
	required?: boolean;
	/** Given to demo records of that schema, so that they read back with it. */
	demoValue?: unknown;
}

/** Routes of their own, served by a generic store: a bulk upsert by key and a paged read. */
export interface OwnRecords {
	/** Their component schema name for one record. */
	schemaName: string;
	/** What one record is called in messages, e.g. 'inventory batch'. */
	noun: string;
	tag: string;
	record: Json;
	key: string[];
	maxItems: number;
	add: { path: string; operationId: string; summary: string; description: string };
	check: { path: string; operationId: string; summary: string; filters: string[] };
}

export interface ShapeSpec {
	name: string;
	info: { title: string; version: string; description: string };
	servers: { url: string; description?: string }[];
	/** What the records of a bulk request are under (ours: items). */
	container: string;
	/** Reads paged by number: per_page's default and maximum. */
	paging: { defaultPerPage: number; maxPerPage: number };
	/** Records per request where theirs differs from our x-max-items, by our path. */
	maxItems: Record<string, number>;
	renames: Rename[];
	newFields: NewField[];
	/** Fields of our schemas they require (a default of ours is dropped). */
	required: { schema: string; field: string }[];
	/** Enums they narrow. */
	enums: { schema: string; field: string; values: string[] }[];
	/** Routes they serve at another path: our path → theirs. */
	moves: Record<string, string>;
	own: OwnRecords[];
	/** Text replacements in summaries and descriptions (where ours speak of our x- keys or filter objects). */
	rewordings: [RegExp, string][];
	/** What the generic steps cannot say (values of another type or word): their document edited last, and each request and answer of their routes translated. */
	adjust?: Adjust;
}

export interface Adjust {
	document(doc: Json): void;
	/** Their request body → the one our mapping takes (by their path). */
	request(path: string, body: Json): Json;
	/** The answer our mapping made → theirs (by their path). */
	answer(path: string, answer: Json, body: Json): Json;
	/** The records list of their route `path` where it is not the shape's `container`. */
	list?(path: string): string | undefined;
	/** A refused request's pointer (already in their generic words) and words → theirs, where the shape names fields its own way. */
	problem?(
		path: string,
		pointer: string[],
		message: string,
	): { pointer: string[]; message: string };
}
