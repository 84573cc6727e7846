/**
 * How a generated vendor (generate.ts) names what it refused: a field's path in the request as it
 * spells it (data[1].name, /data/1/name, data.1.name, JSONPath $.data[1].name, ASP.NET's C#
 * names Data[1].ItemName; FastAPI's loc list), or the row named apart from the field ({index: 1,
 * field: "name"}, row, row_index), in a list of errors or ASP.NET's map of path → messages; and a
 * row refused in an answer's own rows: a reason beside its status, a list of errors, or one error
 * object ({status: "error", error}).
 */
import type { Vendor } from './generate';

/** How a refused field's path is spelt. */
export type PathSpelling =
	| 'brackets'
	| 'pointer'
	| 'dots'
	| 'jsonPath'
	| 'pascal'
	| 'loc'
	| 'bodyLoc';

/** Where an error of a refused request names the row: in the field's path, or apart under one of these keys. */
export type RowNamed = 'inPath' | 'index' | 'row' | 'row_index';

/** How a row refused in the answer's own rows carries its field: a list of errors, or one error object. */
export type RowError = 'errors' | 'error';

/** ASP.NET's C# property name for a JSON name: item_name → ItemName. */
const pascal = (name: string) =>
	name
		.split('_')
		.map((part) => part.charAt(0).toUpperCase() + part.slice(1))
		.join('');

/** A field within its row, as the vendor spells a path. */
export function rowFieldPath(vendor: Vendor, field: string): string {
	if (vendor.pathSpelling === 'pascal') return pascal(field);
	if (vendor.pathSpelling === 'pointer') return `/${field}`;
	if (vendor.pathSpelling === 'jsonPath') return `$.${field}`;
	return field;
}

/** A field's path in the request as the vendor spells it (FastAPI: a list of names and numbers). */
export function fieldPath(vendor: Vendor, row: number, field: string): string | unknown[] {
	if (vendor.pathSpelling === 'loc' || vendor.pathSpelling === 'bodyLoc')
		return [
			...(vendor.pathSpelling === 'bodyLoc' ? ['body'] : []),
			...(vendor.list ? [vendor.list] : []),
			row,
			field,
		];
	const parts = [...(vendor.list ? [vendor.list] : []), String(row), field];
	if (vendor.pathSpelling === 'pointer') return `/${parts.join('/')}`;
	if (vendor.pathSpelling === 'dots') return parts.join('.');
	if (vendor.pathSpelling === 'jsonPath')
		return `$${vendor.list ? '.' : ''}${vendor.list}[${row}].${field}`;
	if (vendor.pathSpelling === 'pascal') return `${pascal(vendor.list)}[${row}].${pascal(field)}`;
	return `${vendor.list}[${row}].${field}`;
}

type Refused = { row: number; field: string; message: string };

/** One error of a refused request: its field's path (the row in it, or named apart) and the message. */
function requestError(vendor: Vendor, { row, field, message }: Refused): Record<string, unknown> {
	if (vendor.errorList === 'detail')
		return { loc: fieldPath(vendor, row, field), msg: message, type: 'value_error' };
	const apart = vendor.rowNamed !== 'inPath';
	const path = apart ? rowFieldPath(vendor, field) : fieldPath(vendor, row, field);
	return {
		...(apart ? { [vendor.rowNamed]: row } : {}),
		...(vendor.errorList === 'errors' ? { field: path, message } : { name: path, reason: message }),
	};
}

/** A refused request's errors, under the key the vendor lists them (ASP.NET's: a map of path → messages). */
export function requestErrors(vendor: Vendor, refused: Refused[]): Record<string, unknown> {
	if (vendor.errorList !== 'map')
		return { [vendor.errorList]: refused.map((detail) => requestError(vendor, detail)) };
	const map: Record<string, string[]> = {};
	for (const { row, field, message } of refused)
		(map[fieldPath(vendor, row, field) as string] ??= []).push(message);
	return { errors: map };
}

/** A row refused in the answer's own rows, beside its row field (and, in a list of results, its key). */
export function rowRefused(vendor: Vendor, reason: string): Record<string, unknown> {
	const error = { field: rowFieldPath(vendor, vendor.name), message: reason };
	if (vendor.rowError === 'error') return { status: 'error', error };
	return vendor.answer === 'perRow' ? { status: 'error', message: reason } : { errors: [error] };
}

/** Whether the platform's refusal of a row names its field, so its error item must carry it. */
export const refusalNamesField = (vendor: Vendor): boolean =>
	vendor.refuseBy === 'request' || vendor.answer === 'split' || vendor.rowError === 'error';
