/**
 * Where an order's lines are on a platform that describes its orders itself: the node's own name
 * (lines, components) where the platform has it, else the record's one list of objects
 * (order_lines), else an error naming the candidates. Never a guess between several.
 */
import type { RecordSpec } from '../platform/types';

/** The record's lists whose entries are objects: what could hold an order's lines. */
function listsOfObjects(spec: RecordSpec): string[] {
	return spec.fields
		.filter((field) => field.type === 'list' && (field.fields?.length ?? 0) > 0)
		.filter((field) => !spec.readOnly?.includes(field.name))
		.map((field) => field.name);
}

/** The name of the order's lines list in `spec`, or the lists it could be (none, or several). */
export function linesListOf(
	spec: RecordSpec,
	configured: string,
): { name?: string; lists: string[] } {
	if (spec.fields.some((field) => field.name === configured))
		return { name: configured, lists: [] };
	const lists = listsOfObjects(spec);
	return lists.length === 1 ? { name: lists[0], lists } : { lists };
}
