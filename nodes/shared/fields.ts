/**
 * A field is described once, here, in the platform's words. Forms (properties.ts), request
 * bodies (record.ts) and validation (this file) all derive from the same FieldSpec, and a
 * test holds every RecordSpec against contract/openapi.yaml.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FieldSpec, FieldType, RecordSpec } from './platform/types';

import {
	coerceBoolean,
	coerceNumber,
	coerceString,
	describe,
	isEmpty,
	patternOf,
	sameEntries,
	type CheckedField,
	type Coerced,
	type Plan,
} from './coerce';
import { coerceDate } from './dates';

export type { FieldSpec, FieldType, RecordCheck, RecordSpec } from './platform/types';

const ALWAYS_READ_ONLY = ['created_at', 'updated_at'];
const NONE: string[] = [];

/** Each read-only list's names, snake_case and camelCase, built once: asked for every unknown key of every row. */
const readOnlyNames = new WeakMap<string[], Set<string>>();
function isReadOnly(readOnly: string[], key: string): boolean {
	let names = readOnlyNames.get(readOnly);
	if (!names) {
		names = new Set([...ALWAYS_READ_ONLY, ...readOnly].flatMap((name) => [name, camelName(name)]));
		readOnlyNames.set(readOnly, names);
	}
	return names.has(key);
}

export type UnknownFieldPolicy = 'error' | 'ignore' | 'send';

/** How records are checked, beyond their fields' own rules. */
export interface CheckOptions {
	/** What happens to a key that is no field of the record. */
	unknownFields: UnknownFieldPolicy;
	/** The workflow's time zone (the execution context's getTimezone()): date-times without an offset are read in it. */
	timeZone: string;
}

export interface Problem {
	field: string;
	problem: string;
}

/** Extra names that keys from ERP exports often come in: camelCase of the field's name. */
export function camelName(name: string): string {
	return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `prefix` + the field's name is the field's path in problems: joined only when a problem or a nested field needs it. */
function coerceField(field: CheckedField, value: unknown, prefix: string, problems: Problem[], options: CheckOptions): unknown {
	let result: Coerced;
	switch (field.type) {
		case 'number':
		case 'integer':
			result = coerceNumber(field, value);
			break;
		case 'boolean':
			result = coerceBoolean(value);
			break;
		case 'date':
		case 'dateTime':
			result = coerceDate(field, value, options.timeZone);
			break;
		case 'stringList': {
			const list = typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : value;
			if (!Array.isArray(list)) {
				result = { problem: `must be a list of texts or comma-separated text (got ${describe(value)})` };
				break;
			}
			const entryField = field.entry!;
			// The given list stands for itself while every entry comes out as it went in; a new one is made at the first change.
			let texts: unknown[] | undefined = list === value ? undefined : [];
			result = { value };
			for (let index = 0; index < list.length; index++) {
				const entry = coerceString(entryField, list[index]);
				if ('problem' in entry) {
					result = { problem: `entry ${index} ${entry.problem}` };
					break;
				}
				if (!texts && entry.value !== list[index]) texts = list.slice(0, index);
				texts?.push(entry.value);
			}
			if (texts && 'value' in result) result = { value: texts };
			break;
		}
		case 'object':
			if (value === null || typeof value !== 'object' || Array.isArray(value)) {
				result = { problem: `must be an object (got ${describe(value)})` };
				break;
			}
			result = { value: coercePlanned(field.plan!, value as IDataObject, `${prefix}${field.name}.`, problems, options, field.readOnly) };
			break;
		case 'list': {
			if (!Array.isArray(value)) {
				result = { problem: `must be a list (got ${describe(value)})` };
				break;
			}
			if (field.minItems !== undefined && value.length < field.minItems) {
				result = { problem: `must have at least ${field.minItems} ${field.minItems === 1 ? 'entry' : 'entries'} (got ${value.length})` };
				break;
			}
			const entries = value.map((entry, index) => {
				if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
					problems.push({ field: `${prefix}${field.name}[${index}]`, problem: `must be an object (got ${describe(entry)})` });
					return entry;
				}
				return coercePlanned(field.plan!, entry as IDataObject, `${prefix}${field.name}[${index}].`, problems, options, field.readOnly);
			});
			result = { value: sameEntries(entries, value) ? value : entries };
			break;
		}
		default:
			result = coerceString(field, value);
	}
	if ('problem' in result) {
		problems.push({ field: `${prefix}${field.name}`, problem: result.problem });
		return value;
	}
	return result.value;
}

/** Each field list's keys (snake_case and camelCase) → field, built once: bulk runs look up every key of every row. */
const keyIndexes = new WeakMap<FieldSpec[], Map<string, FieldSpec>>();

/** Finds the spec of a key given as snake_case (the platform's) or camelCase (the form's, many ERPs'). */
export function fieldByKey(fields: FieldSpec[], key: string): FieldSpec | undefined {
	return keyIndexOf(fields).get(key);
}

function keyIndexOf(fields: FieldSpec[]): Map<string, FieldSpec> {
	let index = keyIndexes.get(fields);
	if (!index) {
		index = new Map();
		// Backwards, so that the first field to claim a key keeps it.
		for (let i = fields.length - 1; i >= 0; i--) {
			index.set(camelName(fields[i].name), fields[i]);
			index.set(fields[i].name, fields[i]);
		}
		keyIndexes.set(fields, index);
	}
	return index;
}

