/**
 * A description's schemas with their $refs followed and allOf merged, bounded: a document is
 * input from outside, so references that loop, chains that never end and documents that expand
 * to millions of schemas end with a DescriptionProblem, never a hang. Keys are read as the
 * document's own (a "__proto__" key is data, never the object's prototype).
 */
import { DescriptionProblem } from './problems';
import { decoded, placeOf } from './refPlaces';
import {
	ANY,
	CHOICE,
	CYCLE,
	isObject,
	own,
	SHAPES,
	type Resolved,
	type Schema,
	type Shape,
} from './schema';

// The schema's shape and marks are read by every reader of a description, from here as before.
export { ANY, CHOICE, CYCLE, isObject, own, SHAPES } from './schema';
export type { Resolved, Schema, Shape } from './schema';

/** What reading one document may cost at most. */
export interface Budget {
	/** Schema steps (a $ref followed, an allOf part merged, a property read). */
	steps: number;
}

export const DEFAULT_MAX_STEPS = 1_000_000;

export class Resolver {
	private steps = 0;
	private readonly targets = new Map<string, unknown>();

	constructor(
		readonly doc: Schema,
		private readonly maxSteps = DEFAULT_MAX_STEPS,
	) {}

	/** Counts one step of reading; past the budget the document is too large to read. */
	step(at: string): void {
		if (++this.steps > this.maxSteps)
			throw new DescriptionProblem(
				at,
				`the description expands to more than ${this.maxSteps.toLocaleString('en')} schema steps (references that multiply, or a document far larger than an API's): it is not read`,
			);
	}

	/** The value a local $ref points at. */
	target(ref: string, at: string): unknown {
		const known = this.targets.get(ref);
		if (known !== undefined) return known;
		if (ref !== '#' && !ref.startsWith('#/'))
			throw new DescriptionProblem(
				placeOf(this.doc, ref) ?? at,
				`a $ref to another document (${ref.slice(0, 200)}): only references inside the description are read; use the platform's bundled, one-file description`,
			);
		// A pointer in a URI fragment may be percent-encoded (RFC 6901 §6: {id} as %7Bid%7D); one
		// read as written comes first, for documents whose keys hold a % of their own.
		const node =
			this.walk(ref.slice(1)) ?? (ref.includes('%') ? this.walk(decoded(ref.slice(1))) : undefined);
		if (node === undefined)
			throw new DescriptionProblem(
				at || (placeOf(this.doc, ref) ?? at),
				`$ref ${ref.slice(0, 200)} points at nothing`,
			);
		this.targets.set(ref, node);
		return node;
	}

	/** The value at a JSON pointer ("" is the document), or undefined. */
	private walk(pointerText: string | undefined): unknown {
		if (pointerText === undefined) return undefined;
		let node: unknown = this.doc;
		for (const raw of pointerText === '' ? [] : pointerText.slice(1).split('/')) {
			const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
			node = isObject(node) ? own(node, key) : Array.isArray(node) ? node[Number(key)] : undefined;
			if (node === undefined) return undefined;
		}
		return node;
	}

	/** The component a schema names, when it is (or wraps in a one-part allOf) one $ref: "Code" for {$ref: '#/components/schemas/Code'}. */
	refName(schema: unknown): string | undefined {
		if (!isObject(schema)) return undefined;
		const ref = own(schema, '$ref');
		if (typeof ref === 'string') return ref.split('/').pop();
		const allOf = own(schema, 'allOf');
		if (Array.isArray(allOf) && allOf.length === 1) return this.refName(allOf[0]);
		return undefined;
	}

	/**
	 * One schema with its $refs followed and allOf merged, so callers read type, properties and
	 * required in one place. Keywords beside $ref or allOf (readOnly, description) belong to the
	 * schema. oneOf/anyOf follow the policy of `choose`. `seen` holds the $refs this schema is inside.
	 */
	resolve(raw: unknown, at: string, seen: readonly string[] = []): Resolved {
		this.step(at);
		if (!isObject(raw)) return {};
		const ref = own(raw, '$ref');
		if (typeof ref === 'string') {
			if (seen.includes(ref)) {
				const around: Schema = { ...raw };
				delete around.$ref;
				return { ...around, [CYCLE]: ref };
			}
			if (seen.length > 64)
				throw new DescriptionProblem(at, 'a chain of more than 64 $refs: it is not read');
			const siblings: Schema = { ...raw };
			delete siblings.$ref;
			return { ...this.resolve(this.target(ref, at), ref, [...seen, ref]), ...siblings };
		}
		const allOf = own(raw, 'allOf');
		if (Array.isArray(allOf)) {
			const parts = allOf.map((part, index) => this.resolve(part, `${at}/allOf/${index}`, seen));
			const ownKeys: Schema = { ...raw };
			delete ownKeys.allOf;
			const properties: Schema = Object.create(null) as Schema;
			for (const part of [...parts, ownKeys]) {
				const partProperties = own(part, 'properties');
				if (isObject(partProperties))
					for (const name of Object.keys(partProperties)) properties[name] = partProperties[name];
			}
			const required = [
				...new Set(
					[...parts, ownKeys].flatMap((part) => {
						const names = own(part, 'required');
						return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : [];
					}),
				),
			];
			const merged: Resolved = Object.assign({}, ...parts, ownKeys) as Resolved;
			merged.properties = properties;
			merged.required = required;
			for (const part of parts) {
				if (part[CYCLE]) merged[CYCLE] ??= part[CYCLE];
				if (part[ANY]) merged[ANY] = true;
			}
			return merged;
		}
		const alternatives = own(raw, 'oneOf') ?? own(raw, 'anyOf');
		if (Array.isArray(alternatives) && own(raw, 'properties') === undefined)
			return this.choose(raw, alternatives, at, seen);
		return raw;
	}

