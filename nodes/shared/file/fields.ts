/**
 * A file's columns as a record's fields. A column is found by the field's name (sku,
 * unit_of_measure), its camelCase (unitOfMeasure), or its label in the form (Unit of Measure,
 * Weight (kg)), in any case; a dotted name reaches inside (dimensions_cm.length) and a number in
 * it picks a list entry (pack_sizes.1.quantity). Column Mapping names the field for a column whose
 * name is none of these.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { camelName, fieldByKey, type UnknownFieldPolicy } from '../checking';
import type { FieldSpec, RecordSpec } from '../platform/types';
import type { ColumnField, RowShape } from './rows';

const plain = (text: string) =>
	text
		.trim()
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_|_$/g, '');

/** The field a name stands for among `fields`: by name, camelCase, or the form's label, in any case. */
function fieldNamed(fields: FieldSpec[], name: string): FieldSpec | undefined {
	const exact = fieldByKey(fields, name);
	if (exact) return exact;
	const wanted = plain(name);
	return fields.find(
		(field) =>
			field.name === wanted ||
			plain(camelName(field.name)) === wanted ||
			plain(field.label) === wanted,
	);
}

/** The path and kind of the field a column names, or undefined when it names none. */
export function columnField(fields: FieldSpec[], name: string): ColumnField | undefined {
	const path: string[] = [];
	let list = fields;
	let field: FieldSpec | undefined;
	const parts = name.split('.');
	for (let i = 0; i < parts.length; i++) {
		const part = parts[i];
		if (/^\d+$/.test(part.trim())) {
			// A list entry, counted from 1 as people count; a list of texts takes it as its entry.
			if (field?.type !== 'list' && field?.type !== 'stringList') return undefined;
			if (Number(part) < 1) return undefined;
			path.push(String(Number(part) - 1));
			if (field.type === 'stringList')
				return i === parts.length - 1 ? { path, number: false } : undefined;
			continue;
		}
		field = fieldNamed(list, part);
		if (!field) return undefined;
		path.push(field.name);
		list = field.fields ?? [];
	}
	if (!field || field.type === 'object' || field.type === 'list') return undefined;
	return { path, number: field.type === 'number' || field.type === 'integer' };
}

/**
 * How a record of `spec` is read from a file's columns: each column's field, and the header's
 * check — every required field needs a column, and a column that is no field is refused here (not
 * on every row) unless Unknown Fields lets it pass.
 */
export function recordShape(spec: RecordSpec, unknownFields: UnknownFieldPolicy): RowShape {
	return {
		field: (name) => columnField(spec.fields, name),
		checkColumns(columns) {
			const names = columns.map((column) => `"${column.name}"`).join(', ');
			const oneColumn =
				columns.length === 1 && /[,;\t|]/.test(columns[0].name)
					? ' It has one column only: is the Delimiter right (File Options)?'
					: '';
			if (columns.every((column) => !column.field))
				return `names no field of the ${spec.noun} (its columns: ${names}).${oneColumn || ' Does the file start with a header line naming its columns?'} Name the columns like the fields, or map them in Column Mapping`;
			const unknown = columns.filter((column) => !column.field && !column.name.startsWith('x_'));
			const them = unknown.length === 1 ? 'it' : 'them';
			if (unknown.length && unknownFields === 'error')
				return `has ${unknown.length === 1 ? 'a column' : 'columns'} ${unknown.map((c) => `"${c.name}"`).join(', ')} that ${unknown.length === 1 ? 'is' : 'are'} no field of the ${spec.noun}: map ${them} to a field in Column Mapping, rename ${them} (an x_ prefix passes a column through), or set Options → Unknown Fields to Ignore`;
			const given = new Set(
				columns.flatMap((column) => (column.field ? [column.field.path[0]] : [])),
			);
			const missing = spec.fields.filter((field) => field.required && !given.has(field.name));
			if (missing.length === 0) return undefined;
			return `has no column for ${missing.map((field) => `${field.label} (${field.name})`).join(', ')}, which every ${spec.noun} needs. Its columns: ${names}.${oneColumn} Name the column so, or map it in Column Mapping`;
		},
	};
}

/** The fields Column Mapping offers: every field a cell can hold, objects' fields as "Object → Field". */
export function mappableFields(
	fields: FieldSpec[],
	prefix = '',
	label = '',
): INodePropertyOptions[] {
	return fields.flatMap((field): INodePropertyOptions[] => {
		const name = `${label}${field.label}`;
		if (field.type === 'object')
			return mappableFields(field.fields ?? [], `${prefix}${field.name}.`, `${name} → `);
		if (field.type === 'list') return [];
		return [{ name, value: `${prefix}${field.name}`, description: field.description }];
	});
}
