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
	placeText,
	type Problem,
	type ReadyFields,
	unknownFields,
	type Walk,
} from './fieldList';
import { checkDate } from './dates';
import {
	AS_GIVEN,
	checkBoolean,
	describe,
	isEmpty,
	numberCheck,
	passed,
	stringListCheck,
	textCheck,
} from './values';

const ALWAYS_READ_ONLY = ['created_at', 'updated_at'];
const hasOwn = Object.prototype.hasOwnProperty;

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
			return () => AS_GIVEN;
		case 'date':
		case 'dateTime': {
			const type = field.type;
			return (value, _prefix, _entry, _tail, walk) => checkDate(type, value, walk.options.timeZone);
		}
		case 'stringList':
			return stringListCheck(field);
		case 'object': {
			const inner = prepare(field);
			// What its name adds to its fields' place, made once: the same for every record.
			const own = `${field.name}.`;
			return (value, prefix, entry, tail, walk) => {
				if (!isObject(value)) return { problem: `must be an object (got ${describe(value)})` };
				const walked =
					entry < 0
						? walkFields(inner, value, prefix === '' ? own : `${prefix}${own}`, -1, '', walk)
						: walkFields(inner, value, prefix, entry, tail === '' ? own : `${tail}${own}`, walk);
				return walked === value ? AS_GIVEN : { value: walked };
			};
		}
		case 'list': {
			const inner = prepare(field);
			const { minItems, name } = field;
			return (value, prefix, entry, tail, walk) => {
				if (!Array.isArray(value)) return { problem: `must be a list (got ${describe(value)})` };
				if (minItems !== undefined && value.length < minItems) {
					return {
						problem: `must have at least ${minItems} ${minItems === 1 ? 'entry' : 'entries'} (got ${value.length})`,
					};
				}
				const path = prefix === '' && entry < 0 ? name : `${placeText(prefix, entry, tail)}${name}`;
				// A new list only from the first entry the walk changes; a hole stays a hole.
				let entries: unknown[] | undefined;
				for (let index = 0; index < value.length; index++) {
					if (!(index in value)) continue;
					const given: unknown = value[index];
					let walked = given;
					if (isObject(given)) walked = walkFields(inner, given, path, index, '', walk);
					else
						walk.problems.push({
							field: `${path}[${index}]`,
							problem: `must be an object (got ${describe(given)})`,
						});
					if (walked !== given) entries ??= value.slice(0, index);
					if (entries) entries[index] = walked;
				}
				if (!entries) return AS_GIVEN;
				entries.length = value.length;
				return { value: entries };
			};
		}
		default:
			return textCheck(field);
	}
}

/**
 * The record to send, made from `input`: known keys under the platform's names with checked
 * values, empty values left out, read-only keys dropped, unknown keys as the policy says (x_
 * keys always pass). `prefix`, `entry` and `tail` say where the record is, for problems (see
 * placeText).
 *
 * While nothing needs changing the answer is `input` itself, made new only at the first key that
 * changes: a clean export of 100,000 items is then neither copied nor slower to send (objects
 * built key by key stringify slower than the ones n8n parsed), as dev/bench/inventory-bulk shows.
 */
function walkFields(
	fields: ReadyFields,
	input: IDataObject,
	prefix: string,
	entry: number,
	tail: string,
	walk: Walk,
): IDataObject {
	if (fields.shapes) return walkShapes(fields.shapes, input, prefix, entry, tail, walk);
	let record: IDataObject | undefined;
	let unknown: string[] | undefined;
	// for…in, not Object.keys: the record's own keys without a new list of them for every record.
	let index = -1;
	for (const key in input) {
		if (!hasOwn.call(input, key)) continue;
		index++;
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
				if (policy === 'error') (unknown ??= []).push(`${placeText(prefix, entry, tail)}${key}`);
				else {
					const leftOut = walk.options.leftOut;
					if (leftOut) {
						const path = `${placeText(prefix, entry, tail)}${key}`;
						leftOut.set(path, (leftOut.get(path) ?? 0) + 1);
					}
				}
			}
		} else if (isEmpty(value)) {
			name = undefined;
		} else {
			name = field.name;
			const checked = field.check(value, prefix, entry, tail, walk);
			// A value with a problem is kept as it came, so the field is not also reported missing.
			if ('problem' in checked)
				walk.problems.push({
					field: `${placeText(prefix, entry, tail)}${field.name}`,
					problem: checked.problem,
				});
			else out = passed(checked, value);
		}
		if (!record) {
			if (name === key && out === value) continue;
			if (name === key && walk.options.inPlace) {
				input[key] = out as IDataObject[string];
				continue;
			}
			record = firstKeys(input, index);
		}
		if (name !== undefined) record[name] = out as IDataObject[string];
	}
	if (unknown) walk.problems.push(unknownFields(unknown));
	const result = record ?? input;
	for (const name of fields.required) {
		if (isEmpty(result[name]))
			walk.problems.push({
				field: `${placeText(prefix, entry, tail)}${name}`,
				problem: 'is required but missing or empty',
			});
	}
	return result;
}

/** A new record of the first `count` own keys of `input`, with their values as they are now. */
function firstKeys(input: IDataObject, count: number): IDataObject {
	const record: IDataObject = {};
	let copied = 0;
	for (const key in input) {
		if (copied === count) break;
		if (!hasOwn.call(input, key)) continue;
		record[key] = input[key];
		copied++;
	}
	return record;
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
	entry: number,
	tail: string,
	walk: Walk,
): IDataObject {
	const { by, parts } = shapes;
	const claimed = by === undefined ? undefined : (input[by] ?? input[camelName(by)]);
	if (by !== undefined && !isEmpty(claimed)) {
		const part = parts.find((candidate) => candidate.when?.includes(String(claimed)));
		if (part) return walkFields(part.fields, input, prefix, entry, tail, walk);
		const values = parts.flatMap((candidate) => candidate.when ?? []);
		walk.problems.push({
			field: `${placeText(prefix, entry, tail)}${by}`,
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
			walkFields(part.fields, input, prefix, entry, tail, trial);
			if (trial.problems.length === 0)
				return walkFields(part.fields, input, prefix, entry, tail, walk);
			if (!closest || trial.problems.length < closest.problems.length)
				closest = { name: part.name, problems: trial.problems };
		}
	}
	const [first] = closest!.problems;
	const at = placeText(prefix, entry, tail);
	walk.problems.push({
		field: at ? at.slice(0, -1) : first.field,
		problem: `fits none of its ${parts.length} shapes (${parts.map((part) => part.name).join(', ')}); closest is ${closest!.name}, where ${first.field} ${first.problem}`,
	});
	return input;
}

/** Checks `input` against a field list; the record to send and every problem found. */
export function checkFields(
	list: FieldList,
	input: IDataObject,
	options: CheckOptions,
): { record: IDataObject; problems: Problem[] } {
	const walk: Walk = { problems: [], options };
	const record = walkRecord(list, input, walk);
	return { record, problems: walk.problems };
}

/** Checks `input` on a walk kept for a run's records: its problems, emptied first, are this record's. */
export function walkRecord(list: FieldList, input: IDataObject, walk: Walk): IDataObject {
	if (walk.problems.length > 0) walk.problems.length = 0;
	return walkFields(readyFields(list), input, '', -1, '', walk);
}
