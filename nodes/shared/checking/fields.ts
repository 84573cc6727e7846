/**
 * A record walked field by field. Each list of fields (a record's, an object's, a list entry's)
 * is made ready for checking once (fieldList.ts says what that holds): every key it answers to,
 * each field's check with its rules read, the required fields, the read-only keys.
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../objects';
import type { FieldSpec } from '../platform/types';
import {
	camelName,
	type CheckOptions,
	type FieldCheck,
	type FieldList,
	type Problem,
	type ReadyFields,
	type Walk,
} from './fieldList';
import { checkDate } from './dates';
import { checkBoolean, describe, isEmpty, numberCheck, passed, textCheck } from './values';

const ALWAYS_READ_ONLY = ['created_at', 'updated_at'];

const ready = new WeakMap<FieldList, ReadyFields>();

function readyFields(list: FieldList): ReadyFields {
	let fields = ready.get(list);
	if (!fields) ready.set(list, (fields = prepare(list)));
	return fields;
}

function prepare({ fields = [], readOnly = [], shapes, shapeBy }: FieldList): ReadyFields {
	const byKey = new Map<string, { name: string; check: FieldCheck }>();
	const byLowerKey = new Map<string, { name: string; check: FieldCheck }>();
	for (const field of fields) {
		const entry = { name: field.name, check: checkOf(field) };
		// The first field to claim a key keeps it.
		for (const key of [field.name, camelName(field.name)]) {
			if (!byKey.has(key)) byKey.set(key, entry);
			if (!byLowerKey.has(key.toLowerCase())) byLowerKey.set(key.toLowerCase(), entry);
		}
	}
	return {
		byKey,
		byLowerKey,
		required: fields.filter((field) => field.required).map((field) => field.name),
		readOnly: new Set(
			[...ALWAYS_READ_ONLY, ...readOnly].flatMap((name) => [name, camelName(name)]),
		),
		shapes: shapes?.length
			? {
					by: shapeBy,
					parts: shapes.map((shape) => ({
						name: shape.name,
						when: shape.when,
						fields: prepare(shape),
					})),
				}
			: undefined,
	};
}

/** The entries of comma-separated text, trimmed, the empty ones left out; one entry without making lists to throw away (a file's cell of one barcode). */
function commaSeparated(text: string): string[] {
	if (!text.includes(',')) {
		const one = text.trim();
		return one === '' ? [] : [one];
	}
	const entries: string[] = [];
	for (const part of text.split(',')) {
		const entry = part.trim();
		if (entry !== '') entries.push(entry);
	}
	return entries;
}

/** Whether a checked list holds exactly what it was given, so the given one can stand for it (see walkFields). */
function unchanged(checked: unknown[], given: unknown[]): boolean {
	return checked.every((entry, index) => entry === given[index]);
}

function checkOf(field: FieldSpec): FieldCheck {
	switch (field.type) {
		case 'number':
		case 'integer': {
			const check = numberCheck(field);
			return (value) => check(value);
		}
		case 'boolean':
			return (value) => checkBoolean(value);
		case 'json':
			return (value) => ({ value });
		case 'date':
		case 'dateTime': {
			const type = field.type;
			return (value, _path, walk) => checkDate(type, value, walk.options.timeZone);
		}
		case 'stringList': {
			const entry = textCheck(field);
			return (value) => {
				const list = typeof value === 'string' ? commaSeparated(value) : value;
				if (!Array.isArray(list))
					return {
						problem: `must be a list of texts or comma-separated text (got ${describe(value)})`,
					};
				// A new list only from the first entry the check changes (a number made text).
				let texts: unknown[] | undefined;
				for (let index = 0; index < list.length; index++) {
					const checked = entry(list[index]);
					if ('problem' in checked) return { problem: `entry ${index + 1} ${checked.problem}` };
					const text = passed(checked, list[index]);
					if (texts) texts.push(text);
					else if (text !== list[index]) {
						texts = list.slice(0, index);
						texts.push(text);
					}
				}
				return { value: texts ?? list };
			};
		}
		case 'object': {
			const inner = prepare(field);
			return (value, path, walk) =>
				isObject(value)
					? { value: walkFields(inner, value, `${path}.`, walk) }
					: { problem: `must be an object (got ${describe(value)})` };
		}
		case 'list': {
			const inner = prepare(field);
			const { minItems } = field;
			return (value, path, walk) => {
				if (!Array.isArray(value)) return { problem: `must be a list (got ${describe(value)})` };
				if (minItems !== undefined && value.length < minItems) {
					return {
						problem: `must have at least ${minItems} ${minItems === 1 ? 'entry' : 'entries'} (got ${value.length})`,
					};
				}
				const entries = value.map((entry, index) => {
					if (isObject(entry)) return walkFields(inner, entry, `${path}[${index}].`, walk);
					walk.problems.push({
						field: `${path}[${index}]`,
						problem: `must be an object (got ${describe(entry)})`,
					});
					return entry;
				});
				return { value: unchanged(entries, value) ? value : entries };
			};
		}
		default:
			return textCheck(field);
	}
}

/**
 * The record to send, made from `input`: known keys under the platform's names with checked
 * values, empty values left out, read-only keys dropped, unknown keys as the policy says (x_
 * keys always pass). `prefix` is the path of the record in problems ("" at the top).
 *
 * While nothing needs changing the answer is `input` itself, made new only at the first key that
 * changes: a clean export of 100,000 items is then neither copied nor slower to send (objects
 * built key by key stringify slower than the ones n8n parsed), as dev/bench/inventory-bulk shows.
 */