const NO_FIELDS: FieldSpec[] = [];

/**
 * The field with every property of FieldSpec, always in this order. Specs are written with only
 * the properties each needs (and spread from shared rules), so they come in dozens of shapes,
 * and reading rules off dozens of shapes on every field of every row cost more than the checks
 * themselves (~60 ms for 100,000 inventory items); objects of one shape are read directly.
 */
function checkedField(field: FieldSpec, type: FieldType = field.type): CheckedField {
	return {
		name: field.name,
		label: field.label,
		type,
		required: field.required,
		description: field.description,
		placeholder: field.placeholder,
		options: field.options,
		loadOptionsMethod: field.loadOptionsMethod,
		loadOptionsDependsOn: field.loadOptionsDependsOn,
		minimum: field.minimum,
		maximum: field.maximum,
		exclusiveMinimum: field.exclusiveMinimum,
		minLength: field.minLength,
		maxLength: field.maxLength,
		pattern: field.pattern,
		patternHint: field.patternHint,
		fields: field.fields,
		minItems: field.minItems,
		readOnly: field.readOnly,
		default: field.default,
		regex: field.pattern === undefined ? undefined : patternOf(field.pattern),
		entry: type === 'stringList' ? checkedField(field, 'string') : undefined,
		plan: type === 'object' || type === 'list' ? planOf(field.fields ?? NO_FIELDS) : undefined,
	};
}

/** Each field list's plan, made once: bulk runs check every key of every row against it. */
const plans = new WeakMap<FieldSpec[], Plan>();
function planOf(fields: FieldSpec[]): Plan {
	let plan = plans.get(fields);
	if (!plan) {
		const checked = new Map(fields.map((field) => [field, checkedField(field)]));
		plan = {
			index: new Map([...keyIndexOf(fields)].map(([key, field]) => [key, checked.get(field)!])),
			required: fields.filter((field) => field.required).map((field) => checked.get(field)!),
			lastKeys: [],
			lastFields: [],
		};
		plans.set(fields, plan);
	}
	return plan;
}

/**
 * Checks and normalises one record: required fields, types, ranges, patterns, enums, nested
 * objects and lists. Plain decimals in text and dates in ISO forms are accepted and normalised;
 * date-times without an offset are read in options.timeZone.
 * The answer is the input itself when nothing in it needed changing (no field renamed, dropped or
 * converted), so checking 100,000 clean rows keeps no second copy of them: treat it as read-only.
 */
export function coerceFields(
	fields: FieldSpec[],
	input: IDataObject,
	prefix: string,
	problems: Problem[],
	options: CheckOptions,
	readOnly: string[] = NONE,
): IDataObject {
	return coercePlanned(planOf(fields), input, prefix, problems, options, readOnly);
}

/** The field of each key (undefined for keys that are no field), looked up only when the key list differs from the last one. */
function fieldsOf(plan: Plan, keys: string[]): Array<CheckedField | undefined> {
	const last = plan.lastKeys;
	let same = last.length === keys.length;
	for (let i = 0; same && i < keys.length; i++) same = keys[i] === last[i];
	if (!same) {
		plan.lastFields = keys.map((key) => plan.index.get(key));
		plan.lastKeys = keys;
	}
	return plan.lastFields;
}

function coercePlanned(
	plan: Plan,
	input: IDataObject,
	prefix: string,
	problems: Problem[],
	options: CheckOptions,
	readOnly: string[] = NONE,
): IDataObject {
	const policy = options.unknownFields;
	const keys = Object.keys(input);
	// Made at the first field that changes; the fields before it are copied as they are.
	let record: IDataObject | undefined;
	const fields = fieldsOf(plan, keys);
	for (let i = 0; i < keys.length; i++) {
		const key = keys[i];
		const value = input[key];
		const field = fields[i];
		let name: string | undefined = key;
		let checked: unknown = value;
		if (!field) {
			if (isReadOnly(readOnly, key)) name = undefined;
			else if (!key.startsWith('x_') && policy !== 'send') {
				name = undefined;
				if (policy === 'error') {
					problems.push({
						field: `${prefix}${key}`,
						problem: 'is not a field the platform knows: remove it, rename it with an x_ prefix to pass it through, or set Options → Unknown Fields to Ignore',
					});
				}
			}
		} else if (isEmpty(value)) {
			name = undefined;
		} else {
			name = field.name;
			checked = coerceField(field, value, prefix, problems, options);
		}
		if (!record) {
			if (name === key && checked === value) continue;
			record = {};
			for (let j = 0; j < i; j++) record[keys[j]] = input[keys[j]];
		}
		if (name !== undefined) record[name] = checked as IDataObject[string];
	}
	const result = record ?? input;
	for (const field of plan.required) {
		if (isEmpty(result[field.name])) problems.push({ field: `${prefix}${field.name}`, problem: 'is required but missing or empty' });
	}
	return result;
}

export function validateRecord(spec: RecordSpec, input: IDataObject, options: CheckOptions) {
	const problems: Problem[] = [];
	const record = coerceFields(spec.fields, input, '', problems, options, spec.readOnly);
	if (problems.length === 0) {
		for (const check of spec.checks ?? []) {
			const problem = check(record);
			if (problem) problems.push(problem);
		}
	}
	return { record, problems };
}
