/** Turns one input item plus the node's parameters into one checked platform record. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { itemError } from './errors';
import { camelName, validateRecord, type CheckOptions, type FieldSpec, type Problem, type RecordSpec, type UnknownFieldPolicy } from './fields';

export type RecordMode = 'form' | 'inputItem' | 'json';

/** fixedCollection values come wrapped ({values: {...}} / {entries: [...]}); unwrap them to plain data. */
function unwrapForm(fields: FieldSpec[], raw: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(raw)) {
		const field = fields.find((candidate) => camelName(candidate.name) === key);
		if (field?.type === 'object' && value && typeof value === 'object') {
			const inner = (value as IDataObject).values as IDataObject | undefined;
			if (inner) out[key] = unwrapForm(field.fields ?? [], inner);
		} else if (field?.type === 'list' && value && typeof value === 'object') {
			const entries = ((value as IDataObject).entries as IDataObject[] | undefined) ?? [];
			out[key] = entries.map((entry) => unwrapForm(field.fields ?? [], entry));
		} else {
			out[key] = value;
		}
	}
	return out;
}

function fromForm(ctx: IExecuteFunctions, spec: RecordSpec, itemIndex: number): IDataObject {
	const raw: IDataObject = {};
	for (const field of spec.fields.filter((candidate) => candidate.required)) {
		raw[camelName(field.name)] = ctx.getNodeParameter(camelName(field.name), itemIndex, undefined) as IDataObject[string];
	}
	Object.assign(raw, ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject);
	const record = unwrapForm(spec.fields, raw);
	const extra = ctx.getNodeParameter('extraFields.field', itemIndex, []) as Array<{ name: string; value: unknown }>;
	for (const { name, value } of extra) {
		if (name.trim() === '') throw itemError(ctx.getNode(), itemIndex, 'Extra Fields', 'has an entry without a name');
		record[name.trim()] = value as IDataObject[string];
	}
	return record;
}

function fromJson(ctx: IExecuteFunctions, spec: RecordSpec, itemIndex: number): IDataObject {
	const raw = ctx.getNodeParameter('jsonRecord', itemIndex, '{}') as unknown;
	let parsed: unknown = raw;
	if (typeof raw === 'string') {
		try {
			parsed = JSON.parse(raw);
		} catch (error) {
			throw itemError(ctx.getNode(), itemIndex, `${spec.noun} (JSON)`, `is not valid JSON: ${(error as Error).message}`);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw itemError(ctx.getNode(), itemIndex, `${spec.noun} (JSON)`, 'must be one JSON object, like {"code": "A1"}');
	}
	return parsed as IDataObject;
}

export function summarize(problems: Problem[]): { field: string; problem: string } {
	const [first, ...rest] = problems;
	const more = rest.length ? ` (and ${rest.length} more: ${rest.map((p) => `${p.field} ${p.problem}`).join('; ')})` : '';
	return { field: first.field, problem: `${first.problem}${more}` };
}

/** How this execution checks records: the unknown-field policy given, date-times read in the workflow's time zone. */
export function checkOptions(ctx: IExecuteFunctions, unknownFields: UnknownFieldPolicy): CheckOptions {
	return { unknownFields, timeZone: ctx.getTimezone() };
}

/** Checks a record already gathered from wherever it came; throws the item error that names the field. */
export function checkRecord(
	ctx: IExecuteFunctions,
	spec: RecordSpec,
	itemIndex: number,
	raw: IDataObject,
	policy: UnknownFieldPolicy,
): IDataObject {
	const { record, problems } = validateRecord(spec, raw, checkOptions(ctx, policy));
	if (problems.length) {
		const { field, problem } = summarize(problems);
		throw itemError(ctx.getNode(), itemIndex, field, problem);
	}
	return record;
}

/** Where records come from (Fields to Send) and what happens to fields the platform does not know. */
export interface RecordSettings {
	mode: RecordMode;
	policy: UnknownFieldPolicy;
	/** The input items, when they are the records (mode 'inputItem'): asking n8n for them once per item cost ~5 % of checking them. */
	items?: INodeExecutionData[];
}

/**
 * Read once per run by bulk operations: two parameter reads per item cost more than checking the
 * item itself when there are 100,000 of them (Fields to Send cannot be an expression anyway).
 */
export function recordSettings(ctx: IExecuteFunctions, itemIndex = 0): RecordSettings {
	const mode = ctx.getNodeParameter('fieldsToSend', itemIndex, 'form') as RecordMode;
	return {
		mode,
		policy: ctx.getNodeParameter('options.unknownFields', itemIndex, 'error') as UnknownFieldPolicy,
		items: mode === 'inputItem' ? ctx.getInputData() : undefined,
	};
}

/**
 * The record for one input item as the user chose to give it, not yet checked, with the
 * unknown-field policy that applies to it (operations that assemble records, e.g. orders
 * grouped from several items, check them later with checkRecord).
 */
export function gatherRecord(
	ctx: IExecuteFunctions,
	spec: RecordSpec,
	itemIndex: number,
	settings: RecordSettings = recordSettings(ctx, itemIndex),
): { raw: IDataObject; mode: RecordMode; policy: UnknownFieldPolicy } {
	const gathered = gather(ctx, spec, itemIndex, settings);
	// A copy: callers may take fields out of it, and the input item must stay as it came.
	if (gathered.mode === 'inputItem') gathered.raw = { ...gathered.raw };
	return gathered;
}

function gather(ctx: IExecuteFunctions, spec: RecordSpec, itemIndex: number, { mode, policy, items }: RecordSettings) {
	let raw: IDataObject;
	if (mode === 'inputItem') raw = (items ?? ctx.getInputData())[itemIndex].json;
	else if (mode === 'json') raw = fromJson(ctx, spec, itemIndex);
	else raw = fromForm(ctx, spec, itemIndex);
	return { raw, mode, policy: mode === 'form' ? ('send' as const) : policy };
}

/** The record for one input item, as the user chose to give it, checked against its spec. */
export function buildRecord(ctx: IExecuteFunctions, spec: RecordSpec, itemIndex: number, settings?: RecordSettings): IDataObject {
	// Checking builds a new record and leaves what it reads alone: no copy of the input item needed.
	const { raw, policy } = gather(ctx, spec, itemIndex, settings ?? recordSettings(ctx, itemIndex));
	return checkRecord(ctx, spec, itemIndex, raw, policy);
}
