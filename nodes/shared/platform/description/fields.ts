/**
 * A description's schemas as the fields the package knows (ContractField): type, required, limits,
 * pattern, allowed values, sub-fields of objects and of list entries, read-only fields set apart,
 * and the overlay's words on each. What a schema says that the package cannot check before
 * sending (a pattern it will not run, a value of several shapes) becomes a note, never a guess.
 */
import type { ContractField, FieldShape } from '../types';
import { describe, labelOf, optionNameOf, sentence } from './labels';
import type { OverlayReader, Said, Scope } from './overlay';
import { unsafePattern } from './patterns';
import { DescriptionProblem, type Note } from './problems';
import { CHOICE, CYCLE, isObject, own, SHAPES, type Resolved, type Resolver } from './refs';
import {
	exclusiveMinimumOf,
	fieldType,
	FORMATS,
	numberOf,
	refOf,
	shapesInWords,
	typeOf,
} from './fieldLook';

/** Records inside records deeper than this are sent as they are given (JSON), unchecked. */
const MAX_NESTING = 8;

/** The most fields one description's requests may expand to (a large platform's have tens of thousands). */
const MAX_FIELDS = 200_000;

/** Drops undefined properties, so the data and equality checks see only what is said. */
export function compact<T extends object>(object: T): T {
	return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

export class FieldReader {
	/** Fields made so far from this document. */
	private made = 0;

	constructor(
		private readonly resolver: Resolver,
		private readonly overlay: OverlayReader,
		private readonly notes: Note[],
	) {}

	private limitsOf(schema: Resolved, at: string, name: string, scope?: Scope) {
		const { minimum, exclusiveMinimum } = exclusiveMinimumOf(schema);
		let pattern = own(schema, 'pattern');
		if (typeof pattern !== 'string') pattern = undefined;
		else {
			const unsafe = unsafePattern(pattern as string);
			if (unsafe) {
				this.notes.push({
					route: scope?.route,
					pointer: at,
					words: `the pattern of ${name} is not checked before sending: ${unsafe}; the platform checks it`,
				});
				pattern = undefined;
			}
		}
		return compact({
			minimum,
			maximum: numberOf(own(schema, 'maximum')),
			exclusiveMinimum,
			minLength: numberOf(own(schema, 'minLength')),
			maxLength: numberOf(own(schema, 'maxLength')),
			pattern: pattern as string | undefined,
		});
	}

	/** One property of an object schema as a field, or undefined when the form has no use for it (read-only, hidden). */
	field(
		name: string,
		raw: unknown,
		required: boolean,
		at: string,
		scope?: Scope,
		depth = 0,
		inside: readonly string[] = [],
	): ContractField | undefined {
		if (++this.made > MAX_FIELDS)
			throw new DescriptionProblem(
				at,
				`the records of the description expand to more than ${MAX_FIELDS.toLocaleString('en')} fields (references that multiply?): it is not read`,
			);
		// The components this field is inside: one that comes again is a loop, read as JSON from there.
		const refs = [...inside, ...refOf(raw)];
		const schema = this.resolver.resolve(raw, at, inside);
		if (own(schema, 'readOnly') === true) return undefined;
		const items = own(schema, 'items');
		const components = [
			typeOf(schema) === 'array' ? this.resolver.refName(items) : undefined,
			this.resolver.refName(raw),
		].filter((component): component is string => component !== undefined);
		const said = this.overlay.annotationFor(name, components, scope);
		// null unsays: the annotation is gone, and a description does not fall back to the description's.
		const note = Object.fromEntries(
			Object.entries(said).filter(([, value]) => value !== null),
		) as Said;
		if (note.hidden) return undefined;
		let type = depth >= MAX_NESTING ? 'json' : fieldType(schema);
		let rules: Record<string, unknown> =
			type === 'json' ? {} : this.limitsOf(schema, at, name, scope);
		let options: ContractField['options'];
		let fields: ContractField[] | undefined;
		let readOnly: string[] | undefined;
		let minItems: number | undefined;
		let maxItems: number | undefined;
		let entries: ContractField['entryType'];
		let entryOptions: ContractField['entryOptions'];
		let choice = schema[CHOICE];
		// The schema whose shapes the value takes: the object's own, or a list entry's.
		let shaped: Resolved | undefined;
		if (type !== 'json' && typeOf(schema) === 'array') {
			const entry = this.resolver.resolve(items, `${at}/items`, refs);
			minItems = numberOf(own(schema, 'minItems'));
			maxItems = numberOf(own(schema, 'maxItems'));
			const entryType = fieldType(entry);
			if (entryType === 'object') {
				type = 'list';
				rules = {};
				choice ??= entry[CHOICE];
				shaped = entry;
				({ fields, readOnly } = this.fieldsOf(entry, `${at}/items`, scope, depth + 1, [
					...refs,
					...refOf(items),
				]));
			} else if (entryType === 'json' || entryType === undefined || entry[CYCLE] !== undefined) {
				type = 'json';
				rules = {};
			} else {
				type = 'stringList';
				// Numbers and yes/no stay so: the checks read "7, 9" as [7, 9], "true, no" as [true, false].
				if (entryType === 'integer' || entryType === 'number' || entryType === 'boolean')
					entries = entryType;
				// Each entry is one of the enum's values: checked, not a dropdown (a form's list is text).
				entryOptions = this.optionsOf(entry, note);
				rules = this.limitsOf(entry, `${at}/items`, name, scope);
				const format = own(entry, 'format');
				if (typeof format === 'string' && FORMATS[format]) rules = { ...FORMATS[format], ...rules };
			}
		} else if (type === 'object') {
			({ fields, readOnly } = this.fieldsOf(schema, at, scope, depth + 1, refs));
			shaped = schema;
		} else if (type !== 'json') {
			options = this.optionsOf(schema, note);
		}
		const format = own(schema, 'format');
		if (type !== 'json' && typeof format === 'string' && FORMATS[format])
			rules = { ...FORMATS[format], ...rules };
		const { shapes, shapeBy } = this.shapesOf(shaped, scope, depth, refs);
		if (choice)
			this.notes.push({
				route: scope?.route,
				pointer: at,
				words: shapes
					? shapesInWords(name, shapes, shapeBy)
					: `${name} may take ${choice} shapes: the package checks the fields every shape has, the platform checks the rest`,
			});
		// A dropdown needs a value, and a boolean is always on or off: both show the platform's default. Text and numbers start empty.
		const platformDefault = type === 'boolean' || options ? own(schema, 'default') : undefined;
		const described =
			said.description === null
				? undefined
				: describe(
						note.description ??
							sentence(isObject(raw) ? own(raw, 'description') : undefined) ??
							(type === 'stringList' ? 'Comma-separated; up to {maxItems}' : undefined),
						{ maxItems },
					);
		return compact({
			name,
			label: note.label ?? labelOf(name),
			type: type ?? 'string',
			required: required || undefined,
			description: described,
			placeholder: note.placeholder,
			options,
			loadOptionsMethod: note.dropdown,
			loadOptionsDependsOn: note.dropdownDependsOn,
			...rules,
			patternHint:
				rules.pattern === undefined
					? undefined
					: (note.patternHint ?? (rules.patternHint as string)),
			entryType: entries,
			entryOptions,
			fields,
			minItems,
			maxItems,
			readOnly: readOnly?.length ? readOnly : undefined,
			default: note.default ?? (platformDefault as ContractField['default']),
			shapes,
			shapeBy,
		}) as ContractField;
	}

	/** A schema's enum as options, in the overlay's words where it names them; undefined without one. */
	private optionsOf(schema: Resolved, note: Said): ContractField['options'] {
		const values = own(schema, 'enum');
		if (!Array.isArray(values)) return undefined;
		const names = note.optionNames ?? {};
		return (values as unknown[])
			.filter((value) => value !== null)
			.map((value) => ({
				name: Object.prototype.hasOwnProperty.call(names, String(value))
					? names[String(value)]
					: optionNameOf(value),
				value: String(value),
			}));
	}

	/** The fields of each shape of a value of several (oneOf/anyOf objects), and the field naming the shape. */
	private shapesOf(
		schema: Resolved | undefined,
		scope: Scope | undefined,
		depth: number,
		refs: readonly string[],
	): { shapes?: FieldShape[]; shapeBy?: string } {
		const found = schema?.[SHAPES];
		if (!found) return {};
		const shapes = found.shapes.map(
			(shape): FieldShape =>
				compact({
					name: shape.name,
					...this.fieldsOf(shape.schema, shape.at, scope, depth + 1, refs),
					when: shape.when,
				}) as FieldShape,
		);
		return { shapes, shapeBy: found.by };
	}

	/** The fields of an object schema, and the names of its read-only ones. */
	fieldsOf(
		objectSchema: unknown,
		at: string,
		scope?: Scope,
		depth = 0,
		inside: readonly string[] = [],
	): { fields: ContractField[]; readOnly: string[] } {
		const schema = this.resolver.resolve(objectSchema, at, inside);
		const requiredList = own(schema, 'required');
		const required = new Set(Array.isArray(requiredList) ? requiredList : []);
		const fields: ContractField[] = [];
		const readOnly: string[] = [];
		const properties = own(schema, 'properties');
		if (!isObject(properties)) return { fields, readOnly };
		for (const name of Object.keys(properties)) {
			const raw = properties[name];
			const here = `${at}/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
			if (own(this.resolver.resolve(raw, here, inside), 'readOnly') === true) {
				readOnly.push(name);
				continue;
			}
			const inner = scope && { ...scope, path: scope.path ? `${scope.path}.${name}` : name };
			const field = this.field(name, raw, required.has(name), here, inner, depth, inside);
			if (field) fields.push(field);
		}
		return { fields, readOnly };
	}

	/** The records list or the filter object: the container itself takes no annotation, its fields do. */
	container(
		name: string,
		raw: unknown,
		required: boolean,
		at: string,
		scope: Scope,
	): ContractField {
		const schema = this.resolver.resolve(raw, at);
		const isList = typeOf(schema) === 'array';
		const objectSchema = isList ? own(schema, 'items') : schema;
		const where = isList ? `${at}/items` : at;
		const { fields, readOnly } = this.fieldsOf(objectSchema, where, scope);
		const entry = this.resolver.resolve(objectSchema, where);
		const { shapes, shapeBy } = this.shapesOf(entry, scope, 0, []);
		if (shapes)
			this.notes.push({
				route: scope.route,
				pointer: where,
				words: shapesInWords(`${scope.route}: its records`, shapes, shapeBy),
			});
		return compact({
			name,
			label: labelOf(name),
			type: isList ? 'list' : 'object',
			required: required || undefined,
			fields,
			minItems: numberOf(own(schema, 'minItems')),
			maxItems: numberOf(own(schema, 'maxItems')),
			readOnly: readOnly.length ? readOnly : undefined,
			shapes,
			shapeBy,
		}) as ContractField;
	}
}
