/**
 * The values a YAML reader builds, as the `yaml` library builds them with its defaults: a mapping
 * is a plain object whose keys are the keys' text (a number key its JavaScript text, null the
 * empty text), keys that are equal as values refused as duplicates, keys such as `__proto__` set
 * as own properties (never the prototype); anchors and aliases, with what an alias stands for
 * counted before it is copied; the core tags.
 */
import { CORE_TAGS, taggedValue, type CoreTag } from './yamlScalars';
import {
	Cursor,
	isBreakOrEnd,
	type Anchored,
	AMPERSAND,
	CLOSE_BRACE,
	CLOSE_BRACKET,
	COMMA,
	EXCLAMATION,
	OPEN_BRACE,
	OPEN_BRACKET,
} from './yamlCursor';

/** An anchor and a tag written before a node (`&name`, `!!str`), and where they stand. */
export interface Properties {
	anchor?: string;
	tag?: CoreTag;
	at: number;
}

/**
 * A mapping being read: its object and, once a key that is not text has come, every key's value
 * (text keys alone are duplicates exactly when their text is).
 */
export interface MappingBuilder {
	object: Record<string, unknown>;
	keys?: unknown[];
}

export const newMapping = (): MappingBuilder => ({ object: {} });

export function addPair(c: Cursor, map: MappingBuilder, key: unknown, value: unknown, at: number) {
	const name = key === null ? '' : String(key);
	const object = map.object;
	if (map.keys === undefined && typeof key !== 'string') map.keys = Object.keys(object);
	if (Object.prototype.hasOwnProperty.call(object, name)) {
		if (map.keys === undefined || map.keys.some((seen) => seen === key))
			c.fail(`the key "${name}" appears twice in this mapping: keys must be unique`, at);
	}
	map.keys?.push(key);
	if (name in object)
		Object.defineProperty(object, name, {
			value,
			writable: true,
			enumerable: true,
			configurable: true,
		});
	else object[name] = value;
}

/** The characters an anchor's or a tag's name is made of: anything but blanks and `,[]{}`. */
function nameEnd(c: Cursor, from: number): number {
	let k = from;
	for (;;) {
		const ch = c.src.charCodeAt(k);
		if (
			isBreakOrEnd(ch) ||
			ch === COMMA ||
			ch === OPEN_BRACKET ||
			ch === CLOSE_BRACKET ||
			ch === OPEN_BRACE ||
			ch === CLOSE_BRACE
		)
			return k;
		k++;
	}
}

/** `&anchor` and `!!tag` before a node, each once, in either order. */
export function readProperties(c: Cursor): Properties | undefined {
	let props: Properties | undefined;
	for (;;) {
		const ch = c.at();
		if (ch !== AMPERSAND && ch !== EXCLAMATION) return props;
		props ??= { at: c.i };
		const start = c.i;
		const end = nameEnd(c, start + 1);
		const name = c.src.slice(start + 1, end);
		if (ch === AMPERSAND) {
			if (props.anchor !== undefined) c.fail('a node has two anchors');
			if (name === '') c.fail('an anchor (&) needs a name');
			props.anchor = name;
		} else {
			if (props.tag !== undefined) c.fail('a node has two tags');
			const tag = `!${name}`;
			if (!CORE_TAGS.has(tag))
				c.fail(
					`the tag ${tag} is not supported by this reader (only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq are)`,
				);
			props.tag = tag as CoreTag;
		}
		c.i = end;
		if (!isBreakOrEnd(c.at())) c.fail(`unexpected character after ${c.src.slice(start, end)}`);
		c.skipBlanks();
	}
}

/** A scalar's value under its tag, or as resolved; a tag that does not fit is refused. */
export function scalarWithTag(
	c: Cursor,
	props: Properties | undefined,
	text: string,
	resolved: unknown,
): unknown {
	if (!props?.tag) return resolved;
	const tagged = taggedValue(props.tag, text);
	if (!tagged)
		c.fail(
			`the tag ${props.tag} does not fit the value "${text.slice(0, 40)}" (the yaml library would keep it as text and warn)`,
			props.at,
		);
	return tagged.value;
}

/** A mapping's or sequence's tag must name what it is. */
export function checkCollectionTag(
	c: Cursor,
	props: Properties | undefined,
	kind: '!!map' | '!!seq',
) {
	if (props?.tag && props.tag !== kind)
		c.fail(`the tag ${props.tag} is on a ${kind === '!!map' ? 'mapping' : 'list'}`, props.at);
}

/**
 * Reads a node under its properties: an anchor is marked as being read (an alias inside its own
 * node is refused) and then remembered with its size and height.
 */
export function anchored<T>(c: Cursor, props: Properties | undefined, read: () => T): T {
	const name = props?.anchor;
	if (name === undefined) return read();
	const nodes = c.nodes;
	const depth = c.depth;
	const deepest = c.deepest;
	c.deepest = depth;
	c.anchors.set(name, null);
	const value = read();
	c.anchors.set(name, { value, size: c.nodes - nodes, height: c.deepest - depth });
	c.deepest = Math.max(deepest, c.deepest);
	return value;
}

/** A tree of its own: what aliases share is copied for each place it stands. */
export function copy(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(copy);
	if (value === null || typeof value !== 'object') return value;
	const out: Record<string, unknown> = {};
	for (const [key, item] of Object.entries(value)) {
		if (key in out)
			Object.defineProperty(out, key, {
				value: copy(item),
				writable: true,
				enumerable: true,
				configurable: true,
			});
		else out[key] = copy(item);
	}
	return out;
}

/**
 * `*name`: what the anchor names, once the nodes it stands for fit the limits (shared until the
 * whole document is read, then copied: a document refused on the way copies nothing).
 */
export function readAlias(c: Cursor): unknown {
	const start = c.i;
	const end = nameEnd(c, start + 1);
	const name = c.src.slice(start + 1, end);
	if (name === '') c.fail('an alias (*) needs a name');
	const target: Anchored | null | undefined = c.anchors.get(name);
	if (target === undefined) c.fail(`the alias *${name} names no anchor (&${name}) before it`);
	if (target === null) c.fail(`the alias *${name} is inside the node its anchor names`);
	c.expanded += target.size;
	if (c.expanded > c.limits.maxAliasExpansion)
		c.fail(
			`aliases stand for more than ${c.limits.maxAliasExpansion} values in all (a document that multiplies itself through aliases is refused)`,
		);
	if (c.depth + target.height > c.limits.maxDepth)
		c.fail(`the alias *${name} nests mappings and lists deeper than ${c.limits.maxDepth} levels`);
	c.deepest = Math.max(c.deepest, c.depth + target.height);
	c.count(target.size);
	c.i = end;
	c.aliased = true;
	return target.value;
}
