/**
 * The few looks every wire reader takes at a schema: its type, its properties, a property by one
 * of the usual names (at the top or inside a paging holder), a list of records.
 */
import { isObject, own, type Resolved, type Resolver, type Schema } from './refs';
import { PAGING_HOLDERS, plainName } from './wireWords';

/** A schema's type; of a 3.1 type list, the one that is not null. */
export const typeOf = (schema: Resolved): unknown => {
	const type = own(schema, 'type');
	if (Array.isArray(type)) return type.find((one) => one !== 'null');
	return type;
};

export const isNumber = (schema: Resolved): boolean =>
	typeOf(schema) === 'integer' || typeOf(schema) === 'number';

/** A field found by name: its dotted path and schema. */
export interface Found {
	path: string;
	schema: Resolved;
}

export class WireLook {
	constructor(readonly resolver: Resolver) {}

	props(schema: Resolved): Schema {
		const properties = own(schema, 'properties');
		return isObject(properties) ? properties : {};
	}

	/** The first property whose plain name is in `names` (in the order of `names`). */
	named(
		properties: Schema,
		names: string[],
		test?: (schema: Resolved) => boolean,
	): string | undefined {
		const byPlain = new Map(Object.keys(properties).map((name) => [plainName(name), name]));
		for (const wanted of names) {
			const name = byPlain.get(wanted);
			if (name !== undefined && (!test || test(this.resolver.resolve(properties[name], ''))))
				return name;
		}
		return undefined;
	}

	/** The entries' schema of a list of records (an array of objects), or undefined. */
	recordsOf(raw: unknown): Resolved | undefined {
		const schema = this.resolver.resolve(raw, '');
		if (typeOf(schema) !== 'array') return undefined;
		const entry = this.resolver.resolve(own(schema, 'items'), '');
		return typeOf(entry) === 'object' || isObject(own(entry, 'properties')) ? entry : undefined;
	}

	/** A field of a request or answer by name, at its top or inside one of the usual holders. */
	find(schema: Resolved, names: string[], test?: (schema: Resolved) => boolean): Found | undefined {
		const properties = this.props(schema);
		const top = this.named(properties, names, test);
		if (top !== undefined) return { path: top, schema: this.resolver.resolve(properties[top], '') };
		for (const holder of Object.keys(properties)) {
			if (!PAGING_HOLDERS.includes(plainName(holder))) continue;
			const inner = this.resolver.resolve(properties[holder], '');
			const name = this.named(this.props(inner), names, test);
			if (name !== undefined)
				return {
					path: `${holder}.${name}`,
					schema: this.resolver.resolve(this.props(inner)[name], ''),
				};
		}
		return undefined;
	}
}