	/**
	 * oneOf/anyOf, by one policy: a null alternative makes the value nullable; one alternative left
	 * is that schema; objects are read as one record with every alternative's fields, required
	 * where every alternative requires them (CHOICE says how many shapes, for the form to say so);
	 * scalars of one type are that type (their enums together); anything else can be any value.
	 */
	private choose(
		raw: Schema,
		alternatives: unknown[],
		at: string,
		seen: readonly string[],
	): Resolved {
		const keyword = own(raw, 'oneOf') !== undefined ? 'oneOf' : 'anyOf';
		const siblings: Schema = { ...raw };
		delete siblings.oneOf;
		delete siblings.anyOf;
		delete siblings.discriminator;
		const all = alternatives.map((part, index) => ({
			raw: part,
			at: `${at}/${keyword}/${index}`,
			schema: this.resolve(part, `${at}/${keyword}/${index}`, seen),
		}));
		const kept = all.filter(({ schema }) => own(schema, 'type') !== 'null');
		const resolved = kept.map(({ schema }) => schema);
		const nullable = resolved.length < alternatives.length ? { nullable: true } : {};
		if (resolved.length === 1) return { ...resolved[0], ...siblings, ...nullable };
		const isRecord = (part: Resolved) =>
			own(part, 'type') === 'object' || isObject(own(part, 'properties'));
		if (resolved.length > 1 && resolved.every(isRecord)) {
			const properties: Schema = Object.create(null) as Schema;
			for (const part of resolved) {
				const partProperties = own(part, 'properties');
				if (!isObject(partProperties)) continue;
				for (const name of Object.keys(partProperties)) {
					if (!(name in properties)) properties[name] = partProperties[name];
					else properties[name] = this.together(properties[name], partProperties[name], at, seen);
				}
			}
			const requiredOf = (part: Resolved) => {
				const names = own(part, 'required');
				return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : [];
			};
			const required = requiredOf(resolved[0]).filter((name) =>
				resolved.every((part) => requiredOf(part).includes(name)),
			);
			return {
				type: 'object',
				...siblings,
				...nullable,
				properties,
				required,
				[CHOICE]: resolved.length,
				[SHAPES]: this.shapes(raw, kept),
			};
		}
		const types = new Set(resolved.map((part) => own(part, 'type')));
		if (resolved.length > 1 && types.size === 1 && typeof [...types][0] === 'string') {
			const enums = resolved.map((part) => own(part, 'enum'));
			const merged: Resolved = { ...resolved[0], ...siblings, ...nullable };
			if (enums.every(Array.isArray)) merged.enum = [...new Set(enums.flat())];
			else delete merged.enum;
			return merged;
		}
		return { ...siblings, ...nullable, [ANY]: true };
	}

	/**
	 * A field two shapes both have, for the form: one of their enums together (scheme UN or LOCAL),
	 * else the first shape's. Each shape's own rule is checked in its shape.
	 */
	private together(first: unknown, second: unknown, at: string, seen: readonly string[]): unknown {
		const a = this.resolve(first, at, seen);
		const b = this.resolve(second, at, seen);
		const enumA = own(a, 'enum');
		const enumB = own(b, 'enum');
		if (Array.isArray(enumA) && Array.isArray(enumB) && own(a, 'type') === own(b, 'type'))
			return { ...a, enum: [...new Set([...enumA, ...enumB])] };
		return first;
	}

	/**
	 * The shapes of an object of several, named by their component, with the values of the
	 * discriminator that pick each: its mapping, else that field's enum or const in the shape,
	 * else the component's name (OpenAPI's implicit mapping). No discriminator: tried in turn.
	 */
	private shapes(
		raw: Schema,
		kept: Array<{ raw: unknown; at: string; schema: Resolved }>,
	): { by?: string; shapes: Shape[] } {
		const discriminator = own(raw, 'discriminator');
		const by = isObject(discriminator) ? own(discriminator, 'propertyName') : undefined;
		const mapping = isObject(discriminator) ? own(discriminator, 'mapping') : undefined;
		const shapes = kept.map(({ raw: part, at, schema }, index): Shape => {
			const ref =
				isObject(part) && typeof own(part, '$ref') === 'string'
					? (own(part, '$ref') as string)
					: undefined;
			const name =
				ref?.split('/').pop() ??
				(typeof own(schema, 'title') === 'string'
					? (own(schema, 'title') as string)
					: `shape ${index + 1}`);
			if (typeof by !== 'string') return { schema, name, at };
			const when = new Set<string>();
			if (isObject(mapping))
				for (const value of Object.keys(mapping)) {
					const target = own(mapping, value);
					if (target === ref || (typeof target === 'string' && target === name)) when.add(value);
				}
			const shapeProperties = own(schema, 'properties');
			const tag = isObject(shapeProperties) ? this.resolve(own(shapeProperties, by), at) : {};
			const values = own(tag, 'const') !== undefined ? [own(tag, 'const')] : own(tag, 'enum');
			if (when.size === 0 && Array.isArray(values))
				for (const value of values) if (value !== null) when.add(String(value));
			if (when.size === 0 && ref) when.add(name);
			return { schema, name, at, when: [...when] };
		});
		return typeof by === 'string' ? { by, shapes } : { shapes };
	}
}
