import type { IDataObject } from 'n8n-workflow';

/** A JSON object: not null, not a list. */
export function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value when it is a JSON object, else undefined (for reading answers of any shape with `?.`). */
export function asObject(value: unknown): IDataObject | undefined {
	return isObject(value) ? value : undefined;
}

/** A value at a dotted path of an answer ("meta.total_pages"); '' is the answer itself. */
export function valueAt(value: unknown, path: string): unknown {
	if (path === '') return value;
	let node = value;
	for (const name of path.split('.')) {
		if (!isObject(node) || !Object.prototype.hasOwnProperty.call(node, name)) return undefined;
		node = node[name];
	}
	return node;
}

/** A copy of `target` with `value` set at a dotted path (objects on the way made as needed); '' answers `value`. */
export function withValueAt(target: IDataObject, path: string, value: unknown): IDataObject {
	const names = path.split('.');
	const out: IDataObject = { ...target };
	let node = out;
	for (const name of names.slice(0, -1)) {
		const next = isObject(node[name]) ? { ...(node[name] as IDataObject) } : {};
		node[name] = next;
		node = next;
	}
	node[names[names.length - 1]] = value as IDataObject[string];
	return out;
}
