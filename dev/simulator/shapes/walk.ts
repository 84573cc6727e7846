/**
 * Schema-directed renaming: a value (or a JSON pointer into one) described by a schema of our
 * contract, its keys renamed where a component schema of ours is named otherwise by them.
 * Walks $ref chains, allOf, properties and array items.
 */
import { pointerGet } from '../contract';
import type { Json } from './types';

const refName = (ref: string) => ref.replace(/^#\/components\/schemas\//, '');

interface Part {
	node: Json;
	names: string[];
}

export class Renamer {
	private readonly partsMemo = new Map<Json, Part[]>();
	private readonly touchesMemo = new Map<Json, boolean>();

	/** `renames`: our component name → (our key → their key). */
	constructor(
		private readonly doc: Json,
		private readonly renames: Map<string, Map<string, string>>,
	) {}

	/** The schema's pieces that describe the same value: the end of each $ref chain and its allOf. */
	private parts(schema: Json): Part[] {
		const known = this.partsMemo.get(schema);
		if (known) return known;
		const out: Part[] = [];
		const visit = (s: Json, depth: number) => {
			const names: string[] = [];
			while (s && typeof s.$ref === 'string') {
				names.push(refName(s.$ref));
				s = pointerGet(this.doc, s.$ref);
			}
			if (!s || typeof s !== 'object' || depth > 8) return;
			out.push({ node: s, names });
			for (const sub of s.allOf ?? []) visit(sub, depth + 1);
		};
		visit(schema, 0);
		this.partsMemo.set(schema, out);
		return out;
	}

	private renamesAt(schema: Json): Map<string, string> | undefined {
		let merged: Map<string, string> | undefined;
		for (const part of this.parts(schema))
			for (const name of part.names) {
				const map = this.renames.get(name);
				if (map) merged = new Map([...(merged ?? []), ...map]);
			}
		return merged;
	}

	private property(schema: Json, key: string): Json {
		for (const part of this.parts(schema)) {
			const prop = part.node.properties?.[key];
			if (prop) return prop;
		}
		return undefined;
	}

	private items(schema: Json): Json {
		for (const part of this.parts(schema)) if (part.node.items) return part.node.items;
		return undefined;
	}

	/** Whether anything below this schema is renamed (values that are not pass untouched). */
	private touches(schema: Json, seen = new Set<Json>()): boolean {
		const known = this.touchesMemo.get(schema);
		if (known !== undefined) return known;
		if (seen.has(schema)) return false;
		seen.add(schema);
		let found = this.renamesAt(schema) !== undefined;
		for (const part of this.parts(schema)) {
			if (found) break;
			const subs = [...Object.values<Json>(part.node.properties ?? {}), part.node.items];
			found = subs.some((sub) => sub && this.touches(sub, seen));
		}
		this.touchesMemo.set(schema, found);
		return found;
	}

	/** Our value → theirs (a copy where anything is renamed). */
	toTheirs(schema: Json, value: Json): Json {
		if (!schema || value === null || typeof value !== 'object' || !this.touches(schema))
			return value;
		if (Array.isArray(value)) {
			const items = this.items(schema);
			return items ? value.map((v) => this.toTheirs(items, v)) : value;
		}
		const renames = this.renamesAt(schema);
		const out: Json = {};
		for (const [key, v] of Object.entries(value)) {
			const prop = this.property(schema, key);
			out[renames?.get(key) ?? key] = prop ? this.toTheirs(prop, v) : v;
		}
		return out;
	}

	/** Their value → ours. */
	toOurs(schema: Json, value: Json): Json {
		if (!schema || value === null || typeof value !== 'object' || !this.touches(schema))
			return value;
		if (Array.isArray(value)) {
			const items = this.items(schema);
			return items ? value.map((v) => this.toOurs(items, v)) : value;
		}
		const renames = this.renamesAt(schema);
		const back = new Map([...(renames ?? [])].map(([ours, theirs]) => [theirs, ours]));
		const out: Json = {};
		for (const [key, v] of Object.entries(value)) {
			const ours = back.get(key) ?? key;
			const prop = this.property(schema, ours);
			out[ours] = prop ? this.toOurs(prop, v) : v;
		}
		return out;
	}

	/** The segments of a pointer into our value → the segments into theirs. */
	segmentsToTheirs(schema: Json, segments: string[]): string[] {
		const out: string[] = [];
		let at = schema;
		for (const segment of segments) {
			if (!at) {
				out.push(segment);
				continue;
			}
			if (/^\d+$/.test(segment) && this.items(at)) {
				out.push(segment);
				at = this.items(at);
				continue;
			}
			out.push(this.renamesAt(at)?.get(segment) ?? segment);
			at = this.property(at, segment);
		}
		return out;
	}
}

export const splitPointer = (pointer: string): string[] =>
	pointer === '' || pointer === '/'
		? []
		: pointer
				.replace(/^\//, '')
				.split('/')
				.map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));

export const joinPointer = (segments: string[]): string =>
	segments.length === 0
		? '/'
		: '/' + segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Segments inside a record → the dotted path a rejected row names, e.g. lines[2].quantity. */
export const dotted = (segments: string[]): string =>
	segments
		.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`))
		.join('')
		.replace(/^\./, '');