function walkFields(
	fields: ReadyFields,
	input: IDataObject,
	prefix: string,
	walk: Walk,
): IDataObject {
	if (fields.shapes) return walkShapes(fields.shapes, input, prefix, walk);
	const keys = Object.keys(input);
	let record: IDataObject | undefined;
	let unknown: string[] | undefined;
	for (let i = 0; i < keys.length; i++) {
		const key = keys[i];
		const value = input[key];
		const field =
			fields.byKey.get(key) ??
			(walk.options.anyCase ? fields.byLowerKey.get(key.toLowerCase()) : undefined);
		// What goes out for this key: under which name (none: left out), with which value.
		let name: string | undefined = key;
		let out: unknown = value;
		if (field === undefined) {
			const policy = walk.options.unknownFields;
			if (fields.readOnly.has(key)) name = undefined;
			else if (!key.startsWith('x_') && policy !== 'send') {
				name = undefined;
				if (policy === 'error') (unknown ??= []).push(`${prefix}${key}`);
				else {
					const leftOut = walk.options.leftOut;
					leftOut?.set(`${prefix}${key}`, (leftOut.get(`${prefix}${key}`) ?? 0) + 1);
				}
			}
		} else if (isEmpty(value)) {
			name = undefined;
		} else {
			name = field.name;
			const checked = field.check(value, `${prefix}${field.name}`, walk);
			// A value with a problem is kept as it came, so the field is not also reported missing.
			if ('problem' in checked)
				walk.problems.push({ field: `${prefix}${field.name}`, problem: checked.problem });
			else out = passed(checked, value);
		}
		if (!record) {
			if (name === key && out === value) continue;
			if (name === key && walk.options.inPlace) {
				input[key] = out as IDataObject[string];
				continue;
			}
			record = {};
			for (let j = 0; j < i; j++) record[keys[j]] = input[keys[j]];
		}
		if (name !== undefined) record[name] = out as IDataObject[string];
	}
	if (unknown) walk.problems.push(unknownFields(unknown));
	const result = record ?? input;
	for (const name of fields.required) {
		if (isEmpty(result[name]))
			walk.problems.push({
				field: `${prefix}${name}`,
				problem: 'is required but missing or empty',
			});
	}
	return result;
}

/**
 * A value of several shapes, checked against the one it claims (its discriminator's value), else
 * against each in turn: first with keys no field knows counted as problems (they tell shapes
 * apart), then as Options → Unknown Fields says. None fits: one problem naming the closest shape.
 */
function walkShapes(
	shapes: NonNullable<ReadyFields['shapes']>,
	input: IDataObject,
	prefix: string,
	walk: Walk,
): IDataObject {
	const { by, parts } = shapes;
	const claimed = by === undefined ? undefined : (input[by] ?? input[camelName(by)]);
	if (by !== undefined && !isEmpty(claimed)) {
		const part = parts.find((candidate) => candidate.when?.includes(String(claimed)));
		if (part) return walkFields(part.fields, input, prefix, walk);
		const values = parts.flatMap((candidate) => candidate.when ?? []);
		walk.problems.push({
			field: `${prefix}${by}`,
			problem: `must be one of ${values.join(', ')} (got ${describe(claimed)}): it names the shape of the rest`,
		});
		return input;
	}
	let closest: { name: string; problems: Problem[] } | undefined;
	for (const policy of ['error', walk.options.unknownFields] as const) {
		for (const part of parts) {
			const trial: Walk = {
				problems: [],
				options: { ...walk.options, unknownFields: policy, leftOut: undefined, inPlace: false },
			};
			walkFields(part.fields, input, prefix, trial);
			if (trial.problems.length === 0) return walkFields(part.fields, input, prefix, walk);
			if (!closest || trial.problems.length < closest.problems.length)
				closest = { name: part.name, problems: trial.problems };
		}
	}
	const [first] = closest!.problems;
	walk.problems.push({
		field: prefix ? prefix.slice(0, -1) : first.field,
		problem: `fits none of its ${parts.length} shapes (${parts.map((part) => part.name).join(', ')}); closest is ${closest!.name}, where ${first.field} ${first.problem}`,
	});
	return input;
}

/** One problem for all the keys of a record the platform has no field for, naming each once. */
function unknownFields([first, ...others]: string[]): Problem {
	const nor = others.length
		? `, nor ${others.length === 1 ? 'is' : 'are'} ${others.slice(0, -1).join(', ')}${others.length > 1 ? ' and ' : ''}${others[others.length - 1]}`
		: '';
	const them = others.length ? 'them' : 'it';
	return {
		field: first,
		problem: `is not a field the platform knows${nor}: remove ${them}, rename ${them} with an x_ prefix (x_${first.split('.').pop()}) to send ${them} as ${others.length ? 'they are' : 'it is'}, or set Options → Unknown Fields to Leave Out`,
	};
}

/** Checks `input` against a field list; the record to send and every problem found. */
export function checkFields(
	list: FieldList,
	input: IDataObject,
	options: CheckOptions,
): { record: IDataObject; problems: Problem[] } {
	const walk: Walk = { problems: [], options };
	const record = walkFields(readyFields(list), input, '', walk);
	return { record, problems: walk.problems };
}
