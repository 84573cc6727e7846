/**
 * The looks a field reader takes at one schema: its type as the package knows types, its limits
 * as numbers, a format's pattern for the form, and a value of several shapes in words.
 */
import type { FieldShape, FieldType } from '../types';
import { ANY, CYCLE, isObject, own, type Resolved } from './refs';

/** What a form says about a value the description describes by format. */
export const FORMATS: Record<string, { pattern: string; patternHint: string }> = {
	email: {
		pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
		patternHint: 'an email address like orders@example.com',
	},
};

/** The $ref a schema is, as a list (none or one): the component a field is inside from there on. */
export const refOf = (raw: unknown): string[] =>
	isObject(raw) && typeof raw.$ref === 'string' ? [raw.$ref] : [];

export const typeOf = (schema: Resolved): unknown => {
	const type = own(schema, 'type');
	// OpenAPI 3.1 writes a nullable type as a list: ["string", "null"].
	if (Array.isArray(type)) {
		const types = type.filter((one) => one !== 'null');
		return types.length === 1 ? types[0] : undefined;
	}
	return type;
};

export function fieldType(schema: Resolved): FieldType | undefined {
	if (schema[CYCLE] !== undefined || schema[ANY]) return 'json';
	switch (typeOf(schema)) {
		case 'integer':
		case 'number':
		case 'boolean':
			return typeOf(schema) as FieldType;
		case 'array':
			return undefined;
		case 'object':
			return isObject(own(schema, 'properties')) ? 'object' : 'json';
		default:
			if (own(schema, 'format') === 'date') return 'date';
			if (own(schema, 'format') === 'date-time') return 'dateTime';
			if (isObject(own(schema, 'properties'))) return 'object';
			return typeOf(schema) === undefined && own(schema, 'enum') === undefined ? 'json' : 'string';
	}
}

export const numberOf = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** OpenAPI 3.0 writes "more than 0" as minimum: 0 + exclusiveMinimum: true; 3.1 as exclusiveMinimum: 0. */
export function exclusiveMinimumOf(schema: Resolved): {
	minimum?: number;
	exclusiveMinimum?: number;
} {
	const exclusive = own(schema, 'exclusiveMinimum');
	const minimum = numberOf(own(schema, 'minimum'));
	if (exclusive === true) return { exclusiveMinimum: minimum, minimum: undefined };
	if (typeof exclusive === 'number') return { exclusiveMinimum: exclusive, minimum };
	return { minimum };
}

/** What the package does with a value of several shapes, in words. */
export function shapesInWords(
	subject: string,
	shapes: FieldShape[],
	shapeBy: string | undefined,
): string {
	const names = shapes.map((shape) => shape.name).join(', ');
	const how = shapeBy
		? `each is checked against the shape its ${shapeBy} names`
		: 'each is checked against each shape until one fits';
	return `${subject} may take ${shapes.length} shapes (${names}): ${how}`;
}
