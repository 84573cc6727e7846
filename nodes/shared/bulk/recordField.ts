/**
 * A field a platform's refusal names, as the record sent spells it. ASP.NET names a field by its
 * C# property (Name, ItemName for item_name): a name the record does not have is taken as the
 * record's field it matches but for case, underscores and dashes, so the error item names the
 * field in the form's words. A name matching none stays as the platform wrote it.
 */
import { isObject } from '../objects';

const loose = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/** `field` as the nodes hold one (`lines[0].Sku`), each name read against the record sent. */
export function recordField(field: string, record: unknown): string {
	let at = record;
	return field.replace(/\[(\d+)\]|[^.[]+/g, (part: string, index?: string) => {
		if (index !== undefined) {
			at = Array.isArray(at) ? (at[Number(index)] as unknown) : undefined;
			return part;
		}
		if (!isObject(at)) return part;
		const object = at;
		const name =
			part in object ? part : Object.keys(object).find((key) => loose(key) === loose(part));
		at = name === undefined ? undefined : object[name];
		return name ?? part;
	});
}
