/** Where a $ref is in a document, and a fragment as written or percent-decoded. */
import { pointer } from './problems';
import { own, type Schema } from './schema';

/**
 * The first place (in the document's order) of a schema that is this $ref, as a JSON pointer: a
 * reference is often reached from where the document is read, not from where it is written.
 */
export function placeOf(doc: Schema, ref: string): string | undefined {
	const stack: Array<{ node: unknown; path: Array<string | number> }> = [{ node: doc, path: [] }];
	// A YAML alias makes one object appear in many places: each is looked into once.
	const seen = new Set<object>();
	while (stack.length > 0) {
		const { node, path } = stack.pop()!;
		if (typeof node !== 'object' || node === null || seen.has(node)) continue;
		seen.add(node);
		if (!Array.isArray(node) && own(node as Schema, '$ref') === ref)
			return path.length ? pointer(...path) : '#';
		const keys = Array.isArray(node) ? node.map((_, index) => index) : Object.keys(node);
		for (let i = keys.length - 1; i >= 0; i--)
			stack.push({ node: (node as Record<string, unknown>)[keys[i]], path: [...path, keys[i]] });
	}
	return undefined;
}

/** A URI fragment percent-decoded, or undefined where it is not valid percent-encoding. */
export function decoded(fragment: string): string | undefined {
	try {
		return decodeURIComponent(fragment);
	} catch {
		return undefined;
	}
}
